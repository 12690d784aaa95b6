import { useId, useState } from 'react';
import Decimal from 'decimal.js';
import { FAIXA_LIMITE_MAXIMO, type Faixa } from '../../../contracts/tabelas-frete';
import { MSG_ELEMENTO_FAIXA_LIMITE, MSG_ELEMENTO_FAIXA_MAXIMO } from '../../../domain/frete/validar-tabela-frete';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { DecimalInput } from '../../ui/decimal-input';
import { Dialog } from '../../ui/dialog';
import { formGrid } from '../../ui/form-grid';
import { useShowMessages } from '../../ui/use-show-messages';

export interface PriceBandDialogProps {
  open: boolean;
  /** Null: a new band. */
  faixa: Faixa | null;
  /** The unit of the band value (spec 02 §9: % for value and index bands, 5 decimals per Kg/Km). */
  unidade: string;
  onSave: (faixa: Faixa) => void;
  onClose: () => void;
}

/** One price band: value and upper limit (max 9999999). Ctrl+S keeps it in the element's local copy. */
export function PriceBandDialog({ open, faixa, unidade, onSave, onClose }: PriceBandDialogProps) {
  return (
    <Dialog open={open} title={faixa ? 'Editar faixa de preço' : 'Nova faixa de preço'} onClose={onClose} width={400}>
      <Formulario faixa={faixa} unidade={unidade} onSave={onSave} onClose={onClose} />
    </Dialog>
  );
}

function Formulario({ faixa, unidade, onSave, onClose }: Omit<PriceBandDialogProps, 'open'>) {
  const id = useId();
  const [valor, setValor] = useState(faixa?.valor ?? '');
  const [limite, setLimite] = useState(faixa?.faixaLimite ?? '');
  const mostrarMensagens = useShowMessages();
  const salvar = () => {
    const mensagens = [];
    if (limite === '' || limite === '.') mensagens.push(MSG_ELEMENTO_FAIXA_LIMITE);
    else if (new Decimal(limite).gt(FAIXA_LIMITE_MAXIMO)) mensagens.push(MSG_ELEMENTO_FAIXA_MAXIMO);
    if (mensagens.length > 0) return mostrarMensagens(mensagens);
    onSave({ ...(faixa ?? {}), valor: valor === '' || valor === '.' ? '0' : valor, faixaLimite: limite });
  };
  useCommands([{ id: `${id}:salvar`, title: 'Salvar faixa de preço', group: 'Ações', keys: ['Ctrl+S'], run: salvar }]);
  return (
    <div className={formGrid.corpo}>
      <div className={formGrid.grade}>
        <DecimalInput label={`Valor (${unidade})`} value={valor} onValueChange={setValor} />
        <DecimalInput label="Limite superior" value={limite} onValueChange={setLimite} />
      </div>
      <div className={formGrid.botoes}>
        <Button onClick={onClose}>Fechar</Button>
        <Button variant="primary" aria-keyshortcuts="Control+S" onClick={salvar}>
          Salvar
        </Button>
      </div>
    </div>
  );
}
