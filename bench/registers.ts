// Registers benchmark: ERP sync and list latencies with 50,000 carriers and 50,000 customers.
// Prints figures only; never asserts on time. Wired into bench/run.ts by the lead; alone:
//   npx tsx -e "import('./bench/registers.ts').then(async m => console.log((await m.benchRegisters()).join('\n')))"
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../src/server/start-server';
import { stats, time } from './measure';

const TAMANHO = Number(process.env.ERP_DEMO_TAMANHO ?? 50_000);
const CHAMADAS = 30;


export async function benchRegisters(): Promise<string[]> {
  const figures: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'frete-bench-cadastros-'));
  const log = () => {};
  try {
    const [partida, servidor] = await time(() =>
      startServer({ port: 0, dataDir, adminPassword: process.env.ADMIN_PASSWORD, demo: true, erpDemo: { transportadoras: TAMANHO, clientes: TAMANHO }, cadastrosDemo: false, log }),
    );
    figures.push(`partida com ERP de demonstração de ${TAMANHO} transportadoras e ${TAMANHO} clientes por empresa (migração + carga): ${partida.toFixed(0)} ms`);
    try {
      const url = servidor.url;
      const r = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Empresa': 'COLACRIL' },
        body: JSON.stringify({ login: 'admin', senha: process.env.ADMIN_PASSWORD ?? 'admin' }),
      });
      if (!r.ok) throw new Error(`login falhou: ${r.status}`);
      const headers = { authorization: r.headers.get('authorization')! };
      const get = async (path: string) => {
        const resposta = await fetch(`${url}${path}`, { headers });
        if (!resposta.ok) throw new Error(`GET ${path}: ${resposta.status} ${await resposta.text()}`);
        return resposta.json() as Promise<Record<string, number>>;
      };

      for (const area of ['transportadoras', 'clientes'] as const) {
        const [primeira, s1] = await time(() => get(`/api/${area}/atualizar`));
        const [segunda, s2] = await time(() => get(`/api/${area}/atualizar`));
        figures.push(
          `GET /api/${area}/atualizar com ${s1.total} linhas: 1ª execução ${primeira.toFixed(0)} ms (adicionados ${s1.adicionados}, atualizados ${s1.atualizados}); ` +
            `2ª execução ${segunda.toFixed(0)} ms (adicionados ${s2.adicionados}, atualizados ${s2.atualizados})`,
        );
      }

      const medir = async (rotulo: string, path: string) => {
        await get(path); // warm-up
        const tempos: number[] = [];
        for (let i = 0; i < CHAMADAS; i++) tempos.push((await time(() => get(path)))[0]);
        figures.push(`${rotulo} (${TAMANHO} linhas): ${stats(tempos)}`);
      };
      const ultimaPagina = Math.floor(TAMANHO / 50) - 1;
      await medir('GET /api/transportadoras/listar-simples, 1ª página de 300 por razão social', '/api/transportadoras/listar-simples?size=300&sort=razaoSocial');
      await medir('GET /api/transportadoras/listar-simples, busca por texto "silva"', '/api/transportadoras/listar-simples?transportadora=silva&size=50');
      await medir(`GET /api/transportadoras/listar-simples, página profunda (${ultimaPagina} de 50)`, `/api/transportadoras/listar-simples?size=50&page=${ultimaPagina}`);
      await medir('GET /api/transportadoras?transportadora=expresso (autocompletar, 20)', '/api/transportadoras?transportadora=expresso');
      await medir('GET /api/clientes/listar-simples?cliente=papelaria (20 por página)', '/api/clientes/listar-simples?cliente=papelaria');
      await medir('GET /api/vw-clientes/listar-simples?cliente=comercio&posicao=ATIVO', '/api/vw-clientes/listar-simples?cliente=comercio&posicao=ATIVO&sort=razaoSocial');
    } finally {
      await servidor.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}
