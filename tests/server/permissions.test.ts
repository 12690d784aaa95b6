import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_SEM_PERMISSAO, MSG_SESSAO_INVALIDA } from '../../src/contracts/erros';
import { TODOS_CODIGOS } from '../../src/domain/permissions';
import { apiRoutes, assertRoutesGuarded } from '../../src/server/assert-routes-guarded';
import { SENHA_DEMO } from '../../src/server/db/seed/demo-usuarios';
import { ROUTE_PERMISSIONS, routeKey, type RoutePermission } from '../../src/server/route-permissions';
import { createHarness, json, type Harness } from './harness';
import { amostrasAuditoriasCte } from './permissions-amostras/auditorias-cte';
import { amostrasCtes } from './permissions-amostras/ctes';
import type { Amostra, Amostras, ContextoAmostras, Gerador } from './permissions-amostras/tipos';

// One sample request per route that succeeds for an allowed user. A route added to the table
// without a sample fails the first test below, so the generated permission tests cover it.

let h: Harness;
let admin: string;
const novoPerfil = async () =>
  json(await h.request('POST', '/api/perfis', { token: admin, body: { descricao: `Amostra ${Math.random()}`, roles: ['FRETE_CTE_M'] } }));

const obter = async (path: string) => json(await h.request('GET', path, { token: admin }));
const salvar = async (path: string, body: unknown) => json(await h.request('POST', path, { token: admin, body }));
let sequencia = 0;
const unico = () => `${Date.now().toString(36)}${++sequencia}`;
const novoUsuario = () => salvar('/api/usuarios', { login: `amostra${unico()}`, nome: 'Amostra', senha: 'abcd1234', csenha: 'abcd1234', perfis: [{ id: 1 }] });
const novoTipo = () => salvar('/api/tipos-veiculo', { descricao: `Tipo ${unico()}` });
const novaPlaca = () => `P${String(++sequencia).padStart(2, '0')}${unico().slice(-4)}`.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 7);
const novoVeiculo = () => salvar('/api/veiculos', { placa: novaPlaca() });
const CPFS = ['52998224725', '11144477735', '39053344705', '86288366757', '71428793860', '24843803480', '15350946056'];
let cpfUsado = 0;
const motoristaValido = () => ({
  nome: 'Motorista Amostra', cpf: CPFS[cpfUsado++ % CPFS.length], rg: '123', rntnc: '456', logradouro: 'Rua A', cep: '01001000', cidade: 'São Paulo', uf: 'SP',
});
const novoMotorista = async () => {
  const corpo = motoristaValido();
  const [existente] = (await obter(`/api/motoristas?search=cpf==${corpo.cpf};status=in=(ATIVO,INATIVO)`)).content;
  return existente ?? salvar('/api/motoristas', corpo);
};
const primeira = async (path: string) => (await obter(path)).content[0];
/** A valid freight table body: the first carrier, São Paulo → RJ, one fixed element. */
const corpoTabela = async () => ({
  transportadora: { id: (await primeira('/api/transportadoras/listar-simples?size=1')).id },
  inicio: '2015-01-01',
  fim: '2015-12-31',
  percursos: [
    {
      descricao: `Percurso ${unico()}`,
      origens: [{ municipio: { id: (await primeira('/api/municipios?search=codigo==3550308')).id } }],
      destinos: [{ uf: { id: (await primeira('/api/ufs?search=sigla==RJ')).id } }],
      elementosCusto: [{ descricao: 'Despacho', modalidade: 'FIXO', valorMinimo: '30' }],
    },
  ],
});
const novaTabela = async () => salvar('/api/tabelas-frete', await corpoTabela());
const pedidoCalculo = async () => ({
  dataDespacho: '2015-06-15',
  transportadora: (await primeira('/api/transportadoras/listar-simples?size=1')).id,
  cliente: '11.222.333/0001-81',
  valor: '1000',
  peso: '100',
  codigoOrigem: 3550308,
  codigoDestino: 3304557,
  tipoVeiculo: 0,
});

const contexto: ContextoAmostras = { harness: () => h, obter, salvar, primeira, unico };

