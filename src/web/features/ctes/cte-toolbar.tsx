import { css } from '../../../../styled-system/css';
import type { CtePage } from '../../../contracts/ctes';
import { TECLA_EXPORTAR_EXCEL, TITULO_EXPORTAR_CSV, TITULO_EXPORTAR_EXCEL, type FormatoExportacao } from '../../../contracts/exportacao';
import { formatBrl } from '../../../domain/format-brl';
import { formatNumberBr } from '../../../domain/format-number-br';
import { Button } from '../../ui/button';
import { DoccobButtons } from '../../ui/doccob-buttons';
import { KeyCombo } from '../../ui/key-combo';
import type { AcaoGet } from './use-cte-actions';

/** Alt+L is Ler XMLs here: Ler Faturas takes Alt+F; Enviar DOCCOB is Alt+E, as on the Faturas screen. */
export const TECLA_LER_FATURAS_FRETES = 'Alt+F';
export const TECLA_ENVIAR_DOCCOB_FRETES = 'Alt+E';

const estilos = {
  barra: css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', mb: '3' }),
  separador: css({ flex: '1' }),
  andamento: css({ fontSize: 'sm', color: 'gray.700', '&:empty': { display: 'none' } }),
  totais: css({ display: 'flex', gap: '4', fontSize: 'sm', color: 'gray.700', py: '2' }),
};

export interface CteToolbarProps {
  admin: boolean;
  podeEditar: boolean;
  comSelecao: boolean;
  ocupado: boolean;
  lerXmls: () => void;
  executar: (acao: AcaoGet) => void;
  auditarPagina: () => void;
  auditarSelecionados: () => void;
  aprovar: () => void;
  agrupar: () => void;
  /** Issue 32: the export of the list shown (useCteScreenCommands' answer); absent, no buttons. */
  exportacao?: { exportar: (formato: FormatoExportacao) => void; ocupado: boolean; texto: string };
}

/** The Fretes screen's batch buttons (spec 03 §2.1); the admin-only ones only for the login admin. */
export function CteToolbar(p: CteToolbarProps) {
  const botao = (rotulo: string, run: () => void, teclas: string[] = [], extra: { disabled?: boolean; title?: string } = {}) => (
    <Button onClick={run} disabled={extra.disabled || p.ocupado} title={extra.title} aria-keyshortcuts={teclas[0]}>
      {rotulo} <KeyCombo keys={teclas} />
    </Button>
  );
  return (
    <div className={estilos.barra} role="toolbar" aria-label="Ações de fretes">
      {botao('Ler XMLs', p.lerXmls, ['Alt+L'])}
      {/* Spec 03 §2.1 "Read Invoices" (GET /faturas/ler-arquivos) and the DOCCOB upload (docs/decisoes.md §18). */}
      <DoccobButtons teclaLer={TECLA_LER_FATURAS_FRETES} teclaEnviar={TECLA_ENVIAR_DOCCOB_FRETES} />
      {botao('Processar CT-es', () => p.executar('processar'))}
      {botao('Auditar CT-es', p.auditarPagina, ['Alt+U'], { title: 'Audita os CT-es processados desta página que aguardam auditoria' })}
      {p.admin && (
        <>
          {botao('Criar NF', () => p.executar('criarNf'))}
          {botao('Preencher Tipo', () => p.executar('preencherTipo'))}
          {botao('Processar Integração', () => p.executar('processarIntegracao'))}
          {botao('Preencher Valor Total dos Produtos', () => p.executar('preencherValor'))}
        </>
      )}
      <span className={estilos.separador} />
      {botao('Auditar Selecionados', p.auditarSelecionados, ['Alt+A'], { disabled: !p.comSelecao })}
      {botao('Aprovar Selecionados', p.aprovar, ['Alt+V'], {
        disabled: !p.comSelecao || !p.podeEditar,
        title: p.podeEditar ? undefined : 'Requer a permissão de edição de fretes',
      })}
      {botao('Agrupar Selecionados', p.agrupar, ['Alt+G'], { disabled: !p.comSelecao })}
      {p.exportacao && <BotoesExportar {...p.exportacao} />}
    </div>
  );
}

/** Excel (Alt+Shift+X) and CSV (palette only: Alt+X is the Indicadores panel); a second press cancels. */
function BotoesExportar({ exportar, ocupado, texto }: NonNullable<CteToolbarProps['exportacao']>) {
  return (
    <>
      <Button onClick={() => exportar('xlsx')} aria-keyshortcuts={TECLA_EXPORTAR_EXCEL}>
        {ocupado ? 'Cancelar exportação' : TITULO_EXPORTAR_EXCEL} <KeyCombo keys={[TECLA_EXPORTAR_EXCEL]} />
      </Button>
      <Button onClick={() => exportar('csv')} disabled={ocupado}>
        {TITULO_EXPORTAR_CSV}
      </Button>
      <span role="status" aria-label="Exportação" className={estilos.andamento}>
        {texto}
      </span>
    </>
  );
}

export interface CteTotalsProps {
  totais?: CtePage['totais'];
  totalElements?: number;
  selecionados: number;
}

/** The totals line above the grid: the same charged amount as the Cobrado column (docs/decisoes.md §10). */
export function CteTotals({ totais, totalElements, selecionados }: CteTotalsProps) {
  return (
    <div className={estilos.totais} aria-label="Totais" role="status">
      <span>Registros: {formatNumberBr(totais?.quantidade ?? totalElements ?? 0)}</span>
      <span>Valor total: {formatBrl(totais?.valorTotal ?? '0')}</span>
      {totais?.valorAuditoria !== undefined && <span>Valor auditado: {formatBrl(totais.valorAuditoria)}</span>}
      <span>Selecionados: {formatNumberBr(selecionados)}</span>
    </div>
  );
}
