import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

// Secrets at rest (issue 30; docs/decisoes.md §37): the mailbox password and the A1 certificate with its password are
// stored encrypted with AES-256-GCM under a key derived from CHAVE_SEGREDOS. The stored text is
// "v1:<iv>:<tag>:<ciphertext>" in base64url: a wrong key or a changed byte fails to decrypt instead of reading garbage.

const SAL = 'frete-console/segredos/v1';

/** The 32-byte key of a CHAVE_SEGREDOS value (any length of text; scrypt makes a short one costly to guess). */
export const chaveDeSegredos = (valor: string): Buffer => scryptSync(valor, SAL, 32);

export function cifrar(chave: Buffer, texto: string): string {
  const iv = randomBytes(12);
  const cifra = createCipheriv('aes-256-gcm', chave, iv);
  const dados = Buffer.concat([cifra.update(texto, 'utf8'), cifra.final()]);
  return ['v1', iv, cifra.getAuthTag(), dados].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join(':');
}

/** The clear text, or an Error when the key is not the one it was stored with (CHAVE_SEGREDOS changed) or it was altered. */
export function decifrar(chave: Buffer, cifrado: string): string {
  const [versao, iv, tag, dados] = cifrado.split(':');
  if (versao !== 'v1' || !iv || !tag || dados === undefined) throw new Error('Segredo guardado em formato desconhecido.');
  try {
    const decifra = createDecipheriv('aes-256-gcm', chave, Buffer.from(iv, 'base64url'));
    decifra.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decifra.update(Buffer.from(dados, 'base64url')), decifra.final()]).toString('utf8');
  } catch {
    throw new Error('O segredo guardado não pôde ser lido: CHAVE_SEGREDOS mudou desde que ele foi gravado. Grave a senha ou o certificado de novo.');
  }
}