const AMOSTRAS: Amostras = {
  'GET /api/ping': async () => ({ path: '/api/ping' }),
  'POST /api/login': async () => ({ path: '/api/login', empresa: 'COLACRIL', body: { login: 'supervisor', senha: SENHA_DEMO } }),
  'GET /api/eu': async () => ({ path: '/api/eu' }),
  // 400 (the new password equals the current one) is past the guard; a real change would end the shared tokens' sessions.
  'POST /api/usuarios/alterar-senha': async () => ({ path: '/api/usuarios/alterar-senha', body: { senhaAtual: SENHA_DEMO, senha: SENHA_DEMO, confirmacao: SENHA_DEMO }, status: 400 }),
  'POST /api/usuarios/configuracoes': async () => ({ path: '/api/usuarios/configuracoes', body: { ultimaVersao: '1' } }),
  'GET /api/versoes/:id': async () => ({ path: '/api/versoes/0' }),
  'GET /api/perfis': async () => ({ path: '/api/perfis?search=descricao~a&size=10' }),
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
  'GET /api/usuarios/listar-simples': async () => ({ path: '/api/usuarios/listar-simples?size=5' }),
  'GET /api/usuarios/auto-completar': async () => ({ path: '/api/usuarios/auto-completar?usuario=ger' }),
  'GET /api/usuarios/empresas': async () => ({ path: '/api/usuarios/empresas' }),
  'GET /api/usuarios/:id': async () => ({ path: '/api/usuarios/2' }),
  'POST /api/usuarios': {
    create: async () => ({ path: '/api/usuarios', body: { login: `novo${unico()}`, nome: 'Novo', senha: 'abcd1234', csenha: 'abcd1234', perfis: [{ id: 2 }] } }),
    edit: async () => {
      const u = await novoUsuario();
      return { path: '/api/usuarios', body: { ...u, nome: 'Editado', nivel: undefined } };
    },
  },
  'DELETE /api/usuarios/:id': async () => ({ path: `/api/usuarios/${(await novoUsuario()).id}` }),

  'GET /api/transportadoras/atualizar': async () => ({ path: '/api/transportadoras/atualizar' }),
  'GET /api/transportadoras/listar-simples': async () => ({ path: '/api/transportadoras/listar-simples?transportadora=trans&size=5' }),
  'GET /api/transportadoras': async () => ({ path: '/api/transportadoras?transportadora=log' }),
  'GET /api/transportadoras/findByCardCode/:code': async () => ({ path: '/api/transportadoras/findByCardCode/F000001' }),
  'GET /api/transportadoras/completar-pk/:fornecedorId': async () => ({ path: '/api/transportadoras/completar-pk/F000002' }),
  'GET /api/transportadoras/:id': async () => ({ path: `/api/transportadoras/${(await primeira('/api/transportadoras/listar-simples?size=1')).id}` }),
  'POST /api/transportadoras': async () => {
    const t = await primeira('/api/transportadoras/listar-simples?size=1&sort=fornecedorId');
    const atual = await obter(`/api/transportadoras/${t.id}`);
    return { path: '/api/transportadoras', body: { id: atual.id, municipio: { codigo: 3550308 }, versao: atual.versao } };
  },

  'GET /api/clientes/atualizar': async () => ({ path: '/api/clientes/atualizar' }),
  'GET /api/clientes/listar-simples': async () => ({ path: '/api/clientes/listar-simples?cliente=com' }),
  'GET /api/clientes': async () => ({ path: '/api/clientes?search=razaoSocial~a&size=5' }),
  'GET /api/clientes/query': async () => ({ path: '/api/clientes/query?search=tipo==MATRIZ&size=5' }),
  'GET /api/clientes/findByCardCode/:code': async () => ({ path: '/api/clientes/findByCardCode/C000001' }),
  'GET /api/clientes/:id': async () => ({ path: `/api/clientes/${(await primeira('/api/clientes/listar-simples?size=1')).id}` }),
  'POST /api/clientes': async () => {
    const c = await primeira('/api/clientes/listar-simples?size=1');
    const atual = await obter(`/api/clientes/${c.id}`);
    return { path: '/api/clientes', body: { id: atual.id, descricaoAmigavel: `Amigável ${unico()}`, versao: atual.versao } };
  },
  'GET /api/vw-clientes/listar-simples': async () => ({ path: '/api/vw-clientes/listar-simples?cliente=a&posicao=ATIVO&clienteId_notIn=C000001,C000002' }),
  'GET /api/vw-clientes/listar-ficha-financeira': async () => ({ path: '/api/vw-clientes/listar-ficha-financeira?clienteId=C000001' }),
  'GET /api/vw-clientes/query': async () => ({ path: '/api/vw-clientes/query?search=posicao==ATIVO&size=5' }),
  'GET /api/vw-clientes/:key': async () => ({ path: '/api/vw-clientes/C000003' }),

  'GET /api/configuracoes/completar': async () => ({ path: '/api/configuracoes/completar' }),
  'POST /api/configuracoes': async () => {
    const { versao, integrarFaturamento, toleranciaValor, toleranciaPercentual } = await obter('/api/configuracoes/completar');
    return { path: '/api/configuracoes', body: { versao, integrarFaturamento, toleranciaValor, toleranciaPercentual, entradas: [], tomadores: [] } };
  },
  ...amostrasCtes(contexto),
  ...amostrasAuditoriasCte(contexto),

  'GET /api/tipos-veiculo': async () => ({ path: '/api/tipos-veiculo?search=descricao==*a*' }),
  'GET /api/tipos-veiculo/:id': async () => ({ path: `/api/tipos-veiculo/${(await novoTipo()).id}` }),
  'POST /api/tipos-veiculo': {
    create: async () => ({ path: '/api/tipos-veiculo', body: { descricao: `Criado ${unico()}`, codigo: 'X' } }),
    edit: async () => ({ path: '/api/tipos-veiculo', body: { ...(await novoTipo()), descricao: `Editado ${unico()}` } }),
  },
  'DELETE /api/tipos-veiculo/:id': async () => ({ path: `/api/tipos-veiculo/${(await novoTipo()).id}` }),
  'GET /api/veiculos': async () => ({ path: '/api/veiculos?search=fabricante=ik=volvo' }),
  'GET /api/veiculos/:id': async () => ({ path: `/api/veiculos/${(await primeira('/api/veiculos?size=1')).id}` }),
  'POST /api/veiculos': {
    create: async () => ({ path: '/api/veiculos', body: { placa: novaPlaca().toLowerCase(), modelo: 'Amostra' } }),
    edit: async () => {
      const v = await novoVeiculo();
      return { path: '/api/veiculos', body: { id: v.id, placa: v.placa, modelo: 'Editado', versao: v.versao } };
    },
  },
  'DELETE /api/veiculos/:id': async () => ({ path: `/api/veiculos/${(await novoVeiculo()).id}` }),
  'GET /api/motoristas': async () => ({ path: '/api/motoristas?search=nome=ik=jo&page=0&size=100' }),
  'GET /api/motoristas/:id': async () => ({ path: `/api/motoristas/${(await primeira('/api/motoristas?size=1')).id}` }),
  'POST /api/motoristas': {
    create: async () => {
      const corpo = motoristaValido();
      const [existente] = (await obter(`/api/motoristas?search=cpf==${corpo.cpf};status=in=(ATIVO,INATIVO)`)).content;
      return { path: '/api/motoristas', body: existente ? { ...existente, cpfFormatado: undefined, nome: 'Outro' } : corpo };
    },
    edit: async () => {
      const m = await novoMotorista();
      return { path: '/api/motoristas', body: { ...m, cpfFormatado: undefined, nome: `Editado ${unico()}`, status: 'ATIVO' } };
    },
  },
  'DELETE /api/motoristas/:id': async () => ({ path: `/api/motoristas/${(await novoMotorista()).id}` }),

  'GET /api/ufs': async () => ({ path: '/api/ufs?size=100&search=nome=ik=paran' }),
  'POST /api/ufs': async () => {
    const u = await primeira('/api/ufs?search=sigla==PR');
    return { path: '/api/ufs', body: { id: u.id, limiteFretePeso: '6.5', limiteFreteValor: '3', versao: u.versao } };
  },
  'GET /api/municipios': async () => ({ path: '/api/municipios?search=siglaUf==PR&page=1' }),
  'GET /api/municipios/findByNomeOrCodigo': async () => ({ path: '/api/municipios/findByNomeOrCodigo?municipio=sao paulo' }),

  'GET /api/tabelas-frete': async () => ({ path: '/api/tabelas-frete?transportadora=a&size=5' }),
  'GET /api/tabelas-frete/dtos': async () => ({ path: `/api/tabelas-frete/dtos?transportadora=${(await primeira('/api/transportadoras/listar-simples?size=1')).id}` }),
  'GET /api/tabelas-frete/cte': async () => ({
    path: `/api/tabelas-frete/cte?transportadora=${(await primeira('/api/transportadoras/listar-simples?size=1')).id}&dataDespacho=2015-06-15`,
  }),
  'POST /api/tabelas-frete/calcular': async () => ({ path: '/api/tabelas-frete/calcular', body: await pedidoCalculo() }),
  'POST /api/tabelas-frete/imprimir': async () => ({ path: '/api/tabelas-frete/imprimir', body: { pedido: await pedidoCalculo() } }),
  // 'GET /api/tabelas-frete/imprimir/cte/:id': in permissions-amostras/auditorias-cte.ts (it needs an audited CT-e).
  'GET /api/tabelas-frete/:id': async () => ({ path: `/api/tabelas-frete/${(await novaTabela()).id}` }),
  'POST /api/tabelas-frete': {
    create: async () => ({ path: '/api/tabelas-frete', body: await corpoTabela() }),
    edit: async () => ({ path: '/api/tabelas-frete', body: { ...(await novaTabela()), descricaoIcms: `Editada ${unico()}` } }),
  },
  'DELETE /api/tabelas-frete/:id': async () => ({ path: `/api/tabelas-frete/${(await novaTabela()).id}` }),
};

