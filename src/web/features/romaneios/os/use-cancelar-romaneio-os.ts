import { useState, type ReactNode } from 'react';
import { MSG_AVISO_CANCELAR_ROMANEIO } from '../../../../contracts/romaneio-status';
import type { RomaneioLinha } from '../../../../contracts/romaneios';
import { noticeBus } from '../../../api/notice-bus';
import { buscarRomaneioOs, useSalvarRomaneioOs } from '../../../api/romaneios-os-api';
import { useConfirmacao } from '../../../ui/confirm-dialog';
import { podeCancelarDaLista } from './romaneio-os-columns';
import { paraEdicao, paraSalvar } from './romaneio-os-form';

export const mensagemRomaneioCancelado = (numero: number | null) => (numero ? `Romaneio ${numero} cancelado.` : 'Romaneio cancelado.');

/**
 * Spec 03 §4, §8: cancelling from the list, for saved manifests not already cancelled. It warns that it
 * cannot be undone (Não focused), then loads the manifest, sets the status to CANCELADO and saves it (the
 * version loaded; 409 when it changed meanwhile). Render `dialogo` once.
 */
export function useCancelarRomaneioOs(): { pedir: (r: Pick<RomaneioLinha, 'id' | 'numero' | 'status'>) => void; ocupado: boolean; dialogo: ReactNode } {
  const confirmacao = useConfirmacao();
  const salvar = useSalvarRomaneioOs();
  const [carregando, setCarregando] = useState(false);
  const ocupado = carregando || salvar.isPending;
  const cancelar = async (id: number) => {
    setCarregando(true);
    try {
      const r = await buscarRomaneioOs(id);
      salvar.mutate(paraSalvar(r, paraEdicao(r), 'CANCELADO'), { onSuccess: (s) => noticeBus.publicar(mensagemRomaneioCancelado(s.romaneio.numero)) });
    } catch {
      // The failure is already routed to the shell (its message or the unavailable dialog).
    } finally {
      setCarregando(false);
    }
  };
  return {
    ocupado,
    dialogo: confirmacao.dialogo,
    pedir: (r) => {
      if (ocupado || !podeCancelarDaLista(r)) return;
      confirmacao.perguntar(MSG_AVISO_CANCELAR_ROMANEIO, () => void cancelar(r.id));
    },
  };
}
