import { useState } from 'react';
import { MSG_NF_OBRIGATORIA, notaFiscalMinutaSchema, type NotaFiscalMinuta } from '../../../contracts/minutas';
import { somenteDigitos } from '../../../domain/cpf';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { TextField } from '../../ui/text-field';
import { useSaveCommand } from '../../ui/use-save-command';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { mensagensDe } from './validar-item';

export interface MinutaNotaDialogProps {
  /** Null: a new nota fiscal. */
  nota: NotaFiscalMinuta | null;
  onSave: (nota: NotaFiscalMinuta) => void;
  onClose: () => void;
}

/** Spec 03 §2.5/§5 nota fiscal modal: series and number, both required. Ctrl+S keeps it in the minuta. */
export function MinutaNotaDialog(props: MinutaNotaDialogProps) {
  return (
    <Dialog open title={props.nota ? 'Editar nota fiscal' : 'Nova nota fiscal'} onClose={props.onClose} size="sm">
      <Formulario {...props} />
    </Dialog>
  );
}

function Formulario({ nota, onSave }: MinutaNotaDialogProps) {
  const [local, setLocal] = useState<NotaFiscalMinuta>(() => nota ?? { serie: '', numero: '' });
  useUnsavedChanges(local);
  const salvar = useSaveCommand('Salvar nota fiscal', () => ({ ...local, serie: local.serie.trim() }), (n) => mensagensDe(notaFiscalMinutaSchema, n, MSG_NF_OBRIGATORIA), onSave);
  return (
    <div className={formGrid.corpo}>
      <TextField label="Série" value={local.serie} onValueChange={(serie) => setLocal({ ...local, serie })} maxLength={3} />
      <TextField
        label="Número"
        value={local.numero}
        onValueChange={(v) => setLocal({ ...local, numero: somenteDigitos(v) })}
        inputMode="numeric"
        maxLength={9}
      />
      <DialogButtons onConfirm={salvar} />
    </div>
  );
}
