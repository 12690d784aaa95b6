import { deslocamentoSaoPaulo } from '../sao-paulo-date';

// Date-times of the SEFAZ's XMLs (CT-e, protocols, events) as instants. Layouts 3.00/4.00 write them with
// the offset (2018-11-01T10:00:00-03:00); the old cancellation layout (1.04) wrote Brasília's local time with
// none (2012-12-10T09:30:00), which is read as São Paulo's (with its daylight saving time of the day).

const COM_FUSO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;
const SEM_FUSO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?$/;

/** The calendar has the day (Date.parse takes 30/02 as 02/03). */
function diaExiste(texto: string): boolean {
  const [ano, mes, dia] = texto.slice(0, 10).split('-').map(Number);
  const d = new Date(Date.UTC(ano, mes - 1, dia));
  return ano >= 1900 && d.getUTCMonth() === mes - 1 && d.getUTCDate() === dia;
}

/** The date-time with its offset (São Paulo's when it has none); null when it is not a valid date-time. */
export function instanteXml(texto: string | null | undefined): string | null {
  if (!texto || !(COM_FUSO.test(texto) || SEM_FUSO.test(texto)) || !diaExiste(texto)) return null;
  if (COM_FUSO.test(texto)) return Number.isNaN(Date.parse(texto)) ? null : texto;
  const comoUtc = Date.parse(`${texto}Z`);
  if (Number.isNaN(comoUtc)) return null;
  // The offset at about that local time (São Paulo is 2 or 3 hours behind UTC).
  return `${texto}${deslocamentoSaoPaulo(comoUtc + 3 * 3_600_000)}`;
}
