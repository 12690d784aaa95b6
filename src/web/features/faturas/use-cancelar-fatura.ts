import type { ReactNode } from 'react';
import { mensagemFaturaCancelada, MSG_CONFIRMAR_CANCELAR_FATURA, type FaturaLinha } from '../../../contracts/faturas';
import { cancelarFatura, useAcaoFatura } from '../../api/faturas-api';
import { useConfirmacao } from '../../ui/confirm-dialog';
import { useShowMessages } from '../../ui/use-show-messages';

/** Spec 03 §2.4 / docs/decisoes.md §16: nível ADMIN only, and only a fatura still PROCESSADO. */
export const podeCancelarFatura = (admin: boolean, f: Pick<FaturaLinha, 'status'> | null | undefined) => admin && f?.status === 'PROCESSADO';

/**
 * "Cancelar fatura": asks 'Tem certeza que deseja cancelar essa fatura?' (Não focused), then POST
 * /faturas/cancelar with the version seen; the server's message in the popup; the list, the open modal and
 * the CT-es (their fatura number is released) are read again. Render `dialogo` once.
 */
export function useCancelarFatura(): { pedir: (f: Pick<FaturaLinha, 'id' | 'versao' | 'numeroDocumento'>) => void; cancelando: boolean; dialogo: ReactNode } {
  const confirmacao = useConfirmacao();
  const mostrar = useShowMessages();
  const cancelar = useAcaoFatura(cancelarFatura);
  const pedir = (f: Pick<FaturaLinha, 'id' | 'versao' | 'numeroDocumento'>) => {
    if (cancelar.isPending) return;
    confirmacao.perguntar(MSG_CONFIRMAR_CANCELAR_FATURA, () =>
      cancelar.mutate({ id: f.id, versao: f.versao }, { onSuccess: (r) => mostrar(r.mensagens.length > 0 ? r.mensagens : [mensagemFaturaCancelada(f.numeroDocumento)]) }),
    );
  };
  return { pedir, cancelando: cancelar.isPending, dialogo: confirmacao.dialogo };
}
