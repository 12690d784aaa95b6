import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPRESAS, type Empresa } from '../../src/contracts/common';
import { temPermissao } from '../../src/domain/permissoes';
import { cte } from '../../src/server/db/schema/cte';
import { fatura } from '../../src/server/db/schema/fatura';
import { minuta } from '../../src/server/db/schema/minuta';
import { demoPerfis } from '../../src/server/demo/demo-perfis';
import { SENHA_DEMO, demoUsuarios } from '../../src/server/demo/demo-usuarios';
import { ROUTES } from '../../src/web/app/routes';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';
import { MANIFESTO, resolver, SHELL, type Chamada, type Ids } from './perfis-telas-manifesto';

// docs/decisoes.md §8, "every profile can do what its menus promise": generated from the demo seed (users and their
// profiles), the web route table (menu route → role) and the manifest of each screen's read calls. For every
// demo user of each company, every route its menus list, every call of that screen and its dialogs must
// answer (2xx) as that user: a 403 there means a menu that opens a screen the user cannot use.

interface UsuarioTela {
  login: string;
  senha: string;
  nivel: string;
  roles: string[];
}

/** The demo users as the seed creates them: admin (profile Administração) plus one per level. */
function usuariosDemo(empresa: Empresa): UsuarioTela[] {
  const perfis = new Map(demoPerfis(empresa).map((p) => [p.descricao, p]));
  const rolesDe = (nomes: string[]) => [...new Set(nomes.flatMap((n) => (perfis.get(n)?.ativado === false ? [] : (perfis.get(n)?.roles ?? []))))].sort();
  return [
    { login: 'admin', senha: SENHA_ADMIN_TESTE, nivel: 'ADMIN', roles: rolesDe(['Administração']) },
    ...demoUsuarios(empresa).map((u) => ({ login: u.login, senha: SENHA_DEMO, nivel: u.nivel, roles: rolesDe(u.perfis) })),
  ];
}

/** One case per (company, user, menu route): the routes the shell lists for that user (permitted-routes.ts). */
const CASOS = EMPRESAS.flatMap((empresa) =>
  usuariosDemo(empresa).flatMap((usuario) =>
    ROUTES.filter((r) => temPermissao(usuario, r.role)).map((rota) => ({ empresa, login: usuario.login, usuario, rota: rota.path })),
  ),
);

let h: Harness;
const tokens = new Map<string, string>();
const ids = {} as Record<Empresa, Ids>;

async function primeiro(empresa: Empresa, caminho: string) {
  const r = await h.request('GET', `/api${caminho}`, { token: tokens.get(`${empresa}|admin`) });
  const corpo = await json(r);
  const item = Array.isArray(corpo) ? corpo[0] : corpo.content?.[0];
  if (r.status !== 200 || !item) throw new Error(`${empresa} ${caminho}: ${r.status} sem registros`);
  return item;
}

const semFatura = (empresa: Empresa): never => {
  throw new Error(`${empresa}: a semente não tem fatura de demonstração`);
};

/** The seed's first minuta, or one saved now as admin (the Minutas modal opens a saved minuta). */
async function umaMinuta(empresa: Empresa): Promise<number> {
  const [existente] = await h.bancos[empresa].db.select({ id: minuta.id }).from(minuta).orderBy(asc(minuta.id)).limit(1);
  if (existente) return existente.id;
  const r = await h.request('POST', '/api/minutas', { token: tokens.get(`${empresa}|admin`), body: { numero: '1', fatura: '1' } });
  if (r.status !== 201) throw new Error(`${empresa}: minuta não gravada: ${r.status} ${await r.text()}`);
  return (await json(r)).id;
}

