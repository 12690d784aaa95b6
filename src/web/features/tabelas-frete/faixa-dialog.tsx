import { useState } from 'react';
import Decimal from 'decimal.js';
import { FAIXA_LIMITE_MAXIMO } from '../../../contracts/tabela-frete-tipos';
import { type Faixa } from '../../../contracts/tabela-frete-modelo';
import { MSG_ELEMENTO_FAIXA_LIMITE, MSG_ELEMENTO_FAIXA_MAXIMO } from '../../../domain/frete/validar-tabela-frete';
import { DecimalInput } from '../../ui/decimal-input';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { useSaveCommand } from '../../ui/use-save-command';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';

export interface FaixaDialogProps {
  open: boolean;
  /** Null: a new band. */
  faixa: Faixa | null;
  /** The unit of the band value (spec 02 §9: % for value and index bands, 5 decimals per Kg/Km). */
  unidade: string;
  onSave: (faixa: Faixa) => void;
  onClose: () => void;
}

/** One price band: value and upper limit (max 9999999). Ctrl+S keeps it in the element's local copy. */
export function FaixaDialog({ open, faixa, unidade, onSave, onClose }: FaixaDialogProps) {
  return (
    <Dialog open={open} title={faixa ? 'Editar faixa de preço' : 'Nova faixa de preço'} onClose={onClose} width={400}>
      <Formulario faixa={faixa} unidade={unidade} onSave={onSave} />
    </Dialog>
  );
}

function Formulario({ faixa, unidade, onSave }: Pick<FaixaDialogProps, 'faixa' | 'unidade' | 'onSave'>) {
  const [valor, setValor] = useState(faixa?.valor ?? '');
  const [limite, setLimite] = useState(faixa?.faixaLimite ?? '');
  useUnsavedChanges({ valor, limite });
  const salvar = useSaveCommand(
    'Salvar faixa de preço',
    () => ({ ...(faixa ?? {}), valor: valor === '' || valor === '.' ? '0' : valor, faixaLimite: limite }),
    (f) => (f.faixaLimite === '' || f.faixaLimite === '.' ? [MSG_ELEMENTO_FAIXA_LIMITE] : new Decimal(f.faixaLimite).gt(FAIXA_LIMITE_MAXIMO) ? [MSG_ELEMENTO_FAIXA_MAXIMO] : []),
    onSave,
  );
  return (
    <div className={formGrid.corpo}>
      <div className={formGrid.grade}>
        <DecimalInput label={`Valor (${unidade})`} value={valor} onValueChange={setValor} />
        <DecimalInput label="Limite superior" value={limite} onValueChange={setLimite} />
      </div>
      <DialogButtons onConfirm={salvar} />
    </div>
  );
}
