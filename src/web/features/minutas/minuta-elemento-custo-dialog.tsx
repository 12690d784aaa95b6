import { useState } from 'react';
import { elementoCustoMinutaSchema, MSG_ELEMENTO_CUSTO_OBRIGATORIO, type ElementoCustoMinuta } from '../../../contracts/minutas';
import { DecimalInput } from '../../ui/decimal-input';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { TextField } from '../../ui/text-field';
import { useSaveCommand } from '../../ui/use-save-command';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { mensagensDe } from './validar-item';

export interface MinutaElementoCustoDialogProps {
  /** Null: a new element. */
  elemento: ElementoCustoMinuta | null;
  onSave: (elemento: ElementoCustoMinuta) => void;
  onClose: () => void;
}

/** Spec 03 §2.5/§5 cost element modal: name and value, both required. Ctrl+S keeps it in the minuta. */
export function MinutaElementoCustoDialog(props: MinutaElementoCustoDialogProps) {
  return (
    <Dialog open title={props.elemento ? 'Editar elemento de custo' : 'Novo elemento de custo'} onClose={props.onClose} size="sm">
      <Formulario {...props} />
    </Dialog>
  );
}

function Formulario({ elemento, onSave }: MinutaElementoCustoDialogProps) {
  // The copy keeps the item's local key (a spread carries it): saving replaces the original.
  const [local, setLocal] = useState<ElementoCustoMinuta>(() => elemento ?? { nome: '', valor: '' });
  useUnsavedChanges(local);
  const salvar = useSaveCommand(
    'Salvar elemento de custo',
    () => ({ ...local, nome: local.nome.trim() }),
    (e) => mensagensDe(elementoCustoMinutaSchema, e, MSG_ELEMENTO_CUSTO_OBRIGATORIO),
    onSave,
  );
  return (
    <div className={formGrid.corpo}>
      <TextField label="Nome" value={local.nome} onValueChange={(nome) => setLocal({ ...local, nome })} maxLength={60} />
      <DecimalInput label="Valor" value={local.valor} onValueChange={(valor) => setLocal({ ...local, valor })} decimals={2} />
      <DialogButtons onConfirm={salvar} />
    </div>
  );
}
