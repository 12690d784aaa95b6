import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getSignedCookie, setSignedCookie } from 'hono/cookie';
import type { Empresa } from '../../contracts/common';

/**
 * docs/decisoes.md §4, OWASP's device cookies (Slow Down Online Guessing Attacks with Device Cookies): a browser that
 * logged in to an account carries a cookie naming that account (company + login) and a random device id,
 * signed with an HMAC. The key is derived from the company's token key (signing-key.ts), so a cookie is
 * never a token nor a token a cookie, and one company's cookie never verifies in the other. One cookie per
 * account (its name is derived from the account), so people sharing a computer keep theirs. HttpOnly,
 * SameSite=Strict and sent to /api/login only; the browser sends it by itself (same-origin fetch).
 */
export const DISPOSITIVO_VALIDADE_SEGUNDOS = 365 * 24 * 60 * 60;

const PREFIXO_NOME = 'frete_disp_';
const NONCE = /^[A-Za-z0-9_-]{22}$/;

/** A key WebCrypto takes (hono's signed cookies): bytes over a plain ArrayBuffer. */
export type ChaveDispositivo = Uint8Array<ArrayBuffer>;

interface ConteudoCookie {
  /** Company. */
  e: string;
  /** Login, lower case (the account as the limits name it). */
  l: string;
  /** Random device id. */
  n: string;
  /** Valid until (seconds since the epoch): the server's own check, whatever the browser keeps. */
  v: number;
}

/** The HMAC key of device cookies, derived from the company's token key (domain separation). */
export function chaveCookieDispositivo(chaveEmpresa: Uint8Array): ChaveDispositivo {
  return Uint8Array.from(createHmac('sha256', chaveEmpresa).update('frete-console:cookie-dispositivo').digest());
}

/** The account's cookie name: derived from the key, so it tells nothing of the login. */
function nomeCookie(chave: ChaveDispositivo, empresa: Empresa, login: string): string {
  const resumo = createHmac('sha256', chave).update(`nome\u0000${empresa}\u0000${login.toLowerCase()}`).digest('hex');
  return PREFIXO_NOME + resumo.slice(0, 16);
}

function lerConteudo(texto: string): ConteudoCookie | undefined {
  try {
    const c = JSON.parse(texto) as Partial<ConteudoCookie> | null;
    if (!c || typeof c.e !== 'string' || typeof c.l !== 'string' || typeof c.n !== 'string' || typeof c.v !== 'number') return undefined;
    return c as ConteudoCookie;
  } catch {
    return undefined;
  }
}

/**
 * The device id of the request's cookie for this account, or undefined when there is none, or it is forged,
 * of another account or company, or past its validity.
 */
export async function dispositivoDaTentativa(
  c: Context,
  chave: ChaveDispositivo,
  empresa: Empresa,
  login: string,
  agoraMs: number,
): Promise<string | undefined> {
  const texto = await getSignedCookie(c, chave, nomeCookie(chave, empresa, login));
  if (typeof texto !== 'string') return undefined;
  const conteudo = lerConteudo(texto);
  if (!conteudo || conteudo.e !== empresa || conteudo.l !== login.toLowerCase() || !NONCE.test(conteudo.n)) return undefined;
  if (conteudo.v <= Math.floor(agoraMs / 1000)) return undefined;
  return conteudo.n;
}

/** HTTPS as the browser sees it: the request itself, or the TLS proxy in front (X-Forwarded-Proto). */
function porHttps(c: Context): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return c.req.header('X-Forwarded-Proto')?.split(',')[0].trim().toLowerCase() === 'https';
}

/** After a successful login: a new device cookie for the account (a new device id each time). */
export async function gravarCookieDispositivo(c: Context, chave: ChaveDispositivo, empresa: Empresa, login: string, agoraMs: number): Promise<void> {
  const conteudo: ConteudoCookie = {
    e: empresa,
    l: login.toLowerCase(),
    n: randomBytes(16).toString('base64url'),
    v: Math.floor(agoraMs / 1000) + DISPOSITIVO_VALIDADE_SEGUNDOS,
  };
  await setSignedCookie(c, nomeCookie(chave, empresa, login), JSON.stringify(conteudo), chave, {
    httpOnly: true,
    secure: porHttps(c),
    sameSite: 'Strict',
    path: '/api/login',
    maxAge: DISPOSITIVO_VALIDADE_SEGUNDOS,
  });
}
