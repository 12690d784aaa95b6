import { ROTULO_SITUACAO_PAGAMENTO, SITUACOES_PAGAMENTO } from '../../../contracts/pagamentos';
import { listarTransportadoras } from '../../api/transportadoras-api';
import { Autocomplete } from '../../ui/autocomplete';
import { DateInput } from '../../ui/date-input';
import { FilterForm, filtroLargo } from '../../ui/filter-form';
import { SelectField } from '../../ui/select-field';
import type { FiltrosPagamento, TransportadoraFiltro } from './pagamento-filters';

const OPCOES_SITUACAO = [{ value: '', label: 'Todas' }, ...SITUACOES_PAGAMENTO.map((s) => ({ value: s, label: ROTULO_SITUACAO_PAGAMENTO[s] }))];
const digitos = (v: string) => v.replace(/\D/g, '');
const porCnpj = (t: TransportadoraFiltro) => t.cnpj;
const nome = (t: TransportadoraFiltro) => t.nome;

/** The carrier autocomplete's search (the same call as the Faturas filter), keeping the CNPJ the query sends. */
const buscarTransportadoras = (texto: string, signal: AbortSignal): Promise<TransportadoraFiltro[]> =>
  listarTransportadoras({ transportadora: texto, desativados: false, page: 0, size: 20, sort: 'razaoSocial,asc' }, signal).then((p) =>
    p.content.flatMap((t) => {
      const cnpj = digitos(t.cnpjFormatado ?? t.cpfCnpjFormatado ?? '');
      return cnpj ? [{ cnpj, nome: t.razaoSocial }] : [];
    }),
  );

export interface PagamentoFilterPanelProps {
  filtros: FiltrosPagamento;
  set: (patch: Partial<FiltrosPagamento>) => void;
  onSubmit: () => void;
}

/** Situação de pagamento, transportadora, vencimento de/até; Enter in any field (or Alt+P) searches. */
export function PagamentoFilterPanel({ filtros: f, set, onSubmit }: PagamentoFilterPanelProps) {
  return (
    <FilterForm label="Filtros de pagamentos" onSubmit={onSubmit}>
      <SelectField
        label="Situação de pagamento"
        value={f.situacao}
        onValueChange={(v) => set({ situacao: v as FiltrosPagamento['situacao'] })}
        options={OPCOES_SITUACAO}
      />
      <div className={filtroLargo}>
        <Autocomplete<TransportadoraFiltro>
          label="Transportadora"
          value={f.transportadora}
          onValueChange={(transportadora) => set({ transportadora })}
          queryKey={['pagamentos', 'filtro', 'transportadora']}
          search={buscarTransportadoras}
          itemToString={nome}
          itemToValue={porCnpj}
        />
      </div>
      <DateInput label="Vencimento de" value={f.vencimentoInicio || null} onValueChange={(d) => set({ vencimentoInicio: d ?? '' })} />
      <DateInput label="Vencimento até" value={f.vencimentoFim || null} onValueChange={(d) => set({ vencimentoFim: d ?? '' })} />
    </FilterForm>
  );
}
