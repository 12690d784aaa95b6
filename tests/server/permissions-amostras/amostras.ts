import { SENHA_DEMO } from '../../../src/server/demo/demo-usuarios';
import { json, type Harness } from '../harness';
import type { Amostras, ContextoAmostras } from './tipos';

// One sample request per route that an allowed user (and the admin) gets a 2xx, or the `status` given,
// from: the permission matrix (permissions.test.ts) and the hostile-input test (entradas-hostis.test.ts)
// both start from this table.

/** Reads `harness` and the admin's `token` only when a sample is generated (both exist after beforeAll). */
export function criarContexto(harness: () => Harness, token: () => string): ContextoAmostras {
  const obter = async (path: string) => json(await harness().request('GET', path, { token: token() }));
  const salvar = async (path: string, body: unknown) => json(await harness().request('POST', path, { token: token(), body }));
  let sequencia = 0;
  const unico = () => `${Date.now().toString(36)}${++sequencia}`;
  const primeira = async (path: string) => (await obter(path)).content[0];
  return { harness, obter, salvar, primeira, unico };
}

const LOGIN_AMOSTRA = 'amostra-login';

/** The carrier and customer samples need the registers synchronised from the demo ERP (once, after login), and the login sample its account. */
export async function prepararAmostras(h: Harness, token: string): Promise<void> {
  // The login sample's account: a cheap scrypt (the harness's), so scores of logins cost milliseconds.
  await h.criarUsuario('COLACRIL', LOGIN_AMOSTRA, [], 'REPRESENTANTE');
  for (const path of ['/api/transportadoras/atualizar', '/api/clientes/atualizar']) {
    const r = await h.request('GET', path, { token });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  }
}

/** Login, session, profiles and users. */
function amostrasAcesso(ctx: ContextoAmostras): Amostras {
  const novoPerfil = () => ctx.salvar('/api/perfis', { descricao: `Amostra ${Math.random()}`, roles: ['FRETE_CTE_M'] });
  // Inserted directly (no scrypt of the real cost per sample), then read as the API shows it.
  const novoUsuario = async () => ctx.obter(`/api/usuarios/${await ctx.harness().criarUsuario('COLACRIL', `amostra${ctx.unico()}`, ['FRETE_CTE_M'])}`);
  return {
    'GET /api/ping': async () => ({ path: '/api/ping' }),
    'POST /api/login': async () => ({ path: '/api/login', empresa: 'COLACRIL', body: { login: LOGIN_AMOSTRA, senha: SENHA_DEMO } }),
    'GET /api/eu': async () => ({ path: '/api/eu' }),
    // 400 (the new password equals the current one) is past the guard; a real change would end the shared tokens' sessions.
    'POST /api/usuarios/alterar-senha': async () => ({
      path: '/api/usuarios/alterar-senha',
      body: { senhaAtual: SENHA_DEMO, senha: SENHA_DEMO, confirmacao: SENHA_DEMO },
      status: 400,
    }),
    'POST /api/usuarios/configuracoes': async () => ({ path: '/api/usuarios/configuracoes', body: { ultimaVersao: '1' } }),
    'GET /api/versoes/:id': async () => ({ path: '/api/versoes/0' }),
    'GET /api/perfis': async () => ({ path: '/api/perfis?search=descricao~a&size=10' }),
    'GET /api/perfis/exportar': async () => ({ path: '/api/perfis/exportar?formato=csv' }),
    'GET /api/perfis/:id': async () => ({ path: '/api/perfis/1' }),
    'POST /api/perfis': {
      create: async () => ({ path: '/api/perfis', body: { descricao: 'Criado no teste de permissão', roles: ['FRETE_CTE_M'] } }),
      edit: async () => {
        const p = await novoPerfil();
        return { path: '/api/perfis', body: { ...p, descricao: `${p.descricao} editado` } };
      },
    },
    'DELETE /api/perfis/:id': async () => ({ path: `/api/perfis/${(await novoPerfil()).id}` }),

    'GET /api/usuarios': async () => ({ path: '/api/usuarios?search=nome~a&size=5' }),
    'GET /api/usuarios/exportar': async () => ({ path: '/api/usuarios/exportar?formato=csv' }),
    'GET /api/usuarios/listar-simples': async () => ({ path: '/api/usuarios/listar-simples?size=5' }),
    'GET /api/usuarios/auto-completar': async () => ({ path: '/api/usuarios/auto-completar?usuario=ger' }),
    'GET /api/usuarios/empresas': async () => ({ path: '/api/usuarios/empresas' }),
    'GET /api/usuarios/:id': async () => ({ path: '/api/usuarios/2' }),
    'POST /api/usuarios': {
      create: async () => ({ path: '/api/usuarios', body: { login: `novo${ctx.unico()}`, nome: 'Novo', senha: 'abcd1234', csenha: 'abcd1234', perfis: [{ id: 2 }] } }),
      edit: async () => {
        const u = await novoUsuario();
        return { path: '/api/usuarios', body: { ...u, nome: 'Editado', nivel: undefined } };
      },
    },
    'DELETE /api/usuarios/:id': async () => ({ path: `/api/usuarios/${(await novoUsuario()).id}` }),
  };
}

