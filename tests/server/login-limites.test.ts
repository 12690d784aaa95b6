import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_LOGIN_INVALIDO, MSG_LOGIN_MUITAS_TENTATIVAS } from '../../src/contracts/auth';
import type { Empresa } from '../../src/contracts/common';
import { createApp } from '../../src/server/app';
import type { AppEnv } from '../../src/server/app-env';
import type { RateLimitSettings } from '../../src/server/auth/login-limiter';
import { errorHandler } from '../../src/server/http/error-handler';
import { loginRoutes } from '../../src/server/routes/login';
import { usuario } from '../../src/server/db/schema/usuario';
import { createServerContext } from '../../src/server/server-context';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { hashBarato } from './hash-barato';
import { createHarness, json, type Harness } from './harness';

// docs/decisoes.md §4: login limits that resist parallel requests and do not lock the real user out. Each test builds
// its own app (own limiter memory) over the file's databases, with a clock it moves and the client address
// chosen per request.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const INICIO = Date.parse('2025-03-10T12:00:00Z');

/** Users with a cheap hash of SENHA_DEMO (see hashBarato): counting evaluated guesses stays fast. */
async function usuariosBaratos(...logins: string[]) {
  const senhaHash = await hashBarato(SENHA_DEMO);
  await h.bancos.COLACRIL.db.insert(usuario).values(logins.map((login) => ({ login, nome: `Usuário ${login}`, senhaHash, nivel: 'REPRESENTANTE' })));
}

function appDeTeste(rateLimit: Partial<RateLimitSettings> = {}) {
  let agora = INICIO;
  let endereco = '10.0.0.1';
  const app = createApp({ bancos: h.bancos, rateLimit, clock: () => agora, clientAddress: () => endereco, logError: () => {} });
  /** One login from `de`; the address is read synchronously when the request starts. */
  const entrar = (login: string, senha: string, de: string, empresa: Empresa = 'COLACRIL') => {
    endereco = de;
    return app.request('/api/login', {
      method: 'POST',
      headers: { 'X-Empresa': empresa, 'Content-Type': 'application/json' },
      body: JSON.stringify({ login, senha }),
    });
  };
  return { entrar, avancar: (ms: number) => (agora += ms) };
}

const statuses = (respostas: Response[]) => respostas.map((r) => r.status);
const contar = (lista: number[]) => lista.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe('per address', () => {
  it('60 parallel logins from one address with the limit at 30: exactly 30 evaluated, 30 answered 429 with Retry-After', async () => {
    const logins = Array.from({ length: 60 }, (_, i) => `paralelo${i}`);
    await usuariosBaratos(...logins);
    const { entrar } = appDeTeste();
    const respostas = await Promise.all(logins.map((login) => entrar(login, 'errada', '10.1.1.1')));
    expect(contar(statuses(respostas))).toEqual({ 401: 30, 429: 30 });
    const recusada = respostas.find((r) => r.status === 429)!;
    expect(await json(recusada)).toEqual({ mensagens: [MSG_LOGIN_MUITAS_TENTATIVAS] });
    expect(Number(recusada.headers.get('Retry-After'))).toBe(15 * 60);
  });

  it('a NUL byte or another control character in the login: the login route answers 400, then 429 over the limit, never 500', async () => {
    // The route on its own (its schema must hold without the app's general control-character middleware).
    const ctx = createServerContext({ bancos: h.bancos, rateLimit: { falhasPorEndereco: 30 }, clientAddress: () => '10.1.1.2' });
    const so = new Hono<AppEnv>().route('/api/login', loginRoutes(ctx)).onError(errorHandler(() => {}));
    const entrar = (login: string, senha: string) =>
      so.request('/api/login', { method: 'POST', headers: { 'X-Empresa': 'COLACRIL', 'Content-Type': 'application/json' }, body: JSON.stringify({ login, senha }) });
    const corpos = Array.from({ length: 50 }, (_, i) => (i % 2 ? [`adm\u0000in${i}`, 'x'] : ['admin', `sen\u0000ha${i}`]));
    const respostas: Response[] = [];
    for (const [login, senha] of corpos) respostas.push(await entrar(login, senha));
    expect(statuses(respostas)).toEqual([...Array(30).fill(400), ...Array(20).fill(429)]);
    expect(await json(respostas[0])).toEqual({ mensagens: ['A senha não pode conter caracteres de controle.'] });
    expect(await json(respostas[1])).toEqual({ mensagens: ['O usuário não pode conter caracteres de controle.'] });
    for (const caractere of ['\u0007', '\t', '\u001b', '\u007f', '\u0085']) {
      const r = await entrar(`x${caractere}y`, 'abc');
      expect(r.status).toBe(429);
    }
    const { entrar: peloApp } = appDeTeste();
    for (const caractere of ['\u0000', '\u0007', '\t', '\u001b', '\u007f', '\u0085']) {
      const r = await peloApp(`x${caractere}y`, 'abc', '10.1.1.3');
      expect(r.status, JSON.stringify(caractere)).toBe(400);
      expect((await json(r)).mensagens).toHaveLength(1);
    }
    // The whole app too: its general control-character middleware leaves the login body to the login route.
    const pelaApp: Response[] = [];
    for (let i = 0; i < 50; i++) pelaApp.push(await peloApp(`adm\u0000in${i}`, 'x', '10.1.1.5'));
    expect(statuses(pelaApp)).toEqual([...Array(30).fill(400), ...Array(20).fill(429)]);
  });

  it('does not count successful logins (an office shares one address) and forgets failures after the window', async () => {
    await usuariosBaratos('escritorio', 'a1', 'a2', 'a3');
    const { entrar, avancar } = appDeTeste({ falhasPorEndereco: 2 });
    for (let i = 0; i < 4; i++) expect((await entrar('escritorio', SENHA_DEMO, '10.1.1.4')).status).toBe(200);
    expect(statuses(await Promise.all([entrar('a1', 'x', '10.1.1.4'), entrar('a2', 'x', '10.1.1.4')]))).toEqual([401, 401]);
    expect((await entrar('escritorio', SENHA_DEMO, '10.1.1.4')).status).toBe(429);
    avancar(15 * 60 * 1000 + 1);
    expect((await entrar('a3', 'x', '10.1.1.4')).status).toBe(401);
  });
});

