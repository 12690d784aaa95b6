import { dataSaoPaulo } from './sao-paulo-date';

// Spec 01 §9: dates are shown as DD/MM/YYYY.
// A plain "YYYY-MM-DD" is a calendar date: formatted literally so no time zone shifts it a day. An instant
// (a timestamp, a Date) is shown as its São Paulo calendar date, whatever the browser's time zone.
export function formatDateBr(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const dia = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : dataSaoPaulo(value);
  if (!dia) return '';
  const [ano, mes, d] = dia.split('-');
  return `${d}/${mes}/${ano}`;
}
