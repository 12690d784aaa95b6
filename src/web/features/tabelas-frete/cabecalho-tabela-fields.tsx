import { css } from '../../../../styled-system/css';
import { FLAGS_TABELA, ROTULO_FLAG_TABELA } from '../../../contracts/tabela-frete-tipos';
import { type TabelaFrete, type TransportadoraRef } from '../../../contracts/tabela-frete-modelo';
import { buscarTransportadorasSimples } from '../../api/transportadoras-api';
import { Autocomplete } from '../../ui/autocomplete';
import { CheckboxGroup } from '../../ui/checkbox-group';
import { DateInput } from '../../ui/date-input';
import { TextField } from '../../ui/text-field';

const grade = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) repeat(2, minmax(0, 1fr))', gap: '3', alignItems: 'end' });

const transportadoraTexto = (t: TransportadoraRef) => t.razaoSocial;
const transportadoraValor = (t: TransportadoraRef) => String(t.id);

export type CabecalhoTabela = Pick<TabelaFrete, 'transportadora' | 'inicio' | 'fim' | 'flags' | 'descricaoIcms' | 'descricaoPesoTaxado'>;

/** The table's own fields (spec 02 §2): carrier, validity, options, ICMS and taxed-weight descriptions. */
export function CabecalhoTabelaFields({ tabela, set }: { tabela: CabecalhoTabela; set: (patch: Partial<CabecalhoTabela>) => void }) {
  return (
    <div className={grade}>
      <Autocomplete<TransportadoraRef>
        label="Transportadora"
        value={tabela.transportadora}
        onValueChange={(transportadora) => set({ transportadora })}
        queryKey={['transportadoras', 'tabela-frete']}
        search={buscarTransportadorasSimples}
        itemToString={transportadoraTexto}
        itemToValue={transportadoraValor}
      />
      <DateInput label="Início" value={tabela.inicio} onValueChange={(inicio) => set({ inicio })} />
      <DateInput label="Fim" value={tabela.fim} onValueChange={(fim) => set({ fim })} />
      <TextField label="Descrição do ICMS" value={tabela.descricaoIcms ?? ''} onValueChange={(v) => set({ descricaoIcms: v || null })} maxLength={60} />
      <TextField label="Descrição do peso taxado" value={tabela.descricaoPesoTaxado ?? ''} onValueChange={(v) => set({ descricaoPesoTaxado: v || null })} maxLength={60} />
      <CheckboxGroup legend="Opções" options={FLAGS_TABELA.map((f) => ({ value: f, label: ROTULO_FLAG_TABELA[f] }))} value={tabela.flags} onValueChange={(flags) => set({ flags })} />
    </div>
  );
}