const exceto = (codigos: readonly string[]) => TODOS_CODIGOS.filter((c) => !codigos.includes(c));

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  // Log every user the generated tests need in parallel (scrypt dominates the file's time).
  const usuarios: [readonly string[], string][] = [
    [[], 'ADMIN'],
    [[], 'REPRESENTANTE'],
    [TODOS_CODIGOS, 'DIRETOR'],
  ];
  for (const { rule } of ROUTE_PERMISSIONS) {
    const grupos = rule.kind === 'ROLES' ? [rule.anyOf] : rule.kind === 'SAVE' ? [rule.create, rule.edit] : [];
    for (const codigos of grupos) usuarios.push([exceto(codigos), 'DIRETOR'], ...codigos.map((c) => [[c], 'REPRESENTANTE'] as [string[], string]));
    if (rule.kind === 'ALL_ROLES') usuarios.push([rule.allOf, 'REPRESENTANTE'], ...rule.allOf.map((c) => [exceto([c]), 'DIRETOR'] as [string[], string]));
  }
  const unicos = new Map(usuarios.map(([roles, nivel]) => [`${nivel}|${[...roles].sort().join(',')}`, [roles, nivel] as const]));
  await Promise.all([...unicos.values()].map(([roles, nivel]) => h.tokenCom(roles, nivel)));
  admin = await h.adminToken();
  // The carrier and customer samples need the registers synchronised from the demo ERP.
  await obter('/api/transportadoras/atualizar');
  await obter('/api/clientes/atualizar');
});
afterAll(() => h?.close());

