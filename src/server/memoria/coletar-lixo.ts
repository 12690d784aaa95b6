import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

// A long export allocates about a gigabyte of short-lived objects per million rows (rows, cells, XML, zlib
// chunks). V8 collects them at its own pace: it lets the old generation grow to a few times the live heap and the
// buffers outside it to 64 MB before a full collection, so a download's peak stood 80–150 MB above the idle server
// although nothing was kept. The exports ask for a collection every so much work (rows of a workbook, bytes of a
// CSV); one at most per INTERVALO_MINIMO_MS for the whole process (several downloads at once share it). A full
// collection of this server's heap takes 10–40 ms: under a second over a million-row download.

const INTERVALO_MINIMO_MS = 1000;

let coletor: (() => void) | null | undefined;
let ultima = 0;

function obterColetor(): (() => void) | null {
  if (coletor !== undefined) return coletor;
  try {
    v8.setFlagsFromString('--expose-gc');
    coletor = runInNewContext('gc') as () => void;
  } catch {
    coletor = null;
  }
  return coletor;
}

/** A full collection now, unless one ran less than a second ago. */
export function coletarLixo(): void {
  const agora = Date.now();
  if (agora - ultima < INTERVALO_MINIMO_MS) return;
  ultima = agora;
  obterColetor()?.();
}

/** Counts an export's work (rows, bytes) and asks for a collection every `aCada` of it. */
export function contadorDeColeta(aCada: number): (quanto: number) => void {
  let desdeUltima = 0;
  return (quanto) => {
    desdeUltima += quanto;
    if (desdeUltima < aCada) return;
    desdeUltima = 0;
    coletarLixo();
  };
}
