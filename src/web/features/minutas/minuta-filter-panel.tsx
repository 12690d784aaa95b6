import type { ReactNode, Ref } from 'react';
import { somenteDigitos } from '../../../domain/cpf';
import { buscarTransportadorasSimples } from '../../api/transportadoras-api';
import { Autocomplete } from '../../ui/autocomplete';
import { DateInput } from '../../ui/date-input';
import { FilterForm, filtroLargo } from '../../ui/filter-form';
import { TextField } from '../../ui/text-field';
import type { FiltrosMinuta, TransportadoraFiltro } from './minuta-filters';

const nome = (t: TransportadoraFiltro) => t.razaoSocial;
const porId = (t: TransportadoraFiltro) => String(t.id);

export interface MinutaFilterPanelProps {
  filtros: FiltrosMinuta;
  set: (patch: Partial<FiltrosMinuta>) => void;
  onSubmit: () => void;
  primeiroCampo: Ref<HTMLInputElement>;
  /** Buttons after Procurar (Incluir). */
  acoes?: ReactNode;
}

/** Spec 03 §2.5 filters: invoice, issue period, key, number, carrier; Enter in any field (or Alt+P) searches. */
export function MinutaFilterPanel({ filtros: f, set, onSubmit, primeiroCampo, acoes }: MinutaFilterPanelProps) {
  return (
    <FilterForm label="Filtros de minutas" onSubmit={onSubmit} acoes={acoes}>
      <TextField ref={primeiroCampo} label="Nº da fatura" value={f.fatura} onValueChange={(fatura) => set({ fatura })} maxLength={20} />
      <DateInput label="Emissão inicial" value={f.inicio || null} onValueChange={(d) => set({ inicio: d ?? '' })} />
      <DateInput label="Emissão final" value={f.fim || null} onValueChange={(d) => set({ fim: d ?? '' })} />
      <TextField label="Chave" value={f.chave} onValueChange={(v) => set({ chave: somenteDigitos(v) })} inputMode="numeric" maxLength={44} />
      <TextField label="Número" value={f.numero} onValueChange={(v) => set({ numero: somenteDigitos(v) })} inputMode="numeric" maxLength={9} />
      <div className={filtroLargo}>
        <Autocomplete<TransportadoraFiltro>
          label="Transportadora"
          value={f.transportadora}
          onValueChange={(transportadora) => set({ transportadora })}
          queryKey={['transportadoras', 'filtro-minutas']}
          search={buscarTransportadorasSimples}
          itemToString={nome}
          itemToValue={porId}
        />
      </div>
    </FilterForm>
  );
}
