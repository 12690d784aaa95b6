import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { EMPRESAS, type Empresa } from '../../contracts/common';

export const TOKEN_VALIDADE_SEGUNDOS = 8 * 60 * 60;
const EMISSOR = 'frete-console';

export interface TokenClaims {
  usuarioId: number;
  empresa: Empresa;
}

export async function signToken(claims: TokenClaims, chave: Uint8Array, agoraMs: number): Promise<string> {
  const agora = Math.floor(agoraMs / 1000);
  return new SignJWT({ emp: claims.empresa })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.usuarioId))
    .setIssuer(EMISSOR)
    .setAudience(claims.empresa)
    .setIssuedAt(agora)
    .setExpirationTime(agora + TOKEN_VALIDADE_SEGUNDOS)
    .sign(chave);
}

/** The company named inside an unverified token: it only picks which key to verify with. */
export function tokenCompany(token: string): Empresa | undefined {
  try {
    const emp = decodeJwt(token).emp;
    return EMPRESAS.find((e) => e === emp);
  } catch {
    return undefined;
  }
}

/** Verifies with that company's key; answers undefined for anything invalid or expired. */
export async function verifyToken(token: string, empresa: Empresa, chave: Uint8Array, agoraMs: number): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, chave, {
      algorithms: ['HS256'],
      issuer: EMISSOR,
      audience: empresa,
      currentDate: new Date(agoraMs),
    });
    const usuarioId = Number(payload.sub);
    if (payload.emp !== empresa || !Number.isSafeInteger(usuarioId) || usuarioId <= 0) return undefined;
    return { usuarioId, empresa };
  } catch {
    return undefined;
  }
}
