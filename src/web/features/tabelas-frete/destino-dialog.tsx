import { useState } from 'react';
import type { Destino } from '../../../contracts/tabela-frete-modelo';
import { validarDestino } from '../../../domain/frete/validar-tabela-frete';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { useSaveCommand } from '../../ui/use-save-command';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { IncidenciasSection } from './incidencias-section';
import { LocalidadeFields } from './localidade-fields';

export interface DestinoDialogProps {
  /** Null: a new destination. */
  destino: Destino | null;
  onSave: (destino: Destino) => void;
  onClose: () => void;
}

/** Destination dialog (spec 02 §2): a municipality or a UF, never both, and its incidences. */
export function DestinoDialog(props: DestinoDialogProps) {
  return (
    <Dialog open title={props.destino ? 'Editar destino' : 'Novo destino'} onClose={props.onClose} size="lg">
      <Formulario {...props} />
    </Dialog>
  );
}

function Formulario({ destino, onSave }: DestinoDialogProps) {
  const [local, setLocal] = useState<Destino>(() => destino ?? { municipio: null, uf: null, incidencias: [] });
  useUnsavedChanges(local);
  const salvar = useSaveCommand('Salvar destino', () => local, validarDestino, onSave);
  return (
    <div className={formGrid.corpo}>
      <LocalidadeFields local={local} onChange={(l) => setLocal({ ...local, ...l })} />
      <IncidenciasSection incidencias={local.incidencias} onChange={(incidencias) => setLocal({ ...local, incidencias })} />
      <DialogButtons onConfirm={salvar} />
    </div>
  );
}