/** Carriers, customers (and their ERP views) and the settings. */
function amostrasParceiros(ctx: ContextoAmostras): Amostras {
  /** The first row of a register's picker, read whole (its version changes as samples run). */
  const atual = async (base: string, ordem = '') => ctx.obter(`${base}/${(await ctx.primeira(`${base}/listar-simples?size=1${ordem}`)).id}`);
  return {
    'GET /api/transportadoras/atualizar': async () => ({ path: '/api/transportadoras/atualizar' }),
    'GET /api/transportadoras/listar-simples': async () => ({ path: '/api/transportadoras/listar-simples?transportadora=trans&size=5' }),
    'GET /api/transportadoras': async () => ({ path: '/api/transportadoras?transportadora=log' }),
    'GET /api/transportadoras/exportar': async () => ({ path: '/api/transportadoras/exportar?sort=razaoSocial&formato=csv' }),
    'GET /api/transportadoras/findByCardCode/:code': async () => ({ path: '/api/transportadoras/findByCardCode/F000001' }),
    'GET /api/transportadoras/completar-pk/:fornecedorId': async () => ({ path: '/api/transportadoras/completar-pk/F000002' }),
    'GET /api/transportadoras/:id': async () => ({ path: `/api/transportadoras/${(await ctx.primeira('/api/transportadoras/listar-simples?size=1')).id}` }),
    'POST /api/transportadoras': async () => {
      const { id, versao } = await atual('/api/transportadoras', '&sort=fornecedorId');
      return { path: '/api/transportadoras', body: { id, municipio: { codigo: 3550308 }, versao } };
    },

    'GET /api/clientes/atualizar': async () => ({ path: '/api/clientes/atualizar' }),
    'GET /api/clientes/listar-simples': async () => ({ path: '/api/clientes/listar-simples?cliente=com' }),
    'GET /api/clientes': async () => ({ path: '/api/clientes?search=razaoSocial~a&size=5' }),
    'GET /api/clientes/exportar': async () => ({ path: '/api/clientes/exportar?search=razaoSocial=ik=a&formato=csv' }),
    'GET /api/clientes/query': async () => ({ path: '/api/clientes/query?search=tipo==MATRIZ&size=5' }),
    'GET /api/clientes/findByCardCode/:code': async () => ({ path: '/api/clientes/findByCardCode/C000001' }),
    'GET /api/clientes/:id': async () => ({ path: `/api/clientes/${(await ctx.primeira('/api/clientes/listar-simples?size=1')).id}` }),
    'POST /api/clientes': async () => {
      const { id, versao } = await atual('/api/clientes');
      return { path: '/api/clientes', body: { id, descricaoAmigavel: `Amigável ${ctx.unico()}`, versao } };
    },
    'GET /api/vw-clientes/listar-simples': async () => ({ path: '/api/vw-clientes/listar-simples?cliente=a&posicao=ATIVO&clienteId_notIn=C000001,C000002' }),
    'GET /api/vw-clientes/listar-ficha-financeira': async () => ({ path: '/api/vw-clientes/listar-ficha-financeira?clienteId=C000001' }),
    'GET /api/vw-clientes/query': async () => ({ path: '/api/vw-clientes/query?search=posicao==ATIVO&size=5' }),
    'GET /api/vw-clientes/:key': async () => ({ path: '/api/vw-clientes/C000003' }),

    'GET /api/configuracoes/completar': async () => ({ path: '/api/configuracoes/completar' }),
    'POST /api/configuracoes': async () => {
      const { versao, integrarFaturamento, toleranciaValor, toleranciaPercentual } = await ctx.obter('/api/configuracoes/completar');
      return { path: '/api/configuracoes', body: { versao, integrarFaturamento, toleranciaValor, toleranciaPercentual, entradas: [], tomadores: [] } };
    },
  };
}

/** Each area's file of this folder exports its `amostras…(ctx)`: all are read, so a new area only adds its file. */
const ARQUIVOS_DAS_AREAS = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./amostras.ts', '!./tipos.ts'], { eager: true });

function amostrasDasAreas(ctx: ContextoAmostras): Amostras {
  const todas: Amostras = {};
  for (const [arquivo, modulo] of Object.entries(ARQUIVOS_DAS_AREAS)) {
    for (const [nome, criar] of Object.entries(modulo)) {
      if (!nome.startsWith('amostras') || typeof criar !== 'function') continue;
      for (const [rota, amostra] of Object.entries((criar as (c: ContextoAmostras) => Amostras)(ctx))) {
        if (rota in todas) throw new Error(`${rota}: amostra repetida (${arquivo})`);
        todas[rota] = amostra;
      }
    }
  }
  return todas;
}

/** The whole table, keyed "METHOD /path" like ROUTE_PERMISSIONS (src/server/areas-api.ts). */
export function criarAmostras(harness: () => Harness, token: () => string): Amostras {
  const ctx = criarContexto(harness, token);
  return { ...amostrasAcesso(ctx), ...amostrasParceiros(ctx), ...amostrasDasAreas(ctx) };
}
