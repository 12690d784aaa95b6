import { useMutation } from '@tanstack/react-query';
import { DocumentoNaoEncontrado } from '../../../api/romaneios-api';
import { imprimirRomaneioOs } from '../../../api/romaneios-os-api';
import { TITULO_ADVERTENCIA } from '../../../ui/message-list';
import { useShowMessages } from '../../../ui/use-show-messages';

/** Spec §8's 404 warning, in its words for a manifest. */
export const mensagemPdfNaoEncontrado = (numero: number | null) => `Nenhum PDF encontrado para o romaneio${numero ? ` ${numero}` : ''}.`;

/**
 * "Imprimir": the manifest's PDF as a download. While it is made the caller shows `imprimindo` (the
 * global bar runs too); a 404 is the warning 'Advertência' of spec §8; other failures only log.
 */
export function useImprimirRomaneioOs() {
  const mostrar = useShowMessages();
  const mutacao = useMutation({
    mutationFn: (r: { id: number; numero: number | null }) => imprimirRomaneioOs(r.id, r.numero),
    onError: (erro, r) => {
      if (erro instanceof DocumentoNaoEncontrado) mostrar([mensagemPdfNaoEncontrado(r.numero)], TITULO_ADVERTENCIA);
    },
  });
  return {
    imprimir: (r: { id: number | null; numero: number | null }) => {
      if (r.id !== null && !mutacao.isPending) mutacao.mutate({ id: r.id, numero: r.numero });
    },
    /** The number being printed, or null. */
    imprimindo: mutacao.isPending ? (mutacao.variables?.numero ?? null) : null,
    ocupado: mutacao.isPending,
  };
}
