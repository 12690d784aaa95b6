import { useState } from 'react';
import { css } from '../../../../../styled-system/css';
import { ROTULO_STATUS_ROMANEIO } from '../../../../contracts/romaneio-status';
import type { RomaneioLinha } from '../../../../contracts/romaneios';
import { somenteDigitos } from '../../../../domain/cpf';
import { buscarRomaneiosOsPorNumero } from '../../../api/romaneios-os-api';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { formGrid } from '../../../ui/form-grid';
import { TextField } from '../../../ui/text-field';
import { useSaveCommand } from '../../../ui/use-save-command';
import { dataHoraBr } from './romaneio-os-columns';

const lista = css({ display: 'flex', flexDirection: 'column', gap: '1', '& button': { justifyContent: 'flex-start' } });

export const MSG_INFORME_NUMERO = 'Informe o número do romaneio.';
export const mensagemRomaneioNaoEncontrado = (numero: string) => `Nenhum romaneio de O.S. encontrado com o número ${numero}.`;

/**
 * "Abrir romaneio de O.S. pelo número" (palette): GET /romaneios-colacril/listar?numero= (prefix); the
 * exact number opens at once, otherwise the hits are listed to pick from.
 */
export function LocalizarRomaneioOsDialog({ onFound, onClose }: { onFound: (r: RomaneioLinha) => void; onClose: () => void }) {
  return (
    <Dialog open title="Abrir romaneio de O.S. pelo número" onClose={onClose} size="sm">
      <Formulario onFound={onFound} />
    </Dialog>
  );
}

function Formulario({ onFound }: { onFound: (r: RomaneioLinha) => void }) {
  const [numero, setNumero] = useState('');
  const [hits, setHits] = useState<RomaneioLinha[] | null>(null);
  const [buscando, setBuscando] = useState(false);
  const buscar = async (n: string) => {
    setBuscando(true);
    try {
      const achados = await buscarRomaneiosOsPorNumero(n);
      const exato = achados.find((r) => String(r.numero) === n);
      if (exato) onFound(exato);
      else setHits(achados);
    } catch {
      // Routed to the shell.
    } finally {
      setBuscando(false);
    }
  };
  const localizar = useSaveCommand('Localizar romaneio', () => numero, (n) => (n ? [] : [MSG_INFORME_NUMERO]), (n) => void buscar(n));
  return (
    <form
      className={formGrid.corpo}
      onSubmit={(e) => {
        e.preventDefault();
        localizar();
      }}
    >
      <TextField label="Número do romaneio" value={numero} onValueChange={(v) => setNumero(somenteDigitos(v))} inputMode="numeric" maxLength={10} />
      {hits && hits.length === 0 && <p role="status">{mensagemRomaneioNaoEncontrado(numero)}</p>}
      {hits && hits.length > 0 && (
        <div className={lista} role="group" aria-label="Romaneios encontrados">
          {hits.map((r) => (
            <Button key={r.id} variant="ghost" onClick={() => onFound(r)}>
              Romaneio {r.numero} · {ROTULO_STATUS_ROMANEIO[r.status]} · {dataHoraBr(r.dataEmissao)}
              {r.transportadora ? ` · ${r.transportadora}` : ''}
            </Button>
          ))}
        </div>
      )}
      <DialogButtons onConfirm={localizar} confirmLabel="Localizar" confirmKeys={['Ctrl+S']} disabled={buscando} />
    </form>
  );
}
