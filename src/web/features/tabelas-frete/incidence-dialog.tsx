import { useId, useState } from 'react';
import type { Cliente } from '../../../contracts/clientes';
import type { ClienteRef, Incidencia } from '../../../contracts/tabelas-frete';
import { validarIncidencia } from '../../../domain/frete/validar-tabela-frete';
import { buscarClientes } from '../../api/tabelas-frete-api';
import { useCommands } from '../../commands/use-commands';
import { Autocomplete } from '../../ui/autocomplete';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { formGrid } from '../../ui/form-grid';
import { LocalGrid } from '../../ui/local-grid';
import { useShowMessages } from '../../ui/use-show-messages';
import { CostElementsSection } from './cost-elements-section';

/** Spec 02 §9: incidence grids 10 per page. */
export const INCIDENCIA_POR_PAGINA = 10;

export interface IncidenceDialogProps {
  /** Null: a new incidence. */
  incidencia: Incidencia | null;
  onSave: (incidencia: Incidencia) => void;
  onClose: () => void;
}

const clienteTexto = (c: Cliente) => `${c.vwCliente.razaoSocial}${c.vwCliente.cpfCnpjFormatado ? ` (${c.vwCliente.cpfCnpjFormatado})` : ''}`;

/** Incidence dialog (spec 02 §2): the customers it applies to and its own cost elements. */
export function IncidenceDialog(props: IncidenceDialogProps) {
  return (
    <Dialog open title={props.incidencia ? 'Editar incidência' : 'Nova incidência'} onClose={props.onClose} size="lg">
      <Formulario {...props} />
    </Dialog>
  );
}

function Formulario({ incidencia, onSave, onClose }: IncidenceDialogProps) {
  const id = useId();
  const [local, setLocal] = useState<Incidencia>(() => incidencia ?? { clientes: [], elementosCusto: [] });
  const [geracao, setGeracao] = useState(0);
  const mostrarMensagens = useShowMessages();
  const adicionar = (c: Cliente | null) => {
    if (!c) return;
    setGeracao((g) => g + 1);
    if (local.clientes.some((x) => x.id === c.id)) return;
    const ref: ClienteRef = { id: c.id, nome: c.vwCliente.razaoSocial, cpfCnpjFormatado: c.vwCliente.cpfCnpjFormatado };
    setLocal({ ...local, clientes: [ref, ...local.clientes] });
  };
  const salvar = () => {
    // Spec 02 §5: empty customer rows are dropped.
    const limpa = { ...local, clientes: local.clientes.filter(Boolean) };
    const mensagens = validarIncidencia(limpa);
    if (mensagens.length > 0) return mostrarMensagens(mensagens);
    onSave(limpa);
  };
  useCommands([{ id: `${id}:salvar`, title: 'Salvar incidência', group: 'Ações', keys: ['Ctrl+S'], run: salvar }]);

  return (
    <div className={formGrid.corpo}>
      <section aria-label="Clientes" className={formGrid.corpo}>
        <Autocomplete<Cliente>
          key={geracao}
          label="Adicionar cliente"
          value={null}
          onValueChange={adicionar}
          queryKey={['clientes', 'incidencia']}
          search={buscarClientes}
          itemToString={clienteTexto}
          itemToValue={(c) => String(c.id)}
        />
        <LocalGrid<ClienteRef>
          label="Clientes"
          rows={local.clientes}
          pageSize={INCIDENCIA_POR_PAGINA}
          getRowId={(c) => c.id}
          nome={(c) => c.nome}
          columns={[
            { id: 'nome', header: 'Cliente', cell: (c) => c.nome },
            { id: 'cnpj', header: 'CPF/CNPJ', width: '180px', cell: (c) => c.cpfCnpjFormatado ?? '' },
          ]}
          onRemove={(c) => setLocal({ ...local, clientes: local.clientes.filter((x) => x.id !== c.id) })}
          mensagemRemocao={(c) => `Deseja remover o cliente "${c.nome}" da incidência?`}
        />
      </section>
      <CostElementsSection nivel="INCIDENCIA" elementos={local.elementosCusto} onChange={(elementosCusto) => setLocal({ ...local, elementosCusto })} pageSize={INCIDENCIA_POR_PAGINA} />
      <div className={formGrid.botoes}>
        <Button onClick={onClose}>Fechar</Button>
        <Button variant="primary" aria-keyshortcuts="Control+S" onClick={salvar}>
          Salvar
        </Button>
      </div>
    </div>
  );
}
