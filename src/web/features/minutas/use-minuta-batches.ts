import {
  linhasLeituraConemb,
  resumoConversaoCtes,
  resumoConversaoMinutas,
  type ResultadoConversaoCtes,
  type ResultadoConversaoMinutas,
  type ResultadoLeituraConemb,
} from '../../../contracts/minutas-lotes';
import { ctesKeys } from '../../api/ctes-api';
import { converterCtes, converterMinutas, lerConembs, useAcaoMinuta } from '../../api/minutas-api';
import { useShowMessages } from '../../ui/use-show-messages';

export type LoteMinutas = 'conembs' | 'minutas' | 'ctes';

interface DefinicaoLote {
  rotulo: string;
  /** Shown (and announced) while it runs. */
  progresso: string;
  /** The call, answered as the popup's lines: the server's messages, or the summary when it sends none. */
  executar: () => Promise<string[]>;
}

function lote<R extends { mensagens?: string[] }>(rotulo: string, progresso: string, chamada: () => Promise<R>, resumo: (r: R) => string[]): DefinicaoLote {
  return { rotulo, progresso, executar: () => chamada().then((r) => (r.mensagens?.length ? r.mensagens : resumo(r))) };
}

/** Spec 03 §2.5 "For login admin only": Ler ConEmb's, Converter Minutas, Converter CT-es (§7 "Admin"). */
export const LOTES: Record<LoteMinutas, DefinicaoLote> = {
  // The reading's lines are built from its result (what each ação E did, the refused files), as the server's are.
  conembs: { rotulo: "Ler ConEmb's", progresso: 'Lendo os arquivos CONEMB…', executar: () => lerConembs().then((r: ResultadoLeituraConemb) => linhasLeituraConemb(r)) },
  minutas: lote('Converter Minutas', 'Convertendo conhecimentos em minutas…', converterMinutas, (r: ResultadoConversaoMinutas) => [resumoConversaoMinutas(r)]),
  ctes: lote('Converter CT-es', 'Convertendo minutas em CT-es…', converterCtes, (r: ResultadoConversaoCtes) => [resumoConversaoCtes(r)]),
};

/**
 * The admin batches, one at a time: the progress while one runs, then its summary in the message popup;
 * the minuta lists are read again, and the CT-e ones after Converter CT-es (the only one creating CT-es).
 */
export function useMinutaBatches() {
  const mostrar = useShowMessages();
  const mutacao = useAcaoMinuta(
    (l: LoteMinutas) => LOTES[l].executar(),
    (l) => (l === 'ctes' ? ctesKeys.todos : null),
  );
  return {
    emAndamento: mutacao.isPending ? mutacao.variables : null,
    executar: (l: LoteMinutas) => {
      if (mutacao.isPending) return;
      mutacao.mutate(l, { onSuccess: (linhas) => mostrar(linhas) });
    },
  };
}
