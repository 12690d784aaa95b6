import { useState, type ReactNode } from 'react';
import { MSG_AVISO_CANCELAR_ROMANEIO } from '../../../contracts/romaneio-status';
import type { RomaneioLinha } from '../../../contracts/romaneios';
import type { RomaneioFreteSalvarEntrada } from '../../../contracts/romaneios-salvar';
import { noticeBus } from '../../api/notice-bus';
import { buscarRomaneio, useSalvarRomaneio } from '../../api/romaneios-api';
import { useConfirmacao } from '../../ui/confirm-dialog';
import { podeCancelarDaLista } from './romaneio-columns';
import { paraEdicao, paraSalvar } from './romaneio-frete-form';

/**
 * Cancelling from the list (spec 03 §4, §8): for a saved manifest not cancelled yet, the warning that it
 * cannot be undone (Não focused), then it loads the manifest, sets CANCELADO and saves it (one POST with
 * the version just read; the list is read again). Failures are shown by the shell. Render `dialogo` once.
 */
export function useCancelarRomaneio(): { pedir: (r: RomaneioLinha) => void; cancelando: boolean; dialogo: ReactNode } {
  const confirmacao = useConfirmacao();
  const salvar = useSalvarRomaneio();
  const [cancelando, setCancelando] = useState(false);
  const cancelar = async (r: RomaneioLinha) => {
    setCancelando(true);
    try {
      const romaneio = await buscarRomaneio(r.id);
      // A stored manifest has its driver: the body is the schema's.
      await salvar.mutateAsync(paraSalvar(romaneio, paraEdicao(romaneio), 'CANCELADO') as RomaneioFreteSalvarEntrada);
      noticeBus.publicar(`Romaneio ${romaneio.numero} cancelado.`);
    } catch {
      // The message (409, 400) or the unavailable dialog came from the shell.
    } finally {
      setCancelando(false);
    }
  };
  const pedir = (r: RomaneioLinha) => {
    if (cancelando || !podeCancelarDaLista(r)) return;
    confirmacao.perguntar(MSG_AVISO_CANCELAR_ROMANEIO, () => void cancelar(r));
  };
  return { pedir, cancelando, dialogo: confirmacao.dialogo };
}
