// Spec 01 §5/§9: date inputs use dd/mm/yyyy with a year range of 1976 to 2030.
export const ANO_MINIMO = 1976;
export const ANO_MAXIMO = 2030;

/** "dd/mm/yyyy" → "YYYY-MM-DD", or null when it is not a real date inside the year range. */
export function parseDateBr(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [dia, mes, ano] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (ano < ANO_MINIMO || ano > ANO_MAXIMO || mes < 1 || mes > 12 || dia < 1) return null;
  const diasNoMes = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  if (dia > diasNoMes) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}
