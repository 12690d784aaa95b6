import { MSG_ERRO_CONEXAO } from '../../../machines/session';
import { AlertDialog } from '../ui/alert-dialog';

/** Spec 01 §8: network failure on login or /eu. */
export function ConnectionErrorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AlertDialog open={open} title="Erro de conexão" onClose={onClose}>
      <p>{MSG_ERRO_CONEXAO}</p>
    </AlertDialog>
  );
}
