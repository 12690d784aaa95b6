import { css } from '../../../../styled-system/css';
import type { CtePage } from '../../../contracts/ctes';
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
    </div>
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
