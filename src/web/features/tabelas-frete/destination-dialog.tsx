import { useId, useState } from 'react';
import type { Destino } from '../../../contracts/tabelas-frete';
import { validarDestino } from '../../../domain/frete/validar-tabela-frete';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { formGrid } from '../../ui/form-grid';
import { useShowMessages } from '../../ui/use-show-messages';
import { IncidencesSection } from './incidences-section';
import { LocationFields } from './location-fields';

export interface DestinationDialogProps {
  /** Null: a new destination. */
  destino: Destino | null;
  onSave: (destino: Destino) => void;
  onClose: () => void;
}

/** Destination dialog (spec 02 §2): a municipality or a UF, never both, and its incidences. */
export function DestinationDialog(props: DestinationDialogProps) {
  return (
    <Dialog open title={props.destino ? 'Editar destino' : 'Novo destino'} onClose={props.onClose} size="lg">
      <Formulario {...props} />
    </Dialog>
  );
}

function Formulario({ destino, onSave, onClose }: DestinationDialogProps) {
  const id = useId();
  const [local, setLocal] = useState<Destino>(() => destino ?? { municipio: null, uf: null, incidencias: [] });
  const mostrarMensagens = useShowMessages();
  const salvar = () => {
    const mensagens = validarDestino(local);
    if (mensagens.length > 0) return mostrarMensagens(mensagens);
    onSave(local);
  };
  useCommands([{ id: `${id}:salvar`, title: 'Salvar destino', group: 'Ações', keys: ['Ctrl+S'], run: salvar }]);
  return (
    <div className={formGrid.corpo}>
      <LocationFields local={local} onChange={(l) => setLocal({ ...local, ...l })} />
      <IncidencesSection incidencias={local.incidencias} onChange={(incidencias) => setLocal({ ...local, incidencias })} />
      <div className={formGrid.botoes}>
        <Button onClick={onClose}>Fechar</Button>
        <Button variant="primary" aria-keyshortcuts="Control+S" onClick={salvar}>
          Salvar
        </Button>
      </div>
    </div>
  );
}
