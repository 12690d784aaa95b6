import { appendFile, copyFile, mkdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { relogio } from '../../domain/relogio';

// What the folder readings share (CT-e XMLs, DOCCOB faturas): moving a read or refused file out of the input
// folder without overwriting anything, and the error folder's log, one line a refused file.

/** Moves a file, keeping both when the target exists (name-1.xml, name-2.xml…); across disks, copy and delete. */
export async function moverArquivo(origem: string, pasta: string): Promise<string> {
  await mkdir(pasta, { recursive: true });
  const nome = basename(origem);
  const ext = extname(nome);
  for (let i = 0; ; i++) {
    const destino = join(pasta, i === 0 ? nome : `${nome.slice(0, nome.length - ext.length)}-${i}${ext}`);
    try {
      await stat(destino);
      continue; // taken
    } catch {
      /* free */
    }
    try {
      await rename(origem, destino);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      await copyFile(origem, destino);
      await unlink(origem);
    }
    return destino;
  }
}

/** Appends "when<TAB>file<TAB>reason" to the log of the error folder. */
export async function registrarErroNoLog(pastaErro: string, log: string, arquivo: string, motivo: string): Promise<void> {
  await mkdir(pastaErro, { recursive: true });
  await appendFile(join(pastaErro, log), `${relogio.agora().toISOString()}\t${basename(arquivo)}\t${motivo.replace(/\s+/g, ' ')}\n`, 'utf8');
}
