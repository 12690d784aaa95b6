// The console's basic calls (issues 1–3), through `npm start` on a new data folder: second start, login
// latency and its timing oracle, 5,000 profiles created and listed. Figures only, never assertions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { carga, entrarComoAdmin, stats, time } from './measure';
import { esperarPing, iniciarNpmStart, parar, portaLivre } from './npm-start';

const TOTAL_PERFIS = 5000;

/** Ten logins (scrypt): the latency figure and the token. */
async function entrar(url: string): Promise<[string, string]> {
  const xs: number[] = [];
  let token = '';
  for (let i = 0; i < 10; i++) {
    const [t, tok] = await time(() => entrarComoAdmin(url, process.env.ADMIN_PASSWORD ?? 'admin'));
    xs.push(t);
    token = tok;
  }
  return [token, `latência de POST /api/login (scrypt N=2^17): ${stats(xs)}, ${carga()}`];
}

/** No timing oracle: an unknown user must cost what a wrong password costs. */
async function recusas(url: string): Promise<string> {
  const falha = async (login: string) => {
    const r = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Empresa': 'RRE' },
      body: JSON.stringify({ login, senha: 'senha-errada' }),
    });
    if (r.status !== 401) throw new Error(`esperava 401, veio ${r.status}`);
  };
  const desconhecido: number[] = [];
  const senhaErrada: number[] = [];
  for (const login of ['diretor', 'gerente', 'supervisor', 'representante']) {
    desconhecido.push((await time(() => falha(`ninguem-${login}`)))[0]);
    senhaErrada.push((await time(() => falha(login)))[0]);
  }
  return `login recusado, usuário inexistente: ${stats(desconhecido)}; senha errada: ${stats(senhaErrada)}`;
}

async function perfis(url: string, token: string): Promise<string[]> {
  const headers = { authorization: token, 'content-type': 'application/json' };
  const [ms] = await time(async () => {
    for (let i = 0; i < TOTAL_PERFIS; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          fetch(`${url}/api/perfis`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ descricao: `Perfil de carga ${String(i + j).padStart(5, '0')}`, roles: ['FRETE_CTE_M', '____PERF_M'], ativado: true }),
          }).then((r) => {
            if (!r.ok) throw new Error(`POST /perfis ${r.status}`);
          }),
        ),
      );
    }
  });
  const figuras = [`POST /api/perfis: ${TOTAL_PERFIS} perfis em ${ms.toFixed(0)} ms (${((ms / TOTAL_PERFIS) * 1000).toFixed(0)} µs/perfil, 50 em paralelo), ${carga()}`];
  for (const [rotulo, consulta] of [
    ['primeira página, ordenada', 'sort=descricao,asc&page=0&size=50'],
    ['busca por descrição (contém)', `search=${encodeURIComponent('descricao~carga 04')}&sort=descricao,asc&page=0&size=50`],
    ['página 90', 'sort=descricao,asc&page=90&size=50'],
  ] as const) {
    const xs: number[] = [];
    for (let i = 0; i < 40; i++) {
      xs.push(
        (
          await time(async () => {
            const r = await fetch(`${url}/api/perfis?${consulta}`, { headers });
            if (!r.ok) throw new Error(`GET /perfis ${r.status}`);
            await r.json();
          })
        )[0],
      );
    }
    figuras.push(`GET /api/perfis (${rotulo}, ${TOTAL_PERFIS + 5} perfis): ${stats(xs)}, ${carga()}`);
  }
  return figuras;
}

export async function benchConsole(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'frete-bench-'));
  const port = await portaLivre();
  const url = `http://localhost:${port}`;
  let filho = iniciarNpmStart(port, dataDir);
  try {
    await esperarPing(url, filho);
    await parar(filho);
    filho = iniciarNpmStart(port, dataDir);
    const ms = await esperarPing(url, filho);
    const figuras = [`partida de npm start (pasta de dados já existente): ${ms.toFixed(0)} ms, ${carga()}`];
    const [token, login] = await entrar(url);
    figuras.push(login, await recusas(url), ...(await perfis(url, token)));
    return figuras;
  } finally {
    await parar(filho);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