async function chamar(rota: RoutePermission, gerar: Gerador | Amostra, token?: string) {
  const amostra = typeof gerar === 'function' ? await gerar() : gerar;
  return h.request(rota.method, amostra.path, { token, body: amostra.body, empresa: amostra.empresa });
}

async function esperarNegado(rota: RoutePermission, gerar: Gerador, token: string) {
  const amostra = await gerar();
  const antes = await h.snapshot();
  const r = await chamar(rota, amostra, token);
  expect(r.status).toBe(403);
  expect(await json(r)).toEqual({ mensagens: [MSG_SEM_PERMISSAO] });
  expect(await h.snapshot()).toBe(antes);
}

async function esperarPermitido(rota: RoutePermission, gerar: Gerador, token?: string) {
  const amostra = await gerar();
  const r = await chamar(rota, amostra, token);
  if (amostra.status !== undefined) {
    expect(r.status, await r.clone().text()).toBe(amostra.status);
    return;
  }
  expect(r.status, await r.clone().text()).toBeGreaterThanOrEqual(200);
  expect(r.status).toBeLessThan(300);
}

describe('route table', () => {
  it('describes exactly the routes the app registers under /api, each with a sample request', () => {
    const registradas = apiRoutes(h.app).sort();
    const descritas = ROUTE_PERMISSIONS.map((r) => routeKey(r.method, r.path)).sort();
    expect(registradas).toEqual(descritas);
    expect(Object.keys(AMOSTRAS).sort()).toEqual(descritas);
  });

  it('refuses to build an app with an unguarded route', () => {
    const app = new Hono();
    app.get('/api/ping', (c) => c.json({}, 200));
    app.get('/api/solta', (c) => c.json({}, 200));
    expect(() => assertRoutesGuarded(app, ROUTE_PERMISSIONS)).toThrow(/GET \/api\/solta/);
  });
});

