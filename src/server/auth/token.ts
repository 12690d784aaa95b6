import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { EMPRESAS, type Empresa } from '../../contracts/common';

export const TOKEN_VALIDADE_SEGUNDOS = 8 * 60 * 60;
const EMISSOR = 'frete-console';

export interface TokenClaims {
  usuarioId: number;
  empresa: Empresa;
  /** The user's session version when the token was issued (claim sv): a newer one in the database ends it. */
  sessaoVersao: number;
}

export async function signToken(claims: TokenClaims, chave: Uint8Array, agoraMs: number): Promise<string> {
  const agora = Math.floor(agoraMs / 1000);
  return new SignJWT({ emp: claims.empresa, sv: claims.sessaoVersao })
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

const inteiroNaoNegativo = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Verifies with that company's key; answers undefined for anything invalid, expired or without exp. */
export async function verifyToken(token: string, empresa: Empresa, chave: Uint8Array, agoraMs: number): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, chave, {
      algorithms: ['HS256'],
      issuer: EMISSOR,
      audience: empresa,
      currentDate: new Date(agoraMs),
      // jose checks exp only when present: a token without it would never end.
      requiredClaims: ['exp', 'iat', 'sub', 'sv'],
    });
    const usuarioId = Number(payload.sub);
    if (payload.emp !== empresa || !Number.isSafeInteger(usuarioId) || usuarioId <= 0 || !inteiroNaoNegativo(payload.sv)) return undefined;
    return { usuarioId, empresa, sessaoVersao: payload.sv };
  } catch {
    return undefined;
  }
}
