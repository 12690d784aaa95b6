import { useState } from 'react';
import { somenteDigitos } from '../../../domain/cpf';
import { buscarRomaneiosPorNumero } from '../../api/romaneios-api';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { TextField } from '../../ui/text-field';
import { useSaveCommand } from '../../ui/use-save-command';
import { useShowMessages } from '../../ui/use-show-messages';

export const mensagemRomaneioNaoEncontrado = (numero: string) => `Nenhum romaneio de frete com o número ${numero}.`;
const MSG_INFORME_NUMERO = 'Informe o número do romaneio.';

export interface RomaneioNumeroDialogProps {
  /** Opens the manifest found (its id). */
  abrir: (id: number) => void;
  onClose: () => void;
}

/** "Abrir romaneio de frete pelo número": GET /romaneios/listar?numero=, the exact number opens its dialog. */
export function RomaneioNumeroDialog(props: RomaneioNumeroDialogProps) {
  return (
    <Dialog open title="Abrir romaneio de frete pelo número" onClose={props.onClose} size="sm">
      <Formulario {...props} />
    </Dialog>
  );
}

function Formulario({ abrir }: RomaneioNumeroDialogProps) {
  const [numero, setNumero] = useState('');
  const [buscando, setBuscando] = useState(false);
  const mostrar = useShowMessages();
  const procurar = useSaveCommand(
    'Abrir romaneio',
    () => numero.trim(),
    (n) => (n ? [] : [MSG_INFORME_NUMERO]),
    (n) => {
      if (buscando) return;
      setBuscando(true);
      buscarRomaneiosPorNumero(n)
        .then((linhas) => {
          const achado = linhas.find((l) => String(l.numero) === n);
          if (achado) abrir(achado.id);
          else mostrar([mensagemRomaneioNaoEncontrado(n)], TITULO_ADVERTENCIA);
        })
        .catch(() => undefined)
        .finally(() => setBuscando(false));
    },
  );
  return (
    <div className={formGrid.corpo}>
      <TextField
        label="Número do romaneio"
        value={numero}
        onValueChange={(v) => setNumero(somenteDigitos(v))}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          procurar();
        }}
        inputMode="numeric"
        maxLength={9}
      />
      <DialogButtons onConfirm={procurar} confirmLabel="Abrir" disabled={buscando} />
    </div>
  );
}
