import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Empresa } from '../../src/contracts/common';
import { createApp } from '../../src/server/app';
import { usuario } from '../../src/server/db/schema/usuario';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { hashBarato } from './hash-barato';
import { createHarness, type Harness } from './harness';

// docs/decisoes.md §4: no lock-out of the real user (OWASP's device cookies). A browser that logged in to an account
// carries a signed device cookie for it; its attempts are limited per device, never by the account's counters
// that an attacker fills from elsewhere. Each test builds its own app (own limiter memory) with a clock it moves.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const INICIO = Date.parse('2025-03-10T12:00:00Z');
const QUINZE_MINUTOS = 15 * 60 * 1000;

async function usuariosBaratos(empresa: Empresa, ...logins: string[]) {
  const senhaHash = await hashBarato(SENHA_DEMO);
  await h.bancos[empresa].db.insert(usuario).values(logins.map((login) => ({ login, nome: `Usuário ${login}`, senhaHash, nivel: 'REPRESENTANTE' })));
}

interface Tentativa {
  de: string;
  cookie?: string;
  empresa?: Empresa;
  url?: string;
  headers?: Record<string, string>;
}

function appDeTeste() {
  let agora = INICIO;
  let endereco = '10.0.0.1';
  const app = createApp({ bancos: h.bancos, clock: () => agora, clientAddress: () => endereco, logError: () => {} });
  const entrar = (login: string, senha: string, t: Tentativa) => {
    endereco = t.de;
    const headers: Record<string, string> = { 'X-Empresa': t.empresa ?? 'COLACRIL', 'Content-Type': 'application/json', ...t.headers };
    if (t.cookie) headers.Cookie = t.cookie;
    return app.request(t.url ?? '/api/login', { method: 'POST', headers, body: JSON.stringify({ login, senha }) });
  };
  return { entrar, avancar: (ms: number) => (agora += ms) };
}

/** The device cookie a successful login answered, as a browser sends it back ("name=value"). */
function cookieDe(resposta: Response): string {
  expect(resposta.status).toBe(200);
  const setCookie = resposta.headers.get('Set-Cookie');
  expect(setCookie).toBeTruthy();
  return setCookie!.split(';')[0];
}

const nome = (cookie: string) => cookie.slice(0, cookie.indexOf('='));
const valor = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

/** `n` wrong guesses at `login` from 50 addresses, `passoMs` apart: all refused (401 or 429), never a 200. */
async function atacar(app: ReturnType<typeof appDeTeste>, login: string, n: number, passoMs: number) {
  for (let i = 0; i < n; i++) {
    const r = await app.entrar(login, `chute${i}`, { de: `10.66.0.${i % 50}` });
    expect([401, 429]).toContain(r.status);
    app.avancar(passoMs);
  }
}

