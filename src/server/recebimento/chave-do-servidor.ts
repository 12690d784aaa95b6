import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chaveDeSegredos } from './segredos';

// The key of stored secrets (issue 30; README "Configuração"): CHAVE_SEGREDOS when set. Without it, the embedded
// database keeps a random key in a file of its data folder (chave-segredos, readable by its owner only), so the demo
// can save a mailbox; a PostgreSQL install stores no secret until CHAVE_SEGREDOS is set (the settings say so).

export const ARQUIVO_CHAVE = 'chave-segredos';

export async function chaveDosSegredos(o: { chaveSegredos?: string; databaseUrl?: string; dataDir?: string }, log: (m: string) => void): Promise<Buffer | null> {
  if (o.chaveSegredos) return chaveDeSegredos(o.chaveSegredos);
  if (o.databaseUrl) return null;
  const arquivo = join(resolve(o.dataDir ?? './data'), ARQUIVO_CHAVE);
  const lida = await readFile(arquivo, 'utf8').catch(() => null);
  if (lida?.trim()) return chaveDeSegredos(lida.trim());
  const nova = randomBytes(32).toString('hex');
  try {
    await writeFile(arquivo, `${nova}\n`, { mode: 0o600, flag: 'wx' });
    log(`CHAVE_SEGREDOS não definida: senhas e certificados serão cifrados com a chave de ${arquivo}.`);
    return chaveDeSegredos(nova);
  } catch {
    // Another process wrote it first, or the folder cannot take it.
    const outra = await readFile(arquivo, 'utf8').catch(() => null);
    return outra?.trim() ? chaveDeSegredos(outra.trim()) : null;
  }
}
