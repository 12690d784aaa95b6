import { useState } from 'react';
import type { Cliente } from '../../../contracts/clientes';
import type { ClienteRef, Incidencia } from '../../../contracts/tabela-frete-modelo';
import { validarIncidencia } from '../../../domain/frete/validar-tabela-frete';
import { buscarClientes } from '../../api/tabelas-frete-api';
import { Autocomplete } from '../../ui/autocomplete';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { LocalGrid } from '../../ui/local-grid';
import { useSaveCommand } from '../../ui/use-save-command';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { ElementosCustoSection } from './elementos-custo-section';

/** Spec 02 §9: incidence grids 10 per page. */
export const INCIDENCIA_POR_PAGINA = 10;

export interface IncidenciaDialogProps {
  /** Null: a new incidence. */
  incidencia: Incidencia | null;
  onSave: (incidencia: Incidencia) => void;
  onClose: () => void;
}

const clienteTexto = (c: Cliente) => `${c.vwCliente.razaoSocial}${c.vwCliente.cpfCnpjFormatado ? ` (${c.vwCliente.cpfCnpjFormatado})` : ''}`;

/** Incidence dialog (spec 02 §2): the customers it applies to and its own cost elements. */
export function IncidenciaDialog(props: IncidenciaDialogProps) {
  return (
    <Dialog open title={props.incidencia ? 'Editar incidência' : 'Nova incidência'} onClose={props.onClose} size="lg">
      <Formulario {...props} />
    </Dialog>
  );
}

function Formulario({ incidencia, onSave }: IncidenciaDialogProps) {
  const [local, setLocal] = useState<Incidencia>(() => incidencia ?? { clientes: [], elementosCusto: [] });
  const adicionar = (c: Cliente | null) => {
    if (!c) return;
    if (local.clientes.some((x) => x.id === c.id)) return;
    const ref: ClienteRef = { id: c.id, nome: c.vwCliente.razaoSocial, cpfCnpjFormatado: c.vwCliente.cpfCnpjFormatado };
    setLocal({ ...local, clientes: [ref, ...local.clientes] });
  };
  useUnsavedChanges(local);
  // Spec 02 §5: empty customer rows are dropped.
  const salvar = useSaveCommand('Salvar incidência', () => ({ ...local, clientes: local.clientes.filter(Boolean) }), validarIncidencia, onSave);

  return (
    <div className={formGrid.corpo}>
      <section aria-label="Clientes" className={formGrid.corpo}>
        <Autocomplete<Cliente>
          limparAoEscolher
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
            { id: 'nome', kind: 'name', header: 'Cliente', cell: (c) => c.nome },
            { id: 'cnpj', kind: 'code', header: 'CPF/CNPJ', cell: (c) => c.cpfCnpjFormatado ?? '' },
          ]}
          onRemove={(c) => setLocal({ ...local, clientes: local.clientes.filter((x) => x.id !== c.id) })}
          mensagemRemocao={(c) => `Deseja remover o cliente "${c.nome}" da incidência?`}
        />
      </section>
      <ElementosCustoSection nivel="INCIDENCIA" elementos={local.elementosCusto} onChange={(elementosCusto) => setLocal({ ...local, elementosCusto })} pageSize={INCIDENCIA_POR_PAGINA} />
      <DialogButtons onConfirm={salvar} />
    </div>
  );
}
