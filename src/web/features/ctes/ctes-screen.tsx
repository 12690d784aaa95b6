import { lazy, Suspense, useId, useRef, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { TAMANHOS_PAGINA_CTE, type BaseAprovacao, type CteLinha } from '../../../contracts/ctes';
import { temPermissao } from '../../../domain/permissoes';
import { useConfirmacao } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { propsDaGrade } from '../../ui/use-filtered-list';
import { useGridJump } from '../../ui/use-grid-jump';
import { useAbrirDaUrl } from '../../ui/use-open-from-url';
import type { ScreenArgs } from '../../ui/screen-args';
import { cteColumns } from './cte-columns';
import { CteFilterPanel } from './cte-filter-panel';
import { CteToolbar, CteTotals } from './cte-toolbar';
import { InconsistenciasDialog } from './inconsistencias-dialog';
import { IndicadoresPanel, usePainelIndicadores } from './indicadores-panel';
import { StatusLegend } from './status-legend';
import { useCteActions } from './use-cte-actions';
import { useCteList } from './use-cte-list';
import { useCteScreenCommands } from './use-cte-screen-commands';

// Issue 33: the dialogs load at their first opening, not with the list (the CT-e detail alone is its tabs, forms
// and their contracts); Suspense shows nothing meanwhile, the focus staying where the key was pressed.
const CteDetailDialog = lazy(() => import('./cte-detail-dialog').then((m) => ({ default: m.CteDetailDialog })));
const RevisaoAuditoriaDialog = lazy(() => import('./revisao-auditoria-dialog').then((m) => ({ default: m.RevisaoAuditoriaDialog })));
const ResultadoAuditoriaDialog = lazy(() => import('./resultado-auditoria-dialog').then((m) => ({ default: m.ResultadoAuditoriaDialog })));
const AprovacaoLoteDialog = lazy(() => import('./aprovacao-lote-dialog').then((m) => ({ default: m.AprovacaoLoteDialog })));
const AgrupamentoDialog = lazy(() => import('./agrupamento-dialog').then((m) => ({ default: m.AgrupamentoDialog })));
const EncaminharAprovacaoDialog = lazy(() => import('./encaminhar-aprovacao-dialog').then((m) => ({ default: m.EncaminharAprovacaoDialog })));

const estilos = {
  titulo: css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' }),
  // Spec 03 §2.1: additional charge not grouped.
  cobrancaAdicional: css({ bg: 'amber.50', '&[aria-selected=true]': { bg: 'amber.100' } }),
};

type Aberto = { tipo: 'ver' | 'revisar' | 'resultado'; id: number } | null;
type Acoes = ReturnType<typeof useCteActions>;

/** Fretes (/ctes, spec 03 §2.1): filters in the URL, batch buttons, the virtualised results with totals, the CT-e dialogs. */
export function CtesScreen({ usuario, query, navigate }: ScreenArgs) {
  const idTitulo = useId();
  const t = useCteList(query, navigate);
  const confirmacao = useConfirmacao();
  const acoes = useCteActions({ limparMarcados: t.limparMarcados, verPeriodo: t.verPeriodo, perguntar: confirmacao.perguntar });
  const [aberto, setAberto] = useState<Aberto>(null);
  const [inconsistente, setInconsistente] = useState<CteLinha | null>(null);
  const grade = useRef<HTMLDivElement>(null);
  const filtros = useRef<HTMLDivElement>(null);
  useGridJump(filtros, grade);
  const podeEditar = temPermissao(usuario, 'FRETE_CTE_E');
  const admin = usuario.login === 'admin';
  const painelIndicadores = usePainelIndicadores();

  const ver = (c: Pick<CteLinha, 'id'>) => setAberto({ tipo: 'ver', id: c.id });
  const revisar = (c: CteLinha) => setAberto({ tipo: 'revisar', id: c.id });
  const resultado = (c: CteLinha) => setAberto({ tipo: 'resultado', id: c.id });
  const aprovar = (base: BaseAprovacao | null) => podeEditar && acoes.abrirAprovacao(t.marcadasLinhas, base);
  const agrupar = () => acoes.abrirAgrupamento(t.marcadasLinhas);
  const [encaminhando, setEncaminhando] = useState<number[] | null>(null);
  const encaminhar = () => podeEditar && t.marcadasLinhas.length > 0 && setEncaminhando(t.marcadasLinhas.map((c) => c.id));
  const auditarSelecionados = () => acoes.auditarSelecionados(t.marcadasLinhas);
  const auditarPagina = () => acoes.auditarPagina(t.linhas);
  useAbrirDaUrl(query.get('ver'), ver, t.limparVer);
  const exportacao = useCteScreenCommands({
    exportacaoNaTela: true, t, admin, podeAprovar: podeEditar, ver, revisar, resultado, inconsistencias: setInconsistente, executar: acoes.executar,
    lerXmls: acoes.lerXmls, auditarPagina, auditarSelecionados, aprovar, agrupar, encaminhar, abrirIndicadores: painelIndicadores.abrir,
  });

  return (
    <section aria-labelledby={idTitulo}>
      <h1 id={idTitulo} className={estilos.titulo}>
        Fretes
      </h1>
      <div ref={filtros}>
        <CteFilterPanel filtros={t.filtros} set={t.set} onSubmit={t.procurar} primeiroCampo={t.campoInicial} />
      </div>
      <CteToolbar
        admin={admin} podeEditar={podeEditar} comSelecao={t.marcados.size > 0} ocupado={acoes.ocupado} lerXmls={acoes.lerXmls}
        executar={acoes.executar} auditarPagina={auditarPagina} auditarSelecionados={auditarSelecionados} aprovar={() => aprovar(null)} agrupar={agrupar}
        exportacao={exportacao}
      />
      <IndicadoresPanel painel={painelIndicadores} />
      <StatusLegend />
      <CteTotals totais={t.lista.data?.totais} totalElements={t.lista.data?.totalElements} selecionados={t.marcados.size} />
      <DataTable
        label="Fretes"
        gridRef={grade}
        columns={cteColumns({ marcados: t.marcados, alternar: t.alternar, ver, revisar, resultado, inconsistencias: setInconsistente })}
        {...propsDaGrade(t, TAMANHOS_PAGINA_CTE)}
        getRowId={(c) => c.id}
        onActivate={ver}
        onToggle={t.alternar}
        rowHeight={44}
        rowClassName={(c) => (c.codigoCobrancaAdicional && c.cobrancaRoteirizada !== 'AGRUPADO' ? estilos.cobrancaAdicional : undefined)}
      />
      <InconsistenciasDialog cte={inconsistente} onClose={() => setInconsistente(null)} />
      <CteDialogs aberto={aberto} fechar={() => setAberto(null)} podeEditar={podeEditar} acoes={acoes} />
      <Suspense fallback={null}>{encaminhando && <EncaminharAprovacaoDialog ctes={encaminhando} onClose={() => setEncaminhando(null)} />}</Suspense>
      {confirmacao.dialogo}
    </section>
  );
}

/** The dialogs opened from a row (detail, review, result) and from the batch buttons (approval, grouping). */
function CteDialogs({ aberto, fechar, podeEditar, acoes }: { aberto: Aberto; fechar: () => void; podeEditar: boolean; acoes: Acoes }) {
  return (
    <Suspense fallback={null}>
      {aberto?.tipo === 'ver' && <CteDetailDialog key={aberto.id} cteId={aberto.id} podeEditar={podeEditar} onClose={fechar} />}
      {aberto?.tipo === 'revisar' && <RevisaoAuditoriaDialog key={aberto.id} cteId={aberto.id} podeAprovar={podeEditar} onClose={fechar} />}
      {aberto?.tipo === 'resultado' && <ResultadoAuditoriaDialog key={aberto.id} cteId={aberto.id} onClose={fechar} />}
      {acoes.aprovacao && (
        <AprovacaoLoteDialog
          quantidade={acoes.aprovacao.ctes.length}
          baseInicial={acoes.aprovacao.base}
          ocupado={acoes.ocupado}
          onConfirm={acoes.confirmarAprovacao}
          onClose={acoes.fecharAprovacao}
        />
      )}
      {acoes.agrupamento && (
        <AgrupamentoDialog quantidade={acoes.agrupamento.length} ocupado={acoes.ocupado} onConfirm={acoes.confirmarAgrupamento} onClose={acoes.fecharAgrupamento} />
      )}
    </Suspense>
  );
}
