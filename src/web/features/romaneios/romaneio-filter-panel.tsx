import type { ReactNode, Ref } from 'react';
import { ROTULO_STATUS_ROMANEIO, STATUS_ROMANEIO, type StatusRomaneio } from '../../../contracts/romaneio-status';
import type { RefRomaneio } from '../../../contracts/romaneios';
import { Autocomplete } from '../../ui/autocomplete';
import { DateInput } from '../../ui/date-input';
import { FilterForm, filtroLargo } from '../../ui/filter-form';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import type { FiltrosRomaneio } from './romaneio-filtros';
import { buscarClientesFiltro, buscarTransportadorasFiltro, porId, textoRef } from './romaneio-lookups';

const STATUS = [{ value: '', label: 'Todos' }, ...STATUS_ROMANEIO.map((s) => ({ value: s, label: ROTULO_STATUS_ROMANEIO[s] }))];

export interface RomaneioFilterPanelProps {
  filtros: FiltrosRomaneio;
  set: (patch: Partial<FiltrosRomaneio>) => void;
  onSubmit: () => void;
  primeiroCampo: Ref<HTMLInputElement>;
  /** Buttons after Procurar (Novo romaneio). */
  acoes?: ReactNode;
}

/** Spec 03 §2.7 filters of the freight-cost manifests: issue period, order, invoice, status, carrier, customer; Enter (or Alt+P) searches. */
export function RomaneioFilterPanel({ filtros: f, set, onSubmit, primeiroCampo, acoes }: RomaneioFilterPanelProps) {
  const registro = (campo: 'transportadora' | 'cliente', label: string, search: (t: string, s: AbortSignal) => Promise<RefRomaneio[]>) => (
    <div className={filtroLargo}>
      <Autocomplete<RefRomaneio>
        label={label}
        value={f[campo]}
        onValueChange={(v) => set({ [campo]: v })}
        queryKey={[campo === 'cliente' ? 'clientes' : 'transportadoras', 'filtro-romaneios']}
        search={search}
        itemToString={textoRef}
        itemToValue={porId}
      />
    </div>
  );
  return (
    <FilterForm label="Filtros de romaneios de frete" onSubmit={onSubmit} acoes={acoes}>
      <TextField ref={primeiroCampo} label="Pedido" value={f.pedido} onValueChange={(pedido) => set({ pedido })} maxLength={30} />
      <TextField label="Nota fiscal" value={f.notaFiscal} onValueChange={(notaFiscal) => set({ notaFiscal })} maxLength={30} />
      <DateInput label="Emissão inicial" value={f.inicio || null} onValueChange={(d) => set({ inicio: d ?? '' })} />
      <DateInput label="Emissão final" value={f.fim || null} onValueChange={(d) => set({ fim: d ?? '' })} />
      <SelectField label="Status" value={f.status} onValueChange={(v) => set({ status: v as StatusRomaneio | '' })} options={STATUS} />
      {registro('transportadora', 'Transportadora', buscarTransportadorasFiltro)}
      {registro('cliente', 'Cliente', buscarClientesFiltro)}
    </FilterForm>
  );
}
