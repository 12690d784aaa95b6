import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acertarRelogio, relogio } from '../../src/domain/relogio';

// The console's one clock (docs/decisoes.md §36): RELOGIO sets "now" for the server, its seed and child processes, and the
// tests that read the demo; without it, real time.

const INSTANTE = '2028-02-29T23:30:00-03:00';
const ambienteOriginal = { RELOGIO: process.env.RELOGIO, RELOGIO_DESDE: process.env.RELOGIO_DESDE };

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
  for (const [k, v] of Object.entries(ambienteOriginal)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  acertarRelogio(process.env.RELOGIO, Number(process.env.RELOGIO_DESDE) || undefined);
});

describe('the console clock', () => {
  it('reads the instant set at the real instant given, and runs on from there', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-05T12:00:00Z') });
    acertarRelogio(INSTANTE, Date.now() - 5_000);
    expect(relogio.agora().toISOString()).toBe('2028-03-01T02:30:05.000Z');
    vi.advanceTimersByTime(60_000);
    expect(relogio.agoraMs()).toBe(Date.parse('2028-03-01T02:31:05Z'));
  });

  it('goes back to real time without an instant', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-05T12:00:00Z') });
    acertarRelogio(INSTANTE);
    acertarRelogio(undefined);
    expect(relogio.agoraMs()).toBe(Date.now());
  });

  it.each(['amanhã', '01/12/2026', '2026-13-01T10:00:00Z', '2026-12-01'])('refuses %s, saying what it expects', (texto) => {
    expect(() => acertarRelogio(texto)).toThrow(`RELOGIO inválido: "${texto}"; use um instante ISO 8601, como 2026-12-01T10:00:00-03:00`);
  });

  it('the first process to read RELOGIO writes down when, so what it starts keeps its clock', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-05T12:00:00Z') });
    process.env.RELOGIO = INSTANTE;
    delete process.env.RELOGIO_DESDE;
    vi.resetModules();
    const m = await import('../../src/domain/relogio');
    expect(process.env.RELOGIO_DESDE).toBe(String(Date.parse('2026-12-05T12:00:00Z')));
    expect(m.relogio.agora().toISOString()).toBe('2028-03-01T02:30:00.000Z');
  });

  it('a child process started with RELOGIO and RELOGIO_DESDE reads the same clock', () => {
    // One hour ago the clock read INSTANTE: the child reads an hour past it, give or take its own start.
    const desde = Date.now() - 3_600_000;
    const filho = spawnSync(process.execPath, ['--import', 'tsx', '-e', "import('./src/domain/relogio.ts').then((m) => console.log(m.relogio.agoraMs()))"], {
      env: { ...process.env, RELOGIO: INSTANTE, RELOGIO_DESDE: String(desde) },
      encoding: 'utf8',
    });
    expect(filho.stderr).toBe('');
    const lido = Number(filho.stdout.trim()) - Date.parse(INSTANTE);
    expect(lido).toBeGreaterThanOrEqual(3_600_000);
    expect(lido).toBeLessThan(3_600_000 + 600_000);
  });
});
