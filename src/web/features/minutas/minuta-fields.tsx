import type { ReactNode } from 'react';
import { MSG_CNPJ_REMETENTE_INVALIDO, MSG_CNPJ_TOMADOR_INVALIDO } from '../../../contracts/minutas';
import { Autocomplete, type AutocompleteProps } from '../../ui/autocomplete';
import { somenteDigitos } from '../../../domain/cpf';
import { CnpjInput } from '../../ui/cnpj-input';
import { DateInput } from '../../ui/date-input';
import { DecimalInput } from '../../ui/decimal-input';
import { formGrid } from '../../ui/form-grid';
import { TextField } from '../../ui/text-field';
import { percentualInteiro, type MinutaEmEdicao } from './minuta-form';
import {
  buscarClientesMinuta,
  buscarMunicipiosMinuta,
  buscarTransportadorasMinuta,
  porId,
  textoCliente,
  textoMunicipio,
  textoTransportadora,
} from './minuta-lookups';

export interface MinutaFieldsProps {
  e: MinutaEmEdicao;
  set: (patch: Partial<MinutaEmEdicao>) => void;
  /** Not PENDENTE: every field shown, none changed. */
  disabled: boolean;
}

type Busca<T> = Pick<AutocompleteProps<T>, 'search' | 'itemToString'> & { raiz: string };
// Keyed under their entities' roots (as features/tabelas-frete does), so a change to minutas leaves them be.
const TRANSPORTADORA: Busca<NonNullable<MinutaEmEdicao['transportadora']>> = { raiz: 'transportadoras', search: buscarTransportadorasMinuta, itemToString: textoTransportadora };
const MUNICIPIO: Busca<NonNullable<MinutaEmEdicao['origem']>> = { raiz: 'municipios', search: buscarMunicipiosMinuta, itemToString: textoMunicipio };
const CLIENTE: Busca<NonNullable<MinutaEmEdicao['cliente']>> = { raiz: 'clientes', search: buscarClientesMinuta, itemToString: textoCliente };

/** Spec 03 §2.5 modal fields: the texts, the four autocompletes, the numbers and the two CNPJs. */
export function MinutaFields({ e, set, disabled }: MinutaFieldsProps) {
  const auto = <K extends 'transportadora' | 'origem' | 'destino' | 'cliente'>(campo: K, label: string, { raiz, ...busca }: Busca<NonNullable<MinutaEmEdicao[K]>>): ReactNode => (
    <Autocomplete<NonNullable<MinutaEmEdicao[K]>>
      label={label}
      value={e[campo] as NonNullable<MinutaEmEdicao[K]> | null}
      onValueChange={(v) => set({ [campo]: v } as Partial<MinutaEmEdicao>)}
      queryKey={[raiz, 'minuta', campo]}
      itemToValue={porId}
      disabled={disabled}
      {...busca}
    />
  );
  return (
    <div className={formGrid.grade}>
      <TextField label="Nº da fatura" value={e.fatura} onValueChange={(fatura) => set({ fatura })} maxLength={20} disabled={disabled} />
      <TextField label="Nº da minuta" value={e.numero} onValueChange={(v) => set({ numero: somenteDigitos(v) })} inputMode="numeric" maxLength={9} disabled={disabled} />
      <DateInput label="Data de emissão" value={e.dataEmissao} onValueChange={(dataEmissao) => set({ dataEmissao })} disabled={disabled} />
      {auto('transportadora', 'Transportadora', TRANSPORTADORA)}
      {auto('origem', 'Origem', MUNICIPIO)}
      {auto('destino', 'Destino', MUNICIPIO)}
      {auto('cliente', 'Cliente', CLIENTE)}
      <DecimalInput label="Peso bruto (Kg)" value={e.peso} onValueChange={(peso) => set({ peso })} disabled={disabled} />
      <DecimalInput label="ICMS (%)" value={e.percentualIcms} onValueChange={(v) => set({ percentualIcms: percentualInteiro(v) })} decimals={0} disabled={disabled} />
      <DecimalInput label="Valor do frete" value={e.valorTotalFrete} onValueChange={(valorTotalFrete) => set({ valorTotalFrete })} decimals={2} disabled={disabled} />
      <CnpjInput label="CNPJ do tomador" value={e.cnpjTomador} onValueChange={(cnpjTomador) => set({ cnpjTomador })} mensagemInvalido={MSG_CNPJ_TOMADOR_INVALIDO} disabled={disabled} />
      <CnpjInput label="CNPJ do remetente" value={e.cnpjRemetente} onValueChange={(cnpjRemetente) => set({ cnpjRemetente })} mensagemInvalido={MSG_CNPJ_REMETENTE_INVALIDO} disabled={disabled} />
    </div>
  );
}
