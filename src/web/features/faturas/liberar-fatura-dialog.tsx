import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { faturaLiberarSchema } from '../../../contracts/alcadas';
import type { FaturaLinha } from '../../../contracts/faturas';
import { formatBrl } from '../../../domain/format-brl';
import { api } from '../../api/api-client';
import { useAcaoFatura } from '../../api/faturas-api';
import { noticeBus } from '../../api/notice-bus';
import { useCommands } from '../../commands/use-commands';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { useValidate } from '../../ui/use-validated-save';

export const mensagemFaturaLiberada = (numero: string) => `Fatura ${numero} liberada para pagamento.`;

/** POST /faturas/liberar {id, versao, motivo}: 409 with the alçada message above the user's fatura limit (the API client shows it). */
export const liberarFatura = (pedido: { id: number; versao: number; motivo: string }) =>
  api<{ mensagens?: string[] }>('/faturas/liberar', null, { method: 'POST', body: pedido });

const estilos = {
  rotulo: css({ fontSize: 'sm', fontWeight: 'medium', display: 'flex', flexDirection: 'column', gap: '1' }),
  texto: css({ width: '100%', minHeight: '96px', borderWidth: '1px', borderColor: 'gray.300', borderRadius: 'md', px: '2', py: '1', fontSize: 'sm' }),
};

/**
 * "Liberar fatura" (issue 29): a blocked fatura released by a person within their fatura limit, with a reason. Above the
 * limit the server answers 409 ("Sua alçada permite aprovar diferenças até R$ …") and the dialog stays open.
 */
export function LiberarFaturaDialog({ fatura: f, onClose }: { fatura: Pick<FaturaLinha, 'id' | 'versao' | 'numeroDocumento' | 'valorAPagar'>; onClose: () => void }) {
  const [motivo, setMotivo] = useState('');
  const validar = useValidate(TITULO_ADVERTENCIA);
  const liberar = useAcaoFatura(liberarFatura);
  const confirmar = () => {
    if (liberar.isPending) return;
    const dados = validar(faturaLiberarSchema, { id: f.id, versao: f.versao, motivo });
    if (dados)
      liberar.mutate(dados, {
        onSuccess: (r) => {
          noticeBus.publicar(r?.mensagens?.[0] ?? mensagemFaturaLiberada(f.numeroDocumento));
          onClose();
        },
      });
  };
  return (
    <Dialog open title={`Liberar fatura ${f.numeroDocumento}`} onClose={onClose} width={600} dirty={motivo.trim() !== ''}>
      <Comando confirmar={confirmar} />
      <div className={formGrid.corpo}>
        <p>Valor a pagar: {formatBrl(f.valorAPagar)}</p>
        <label className={estilos.rotulo}>
          Motivo da liberação
          <textarea className={estilos.texto} value={motivo} maxLength={2000} onChange={(e) => setMotivo(e.target.value)} />
        </label>
        <DialogButtons onConfirm={confirmar} confirmLabel="Liberar" disabled={liberar.isPending} />
      </div>
    </Dialog>
  );
}

// Inside the dialog, so Ctrl+S belongs to its layer.
function Comando({ confirmar }: { confirmar: () => void }) {
  useCommands([{ id: 'liberar-fatura.confirmar', title: 'Liberar fatura', group: 'Ações', keys: ['Ctrl+S'], run: confirmar }]);
  return null;
}
