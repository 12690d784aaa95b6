import Decimal from 'decimal.js';
import type { ReactNode } from 'react';
import { podePagamento } from '../../../../machines/fatura-pagamento';
import type { FaturaLinha } from '../../../contracts/faturas';
import { MSG_NADA_A_EXPORTAR, mensagemExportacao, mensagemFaturasPagas, mensagemIncontrovesoLiberado, type ExportarPagamentos } from '../../../contracts/pagamentos';
import { formatBrl } from '../../../domain/format-brl';
import { useConfirmacao } from '../../ui/confirm-dialog';
import { useShowMessages } from '../../ui/use-show-messages';
import { baixarCsvExportacao, exportarPagamentos, liberarIncontroverso, registrarPagamento, useAcaoPagamento } from './pagamentos-api';

export const ROTULO_BAIXAR_CSV = 'Baixar o CSV';
export const MSG_CSV_INDISPONIVEL = 'Não foi possível baixar o CSV da exportação: tente de novo pela exportação seguinte ou fale com o administrador.';
export const perguntaPagamento = (n: number) => `Registrar o pagamento de ${n} fatura(s) exportada(s)?`;
/** Before the release the value to pay still holds the open disputes (docs/decisoes.md §36): the undisputed is it less them. */
export const valorIncontroverso = (f: Pick<FaturaLinha, 'valorAPagar' | 'valorContestado'>) =>
  Decimal.max(0, new Decimal(f.valorAPagar).minus(f.valorContestado)).toFixed(2, Decimal.ROUND_HALF_UP);
export const perguntaIncontroverso = (f: Pick<FaturaLinha, 'numeroDocumento' | 'valorAPagar' | 'valorContestado'>) =>
  `Liberar a fatura ${f.numeroDocumento} pelo valor incontroverso (${formatBrl(valorIncontroverso(f))})? As linhas em contestação ficam para depois da resposta da transportadora.`;

/** The faturas "Registrar pagamento" takes: the marked exported ones, or the selected row when none is marked. */
export function faturasAPagar(marcadas: FaturaLinha[], atual: FaturaLinha | null): FaturaLinha[] {
  const exportada = (f: FaturaLinha) => podePagamento(f.situacaoPagamento, 'PAGAR');
  if (marcadas.length > 0) return marcadas.filter(exportada);
  return atual && exportada(atual) ? [atual] : [];
}

export const podeLiberarIncontroverso = (f: FaturaLinha | null) => f !== null && podePagamento(f.situacaoPagamento, 'LIBERAR_INCONTROVERSO');

/**
 * The screen's three writes: export every released fatura (the result in the popup, "Baixar o CSV" focused),
 * record the payment of exported ones, release a blocked one for its undisputed amount (both asked first).
 * A refusal (409 with the machine's message, a stale version) reaches the popup through the failure routing.
 */
export function usePagamentoAcoes(aoMudar: () => void): {
  exportar: (filtros: ExportarPagamentos) => void;
  pagar: (faturas: FaturaLinha[]) => void;
  liberar: (f: FaturaLinha) => void;
  ocupado: boolean;
  dialogo: ReactNode;
} {
  const confirmacao = useConfirmacao();
  const mostrar = useShowMessages();
  const exportacao = useAcaoPagamento(exportarPagamentos);
  const pagamento = useAcaoPagamento(registrarPagamento);
  const liberacao = useAcaoPagamento(liberarIncontroverso);
  const ocupado = exportacao.isPending || pagamento.isPending || liberacao.isPending;
  const versoes = (fs: FaturaLinha[]) => fs.map((f) => ({ id: f.id, versao: f.versao }));
  const baixar = (id: number) => () => void baixarCsvExportacao(id).catch(() => mostrar([MSG_CSV_INDISPONIVEL]));

  const exportar = (filtros: ExportarPagamentos) => {
    if (ocupado) return;
    exportacao.mutate(filtros, {
      onSuccess: ({ exportacao: e, mensagens }) => {
        aoMudar();
        const padrao = e ? mensagemExportacao(e.faturas, formatBrl(e.valorTotal)) : MSG_NADA_A_EXPORTAR;
        mostrar(mensagens.length > 0 ? mensagens : [padrao], undefined, e && e.faturas > 0 ? { rotulo: ROTULO_BAIXAR_CSV, executar: baixar(e.id) } : undefined);
      },
    });
  };
  const aposEscrita = (padrao: string) => (r: { mensagens?: string[] } | null) => {
    aoMudar();
    mostrar(r?.mensagens?.length ? r.mensagens : [padrao]);
  };
  const pagar = (faturas: FaturaLinha[]) => {
    if (ocupado || faturas.length === 0) return;
    confirmacao.perguntar(perguntaPagamento(faturas.length), () => pagamento.mutate(versoes(faturas), { onSuccess: aposEscrita(mensagemFaturasPagas(faturas.length)) }));
  };
  const liberar = (f: FaturaLinha) => {
    if (ocupado) return;
    confirmacao.perguntar(perguntaIncontroverso(f), () => liberacao.mutate(versoes([f]), { onSuccess: aposEscrita(mensagemIncontrovesoLiberado(1)) }));
  };
  return { exportar, pagar, liberar, ocupado, dialogo: confirmacao.dialogo };
}
