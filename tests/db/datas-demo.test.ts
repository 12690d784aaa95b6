import { describe, expect, it } from 'vitest';
import { aleatorio } from '../../src/server/db/seed/ctes-demo/aleatorio';
import { emissao } from '../../src/server/db/seed/ctes-demo/datas-demo';

const mesLocal = (ms: number) => new Date(ms - 3 * 3600_000).toISOString().slice(0, 7);

describe('demo CT-e issue instants', () => {
  // CI runs the suite at 03:04 UTC, 00:04 in São Paulo: today's 06:00 is still hours ahead.
  it.each([
    ['just after midnight in São Paulo', '2026-11-24T03:04:51Z', '2026-11'],
    ['the first minutes of a month', '2026-12-01T03:00:30Z', '2026-12'],
    ['late evening', '2026-11-24T23:50:00Z', '2026-11'],
  ])('%s: never in the future, and the current month keeps its CT-es', (_, agora, mes) => {
    const hoje = new Date(agora);
    const r = aleatorio(42);
    const atuais = Array.from({ length: 2_000 }, () => emissao(r, hoje, 0));
    expect(Math.max(...atuais)).toBeLessThanOrEqual(hoje.getTime());
    expect(atuais.every((ms) => mesLocal(ms) === mes)).toBe(true);
    const anteriores = Array.from({ length: 2_000 }, () => emissao(r, hoje, 2));
    expect(anteriores.every((ms) => ms < hoje.getTime() && mesLocal(ms) < mes)).toBe(true);
  });
});
