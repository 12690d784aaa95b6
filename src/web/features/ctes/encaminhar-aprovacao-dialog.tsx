import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { encaminharSchema } from '../../../contracts/alcadas';
import type { ResultadoLote } from '../../../contracts/ctes';
import { api } from '../../api/api-client';
import { useAcaoCte } from '../../api/ctes-api';
import { useCommands } from '../../commands/use-commands';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { useShowMessages } from '../../ui/use-show-messages';
import { useValidate } from '../../ui/use-validated-save';
import { mensagensDoLote } from './mensagens-lote';

export const TECLA_ENCAMINHAR = 'Alt+E';
export const TITULO_ENCAMINHAR = 'Encaminhar aprovação';

/** POST /auditorias-cte/encaminhar {ctes, motivo}: forwards CT-es above one's limit to a level whose limit covers them. */
export const encaminharAprovacao = (pedido: { ctes: number[]; motivo?: string }) =>
  api<Partial<ResultadoLote>>('/auditorias-cte/encaminhar', null, { method: 'POST', body: pedido });

const estilos = {
  rotulo: css({ fontSize: 'sm', fontWeight: 'medium', display: 'flex', flexDirection: 'column', gap: '1' }),
  texto: css({ width: '100%', minHeight: '96px', borderWidth: '1px', borderColor: 'gray.300', borderRadius: 'md', px: '2', py: '1', fontSize: 'sm' }),
};

/** "Encaminhar aprovação" (issue 29): the reason, then the forward; the answer (and CT-es left out) in the message list. */
export function EncaminharAprovacaoDialog({ ctes, onClose }: { ctes: readonly number[]; onClose: () => void }) {
  const [motivo, setMotivo] = useState('');
  const mostrar = useShowMessages();
  const validar = useValidate(TITULO_ADVERTENCIA);
  const encaminhar = useAcaoCte(encaminharAprovacao);
  const confirmar = () => {
    if (encaminhar.isPending) return;
    const dados = validar(encaminharSchema, { ctes, motivo: motivo.trim() || undefined });
    if (dados)
      encaminhar.mutate(dados, {
        onSuccess: (r) => {
          mostrar(mensagensDoLote(r ?? {}));
          onClose();
        },
      });
  };
  return (
    <Dialog open title={TITULO_ENCAMINHAR} onClose={onClose} width={600} dirty={motivo.trim() !== ''}>
      <Comando confirmar={confirmar} />
      <div className={formGrid.corpo}>
        <p>{ctes.length} CT-e(s) a encaminhar a um aprovador com alçada maior.</p>
        <label className={estilos.rotulo}>
          Motivo
          <textarea className={estilos.texto} value={motivo} maxLength={2000} onChange={(e) => setMotivo(e.target.value)} />
        </label>
        <DialogButtons onConfirm={confirmar} confirmLabel="Encaminhar" disabled={encaminhar.isPending} />
      </div>
    </Dialog>
  );
}

function Comando({ confirmar }: { confirmar: () => void }) {
  useCommands([{ id: 'encaminhar.confirmar', title: 'Encaminhar', group: 'Ações', keys: ['Ctrl+S'], run: confirmar }]);
  return null;
}
