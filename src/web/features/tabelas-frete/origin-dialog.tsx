import { useId, useState } from 'react';
import type { Origem } from '../../../contracts/tabelas-frete';
import { validarOrigem } from '../../../domain/frete/validar-tabela-frete';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { formGrid } from '../../ui/form-grid';
import { useShowMessages } from '../../ui/use-show-messages';
import { LocationFields } from './location-fields';

export interface OriginDialogProps {
  /** Null: a new origin. */
  origem: Origem | null;
  onSave: (origem: Origem) => void;
  onClose: () => void;
}

/** Origin dialog (spec 02 §2): a municipality or a UF. Ctrl+S keeps it in the route's local copy. */
export function OriginDialog(props: OriginDialogProps) {
  return (
    <Dialog open title={props.origem ? 'Editar origem' : 'Nova origem'} onClose={props.onClose} size="md">
      <Formulario {...props} />
    </Dialog>
  );
}

function Formulario({ origem, onSave, onClose }: OriginDialogProps) {
  const id = useId();
  const [local, setLocal] = useState<Origem>(() => origem ?? { municipio: null, uf: null });
  const mostrarMensagens = useShowMessages();
  const salvar = () => {
    const mensagens = validarOrigem(local);
    if (mensagens.length > 0) return mostrarMensagens(mensagens);
    onSave(local);
  };
  useCommands([{ id: `${id}:salvar`, title: 'Salvar origem', group: 'Ações', keys: ['Ctrl+S'], run: salvar }]);
  return (
    <div className={formGrid.corpo}>
      <LocationFields local={local} onChange={(l) => setLocal({ ...local, ...l })} />
      <div className={formGrid.botoes}>
        <Button onClick={onClose}>Fechar</Button>
        <Button variant="primary" aria-keyshortcuts="Control+S" onClick={salvar}>
          Salvar
        </Button>
      </div>
    </div>
  );
}