describe('device cookie', () => {
  it('400 guesses from 50 addresses in 2 minutes: the real user with their device cookie logs in at once; without it the limits hold', async () => {
    await usuariosBaratos('COLACRIL', 'vitima');
    const app = appDeTeste();
    const ESCRITORIO = '10.7.0.1';
    const CASA = '10.7.0.2';
    let cookie = cookieDe(await app.entrar('vitima', SENHA_DEMO, { de: ESCRITORIO }));

    for (let rodada = 0; rodada < 4; rodada++) {
      await atacar(app, 'vitima', 100, 300);
      // The same laptop at home (an address the account never used): in at once, with a fresh cookie.
      const comCookie = await app.entrar('vitima', SENHA_DEMO, { de: CASA, cookie });
      expect(comCookie.status, `rodada ${rodada}`).toBe(200);
      expect(comCookie.headers.get('Authorization')).toMatch(/^Bearer /);
      cookie = cookieDe(comCookie);
      // Another browser there, without the cookie: the account's delay holds (429 with Retry-After).
      const semCookie = await app.entrar('vitima', SENHA_DEMO, { de: '10.7.0.3' });
      expect(semCookie.status).toBe(429);
      expect(Number(semCookie.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
      expect(semCookie.headers.get('Set-Cookie')).toBeNull();
    }
    // The user's logins did not give the attacker a fresh start.
    expect((await app.entrar('vitima', 'mais um chute', { de: '10.66.0.99' })).status).toBe(429);
  });

  it('an attacker at the real user\'s own address (one NAT): five guesses hold the address, not the browser with the cookie', async () => {
    await usuariosBaratos('COLACRIL', 'vizinho');
    const app = appDeTeste();
    const NAT = '10.8.0.1';
    const cookie = cookieDe(await app.entrar('vizinho', SENHA_DEMO, { de: NAT }));
    for (let i = 0; i < 5; i++) expect((await app.entrar('vizinho', `chute${i}`, { de: NAT })).status).toBe(401);
    const semCookie = await app.entrar('vizinho', SENHA_DEMO, { de: NAT });
    expect(semCookie.status).toBe(429);
    expect(Number(semCookie.headers.get('Retry-After'))).toBe(15 * 60);
    expect((await app.entrar('vizinho', SENHA_DEMO, { de: NAT, cookie })).status).toBe(200);
  });

  it('a forged cookie, another account\'s, another company\'s or an expired one is ignored', async () => {
    await usuariosBaratos('COLACRIL', 'alvo2', 'outro2');
    await usuariosBaratos('RRE', 'alvo2');
    const app = appDeTeste();
    const cookie = cookieDe(await app.entrar('alvo2', SENHA_DEMO, { de: '10.9.0.1' }));
    const deOutro = cookieDe(await app.entrar('outro2', SENHA_DEMO, { de: '10.9.0.2' }));
    const daRre = cookieDe(await app.entrar('alvo2', SENHA_DEMO, { de: '10.9.0.3', empresa: 'RRE' }));
    expect(nome(deOutro)).not.toBe(nome(cookie));
    expect(nome(daRre)).not.toBe(nome(cookie));
    await atacar(app, 'alvo2', 20, 100);
    expect((await app.entrar('alvo2', SENHA_DEMO, { de: '10.9.0.4', cookie })).status).toBe(200);

    // The value is "<content>.<base64 HMAC>", URI-encoded.
    const bruto = decodeURIComponent(valor(cookie));
    const conteudo = bruto.slice(0, bruto.lastIndexOf('.'));
    const assinatura = bruto.slice(bruto.lastIndexOf('.') + 1);
    expect(assinatura).toHaveLength(44);
    const com = (texto: string) => `${nome(cookie)}=${encodeURIComponent(texto)}`;
    const falsos = {
      'assinatura trocada': com(`${conteudo}.${assinatura.startsWith('A') ? 'B' : 'A'}${assinatura.slice(1)}`),
      'conteúdo trocado': com(`${conteudo.replace('alvo2', 'outro2')}.${assinatura}`),
      'sem assinatura': com(conteudo),
      'de outra conta': `${nome(cookie)}=${valor(deOutro)}`,
      'da outra empresa': `${nome(cookie)}=${valor(daRre)}`,
      'lixo': `${nome(cookie)}=%E0%A4%A; ${nome(cookie)}=x.y`,
    };
    for (const [caso, falso] of Object.entries(falsos)) {
      await atacar(app, 'alvo2', 6, 0);
      // From an address the account never logged in from (10.9.0.4 is now exempt from the account's delay).
      const r = await app.entrar('alvo2', SENHA_DEMO, { de: '10.9.0.5', cookie: falso });
      expect(r.status, caso).toBe(429);
    }
    // The server checks the cookie's own expiry (a year), not just the browser's Max-Age.
    app.avancar(366 * 24 * 60 * 60 * 1000);
    await atacar(app, 'alvo2', 6, 0);
    expect((await app.entrar('alvo2', SENHA_DEMO, { de: '10.9.0.5', cookie })).status).toBe(429);
  });

  it('five wrong passwords with one cookie stop trusting it for 15 minutes; they count on the device, not on the account', async () => {
    await usuariosBaratos('COLACRIL', 'roubado', 'distraido');
    const app = appDeTeste();
    const cookie = cookieDe(await app.entrar('roubado', SENHA_DEMO, { de: '10.10.0.1' }));
    await atacar(app, 'roubado', 20, 100);
    for (let i = 0; i < 5; i++) expect((await app.entrar('roubado', `errada${i}`, { de: '10.10.0.2', cookie })).status).toBe(401);
    // Untrusted now: the account's rules, which the attack keeps closed.
    expect((await app.entrar('roubado', SENHA_DEMO, { de: '10.10.0.2', cookie })).status).toBe(429);
    app.avancar(QUINZE_MINUTOS + 1);
    await atacar(app, 'roubado', 6, 0);
    expect((await app.entrar('roubado', SENHA_DEMO, { de: '10.10.0.2', cookie })).status).toBe(200);

    // No attack: the device's five failures did not fill the account's counter at that address.
    const meu = cookieDe(await app.entrar('distraido', SENHA_DEMO, { de: '10.10.1.1' }));
    for (let i = 0; i < 5; i++) expect((await app.entrar('distraido', `errada${i}`, { de: '10.10.1.1', cookie: meu })).status).toBe(401);
    expect((await app.entrar('distraido', SENHA_DEMO, { de: '10.10.1.1', cookie: meu })).status).toBe(200);
  });

  it('the cookie is HttpOnly, SameSite=Strict, for /api/login only, kept a year, Secure over HTTPS; a failure sets none', async () => {
    await usuariosBaratos('COLACRIL', 'atributos');
    const app = appDeTeste();
    const atributos = (r: Response) => r.headers.get('Set-Cookie')!.split('; ').slice(1).sort();
    const http = await app.entrar('atributos', SENHA_DEMO, { de: '10.11.0.1' });
    expect(http.status).toBe(200);
    expect(atributos(http)).toEqual(['HttpOnly', 'Max-Age=31536000', 'Path=/api/login', 'SameSite=Strict']);
    const https = await app.entrar('atributos', SENHA_DEMO, { de: '10.11.0.1', url: 'https://frete.exemplo/api/login' });
    expect(atributos(https)).toContain('Secure');
    const proxy = await app.entrar('atributos', SENHA_DEMO, { de: '10.11.0.1', headers: { 'X-Forwarded-Proto': 'https' } });
    expect(atributos(proxy)).toContain('Secure');
    // Only the device that logged in gets one; a new cookie names a new device.
    const falha = await app.entrar('atributos', 'errada', { de: '10.11.0.1' });
    expect(falha.status).toBe(401);
    expect(falha.headers.get('Set-Cookie')).toBeNull();
    expect(new Set([http, https, proxy].map(cookieDe)).size).toBe(3);
  });
});
