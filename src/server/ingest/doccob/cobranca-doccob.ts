import { ehDataIso } from '../../../contracts/common';
import type { FaturaDoccob } from '../../../contracts/doccob';

type Valores = Record<string, string | null>;
const texto = (v: string | null | undefined) => (v ? v : null);
const zeros = (v: string | null) => !v || /^0+$/.test(v);

/**
 * The 000's date (DDMMAA at 74) and time (HHMM at 80) as "YYYY-MM-DDTHH:MM" (no time zone: the file has
 * none), "YYYY-MM-DD" when the time is blank or not one; null when the date is blank, zeros or not a date,
 * with a warning for the last case (the interchange date is informative: it never refuses a file).
 */
export function dataIntercambio(data: string | null, hora: string | null): { data: string | null; aviso?: string } {
  if (zeros(data)) return { data: null };
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(data!);
  const iso = m ? `20${m[3]}-${m[2]}-${m[1]}` : '';
  if (!ehDataIso(iso)) return { data: null, aviso: `Linha 1: data do intercâmbio inválida ("${data}", esperado DDMMAA): ignorada.` };
  const h = /^([01]\d|2[0-3])([0-5]\d)$/.exec(hora ?? '');
  return { data: h ? `${iso}T${h[1]}:${h[2]}` : iso };
}

/** The 000's fields back as the writer writes them (DDMMAA, HHMM). */
export function dataHoraDoIntercambio(dataIntercambio: string | null | undefined): { data: string; hora: string } {
  if (!dataIntercambio) return { data: '', hora: '' };
  const [ano, mes, dia] = dataIntercambio.slice(0, 10).split('-');
  return { data: `${dia}${mes}${ano.slice(2)}`, hora: dataIntercambio.slice(11, 16).replace(':', '') };
}

/**
 * The 352/552's charge fields: ICMS (3.0A; 5.0 brings it in the 553), interest, discount, the agent and the
 * bank account. Agency and account all zeros (what files write for "none") leave the four bank fields null.
 */
export type CobrancaDoccob = Pick<
  FaturaDoccob,
  'valorIcms' | 'valorJurosDia' | 'dataLimiteDesconto' | 'valorDesconto' | 'agenteCobranca' | 'agencia' | 'digitoAgencia' | 'conta' | 'digitoConta'
>;

export function camposCobranca(v: Valores): CobrancaDoccob {
  const semConta = zeros(v.agencia) && zeros(v.conta);
  return {
    valorIcms: v.valorIcms ?? null,
    valorJurosDia: v.valorJurosDia ?? null,
    dataLimiteDesconto: v.dataLimiteDesconto ?? null,
    valorDesconto: v.valorDesconto ?? null,
    agenteCobranca: texto(v.agenteCobranca),
    agencia: semConta ? null : texto(v.agencia),
    digitoAgencia: semConta ? null : texto(v.digitoAgencia),
    conta: semConta ? null : texto(v.conta),
    digitoConta: semConta ? null : texto(v.digitoConta),
  };
}
