import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG_CARACTERE_CONTROLE, MSG_ENDERECO_MAL_CODIFICADO, MSG_TEXTO_MAL_FORMADO } from '../../src/contracts/erros';
import { ROUTE_PERMISSIONS } from '../../src/server/areas-api';
import { routeKey } from '../../src/server/permissoes/regras';
import { jsonHostil, variantesHostis, type Variante } from './entradas-hostis/variantes';
import { createHarness, type Harness } from './harness';
import { criarAmostras, prepararAmostras } from './permissions-amostras/amostras';
import type { Gerador } from './permissions-amostras/tipos';

// docs/decisoes.md §5: no input answers 500. Each route of the route table gets its sample request (as admin)
// with every path parameter, query value, search value and JSON leaf replaced by hostile values; every
// answer must be below 500, and a 4xx must be {mensagens} in Portuguese (never zod's English defaults).

let h: Harness;
let admin: string;
const AMOSTRAS = criarAmostras(() => h, () => admin);

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  admin = await h.adminToken();
  await prepararAmostras(h, admin);
});
afterAll(() => h?.close());

const INGLES = /\b(expected|received|invalid input|required|must|string|number|undefined|NaN)\b/i;

/** What is wrong with the answer to a hostile request, or undefined. */
async function problema(r: Response): Promise<string | undefined> {
  const texto = await r.text();
  if (r.status >= 500) return `${r.status} ${texto.slice(0, 200)}`;
  if (r.status < 400) return undefined;
  let corpo: unknown;
  try {
    corpo = JSON.parse(texto);
  } catch {
    return `${r.status} sem JSON: ${texto.slice(0, 200)}`;
  }
  const mensagens = (corpo as { mensagens?: unknown }).mensagens;
  if (!Array.isArray(mensagens) || !mensagens.length || mensagens.some((m) => typeof m !== 'string')) return `${r.status} sem mensagens: ${texto.slice(0, 200)}`;
  const ingles = mensagens.find((m: string) => INGLES.test(m));
  return ingles ? `${r.status} mensagem em inglês: ${ingles.slice(0, 200)}` : undefined;
}

async function enviar(metodo: string, v: Variante): Promise<Response> {
  const rawBody = v.body === undefined ? undefined : jsonHostil(v.body);
  return h.request(metodo, v.path, { token: admin, empresa: v.empresa, rawBody });
}

/** Sends every variant, a few at a time; the failures, one line each. */
async function falhasDe(metodo: string, variantes: Variante[]): Promise<string[]> {
  const falhas: string[] = [];
  const fila = [...variantes];
  const trabalhar = async () => {
    for (let v = fila.shift(); v; v = fila.shift()) {
      const erro = await problema(await enviar(metodo, v));
      if (erro) falhas.push(`${metodo} ${v.path.slice(0, 120)} [${v.descricao}] → ${erro}`);
    }
  };
  await Promise.all([trabalhar(), trabalhar(), trabalhar()]);
  return falhas.sort();
}

let total = 0;
afterAll(() => console.info(`entradas-hostis: ${total} pedidos hostis`));

describe.each(ROUTE_PERMISSIONS.map((r) => ({ ...r, nome: routeKey(r.method, r.path) })))('$nome', (rota) => {
  const amostra = AMOSTRAS[rota.nome];
  const geradores: [string, Gerador][] = typeof amostra === 'object' ? [['create', amostra.create], ['edit', amostra.edit]] : [['call', amostra]];
  for (const [variante, gerar] of geradores) {
    it(`${variante}: no hostile input answers 5xx or an English message`, async () => {
      const variantes = variantesHostis(rota.path, await gerar());
      total += variantes.length;
      expect(variantes.length).toBeGreaterThan(0);
      expect(await falhasDe(rota.method, variantes)).toEqual([]);
    });
  }
});

