import { relogio } from './relogio';
// Dates of the business are São Paulo calendar dates (the company's and the CT-e's time zone), whatever the
// time zone of the browser or the server: a CT-e issued 14/10/2024 22:26 -03:00 is a CT-e of 14/10.
export const FUSO_SAO_PAULO = 'America/Sao_Paulo';

const diaEmSaoPaulo = new Intl.DateTimeFormat('en-CA', { timeZone: FUSO_SAO_PAULO, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The São Paulo calendar date (YYYY-MM-DD) of an instant; null for an invalid one. */
export function dataSaoPaulo(instante: Date | string | number): string | null {
  const d = instante instanceof Date ? instante : new Date(instante);
  if (Number.isNaN(d.getTime())) return null;
  return diaEmSaoPaulo.format(d);
}

/** The São Paulo month of an instant (default now), as its first and last day (YYYY-MM-DD). */
export function mesSaoPaulo(agora: Date = relogio.agora()): { dataIni: string; dataFim: string } {
  const [ano, mes] = dataSaoPaulo(agora)!.split('-');
  const ultimo = new Date(Date.UTC(Number(ano), Number(mes), 0)).getUTCDate();
  return { dataIni: `${ano}-${mes}-01`, dataFim: `${ano}-${mes}-${String(ultimo).padStart(2, '0')}` };
}

/** A YYYY-MM-DD date moved by `dias` calendar days. */
export function somarDias(data: string, dias: number): string {
  const [a, m, d] = data.split('-').map(Number);
  return new Date(Date.UTC(a, m - 1, d + dias)).toISOString().slice(0, 10);
}

const fusoEmSaoPaulo = new Intl.DateTimeFormat('en-US', { timeZone: FUSO_SAO_PAULO, timeZoneName: 'longOffset' });

/** São Paulo's offset at an instant ("-03:00"; "-02:00" on the summer days before 2019). */
export function deslocamentoSaoPaulo(instante: Date | number): string {
  const nome = fusoEmSaoPaulo.formatToParts(instante).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT-03:00';
  return nome === 'GMT' ? '+00:00' : nome.slice(3);
}

/** An instant as São Paulo's local date-time with its offset ("2026-03-05T14:30:00-03:00"). */
export function isoSaoPaulo(instante: Date): string {
  const fuso = deslocamentoSaoPaulo(instante);
  const minutos = (fuso.startsWith('-') ? -1 : 1) * (Number(fuso.slice(1, 3)) * 60 + Number(fuso.slice(4, 6)));
  return `${new Date(instante.getTime() + minutos * 60_000).toISOString().slice(0, 19)}${fuso}`;
}
