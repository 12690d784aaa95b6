import { hashPassword } from '../../src/server/auth/senha';

/**
 * A stored password hash of a cheap scrypt (ln=4): verifyPassword reads the cost from the hash, so a wrong
 * password is still evaluated, in a millisecond instead of the real cost. For tests that count many guesses.
 */
export const hashBarato = (senha: string): Promise<string> => hashPassword(senha, 4);