describe('the cases docs/decisoes.md §5 names', () => {
  /** 400 with exactly these Portuguese messages (or one matching), and no row changed in either company. */
  async function recusa(metodo: string, path: string, body: unknown, mensagens: string[] | RegExp, empresa?: string) {
    const antes = [await h.snapshot('COLACRIL'), await h.snapshot('RRE')];
    const r = await h.request(metodo, path, { token: admin, body, empresa });
    const corpo = await r.json();
    expect(r.status, JSON.stringify(corpo)).toBe(400);
    if (Array.isArray(mensagens)) expect(corpo).toEqual({ mensagens });
    else expect(corpo.mensagens.join(' ')).toMatch(mensagens);
    expect([await h.snapshot('COLACRIL'), await h.snapshot('RRE')]).toEqual(antes);
  }

  it('refuses a NUL in the login with the login form’s own message (counted by the login limits)', async () => {
    const r = await h.request('POST', '/api/login', { empresa: 'COLACRIL', body: { login: 'adm\u0000in', senha: 'x' } });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ mensagens: ['O usuário não pode conter caracteres de controle.'] });
  });

  it.each([
    ['a search value', '/api/perfis?search=descricao~a%00b'],
    ['a quoted RSQL search value', `/api/clientes?search=${encodeURIComponent('razaoSocial=="a\u0000b"')}`],
    ['a query filter', '/api/transportadoras/listar-simples?transportadora=a%00b'],
    ['a query key', '/api/perfis?a%00b=1'],
    ['a path parameter', '/api/transportadoras/findByCardCode/F%00'],
    ['a path parameter, as another control character', '/api/vw-clientes/C%1B000003'],
  ])('refuses a control character in %s', async (_onde, path) => {
    await recusa('GET', path, undefined, [MSG_CARACTERE_CONTROLE]);
  });

  it.each([
    ['a JSON string', { descricao: 'Perfil\u0000', roles: ['FRETE_CTE_M'] }],
    ['a nested JSON string', { descricao: 'Perfil', roles: ['FRETE_CTE_M\u0007'] }],
    ['a JSON key', { descricao: 'Perfil', roles: ['FRETE_CTE_M'], 'x\u0000': 1 }],
  ])('refuses a control character in %s', async (_onde, body) => {
    await recusa('POST', '/api/perfis', body, [MSG_CARACTERE_CONTROLE]);
  });

  it('refuses a lone surrogate and a broken percent escape in Portuguese', async () => {
    await recusa('POST', '/api/perfis', { descricao: 'Perfil \uD800', roles: ['FRETE_CTE_M'] }, [MSG_TEXTO_MAL_FORMADO]);
    await recusa('GET', '/api/perfis?search=descricao~%E0%A4%A', undefined, [MSG_ENDERECO_MAL_CODIFICADO]);
    await recusa('GET', '/api/transportadoras/findByCardCode/%ED%A0%80', undefined, [MSG_ENDERECO_MAL_CODIFICADO]);
  });

  it('parses a JSON body once, for the entry check, the guard (a save) and the validator together', async () => {
    const corpo = JSON.stringify({ descricao: `Lido uma vez ${Date.now()}`, roles: ['FRETE_CTE_M'] });
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect((await h.request('POST', '/api/perfis', { token: admin, rawBody: corpo })).status).toBe(201);
      expect(parse.mock.calls.filter(([texto]) => texto === corpo)).toHaveLength(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('keeps TAB, LF and CR: they are text', async () => {
    const r = await h.request('GET', '/api/perfis?search=descricao~a%09b%0Ac%0Dd', { token: admin });
    expect(r.status).toBe(200);
  });

  it.each(['2024-02-30', '2024-13-45', '0000-00-00', '9999-99-99', '0000-01-01', '9999-12-31'])(
    'refuses the impossible date %s on /api/ctes/listar-simples with the field message',
    async (data) => {
      await recusa('GET', `/api/ctes/listar-simples?dataIni=${data}`, undefined, ['Data inicial: informe uma data válida (AAAA-MM-DD).']);
      await recusa('GET', `/api/ctes/listar-simples?dataFim=${data}`, undefined, ['Data final: informe uma data válida (AAAA-MM-DD).']);
    },
  );

  it('still takes a real leap day', async () => {
    expect((await h.request('GET', '/api/ctes/listar-simples?dataIni=2024-02-29&dataFim=2024-02-29', { token: admin })).status).toBe(200);
  });

  it('refuses ids beyond the 32-bit column: a customer, a vehicle type inside a vehicle, a profile inside a user', async () => {
    await recusa('POST', '/api/clientes', { id: 2147483648, versao: 0 }, ['O identificador é grande demais.']);
    await recusa('POST', '/api/veiculos', { placa: 'ABC1D23', tipoVeiculo: { id: 2147483648 } }, ['O identificador é grande demais.']);
    const usuario = { login: 'hostil', nome: 'Hostil', senha: 'abcdefgh1', csenha: 'abcdefgh1', perfis: [{ id: 2147483648 }] };
    await recusa('POST', '/api/usuarios', usuario, /O identificador é grande demais\./);
  });
});
