import type { ReactNode } from 'react';
import { podeMinuta } from '../../../../machines/minuta-confirmation';
import {
  mensagemMinutasConfirmadas,
  MSG_CONFIRMAR_EXCLUIR_MINUTA,
  MSG_MINUTA_EXCLUIDA,
  MSG_SELECIONE_MINUTAS,
  perguntaConfirmarMinutas,
  type MinutaLinha,
} from '../../../contracts/minutas';
import { confirmarMinutas, excluirMinuta, useAcaoMinuta } from '../../api/minutas-api';
import { noticeBus } from '../../api/notice-bus';
import { useConfirmacao } from '../../ui/confirm-dialog';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { useShowMessages } from '../../ui/use-show-messages';

export interface MinutaActions {
  /** Asks perguntaConfirmarMinutas(n) (the warning that it cannot be undone), then POST /minutas/confirmar. */
  confirmar: (ids: number[]) => void;
  /** Asks MSG_CONFIRMAR_EXCLUIR_MINUTA, then DELETE /minutas {id, versao}. */
  excluir: (m: Pick<MinutaLinha, 'id' | 'versao' | 'status'>) => void;
  ocupado: boolean;
  /** The yes/no dialog: render once. */
  dialogo: ReactNode;
}

/**
 * The list's confirm and delete (spec 03 §2.5, §8): each asks first (Não focused); the mutation reads every
 * minuta query again; `aoConfirmar` runs after a confirmation (the selection is cleared).
 */
export function useMinutaActions(aoConfirmar: () => void): MinutaActions {
  const confirmacao = useConfirmacao();
  const mostrar = useShowMessages();
  const confirmarMutacao = useAcaoMinuta(confirmarMinutas);
  const excluirMutacao = useAcaoMinuta(excluirMinuta);
  const ocupado = confirmarMutacao.isPending || excluirMutacao.isPending;
  return {
    ocupado,
    dialogo: confirmacao.dialogo,
    confirmar: (ids) => {
      if (ocupado) return;
      if (ids.length === 0) return mostrar([MSG_SELECIONE_MINUTAS], TITULO_ADVERTENCIA);
      confirmacao.perguntar(perguntaConfirmarMinutas(ids.length), () =>
        confirmarMutacao.mutate(ids, {
          onSuccess: (r) => {
            aoConfirmar();
            mostrar(r.mensagens?.length ? r.mensagens : [mensagemMinutasConfirmadas(r.confirmadas)]);
          },
        }),
      );
    },
    excluir: (m) => {
      if (ocupado || !podeMinuta(m.status, 'EXCLUIR')) return;
      confirmacao.perguntar(MSG_CONFIRMAR_EXCLUIR_MINUTA, () =>
        excluirMutacao.mutate({ id: m.id, versao: m.versao }, { onSuccess: () => noticeBus.publicar(MSG_MINUTA_EXCLUIDA) }),
      );
    },
  };
}
