import { useRef } from 'react';
import { css } from '../../../../styled-system/css';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { KeyCombo } from '../../ui/key-combo';
import type { ScreenArgs } from '../../ui/screen-args';
import { propsDaGrade } from '../../ui/use-filtered-list';
import { useGridJump } from '../../ui/use-grid-jump';
import { pagamentoColumns } from './pagamento-columns';
import { PagamentoFilterPanel } from './pagamento-filter-panel';
import { filtrosDaConsulta, filtrosDaExportacao, paraConsulta, TAMANHOS_PAGINA_PAGAMENTO } from './pagamento-filters';
import { TotaisPagamentos } from './totais-pagamentos';
import { faturasAPagar, podeLiberarIncontroverso, usePagamentoAcoes } from './use-pagamento-acoes';
import { usePagamentoList } from './use-pagamento-list';
import {
  TECLA_ATUALIZAR,
  TECLA_EXPORTAR,
  TECLA_INCONTROVERSO,
  TECLA_PAGAR,
  TITULO_EXPORTAR,
  TITULO_INCONTROVERSO,
  TITULO_PAGAR,
  usePagamentosScreenCommands,
} from './use-pagamentos-screen-commands';

const barra = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', mb: '3' });

/**
 * The Faturas tab of /pagamentos: filters in the URL, the list with its marks, the totals per carrier and due
 * date under it, and the actions (buttons and keys; the writes only for FRETE_PAG_E).
 */
export function PagamentosFaturasAba({ query, navigate, podeExecutar }: Pick<ScreenArgs, 'query' | 'navigate'> & { podeExecutar: boolean }) {
  const t = usePagamentoList(query, navigate);
  const acoes = usePagamentoAcoes(t.limparMarcados);
  const grade = useRef<HTMLDivElement>(null);
  const filtros = useRef<HTMLDivElement>(null);
  useGridJump(filtros, grade);
  const exportar = () => acoes.exportar(filtrosDaExportacao(filtrosDaConsulta(paraConsulta(t.aplicada))));
  usePagamentosScreenCommands({ t, podeExecutar, exportar, pagar: acoes.pagar, liberar: acoes.liberar });
  const aPagar = faturasAPagar(t.marcadas, t.atual);

  return (
    <div>
      <div ref={filtros}>
        <PagamentoFilterPanel filtros={t.filtros} set={t.set} onSubmit={t.procurar} />
      </div>
      <div className={barra} role="toolbar" aria-label="Ações de pagamentos">
        {podeExecutar && (
          <>
            <Button variant="primary" onClick={exportar} disabled={acoes.ocupado} aria-keyshortcuts={TECLA_EXPORTAR}>
              {TITULO_EXPORTAR} <KeyCombo keys={[TECLA_EXPORTAR]} />
            </Button>
            <Button onClick={() => acoes.pagar(aPagar)} disabled={acoes.ocupado || aPagar.length === 0} aria-keyshortcuts={TECLA_PAGAR}>
              {TITULO_PAGAR} <KeyCombo keys={[TECLA_PAGAR]} />
            </Button>
            <Button onClick={() => t.atual && acoes.liberar(t.atual)} disabled={acoes.ocupado || !podeLiberarIncontroverso(t.atual)} aria-keyshortcuts={TECLA_INCONTROVERSO}>
              {TITULO_INCONTROVERSO} <KeyCombo keys={[TECLA_INCONTROVERSO]} />
            </Button>
          </>
        )}
        <Button onClick={() => void t.atualizar()} aria-keyshortcuts={TECLA_ATUALIZAR}>
          Atualizar <KeyCombo keys={[TECLA_ATUALIZAR]} />
        </Button>
      </div>
      <DataTable
        label="Faturas a pagar"
        gridRef={grade}
        columns={pagamentoColumns(t)}
        {...propsDaGrade(t, TAMANHOS_PAGINA_PAGAMENTO)}
        getRowId={(f) => f.id}
        onToggle={t.alternar}
        semAbrir="Espaço marca a fatura; o detalhe dela está na tela Faturas."
        isRowMuted={(f) => f.situacaoPagamento === 'CANCELADA'}
      />
      <TotaisPagamentos totais={t.totais.data ?? []} carregando={t.totais.isPending} />
      {acoes.dialogo}
    </div>
  );
}