async function resolverIds(empresa: Empresa): Promise<Ids> {
  const { db } = h.bancos[empresa];
  const umCte = (condicao: ReturnType<typeof eq>) =>
    db.select({ id: cte.id, transportadoraId: cte.transportadoraId, dataEmissao: cte.dataEmissao }).from(cte).where(and(condicao, isNotNull(cte.transportadoraId))).orderBy(asc(cte.id)).limit(1);
  const [processado] = await umCte(eq(cte.status, 'PROCESSADO'));
  const [auditado] = await umCte(eq(cte.status, 'AUDITADO_SUCESSO'));
  const [{ id: umaFatura } = { id: undefined }] = await db.select({ id: fatura.id }).from(fatura).orderBy(asc(fatura.id)).limit(1);
  if (!processado || !auditado) throw new Error(`${empresa}: a semente não tem CT-e processado e auditado`);
  return {
    cte: processado.id,
    cteAuditado: auditado.id,
    transportadoraCte: processado.transportadoraId!,
    dataCte: new Date(processado.dataEmissao).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }),
    transportadora: (await primeiro(empresa, '/transportadoras/listar-simples?size=1')).id,
    tabela: (await primeiro(empresa, '/tabelas-frete?size=1')).id,
    usuario: (await primeiro(empresa, '/usuarios?size=1')).id,
    perfil: (await primeiro(empresa, '/perfis?size=1')).id,
    tipoVeiculo: (await primeiro(empresa, '/tipos-veiculo?size=1')).id,
    veiculo: (await primeiro(empresa, '/veiculos?size=1')).id,
    motorista: (await primeiro(empresa, '/motoristas?size=1')).id,
    fatura: umaFatura ?? semFatura(empresa),
    minuta: await umaMinuta(empresa),
    codigoCliente: (await primeiro(empresa, '/clientes/listar-simples?size=1')).vwCliente.pk.clienteId,
  };
}

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  // Real logins with the seeded passwords, in parallel (scrypt dominates).
  await Promise.all(
    EMPRESAS.flatMap((empresa) => usuariosDemo(empresa).map(async (u) => tokens.set(`${empresa}|${u.login}`, await h.login(u.login, u.senha, empresa)))),
  );
  for (const empresa of EMPRESAS) ids[empresa] = await resolverIds(empresa);
});
afterAll(() => h?.close());

describe('the manifest and the seed', () => {
  it('has one entry per menu route', () => {
    expect(Object.keys(MANIFESTO).sort()).toEqual(ROUTES.map((r) => r.path).sort());
  });

  it.each(EMPRESAS.flatMap((empresa) => usuariosDemo(empresa).map((u) => ({ empresa, u }))))('$empresa $u.login: /eu answers the roles the cases were built from', async ({ empresa, u }) => {
    const eu = await json(await h.request('GET', '/api/eu', { token: tokens.get(`${empresa}|${u.login}`) }));
    expect({ nivel: eu.nivel, roles: [...eu.roles].sort() }).toEqual({ nivel: u.nivel, roles: u.roles });
  });

  it('gives the representative a read-mostly profile: menus, no freight-table or CT-e writes', () => {
    const { roles } = usuariosDemo('COLACRIL').find((u) => u.login === 'representante')!;
    // Only menu codes (and the freight-weight indicator): no _C, _E or _D anywhere.
    expect(roles.filter((c) => !c.endsWith('_M') && c !== 'FRETE_IND_FRETE_PESO')).toEqual([]);
    expect(roles).toEqual(expect.arrayContaining(['FRETE_TABFR_M', 'FRETE_CTE_M', 'FRETE_IND_FRETE_PESO', 'FRETE_TRANS_M']));
  });
});

async function chamar(empresa: Empresa, token: string, c: Chamada): Promise<string | null> {
  const caminho = `/api${resolver(c.caminho, ids[empresa])}`;
  const r = await h.request(c.metodo, caminho, { token, body: c.corpo?.(ids[empresa]) });
  if (r.status >= 200 && r.status < 300) return null;
  return `${c.rotulo} (${c.metodo} ${caminho}): ${r.status} ${(await r.text()).slice(0, 200)}`;
}

describe('every menu route of every demo user', () => {
  it.each(CASOS)('$empresa $login opens $rota and its dialogs without a refusal', async ({ empresa, login, rota }) => {
    const { tela, dialogos } = MANIFESTO[rota] ?? { tela: [], dialogos: {} };
    const token = tokens.get(`${empresa}|${login}`)!;
    const recusas: string[] = [];
    const grupos: [string, Chamada[]][] = [['shell', SHELL], ['tela', tela], ...Object.entries(dialogos)];
    for (const [grupo, chamadas] of grupos) {
      for (const c of chamadas) {
        const falha = await chamar(empresa, token, c);
        if (falha) recusas.push(`${grupo}: ${falha}`);
      }
    }
    expect(recusas).toEqual([]);
  });
});
