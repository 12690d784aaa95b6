import { formatCep, formatCnpj, formatCpf, formatPhone } from '@brazilian-utils/brazilian-utils';
import { formatNumberBr } from '../format-number-br';
import { FUSO_SAO_PAULO } from '../sao-paulo-date';
import { simboloUnidade } from './rotulos-cte';

// The CT-e's identifiers and quantities as people read them. A value of an unexpected shape is shown as
// written, never reshaped into something it is not.

/** CNPJ "00.000.000/0000-00" (also the alphanumeric CNPJ of 2026), else CPF "000.000.000-00". */
export function formatarCnpjCpf(cnpj: string | null | undefined, cpf?: string | null): string | null {
  if (cnpj) {
    if (/^\d{14}$/.test(cnpj)) return formatCnpj(cnpj);
    // The library drops letters: the alphanumeric CNPJ is masked here.
    const m = /^([0-9A-Z]{2})([0-9A-Z]{3})([0-9A-Z]{3})([0-9A-Z]{4})(\d{2})$/.exec(cnpj);
    return m ? `${m[1]}.${m[2]}.${m[3]}/${m[4]}-${m[5]}` : cnpj;
  }
  if (cpf) return /^\d{11}$/.test(cpf) ? formatCpf(cpf) : cpf;
  return null;
}

export const formatarCep = (cep: string | null | undefined): string | null => (cep ? (/^\d{8}$/.test(cep) ? formatCep(cep) : cep) : null);

/** fone of the CT-e (6–14 digits): with area code "(45) 3522-1216", 0800 numbers, or as written. */
export function formatarTelefone(fone: string | null | undefined): string | null {
  if (!fone) return null;
  if (/^0[3589]00\d{7}$/.test(fone) || /^55[1-9]\d{9,10}$/.test(fone) || /^[1-9]\d{9,10}$/.test(fone)) return formatPhone(fone, { mask: 'auto' });
  const local = /^(\d{4,5})(\d{4})$/.exec(fone);
  return local ? `${local[1]}-${local[2]}` : fone;
}

/** A weight in kg with its three decimals: "15347.5" → "15.347,500 kg". */
export function formatarPesoKg(kg: string | null | undefined): string | null {
  const numero = formatNumberBr(kg, { decimals: 3 });
  return numero ? `${numero} kg` : null;
}

/** A cargo quantity with its unit's symbol: ("15347.5", "01") → "15.347,500 kg"; ("15.3475", "02") → "15,3475 t"; ("12", "03") → "12 un". */
export function formatarQuantidade(quantidade: string, unidade: string): string {
  const simbolo = simboloUnidade(unidade);
  const massa = simbolo === 'kg' || simbolo === 't';
  // qCarga has up to 4 decimals: weights show at least the 3 of a gram, nothing the XML says is rounded away.
  const numero = formatNumberBr(quantidade, { minDecimals: massa ? 3 : 0, maxDecimals: 4 });
  return numero ? `${numero} ${simbolo}` : quantidade;
}

const dataHora = new Intl.DateTimeFormat('pt-BR', { timeZone: FUSO_SAO_PAULO, dateStyle: 'short', timeStyle: 'short' });
/** An instant of the CT-e (emission, protocol) as São Paulo date and time: "31/10/2018 17:47". */
export function formatarDataHora(instante: string | null | undefined): string | null {
  if (!instante) return null;
  const d = new Date(instante);
  return Number.isNaN(d.getTime()) ? instante : dataHora.format(d).replace(',', '');
}
