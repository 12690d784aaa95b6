import { useState } from 'react';
import type { Origem } from '../../../contracts/tabela-frete-modelo';
import { validarOrigem } from '../../../domain/frete/validar-tabela-frete';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { useSaveCommand } from '../../ui/use-save-command';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { LocalidadeFields } from './localidade-fields';

export interface OrigemDialogProps {
  /** Null: a new origin. */
  origem: Origem | null;
  onSave: (origem: Origem) => void;
  onClose: () => void;
}

/** Origin dialog (spec 02 §2): a municipality or a UF. Ctrl+S keeps it in the route's local copy. */
export function OrigemDialog(props: OrigemDialogProps) {
  return (
    <Dialog open title={props.origem ? 'Editar origem' : 'Nova origem'} onClose={props.onClose} size="md">
      <Formulario {...props} />
    </Dialog>
  );
}

function Formulario({ origem, onSave }: OrigemDialogProps) {
  const [local, setLocal] = useState<Origem>(() => origem ?? { municipio: null, uf: null });
  useUnsavedChanges(local);
  const salvar = useSaveCommand('Salvar origem', () => local, validarOrigem, onSave);
  return (
    <div className={formGrid.corpo}>
      <LocalidadeFields local={local} onChange={(l) => setLocal({ ...local, ...l })} />
      <DialogButtons onConfirm={salvar} />
    </div>
  );
}
