import { randomBytes, scryptSync } from 'node:crypto';

/**
 * A stored password hash of a cheap scrypt (ln=4): verifyPassword reads the cost from the hash, so a wrong
 * password is still evaluated, in a millisecond instead of the real cost. For tests that count many guesses.
 */
export function hashBarato(senha: string): string {
  const sal = randomBytes(16);
  const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
  const hash = scryptSync(senha.normalize('NFC'), sal, 32, { N: 16, r: 8, p: 1 });
  return `$scrypt$ln=4,r=8,p=1$${b64(sal)}$${b64(hash)}`;
}
