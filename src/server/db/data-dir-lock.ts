import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

export const mensagemPastaEmUso = (pasta: string, pid: number) =>
  `A pasta de dados ${pasta} já está em uso pelo processo ${pid}. Encerre esse processo antes de iniciar outro servidor com a mesma pasta.`;

function processoVivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (erro) {
    // EPERM: the process exists but belongs to someone else; it still holds the folder.
    return (erro as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own: two processes on one folder corrupt it. The lock file holds the pid;
 * a lock left by a dead process is taken over. Returns the release function.
 */
export function acquireDataDirLock(pasta: string): () => void {
  const arquivo = `${pasta}.lock`;
  for (let tentativa = 0; tentativa < 3; tentativa++) {
    try {
      const fd = openSync(arquivo, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let liberado = false;
      return () => {
        if (liberado) return;
        liberado = true;
        rmSync(arquivo, { force: true });
      };
    } catch (erro) {
      if ((erro as NodeJS.ErrnoException).code !== 'EEXIST') throw erro;
    }
    const pid = Number.parseInt(readFileSync(arquivo, 'utf8').trim(), 10);
    // Our own pid counts as live: the same process opening the folder twice is refused too.
    if (Number.isInteger(pid) && pid > 0 && processoVivo(pid)) throw new Error(mensagemPastaEmUso(pasta, pid));
    rmSync(arquivo, { force: true });
  }
  throw new Error(`Não foi possível obter o bloqueio da pasta de dados ${pasta}.`);
}
