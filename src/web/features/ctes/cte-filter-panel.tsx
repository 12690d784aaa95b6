import type { ReactNode, Ref } from 'react';
import type { Cliente } from '../../../contracts/clientes';
import { AGRUPAMENTOS, FILTRO_STATUS_CTE, FILTROS_OCORRENCIA, ROTULO_FILTRO_OCORRENCIA, STATUS_AUDITORIA, TOMADORES } from '../../../contracts/ctes';
import type { Municipio } from '../../../contracts/municipios';
import { buscarMunicipios } from '../../api/municipios-api';
import { buscarClientes } from '../../api/tabelas-frete-api';
import { buscarTransportadorasSimples } from '../../api/transportadoras-api';
import { AutocompleteSobDemanda } from '../../ui/autocomplete-sob-demanda';
import { DateInput } from '../../ui/date-input';
import { FilterForm, filtroLargo } from '../../ui/filter-form';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import type { Escolha, FiltrosCte } from './cte-filters';
import { ROTULO_AGRUPAMENTO, ROTULO_AUDITORIA, ROTULO_FILTRO_STATUS, ROTULO_TOMADOR } from './status-labels';

const porId = (x: { id: number }) => String(x.id);
const nome = (x: Escolha) => x.nome;
// The filter carries the IBGE code (spec 03 §7 "municipioOrigem and municipioDestino codes").
const buscarMunicipiosFiltro = (texto: string, signal: AbortSignal): Promise<Escolha[]> =>
  buscarMunicipios(texto, signal).then((ms: Municipio[]) => ms.map((m) => ({ id: m.codigo, nome: `${m.nome}/${m.siglaUf}` })));
const buscarTransportadorasFiltro = (texto: string, signal: AbortSignal): Promise<Escolha[]> =>
  buscarTransportadorasSimples(texto, signal).then((ts) => ts.map((t) => ({ id: t.id, nome: t.razaoSocial })));
const buscarClientesFiltro = (texto: string, signal: AbortSignal): Promise<Escolha[]> =>
  buscarClientes(texto, signal).then((cs: Cliente[]) => cs.map((c) => ({ id: c.id, nome: c.descricaoAmigavel || c.vwCliente.razaoSocial })));

const opcoes = (valores: readonly string[], rotulos: Record<string, string>, todos = true) => [
  ...(todos ? [{ value: '', label: 'Todos' }] : []),
  ...valores.map((v) => ({ value: v, label: rotulos[v] ?? v })),
];

export interface CteFilterPanelProps {
  filtros: FiltrosCte;
  set: (patch: Partial<FiltrosCte>) => void;
  onSubmit: () => void;
  primeiroCampo: Ref<HTMLInputElement>;
  children?: ReactNode;
}

/** Spec 03 §2.1 filters. Enter in any field (or Alt+P) searches. The combobox of the four lookups loads at their first use. */
export function CteFilterPanel({ filtros: f, set, onSubmit, primeiroCampo, children }: CteFilterPanelProps) {
  const escolha = (label: string, campo: 'municipioOrigem' | 'municipioDestino' | 'transportadora' | 'cliente', buscar: (t: string, s: AbortSignal) => Promise<Escolha[]>) => (
    <AutocompleteSobDemanda<Escolha>
      label={label}
      value={f[campo]}
      onValueChange={(v) => set({ [campo]: v })}
      queryKey={['ctes', 'filtro', campo]}
      search={buscar}
      itemToString={nome}
      itemToValue={porId}
    />
  );
  return (
    <FilterForm label="Filtros de fretes" onSubmit={onSubmit} acoes={children}>
      <TextField ref={primeiroCampo} label="Nº da fatura" value={f.numeroFatura} onValueChange={(numeroFatura) => set({ numeroFatura })} maxLength={20} />
      <DateInput label="Emissão inicial" value={f.dataIni || null} onValueChange={(d) => set({ dataIni: d ?? '' })} />
      <DateInput label="Emissão final" value={f.dataFim || null} onValueChange={(d) => set({ dataFim: d ?? '' })} />
      <div className={filtroLargo}>
        <TextField label="Chave do CT-e" value={f.chave} onValueChange={(chave) => set({ chave: chave.replace(/\D/g, '') })} maxLength={44} inputMode="numeric" />
      </div>
      <TextField label="Nº do CT-e" value={f.numeroCte} onValueChange={(v) => set({ numeroCte: v.replace(/\D/g, '') })} inputMode="numeric" maxLength={10} />
      <TextField label="Nº do pedido" value={f.numeroPedido} onValueChange={(numeroPedido) => set({ numeroPedido })} maxLength={30} />
      <TextField label="Nº da NF" value={f.numeroNf} onValueChange={(v) => set({ numeroNf: v.replace(/\D/g, '') })} inputMode="numeric" maxLength={10} />
      <SelectField
        label="Status"
        value={f.status}
        onValueChange={(status) => set(status === 'AUDITADO' ? { status } : { status, auditoria: '' })}
        options={opcoes(FILTRO_STATUS_CTE, ROTULO_FILTRO_STATUS)}
      />
      <SelectField
        label="Status da auditoria"
        value={f.auditoria}
        disabled={f.status !== 'AUDITADO'}
        onValueChange={(auditoria) => set({ auditoria })}
        options={opcoes(STATUS_AUDITORIA, ROTULO_AUDITORIA)}
      />
      <SelectField label="Agrupamento" value={f.agrupamento} onValueChange={(agrupamento) => set({ agrupamento })} options={opcoes(AGRUPAMENTOS, ROTULO_AGRUPAMENTO)} />
      {/* Issue 31: CT-es with a re-delivery occurrence, or without a proof of delivery. */}
      <SelectField label="Ocorrência" value={f.ocorrencia} onValueChange={(ocorrencia) => set({ ocorrencia })} options={opcoes(FILTROS_OCORRENCIA, ROTULO_FILTRO_OCORRENCIA)} />
      <SelectField
        label="Tomador do serviço"
        value={f.tomadorServico}
        onValueChange={(tomadorServico) => set({ tomadorServico })}
        options={opcoes([...TOMADORES, 'TODOS'], ROTULO_TOMADOR, false)}
      />
      {escolha('Município de origem', 'municipioOrigem', buscarMunicipiosFiltro)}
      {escolha('Município de destino', 'municipioDestino', buscarMunicipiosFiltro)}
      {escolha('Transportadora', 'transportadora', buscarTransportadorasFiltro)}
      {escolha('Cliente', 'cliente', buscarClientesFiltro)}
    </FilterForm>
  );
}
