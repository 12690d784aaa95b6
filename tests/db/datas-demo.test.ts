import { describe, expect, it } from 'vitest';
import { mesSaoPaulo } from '../../src/domain/sao-paulo-date';
import { aleatorio } from '../../src/server/demo/ctes-demo/aleatorio';
import { emissao } from '../../src/server/demo/ctes-demo/datas-demo';
import { anoTabelasDemo } from '../../src/server/demo/semear-tabelas-frete-demo';

const mesLocal = (ms: number) => new Date(ms - 3 * 3600_000).toISOString().slice(0, 7);
/** The São Paulo month `n` before the one of `agora`, as YYYY-MM. */
const mesAntes = (agora: string, n: number) => {
  const [a, m] = mesLocal(Date.parse(agora)).split('-').map(Number);
  return new Date(Date.UTC(a, m - 1 - n, 1)).toISOString().slice(0, 7);
};

// The hard days of docs/decisoes.md §36: the first of a month, the last one at 23:30 in São Paulo (already the next day in
// UTC, and the next year), a leap day; and the CI's 00:04 in São Paulo.
const DIAS = [
  ['just after midnight in São Paulo', '2026-11-24T03:04:51Z', '2026-11'],
  ['the first minutes of a month', '2026-12-01T03:00:30Z', '2026-12'],
  ['the first day of a month', '2026-12-01T13:00:00Z', '2026-12'],
  ['the first day of a year', '2027-01-01T13:00:00Z', '2027-01'],
  ['the last day of a month at 23:30 in São Paulo', '2027-01-01T02:30:00Z', '2026-12'],
  ['a leap day', '2028-02-29T15:00:00Z', '2028-02'],
  ['late evening', '2026-11-24T23:50:00Z', '2026-11'],
] as const;

describe('demo CT-e issue instants', () => {
  it.each(DIAS)('%s: never in the future, and the current month keeps its CT-es', (_, agora, mes) => {
    const hoje = new Date(agora);
    const r = aleatorio(42);
    const atuais = Array.from({ length: 2_000 }, () => emissao(r, hoje, 0));
    expect(Math.max(...atuais)).toBeLessThanOrEqual(hoje.getTime());
    expect(atuais.every((ms) => mesLocal(ms) === mes)).toBe(true);
    const anteriores = Array.from({ length: 2_000 }, () => emissao(r, hoje, 2));
    expect(anteriores.every((ms) => ms < hoje.getTime() && mesLocal(ms) === mesAntes(agora, 2))).toBe(true);
  });

  it.each(DIAS)('%s: the demo tables are in force from before the demo CT-es and the four months before them', (_, agora) => {
    const inicio = `${anoTabelasDemo(new Date(agora))}-01`;
    expect(inicio <= mesAntes(agora, 4)).toBe(true);
    // Never older than needed: the current tables start within the year before the demo's first month.
    expect(Number(mesSaoPaulo(new Date(agora)).dataIni.slice(0, 4)) - Number(inicio.slice(0, 4))).toBeLessThanOrEqual(1);
  });
});