describe('per account', () => {
  it('five wrong guesses from one address hold back that address only: the real user is never locked out', async () => {
    await usuariosBaratos('alvo');
    const { entrar, avancar } = appDeTeste();
    const CASA = '10.2.0.1';
    const ATACANTE = '10.2.0.66';
    const VIAGEM = '10.2.0.9';
    expect((await entrar('alvo', SENHA_DEMO, CASA)).status).toBe(200);

    const falhas = await Promise.all([0, 1, 2, 3, 4, 5, 6].map((i) => entrar('alvo', `errada${i}`, ATACANTE)));
    // Reserved before the hash: parallel guesses cannot slip past the five.
    expect(contar(statuses(falhas))).toEqual({ 401: 5, 429: 2 });
    expect(await json(falhas.find((r) => r.status === 401)!)).toEqual({ mensagens: [MSG_LOGIN_INVALIDO] });
    // The attacker's address stays refused, even with the right password, for the whole window.
    avancar(60_000);
    expect((await entrar('alvo', SENHA_DEMO, ATACANTE)).status).toBe(429);

    // From the address where the user logged in before: no delay at all.
    expect((await entrar('alvo', SENHA_DEMO, CASA)).status).toBe(200);
    // The success forgot the account's failures: a new address gets in too.
    expect((await entrar('alvo', SENHA_DEMO, VIAGEM)).status).toBe(200);
    // Same login in the other company is another account.
    expect((await entrar('alvo', 'x', ATACANTE, 'RRE')).status).toBe(401);
  });

  it('guesses from many addresses slow the account progressively (1 s, 2 s, 4 s … 30 s), answered 429 with Retry-After, never locked', async () => {
    await usuariosBaratos('distribuido');
    const { entrar, avancar } = appDeTeste();
    let n = 0;
    const deOutroEndereco = (senha = 'errada') => entrar('distribuido', senha, `10.3.${Math.floor(++n / 250)}.${n % 250}`);
    expect((await entrar('distribuido', SENHA_DEMO, '10.3.9.9')).status).toBe(200);

    // Parallel, from twenty addresses: five evaluated, the rest wait.
    expect(contar(statuses(await Promise.all(Array.from({ length: 20 }, () => deOutroEndereco()))))).toEqual({ 401: 5, 429: 15 });
    const esperas: number[] = [];
    for (let i = 0; i < 7; i++) {
      const recusada = await deOutroEndereco();
      expect(recusada.status).toBe(429);
      const espera = Number(recusada.headers.get('Retry-After'));
      esperas.push(espera);
      avancar(espera * 1000 - 1);
      expect((await deOutroEndereco()).status).toBe(429);
      avancar(1);
      expect((await deOutroEndereco()).status).toBe(401);
    }
    expect(esperas).toEqual([1, 2, 4, 8, 16, 30, 30]);

    // The real user from an address the account knows is not slowed; from a new one, after the Retry-After.
    expect((await entrar('distribuido', SENHA_DEMO, '10.3.9.9')).status).toBe(200);
    for (let i = 0; i < 6; i++) await deOutroEndereco();
    const novo = await entrar('distribuido', SENHA_DEMO, '10.3.200.1');
    expect(novo.status).toBe(429);
    avancar(Number(novo.headers.get('Retry-After')) * 1000);
    expect((await entrar('distribuido', SENHA_DEMO, '10.3.200.1')).status).toBe(200);
  });

  it('a success forgets the failures of the account at that address', async () => {
    await usuariosBaratos('esquecido');
    const { entrar } = appDeTeste({ falhasPorContaEndereco: 2 });
    expect((await entrar('esquecido', 'errada', '10.4.0.1')).status).toBe(401);
    expect((await entrar('esquecido', SENHA_DEMO, '10.4.0.1')).status).toBe(200);
    // Without the reset the second of these would already be refused.
    expect((await entrar('esquecido', 'errada', '10.4.0.1')).status).toBe(401);
    expect((await entrar('esquecido', 'errada', '10.4.0.1')).status).toBe(401);
    expect((await entrar('esquecido', SENHA_DEMO, '10.4.0.1')).status).toBe(429);
  });
});
