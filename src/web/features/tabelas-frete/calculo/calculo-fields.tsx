import type { Cliente } from '../../../../contracts/clientes';
import { type MunicipioRef, type TransportadoraRef } from '../../../../contracts/tabela-frete-modelo';
import { TIPO_VEICULO_QUALQUER } from '../../../../contracts/calculo-frete';
import { chaveDescricao } from '../../../../domain/frete/chave-descricao';
import { buscarMunicipios } from '../../../api/municipios-api';
import { buscarClientes, useTodosTiposVeiculo } from '../../../api/tabelas-frete-api';
import { buscarTransportadorasSimples } from '../../../api/transportadoras-api';
import { Autocomplete } from '../../../ui/autocomplete';
import { DateInput } from '../../../ui/date-input';
import { DecimalInput } from '../../../ui/decimal-input';
import type { ClienteCalculo, FormularioCalculo } from '../../../ui/simulacao-frete-opener';
import { formGrid } from '../../../ui/form-grid';
import { SelectField } from '../../../ui/select-field';

const paraCliente = (c: Cliente): ClienteCalculo => ({
  id: c.id,
  nome: c.vwCliente.razaoSocial,
  cpfCnpj: c.vwCliente.cpfCnpjFormatado ?? '',
  cidade: c.vwCliente.cidade,
  estado: c.vwCliente.estado,
});
const buscarClientesCalculo = (texto: string, signal: AbortSignal) => buscarClientes(texto, signal).then((cs) => cs.map(paraCliente));
const clienteTexto = (c: ClienteCalculo) => `${c.nome}${c.cpfCnpj ? ` (${c.cpfCnpj})` : ''}`;
const municipioTexto = (m: MunicipioRef) => `${m.nome}/${m.siglaUf}`;
const porId = (x: { id: number }) => String(x.id);

/** The customer's city as one municipality of its UF (an exact name first), or null when it is not one. */
async function municipioDoCliente(c: ClienteCalculo): Promise<MunicipioRef | null> {
  if (!c.cidade?.trim() || !c.estado?.trim()) return null;
  const uf = c.estado.trim().toUpperCase();
  const daUf = (await buscarMunicipios(c.cidade.trim()).catch(() => [])).filter((m) => m.siglaUf === uf);
  const exatos = daUf.filter((m) => chaveDescricao(m.nome) === chaveDescricao(c.cidade!));
  const unico = exatos.length === 1 ? exatos[0] : daUf.length === 1 ? daUf[0] : null;
  return unico && { id: unico.id, codigo: unico.codigo, nome: unico.nome, siglaUf: unico.siglaUf };
}

export interface CalculoFieldsProps {
  form: FormularioCalculo;
  set: (patch: Partial<FormularioCalculo>) => void;
}

/** Tab 1 "Detalhes" (spec 02 §2): what the calculation request carries (spec 02 §3). */
export function CalculoFields({ form, set }: CalculoFieldsProps) {
  const tipos = useTodosTiposVeiculo();
  const escolherCliente = async (cliente: ClienteCalculo | null) => {
    set({ cliente });
    const destino = cliente && (await municipioDoCliente(cliente));
    if (!destino) return;
    set({ destino });
  };
  const tipoOpcoes = [{ value: String(TIPO_VEICULO_QUALQUER), label: 'Qualquer' }, ...(tipos.data ?? []).map((t) => ({ value: String(t.id), label: t.descricao }))];
  return (
    <div className={formGrid.grade}>
      <DateInput label="Data de despacho" value={form.dataDespacho} onValueChange={(dataDespacho) => set({ dataDespacho })} />
      <Autocomplete<ClienteCalculo>
        label="Cliente"
        value={form.cliente}
        onValueChange={(c) => void escolherCliente(c)}
        queryKey={['clientes', 'calculo']}
        search={buscarClientesCalculo}
        itemToString={clienteTexto}
        itemToValue={porId}
      />
      <Autocomplete<TransportadoraRef>
        label="Transportadora"
        value={form.transportadora}
        onValueChange={(transportadora) => set({ transportadora })}
        queryKey={['transportadoras', 'calculo']}
        search={buscarTransportadorasSimples}
        itemToString={(t) => t.razaoSocial}
        itemToValue={porId}
      />
      <SelectField label="Tipo de veículo" value={String(form.tipoVeiculo)} onValueChange={(v) => set({ tipoVeiculo: Number(v) })} options={tipoOpcoes} />
      <Autocomplete<MunicipioRef>
        label="Município de origem"
        value={form.origem}
        onValueChange={(origem) => set({ origem })}
        queryKey={['municipios', 'busca']}
        search={buscarMunicipios}
        itemToString={municipioTexto}
        itemToValue={porId}
      />
      <Autocomplete<MunicipioRef>
        label="Município de destino"
        value={form.destino}
        onValueChange={(destino) => set({ destino })}
        queryKey={['municipios', 'busca']}
        search={buscarMunicipios}
        itemToString={municipioTexto}
        itemToValue={porId}
      />
      <DecimalInput label="ICMS (%)" value={form.icms} onValueChange={(icms) => set({ icms })} />
      <DecimalInput label="Peso (Kg)" value={form.peso} onValueChange={(peso) => set({ peso })} />
      <DecimalInput label="Valor da carga" value={form.valor} onValueChange={(valor) => set({ valor })} />
    </div>
  );
}
