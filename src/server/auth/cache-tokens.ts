import { decodeJwt } from 'jose';
import type { TokenClaims } from './token';

/**
 * Tokens this server already verified (docs/decisoes.md §6): verifying the HS256 signature through WebCrypto costs
 * more than the rest of a small call. Only a token that verified is kept, and only until its exp (the
 * same rule as jose's: expired when exp <= now in whole seconds); a company's key never changes while the
 * server runs. The session version in the claims is still compared with the user's on every call, so a
 * kept token of an ended session is refused like any other. At most `maximo` tokens, the oldest dropped.
 */
export class TokensVerificados {
  readonly #tokens = new Map<string, { claims: TokenClaims; exp: number }>();

  constructor(private readonly maximo = 10_000) {}

  obter(token: string, agoraMs: number): TokenClaims | undefined {
    const guardado = this.#tokens.get(token);
    if (!guardado) return undefined;
    if (guardado.exp > Math.floor(agoraMs / 1000)) return guardado.claims;
    this.#tokens.delete(token);
    return undefined;
  }

  /** `token` has just verified to `claims`. */
  guardar(token: string, claims: TokenClaims): void {
    const { exp } = decodeJwt(token);
    if (typeof exp !== 'number') return;
    if (this.#tokens.size >= this.maximo) this.#tokens.delete(this.#tokens.keys().next().value!);
    this.#tokens.set(token, { claims, exp });
  }
}
