import type { ReactNode, Ref } from 'react';
import { ROTULO_STATUS_ROMANEIO, STATUS_ROMANEIO, type StatusRomaneio } from '../../../../contracts/romaneio-status';
import type { MunicipioRomaneio, RefRomaneio } from '../../../../contracts/romaneios';
import { Autocomplete } from '../../../ui/autocomplete';
import { DateInput } from '../../../ui/date-input';
import { FilterForm, filtroLargo } from '../../../ui/filter-form';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import type { FiltrosRomaneioOs } from './romaneio-os-filtros';
import {
  buscarClientesRomaneio,
  buscarMunicipiosRomaneio,
  buscarTransportadorasRomaneio,
  porId,
  textoCliente,
  textoMunicipio,
  textoRef,
  type ClienteFiltro,
} from './romaneio-os-lookups';

const STATUS = [{ value: '', label: 'Todos' }, ...STATUS_ROMANEIO.map((s) => ({ value: s, label: ROTULO_STATUS_ROMANEIO[s] }))];

export interface RomaneioOsFilterPanelProps {
  filtros: FiltrosRomaneioOs;
  set: (patch: Partial<FiltrosRomaneioOs>) => void;
  onSubmit: () => void;
  primeiroCampo: Ref<HTMLInputElement>;
  /** Buttons after Procurar (Novo romaneio). */
  acoes?: ReactNode;
}

/** Spec 03 §2.7 filters: issue period, order, invoice, status, origin and destination, carrier, customer; Enter (or Alt+P) searches. */
export function RomaneioOsFilterPanel({ filtros: f, set, onSubmit, primeiroCampo, acoes }: RomaneioOsFilterPanelProps) {
  const municipio = (campo: 'origem' | 'destino', label: string) => (
    <Autocomplete<MunicipioRomaneio>
      label={label}
      value={f[campo]}
      onValueChange={(m) => set({ [campo]: m })}
      queryKey={['municipios', 'filtro-romaneios-os', campo]}
      search={buscarMunicipiosRomaneio}
      itemToString={textoMunicipio}
      itemToValue={porId}
    />
  );
  return (
    <FilterForm label="Filtros de romaneios de O.S." onSubmit={onSubmit} acoes={acoes}>
      <TextField ref={primeiroCampo} label="Pedido" value={f.pedido} onValueChange={(pedido) => set({ pedido })} maxLength={30} />
      <TextField label="Nota fiscal" value={f.notaFiscal} onValueChange={(notaFiscal) => set({ notaFiscal })} maxLength={30} />
      <DateInput label="Emissão inicial" value={f.inicio || null} onValueChange={(d) => set({ inicio: d ?? '' })} />
      <DateInput label="Emissão final" value={f.fim || null} onValueChange={(d) => set({ fim: d ?? '' })} />
      <SelectField label="Status" value={f.status} onValueChange={(v) => set({ status: v as StatusRomaneio | '' })} options={STATUS} />
      {municipio('origem', 'Município de origem')}
      {municipio('destino', 'Município de destino')}
      <div className={filtroLargo}>
        <Autocomplete<RefRomaneio>
          label="Transportadora"
          value={f.transportadora}
          onValueChange={(transportadora) => set({ transportadora })}
          queryKey={['transportadoras', 'filtro-romaneios-os']}
          search={buscarTransportadorasRomaneio}
          itemToString={textoRef}
          itemToValue={porId}
        />
      </div>
      <div className={filtroLargo}>
        <Autocomplete<ClienteFiltro>
          label="Cliente"
          value={f.cliente}
          onValueChange={(cliente) => set({ cliente })}
          queryKey={['clientes', 'filtro-romaneios-os']}
          search={buscarClientesRomaneio}
          itemToString={textoCliente}
          itemToValue={porId}
        />
      </div>
    </FilterForm>
  );
}