describe.each(ROUTE_PERMISSIONS.map((r) => ({ ...r, nome: routeKey(r.method, r.path) })))('$nome', (rota) => {
  const amostra = AMOSTRAS[rota.nome];
  const variantes: [string, Gerador, readonly string[]][] =
    rota.rule.kind === 'SAVE' && typeof amostra === 'object'
      ? [
          ['create', amostra.create, rota.rule.create],
          ['edit', amostra.edit, rota.rule.edit],
        ]
      : [['call', amostra as Gerador, rota.rule.kind === 'ROLES' ? rota.rule.anyOf : []]];

  if (rota.rule.kind === 'PUBLIC') {
    it('answers without a token', () => esperarPermitido(rota, amostra as Gerador));
    return;
  }

  it('answers 401 without a token', async () => {
    const r = await chamar(rota, variantes[0][1]);
    expect(r.status).toBe(401);
    expect(await json(r)).toEqual({ mensagens: [MSG_SESSAO_INVALIDA] });
  });

  it('lets ADMIN through without any profile', async () => {
    for (const [, gerar] of variantes) await esperarPermitido(rota, gerar, admin);
  });

  if (rota.rule.kind === 'AUTH') {
    it('lets any logged user through, even with no roles', async () => {
      await esperarPermitido(rota, variantes[0][1], await h.tokenCom([], 'REPRESENTANTE'));
    });
    return;
  }

  if (rota.rule.kind === 'ADMIN') {
    it('refuses a non-ADMIN holding every code', async () => {
      await esperarNegado(rota, variantes[0][1], await h.tokenCom(TODOS_CODIGOS, 'DIRETOR'));
    });
    return;
  }

  if (rota.rule.kind === 'ALL_ROLES') {
    const todos = rota.rule.allOf;
    for (const codigo of todos)
      it(`refuses a user holding every code except ${codigo}`, async () => {
        await esperarNegado(rota, variantes[0][1], await h.tokenCom(exceto([codigo]), 'DIRETOR'));
      });
    it(`lets a user holding only ${todos.join(' + ')} through`, async () => {
      await esperarPermitido(rota, variantes[0][1], await h.tokenCom(todos, 'REPRESENTANTE'));
    });
    return;
  }

  for (const [variante, gerar, codigos] of variantes) {
    it(`${variante}: refuses a user holding every code except ${codigos.join(' | ')}`, async () => {
      await esperarNegado(rota, gerar, await h.tokenCom(exceto(codigos), 'DIRETOR'));
    });
    for (const codigo of codigos) {
      it(`${variante}: lets a user holding only ${codigo} through`, async () => {
        await esperarPermitido(rota, gerar, await h.tokenCom([codigo], 'REPRESENTANTE'));
      });
    }
  }
});
