import { useEffect, useId, useRef, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { TAMANHOS_PAGINA_CTE, type BaseAprovacao, type CteLinha } from '../../../contracts/ctes';
import { formatBrl } from '../../../domain/format-brl';
import { temPermissao } from '../../../domain/permissions';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { KeyCombo } from '../../ui/key-combo';
import type { ScreenArgs } from '../../ui/screen-args';
import { AuditResultDialog } from './audit-result-dialog';
import { AuditReviewDialog } from './audit-review-dialog';
import { BulkApprovalDialog } from './bulk-approval-dialog';
import { cteColumns } from './cte-columns';
import { CteDetailDialog } from './cte-detail-dialog';
import { CteFilterPanel } from './cte-filter-panel';
import { GroupingDialog } from './grouping-dialog';
import { InconsistenciesDialog } from './inconsistencies-dialog';
import { StatusLegend } from './status-legend';
import { useCteActions } from './use-cte-actions';
import { useCteList } from './use-cte-list';
import { useCteScreenCommands } from './use-cte-screen-commands';

export const TOOLTIP_LER_FATURAS = 'Disponível quando o módulo de Faturas for liberado.';

const estilos = {
  titulo: css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' }),
  barra: css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', mb: '3' }),
  separador: css({ flex: '1' }),
  totais: css({ display: 'flex', gap: '4', fontSize: 'sm', color: 'gray.700', py: '2' }),
  // Spec 03 §2.1: additional charge not grouped.
  cobrancaAdicional: css({ bg: 'amber.50', '&[aria-selected=true]': { bg: 'amber.100' } }),
};

type Aberto = { tipo: 'ver' | 'revisar' | 'resultado'; id: number } | null;

/** Fretes (/ctes, spec 03 §2.1): filters in the URL, batch buttons, the virtualised results with totals, the CT-e dialogs. */
export function CtesScreen({ usuario, query, navigate }: ScreenArgs) {
  const idTitulo = useId();
  const t = useCteList(query, navigate);
  const acoes = useCteActions(t.limparMarcados);
  const [aberto, setAberto] = useState<Aberto>(null);
  const [inconsistente, setInconsistente] = useState<CteLinha | null>(null);
  const grade = useRef<HTMLDivElement>(null);
  const podeEditar = temPermissao(usuario, 'FRETE_CTE_E');
  const admin = usuario.login === 'admin';
  const comSelecao = t.marcados.size > 0;

  const ver = (c: Pick<CteLinha, 'id'>) => setAberto({ tipo: 'ver', id: c.id });
  const revisar = (c: CteLinha) => setAberto({ tipo: 'revisar', id: c.id });
  const resultado = (c: CteLinha) => setAberto({ tipo: 'resultado', id: c.id });
  const aprovar = (base: BaseAprovacao | null) => podeEditar && acoes.abrirAprovacao(t.marcadasLinhas, base);
  const agrupar = () => acoes.abrirAgrupamento(t.marcadasLinhas);
  const auditarSelecionados = () => acoes.auditarSelecionados(t.marcadasLinhas);
  const auditarPagina = () => acoes.auditarPagina(t.linhas);

  // The palette's CT-e hits arrive as /ctes?ver={id}: open it once, then drop the parameter.
  const ver_ = Number(query.get('ver')) || null;
  useEffect(() => {
    if (ver_ === null) return;
    ver({ id: ver_ });
    t.limparVer();
  }, [ver_]);

  // The landing page: the first filter takes the focus, unless something else (a dialog, the menu) has it.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) t.campoInicial.current?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useCteScreenCommands({
    t,
    admin,
    podeAprovar: podeEditar,
    ver,
    revisar,
    resultado,
    inconsistencias: setInconsistente,
    executar: acoes.executar,
    auditarPagina,
    auditarSelecionados,
    aprovar,
    agrupar,
  });

  const totais = t.lista.data?.totais;
  const botao = (rotulo: string, run: () => void, teclas: string[] = [], extra: { disabled?: boolean; title?: string } = {}) => (
    <Button onClick={run} disabled={extra.disabled || acoes.ocupado} title={extra.title} aria-keyshortcuts={teclas[0]}>
      {rotulo} <KeyCombo keys={teclas} />
    </Button>
  );

  return (
    <section aria-labelledby={idTitulo}>
      <h1 id={idTitulo} className={estilos.titulo}>
        Fretes
      </h1>
      <CteFilterPanel filtros={t.filtros} set={t.set} onSubmit={t.procurar} primeiroCampo={t.campoInicial} versao={t.versaoForm} />
      <div className={estilos.barra} role="toolbar" aria-label="Ações de fretes">
        {botao('Ler XMLs', () => acoes.executar('lerXmls'), ['Alt+L'])}
        {/* GET /faturas/ler-arquivos belongs to the Faturas module (a later issue). */}
        <Button disabled title={TOOLTIP_LER_FATURAS} aria-description={TOOLTIP_LER_FATURAS}>
          Ler Faturas
        </Button>
        {botao('Processar CT-es', () => acoes.executar('processar'))}
        {botao('Auditar CT-es', auditarPagina, ['Alt+U'], { title: 'Audita os CT-es processados desta página que aguardam auditoria' })}
        {admin && (
          <>
            {botao('Criar NF', () => acoes.executar('criarNf'))}
            {botao('Preencher Tipo', () => acoes.executar('preencherTipo'))}
            {botao('Processar Integração', () => acoes.executar('processarIntegracao'))}
            {botao('Preencher Valor Total dos Produtos', () => acoes.executar('preencherValor'))}
          </>
        )}
        <span className={estilos.separador} />
        {botao('Auditar Selecionados', auditarSelecionados, ['Alt+A'], { disabled: !comSelecao })}
        {botao('Aprovar Selecionados', () => aprovar(null), ['Alt+V'], { disabled: !comSelecao || !podeEditar, title: podeEditar ? undefined : 'Requer a permissão de edição de fretes' })}
        {botao('Agrupar Selecionados', agrupar, ['Alt+G'], { disabled: !comSelecao })}
      </div>
      <StatusLegend />
      <div className={estilos.totais} aria-label="Totais" role="status">
        <span>Registros: {totais?.quantidade ?? t.lista.data?.totalElements ?? 0}</span>
        <span>Valor total: {formatBrl(totais?.valorTotal ?? '0')}</span>
        {totais?.valorAuditoria !== undefined && <span>Valor auditado: {formatBrl(totais.valorAuditoria)}</span>}
        <span>Selecionados: {t.marcados.size}</span>
      </div>
      <DataTable
        label="Fretes"
        gridRef={grade}
        columns={cteColumns({ marcados: t.marcados, alternar: t.alternar, ver, revisar, resultado, inconsistencias: setInconsistente })}
        rows={t.linhas}
        getRowId={(c) => c.id}
        selectedIndex={t.selecionado}
        onSelectedIndexChange={t.setSelecionado}
        onActivate={ver}
        onToggle={t.alternar}
        sort={t.aplicada.sort}
        onSortChange={t.setOrdem}
        loading={t.lista.isPending}
        rowHeight={44}
        rowClassName={(c) => (c.codigoCobrancaAdicional && c.cobrancaRoteirizada !== 'AGRUPADO' ? estilos.cobrancaAdicional : undefined)}
        pagination={t.paginacao ? { ...t.paginacao, pageSizes: TAMANHOS_PAGINA_CTE } : undefined}
      />
      <InconsistenciesDialog cte={inconsistente} onClose={() => setInconsistente(null)} />
      {aberto?.tipo === 'ver' && <CteDetailDialog key={aberto.id} cteId={aberto.id} podeEditar={podeEditar} onClose={() => setAberto(null)} />}
      {aberto?.tipo === 'revisar' && <AuditReviewDialog key={aberto.id} cteId={aberto.id} podeAprovar={podeEditar} onClose={() => setAberto(null)} />}
      {aberto?.tipo === 'resultado' && <AuditResultDialog key={aberto.id} cteId={aberto.id} onClose={() => setAberto(null)} />}
      {acoes.aprovacao && (
        <BulkApprovalDialog
          quantidade={acoes.aprovacao.ctes.length}
          baseInicial={acoes.aprovacao.base}
          ocupado={acoes.ocupado}
          onConfirm={acoes.confirmarAprovacao}
          onClose={acoes.fecharAprovacao}
        />
      )}
      {acoes.agrupamento && (
        <GroupingDialog quantidade={acoes.agrupamento.length} ocupado={acoes.ocupado} onConfirm={acoes.confirmarAgrupamento} onClose={acoes.fecharAgrupamento} />
      )}
    </section>
  );
}
