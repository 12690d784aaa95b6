// The console's one clock: "now" and "today" for default periods, the dates a record gets when it is made, the
// demo seed and the tests that read the demo. Real time, unless the environment sets RELOGIO (an ISO 8601
// instant, e.g. 2026-12-01T10:00:00-03:00): then the clock reads RELOGIO at the real instant RELOGIO_DESDE
// (ms since the epoch; by default when this module first loads) and runs on from there. The first process to
// read RELOGIO writes RELOGIO_DESDE back into its environment, so its child processes and worker threads keep
// the very same clock. In the browser there is no environment: the page's own clock (a test sets it through
// Playwright's clock).

type Ambiente = Record<string, string | undefined>;
const ambiente: Ambiente | undefined = (globalThis as { process?: { env?: Ambiente } }).process?.env;

let deslocamento = 0;

/** The instant RELOGIO names, or an error that says what is wrong with it. */
export function instanteDoRelogio(texto: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(texto) ? Date.parse(texto) : NaN;
  if (Number.isNaN(ms)) throw new Error(`RELOGIO inválido: "${texto}"; use um instante ISO 8601, como 2026-12-01T10:00:00-03:00`);
  return ms;
}

/**
 * Sets the clock: from the real instant `desde` on, it reads `instante` and runs on; no instant puts it back
 * on real time. Tests that run in one process call it; processes started by them get RELOGIO instead.
 */
export function acertarRelogio(instante?: string | Date, desde = Date.now()): void {
  if (instante === undefined || instante === '') deslocamento = 0;
  else deslocamento = (instante instanceof Date ? instante.getTime() : instanteDoRelogio(instante)) - desde;
}

export const relogio = {
  /** Now, by the console's clock, in ms since the epoch. */
  agoraMs: (): number => Date.now() + deslocamento,
  /** Now, by the console's clock. */
  agora: (): Date => new Date(Date.now() + deslocamento),
};

if (ambiente?.RELOGIO) {
  const desde = Number(ambiente.RELOGIO_DESDE) || Date.now();
  acertarRelogio(ambiente.RELOGIO, desde);
  ambiente.RELOGIO_DESDE = String(desde);
}
