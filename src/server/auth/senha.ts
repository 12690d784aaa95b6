import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1 (128 MiB per hash).
const PADRAO = { ln: 17, r: 8, p: 1 };
const TAMANHO_HASH = 32;
const FORMATO = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function derivar(senha: string, sal: Buffer, ln: number, r: number, p: number, tamanho: number): Promise<Buffer> {
  const N = 2 ** ln;
  // maxmem must exceed 128 * N * r or node refuses the parameters.
  const maxmem = 256 * N * r;
  return new Promise((resolve, reject) =>
    scrypt(senha.normalize('NFC'), sal, tamanho, { N, r, p, maxmem }, (erro, chave) => (erro ? reject(erro) : resolve(chave))),
  );
}

/**
 * Self-describing PHC-style string: $scrypt$ln=17,r=8,p=1$<salt>$<hash> (base64, no padding). `ln` (log2 of
 * the cost N) is lowered only by tests that count many guesses: verifyPassword reads it from the hash.
 */
export async function hashPassword(senha: string, ln = PADRAO.ln): Promise<string> {
  const sal = randomBytes(16);
  const hash = await derivar(senha, sal, ln, PADRAO.r, PADRAO.p, TAMANHO_HASH);
  const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
  return `$scrypt$ln=${ln},r=${PADRAO.r},p=${PADRAO.p}$${b64(sal)}$${b64(hash)}`;
}

/** Constant-time comparison; a malformed stored string simply fails. */
export async function verifyPassword(senha: string, armazenado: string): Promise<boolean> {
  const partes = FORMATO.exec(armazenado);
  if (!partes) return false;
  const [, ln, r, p, sal, hash] = partes;
  const esperado = Buffer.from(hash, 'base64');
  if (Number(ln) > 20 || esperado.length < 16) return false;
  const obtido = await derivar(senha, Buffer.from(sal, 'base64'), Number(ln), Number(r), Number(p), esperado.length);
  return timingSafeEqual(obtido, esperado);
}
