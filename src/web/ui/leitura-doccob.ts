import { useSyncExternalStore } from 'react';

/** What the DOCCOB reading is doing now: reading the input folder, sending picked files, or nothing. */
export type TrabalhoDoccob = 'lendo' | 'enviando' | null;

export interface ExecutorDoccob {
  ler: () => void;
  /** Opens the browser's file picker (must run inside the key press or click that asked for it). */
  escolherArquivos: () => void;
  enviar: (arquivos: File[]) => void;
}

let executor: ExecutorDoccob | null = null;
let trabalho: TrabalhoDoccob = null;
const ouvintes = new Set<() => void>();

/**
 * "Ler faturas" and the DOCCOB upload from any screen (Fretes, Faturas, the palette). The shell hosts the
 * work (src/web/app/leitura-doccob-host.tsx: the calls, the file picker, the summary) and registers here;
 * features ask through this object and show its progress, without importing each other.
 */
export const leituraDoccob = {
  ler: () => executor?.ler(),
  escolherArquivos: () => executor?.escolherArquivos(),
  enviar: (arquivos: File[]) => executor?.enviar(arquivos),
  registrar(e: ExecutorDoccob): () => void {
    executor = e;
    return () => {
      if (executor === e) executor = null;
    };
  },
  informar(t: TrabalhoDoccob): void {
    trabalho = t;
    ouvintes.forEach((o) => o());
  },
  subscribe(ouvinte: () => void): () => void {
    ouvintes.add(ouvinte);
    return () => ouvintes.delete(ouvinte);
  },
  getSnapshot: (): TrabalhoDoccob => trabalho,
};

/** The reading in progress, for the buttons' "Lendo…" / "Enviando…". */
export const useTrabalhoDoccob = (): TrabalhoDoccob => useSyncExternalStore(leituraDoccob.subscribe, leituraDoccob.getSnapshot);
