import { useId } from 'react';
import { ROTULO_STATUS_MINUTA, type Minuta } from '../../../contracts/minutas';
import { useMinuta } from '../../api/minutas-api';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { KeyCombo } from '../../ui/key-combo';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { MessageTitleContext } from '../../ui/use-show-messages';
import { MinutaCompletude } from './minuta-completude';
import { MinutaElementosCusto } from './minuta-elementos-custo';
import { MinutaFields } from './minuta-fields';
import { MinutaNotas } from './minuta-notas';
import { useMinutaForm } from './use-minuta-form';

const TECLA_VER_CTE = 'Alt+V';

export interface MinutaDialogProps {
  /** null: a new minuta (GET /minutas/new). */
  minutaId: number | null;
  /** Opens a CT-e on the Fretes screen; null without access to it. */
  verCte: ((cteId: number) => void) | null;
  onClose: () => void;
}

/** "Minuta — Pendente": the modal of spec 03 §2.5, titled with the status; its messages are 'Advertência' (§8). */
export function MinutaDialog({ minutaId, verCte, onClose }: MinutaDialogProps) {
  const { data: minuta, isError } = useMinuta(minutaId);
  const titulo = minuta ? `Minuta — ${ROTULO_STATUS_MINUTA[minuta.status]}` : 'Minuta';
  return (
    <MessageTitleContext.Provider value={TITULO_ADVERTENCIA}>
      <Dialog open title={titulo} onClose={onClose} size="lg">
        {minuta ? (
          <MinutaForm minuta={minuta} verCte={verCte} onClose={onClose} />
        ) : (
          <p className={formGrid.carregando}>{isError ? 'Não foi possível carregar a minuta.' : 'Carregando…'}</p>
        )}
      </Dialog>
    </MessageTitleContext.Provider>
  );
}

function MinutaForm({ minuta, verCte, onClose }: { minuta: Minuta; verCte: MinutaDialogProps['verCte']; onClose: () => void }) {
  const id = useId();
  const f = useMinutaForm(minuta, onClose);
  const cteId = f.minuta.cteId;
  const irAoCte = verCte && cteId !== null ? () => verCte(cteId) : null;
  useCommands([
    { id: `${id}:salvar`, title: 'Salvar minuta', group: 'Ações', keys: ['Ctrl+S'], when: () => f.editavel, run: f.salvar },
    { id: `${id}:ver-cte`, title: 'Ver CT-e no Fretes', group: 'Ações', keys: [TECLA_VER_CTE], when: () => irAoCte !== null, run: () => irAoCte?.() },
  ]);
  return (
    <div className={formGrid.corpo}>
      <MinutaCompletude dados={f.dados} />
      <MinutaFields e={f.e} set={f.set} disabled={!f.editavel} />
      <MinutaElementosCusto elementos={f.e.elementosCusto} onChange={f.setElementos} editavel={f.editavel} />
      <MinutaNotas notas={f.e.notasFiscais} onChange={(notasFiscais) => f.set({ notasFiscais })} editavel={f.editavel} />
      <DialogButtons onConfirm={f.salvar} disabled={!f.editavel || f.salvando}>
        {irAoCte && (
          <Button onClick={irAoCte} aria-keyshortcuts={TECLA_VER_CTE}>
            Ver CT-e no Fretes <KeyCombo keys={[TECLA_VER_CTE]} />
          </Button>
        )}
      </DialogButtons>
    </div>
  );
}
