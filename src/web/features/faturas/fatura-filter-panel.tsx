import type { Ref } from 'react';
import { ROTULO_STATUS_FATURA, STATUS_FATURA } from '../../../contracts/faturas';
import { ROTULO_SITUACAO_PAGAMENTO, SITUACOES_PAGAMENTO } from '../../../contracts/pagamentos';
import { listarTransportadoras } from '../../api/transportadoras-api';
import { Autocomplete } from '../../ui/autocomplete';
import { DateInput } from '../../ui/date-input';
import { FilterForm, filtroLargo } from '../../ui/filter-form';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import type { FiltrosFatura, TransportadoraFiltro } from './fatura-filters';

const OPCOES_STATUS = [{ value: '', label: 'Todos' }, ...STATUS_FATURA.map((s) => ({ value: s, label: ROTULO_STATUS_FATURA[s] }))];
const OPCOES_SITUACAO = [{ value: '', label: 'Todas' }, ...SITUACOES_PAGAMENTO.map((s) => ({ value: s, label: ROTULO_SITUACAO_PAGAMENTO[s] }))];
const digitos = (v: string) => v.replace(/\D/g, '');
const porCnpj = (t: TransportadoraFiltro) => t.cnpj;
const nome = (t: TransportadoraFiltro) => t.nome;

/** The carrier autocomplete's search (the same call as the other carrier filters), keeping the CNPJ the query sends. */
const buscarTransportadoras = (texto: string, signal: AbortSignal): Promise<TransportadoraFiltro[]> =>
  listarTransportadoras({ transportadora: texto, desativados: false, page: 0, size: 20, sort: 'razaoSocial,asc' }, signal).then((p) =>
    p.content.flatMap((t) => {
      const cnpj = digitos(t.cnpjFormatado ?? t.cpfCnpjFormatado ?? '');
      return cnpj ? [{ cnpj, nome: t.razaoSocial }] : [];
    }),
  );

export interface FaturaFilterPanelProps {
  filtros: FiltrosFatura;
  set: (patch: Partial<FiltrosFatura>) => void;
  onSubmit: () => void;
  primeiroCampo: Ref<HTMLInputElement>;
}

/** Spec 03 §2.4 filters; Enter in any field (or Alt+P) searches. */
export function FaturaFilterPanel({ filtros: f, set, onSubmit, primeiroCampo }: FaturaFilterPanelProps) {
  return (
    <FilterForm label="Filtros de faturas" onSubmit={onSubmit}>
      <DateInput label="Emissão inicial" value={f.inicio || null} onValueChange={(d) => set({ inicio: d ?? '' })} />
      <DateInput label="Emissão final" value={f.fim || null} onValueChange={(d) => set({ fim: d ?? '' })} />
      <div className={filtroLargo}>
        <Autocomplete<TransportadoraFiltro>
          label="Transportadora"
          value={f.transportadora}
          onValueChange={(transportadora) => set({ transportadora })}
          queryKey={['faturas', 'filtro', 'transportadora']}
          search={buscarTransportadoras}
          itemToString={nome}
          itemToValue={porCnpj}
        />
      </div>
      <TextField ref={primeiroCampo} label="Documento" value={f.documento} onValueChange={(documento) => set({ documento })} maxLength={14} />
      <TextField
        label="Nº do documento"
        value={f.numeroDocumento}
        onValueChange={(v) => set({ numeroDocumento: digitos(v) })}
        inputMode="numeric"
        maxLength={10}
      />
      <SelectField label="Status" value={f.status} onValueChange={(v) => set({ status: v as FiltrosFatura['status'] })} options={OPCOES_STATUS} />
      <SelectField
        label="Situação de pagamento"
        value={f.situacaoPagamento}
        onValueChange={(v) => set({ situacaoPagamento: v as FiltrosFatura['situacaoPagamento'] })}
        options={OPCOES_SITUACAO}
      />
    </FilterForm>
  );
}
