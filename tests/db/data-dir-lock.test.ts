import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, mensagemPastaEmUso } from '../../src/server/db/data-dir-lock';
import { openPgliteDatabase } from '../../src/server/db/open-pglite';

const raiz = mkdtempSync(join(tmpdir(), 'frete-lock-'));
afterAll(() => rmSync(raiz, { recursive: true, force: true }));

/** A pid that surely belongs to no live process: a child that already exited. */
const pidMorto = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('data folder lock', () => {
  it('writes our pid, refuses a second holder while live, frees on release', () => {
    const pasta = join(raiz, 'a');
    const liberar = acquireDataDirLock(pasta);
    expect(readFileSync(`${pasta}.lock`, 'utf8')).toBe(String(process.pid));
    expect(() => acquireDataDirLock(pasta)).toThrow(mensagemPastaEmUso(pasta, process.pid));
    liberar();
    expect(existsSync(`${pasta}.lock`)).toBe(false);
    acquireDataDirLock(pasta)();
  });

  it('takes over a stale lock left by a dead process', () => {
    const pasta = join(raiz, 'b');
    writeFileSync(`${pasta}.lock`, String(pidMorto()));
    const liberar = acquireDataDirLock(pasta);
    expect(readFileSync(`${pasta}.lock`, 'utf8')).toBe(String(process.pid));
    liberar();
  });

  it('refuses to open the same PGlite data folder twice, with a Portuguese message', async () => {
    const pasta = join(raiz, 'colacril');
    const primeiro = await openPgliteDatabase('COLACRIL', pasta);
    try {
      await expect(openPgliteDatabase('COLACRIL', pasta)).rejects.toThrow(
        `A pasta de dados ${pasta} já está em uso pelo processo ${process.pid}.`,
      );
    } finally {
      await primeiro.close();
    }
    expect(existsSync(`${pasta}.lock`)).toBe(false);
  });
});
