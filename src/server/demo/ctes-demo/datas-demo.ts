import type { Aleatorio } from './aleatorio';

const LOCAL = -3 * 3600_000; // Brasília, no DST
const p2 = (n: number) => String(n).padStart(2, '0');

/** A local (-03:00) timestamp as a CT-e writes it. */
export const dataHoraLocal = (ms: number) => {
  const d = new Date(ms + LOCAL);
  return `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}T${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}-03:00`;
};

/**
 * An emission instant in month `mesesAtras` before the current one (local time): days 1 to the month's end,
 * or to today in the current month; between 06:00 and 20:59 and never in the future. A draw later than now
 * (today) moves to a random instant between today's 00:00 local and a minute ago, so a seed run just after
 * midnight still dates nothing in the future (CI runs at 00:04 in São Paulo).
 */
export function emissao(r: Aleatorio, hoje: Date, mesesAtras: number): number {
  const local = new Date(hoje.getTime() + LOCAL);
  const ano = local.getUTCFullYear();
  const mes = local.getUTCMonth() - mesesAtras;
  const ultimo = mesesAtras === 0 ? local.getUTCDate() : new Date(Date.UTC(ano, mes + 1, 0)).getUTCDate();
  const dia = 1 + r.inteiro(ultimo);
  const ms = Date.UTC(ano, mes, dia, 6 + r.inteiro(15), r.inteiro(60), r.inteiro(60)) - LOCAL;
  const limite = hoje.getTime() - 60_000;
  if (ms < limite) return ms;
  const inicioDoDia = Date.UTC(ano, local.getUTCMonth(), local.getUTCDate()) - LOCAL;
  return Math.max(inicioDoDia, limite - r.inteiro(Math.max(1, limite - inicioDoDia)));
}
