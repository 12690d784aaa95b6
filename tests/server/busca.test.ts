import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq } from 'drizzle-orm';
import { HITS_PERFIS, HITS_POR_GRUPO, MSG_BUSCA_CURTA, MSG_BUSCA_LONGA, type RespostaBusca, type TipoBusca } from '../../src/contracts/busca';
import { MSG_CARACTERE_CONTROLE } from '../../src/contracts/erros';
import { TODOS_CODIGOS } from '../../src/domain/permissoes';
import { buscarNaPaleta } from '../../src/server/busca/buscar-na-paleta';
import { cte } from '../../src/server/db/schema/cte';
import { perfil } from '../../src/server/db/schema/perfil';
import { tabelaFrete } from '../../src/server/db/schema/tabela-frete';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { createHarness, json, type Harness } from './harness';
import { corpoRomaneio, referenciasRomaneio, salvarOk } from './romaneios-frete-dados';
import { inserirRomaneiosOs, refsOs } from './romaneios-os-dados';

// GET /api/busca (docs/decisoes.md §31): the palette's one search. Each kind answers what the per-kind call the palette
// used to make answered (same filter, same order, cut to the palette's few hits), only for the kinds the
// user's screens allow, and only from the user's company.

let h: Harness;
let admin: string;

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  admin = await h.adminToken();
});
afterAll(() => h?.close());

const q = encodeURIComponent;
const buscar = async (texto: string, token = admin) => {
  const r = await h.request('GET', `/api/busca?q=${q(texto)}`, { token });
  expect(r.status, await r.clone().text()).toBe(200);
  return json<RespostaBusca>(r);
};
const tipos = (r: RespostaBusca) => r.grupos.map((g) => g.tipo);
const grupo = (r: RespostaBusca, tipo: TipoBusca) => r.grupos.find((g) => g.tipo === tipo);
const ids = (r: RespostaBusca, tipo: TipoBusca) => grupo(r, tipo)?.hits.map((h) => h.id);

/** The ids the per-kind call of the old palette answered for `texto`, cut to the kind's limit. */
async function idsAntigos(tipo: TipoBusca, texto: string): Promise<number[]> {
  const lista = (corpo: any): { id: number }[] => (Array.isArray(corpo) ? corpo : corpo.content);
  const caminhos: Record<TipoBusca, string> = {
    ctes: `/api/ctes?cte=${q(texto.replace(/\D/g, ''))}`,
    faturas: `/api/faturas/listar?numero=${q(texto)}`,
    minutas: `/api/minutas/listar?numero=${q(texto)}`,
    romaneios: `/api/romaneios/listar?numero=${q(texto)}`,
    'romaneios-os': `/api/romaneios-colacril/listar?numero=${q(texto)}`,
    perfis: `/api/perfis?search=${q(`descricao~${texto};ativado:true`)}&sort=descricao,asc&size=10`,
    transportadoras: `/api/transportadoras?transportadora=${q(texto)}&size=5`,
    motoristas: `/api/motoristas?search=${q(`nome~"${texto}";status==ATIVO`)}&sort=nome,asc&size=5`,
    veiculos: `/api/veiculos?search=${q(`placa~"${texto.toUpperCase()}"`)}&sort=placa,asc&size=5`,
    'tabelas-frete': `/api/tabelas-frete?transportadora=${q(texto)}&size=5`,
    usuarios: `/api/usuarios?search=${q(`nome~"${texto}";ativado:true`)}&sort=nome,asc&size=5`,
  };
  const r = await h.request('GET', caminhos[tipo], { token: admin });
  expect(r.status, `${caminhos[tipo]}: ${await r.clone().text()}`).toBe(200);
  return lista(await json(r))
    .slice(0, tipo === 'perfis' ? HITS_PERFIS : HITS_POR_GRUPO)
    .map((l) => l.id);
}

describe('GET /api/busca: what each kind finds', () => {
  it('a word searches the registers (not the numbered documents), each kind as its own list call found it, in the palette order', async () => {
    const [carrier] = await h.bancos.COLACRIL.db.select({ razao: transportadora.razaoSocial }).from(transportadora).orderBy(asc(transportadora.id)).limit(1);
    for (const palavra of ['Transp', carrier.razao.split(' ')[1], 'João', 'Marcos', 'Expedição', 'Auditoria de']) {
      const r = await buscar(palavra);
      // A short word could be a plate; anything with an accent or a space could not.
      const placa = /^[a-z]{1,7}$/i.test(palavra) ? ['veiculos'] : [];
      expect(tipos(r), palavra).toEqual(['perfis', 'transportadoras', 'motoristas', ...placa, 'tabelas-frete', 'usuarios']);
      for (const tipo of tipos(r)) expect(ids(r, tipo), `${tipo} "${palavra}"`).toEqual(await idsAntigos(tipo, palavra));
    }
    const transp = await buscar('Transp');
    expect(grupo(transp, 'transportadoras')?.hits).toHaveLength(HITS_POR_GRUPO);
    expect(grupo(transp, 'transportadoras')?.hits[0]).toEqual({ id: expect.any(Number), rotulo: expect.any(String), detalhe: expect.stringMatching(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/) });
    expect(grupo(await buscar('Expedição'), 'perfis')?.hits).toEqual([{ id: expect.any(Number), rotulo: 'Expedição' }]);
    expect(grupo(await buscar('Marcos'), 'usuarios')?.hits).toEqual([{ id: expect.any(Number), rotulo: 'Marcos Ribeiro', detalhe: 'gerente' }]);
  });

  it('labels as the palette shows them: driver with CPF, vehicle with model, table with its period, user with login', async () => {
    const motoristas = grupo(await buscar('João Batista'), 'motoristas')!;
    expect(motoristas.hits).toEqual([{ id: expect.any(Number), rotulo: 'João Batista Ferreira', detalhe: expect.stringMatching(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/) }]);
    const porCpf = await buscar(motoristas.hits[0].detalhe!.slice(0, 7));
    expect(ids(porCpf, 'motoristas')).toContain(motoristas.hits[0].id);

    const veiculos = await buscar('abc1');
    expect(tipos(veiculos)).toContain('veiculos');
    expect(grupo(veiculos, 'veiculos')?.hits).toEqual([{ id: expect.any(Number), rotulo: 'ABC1234', detalhe: 'Atego 1719' }]);
    expect(ids(veiculos, 'veiculos')).toEqual(await idsAntigos('veiculos', 'abc1'));

    const [comTabela] = await h.bancos.COLACRIL.db
      .select({ id: tabelaFrete.id, razao: transportadora.razaoSocial })
      .from(tabelaFrete)
      .innerJoin(transportadora, eq(transportadora.id, tabelaFrete.transportadoraId))
      .orderBy(asc(tabelaFrete.id))
      .limit(1);
    const tabelas = grupo(await buscar(comTabela.razao), 'tabelas-frete')!;
    expect(tabelas.hits.map((t) => t.id)).toContain(comTabela.id);
    for (const t of tabelas.hits) expect(t).toEqual({ id: t.id, rotulo: comTabela.razao, detalhe: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} a (\d{2}\/\d{2}\/\d{4}|sem fim)$/) });
    expect(tabelas.hits.map((t) => t.id)).toEqual(await idsAntigos('tabelas-frete', comTabela.razao));
  });

  it('CT-es by number (the exact one first) and by key, whole, partial or pasted with spaces and dots', async () => {
    const [doc] = await h.bancos.COLACRIL.db.select({ id: cte.id, numero: cte.numero, chave: cte.chave }).from(cte).orderBy(desc(cte.id)).limit(1);
    const porNumero = await buscar(String(doc.numero));
    expect(tipos(porNumero)[0]).toBe('ctes');
    expect(grupo(porNumero, 'ctes')?.hits[0]).toMatchObject({ rotulo: `CT-e ${doc.numero}` });
    expect(ids(porNumero, 'ctes')).toEqual(await idsAntigos('ctes', String(doc.numero)));

    const colada = doc.chave.replace(/(\d{4})(?=\d)/g, '$1 ');
    for (const chave of [doc.chave, colada, doc.chave.slice(0, 30), doc.chave.slice(0, 20).replace(/(\d{2})(\d{4})/, '$1.$2-')]) {
      const r = await buscar(chave);
      expect(ids(r, 'ctes'), chave).toContain(doc.id);
      expect(ids(r, 'ctes')).toEqual(await idsAntigos('ctes', chave));
    }
    const inteira = grupo(await buscar(colada), 'ctes')!;
    expect(inteira.hits).toEqual([{ id: doc.id, rotulo: `CT-e ${doc.numero}`, detalhe: expect.stringContaining(doc.chave) }]);
    // Words never reach the CT-es; more than 44 digits are no key.
    expect(tipos(await buscar('Transp'))).not.toContain('ctes');
    expect(tipos(await buscar(`${doc.chave}1`))).not.toContain('ctes');
  });

  it('faturas, minutas and both manifests by número, as their own searches answer', async () => {
    const db = h.bancos.COLACRIL.db;
    const romaneio = await salvarOk(h, admin, corpoRomaneio(await referenciasRomaneio(db)));
    const [os] = await inserirRomaneiosOs(db, await refsOs(db), [{}]);
    const textos = ['104233', '58710', String(romaneio.numero).padStart(3, '0'), String(os.numero).padStart(3, '0'), '100'];
    for (const texto of textos) {
      const r = await buscar(texto);
      for (const tipo of ['faturas', 'minutas', 'romaneios', 'romaneios-os'] as const) {
        expect(tipos(r), texto).toContain(tipo);
        expect(ids(r, tipo), `${tipo} ${texto}`).toEqual(await idsAntigos(tipo, texto));
      }
    }
    expect(grupo(await buscar('104233'), 'faturas')?.hits[0]).toMatchObject({ rotulo: 'Fatura 104233', detalhe: expect.stringMatching(/ · \d{2}\/\d{2}\/\d{4} · R\$ /) });
    const achado = grupo(await buscar(String(romaneio.numero).padStart(3, '0')), 'romaneios')!.hits.find((x) => x.id === romaneio.id);
    expect(achado?.rotulo).toBe(`Romaneio ${romaneio.numero}`);
    const achadoOs = grupo(await buscar(String(os.numero).padStart(3, '0')), 'romaneios-os')!.hits.find((x) => x.id === os.id);
    expect(achadoOs?.rotulo).toBe(`Romaneio de O.S. ${os.numero}`);
  });

  it('cuts every kind to a few hits; profiles to the autocomplete size 10', async () => {
    const db = h.bancos.COLACRIL.db;
    await db.insert(perfil).values(Array.from({ length: 12 }, (_, i) => ({ descricao: `Limite da paleta ${i}`, roles: ['FRETE_CTE_M'] })));
    const r = await buscar('Limite da paleta');
    expect(grupo(r, 'perfis')?.hits).toHaveLength(HITS_PERFIS);
    for (const g of r.grupos) expect(g.hits.length).toBeLessThanOrEqual(g.tipo === 'perfis' ? HITS_PERFIS : HITS_POR_GRUPO);
  });
});

describe('GET /api/busca: permissions and companies', () => {
  it('answers only the kinds whose screens the user opens; nothing for a user who opens none', async () => {
    const veiculos = await h.tokenCom(['FRETE_CTE_M', 'FRETE_VEIC_M'], 'REPRESENTANTE');
    expect(tipos(await buscar('abc1', veiculos))).toEqual(['veiculos']);
    expect(tipos(await buscar('1234', veiculos))).toEqual(['ctes', 'veiculos']);
    const romaneios = await h.tokenCom(['FRETE_ROMA_M', 'FRETE_MINU_M'], 'REPRESENTANTE');
    expect(tipos(await buscar('450', romaneios))).toEqual(['minutas', 'romaneios', 'romaneios-os']);
    expect(tipos(await buscar('Transp', romaneios))).toEqual([]);
    // Write codes open no screen: a user holding every code but the menu ones finds nothing.
    const semMenus = await h.tokenCom(TODOS_CODIGOS.filter((c) => !c.endsWith('_M')), 'DIRETOR');
    expect(await buscar('Transp', semMenus)).toEqual({ grupos: [] });
    expect(await buscar('1234', await h.tokenCom([], 'REPRESENTANTE'))).toEqual({ grupos: [] });
    // ADMIN opens everything: a plate-like word reaches every register.
    expect(tipos(await buscar('abc1'))).toEqual(['perfis', 'transportadoras', 'motoristas', 'veiculos', 'tabelas-frete', 'usuarios']);
  });

  it("never answers the other company's records", async () => {
    const marca = `Exclusivo RRE ${Date.now().toString(36)}`;
    await h.bancos.RRE.db.insert(perfil).values({ descricao: marca, roles: ['FRETE_CTE_M'] });
    expect(grupo(await buscar(marca), 'perfis')?.hits).toEqual([]);
    const rre = await h.adminToken('RRE');
    expect(grupo(await buscar(marca, rre), 'perfis')?.hits).toEqual([{ id: expect.any(Number), rotulo: marca }]);
    // The token is the company's: asking as the other one is refused before any search.
    const r = await h.request('GET', `/api/busca?q=${q(marca)}`, { token: rre, empresa: 'COLACRIL' });
    expect(r.status).toBe(403);
  });

  it('needs a session', async () => {
    expect((await h.request('GET', '/api/busca?q=Transp')).status).toBe(401);
  });
});

describe('GET /api/busca: bad input', () => {
  it('answers 400 in Portuguese: no term, too short, too long, control characters, repeated', async () => {
    const casos: [string, string][] = [
      ['/api/busca', MSG_BUSCA_CURTA],
      ['/api/busca?q=ab', MSG_BUSCA_CURTA],
      [`/api/busca?q=${q('  ab   ')}`, MSG_BUSCA_CURTA],
      [`/api/busca?q=${'x'.repeat(101)}`, MSG_BUSCA_LONGA],
      [`/api/busca?q=${'9'.repeat(10_000)}`, MSG_BUSCA_LONGA],
      ['/api/busca?q=abc&q=def', MSG_BUSCA_CURTA],
    ];
    for (const [caminho, mensagem] of casos) {
      const r = await h.request('GET', caminho, { token: admin });
      expect(r.status, caminho.slice(0, 60)).toBe(400);
      expect(await json(r)).toEqual({ mensagens: [mensagem] });
    }
    const controle = await h.request('GET', '/api/busca?q=abc%00def', { token: admin });
    expect(controle.status).toBe(400);
    expect(await json(controle)).toEqual({ mensagens: [MSG_CARACTERE_CONTROLE] });
  });

  it("a term with LIKE's and SQL's special characters is only text", async () => {
    for (const texto of ["'; drop table x; --", '100%', 'a_b_c', '\\\\\\', '***']) {
      const r = await buscar(texto);
      for (const g of r.grupos) expect(g.falhou, `${g.tipo} ${texto}`).toBeUndefined();
    }
    expect(grupo(await buscar('%%%'), 'transportadoras')?.hits).toEqual([]);
  });
});

describe('buscarNaPaleta', () => {
  it('stops at once when the client gave up (a newer keystroke aborted it)', async () => {
    const abortado = AbortSignal.abort();
    const r = await buscarNaPaleta(h.bancos.COLACRIL.db, { nivel: 'ADMIN', roles: [] }, 'Transp', { signal: abortado, logError: () => {} });
    expect(r).toEqual({ grupos: [] });
  });

  it('a kind whose query fails is answered as failed and logged; the others still answer', async () => {
    const erros: unknown[] = [];
    const db = h.bancos.COLACRIL.db;
    // A database whose carrier queries fail (in or out of a transaction): FROM transportadora throws.
    const quebrar = <T extends object>(alvo: T): T =>
      new Proxy(alvo, {
        get(obj, prop, receptor) {
          const valor = Reflect.get(obj, prop, receptor);
          if (prop === 'transaction') return (fn: (tx: unknown) => unknown) => (valor as (f: unknown) => unknown).call(obj, (tx: object) => fn(quebrar(tx)));
          if (prop !== 'select') return typeof valor === 'function' ? valor.bind(obj) : valor;
          return (...args: unknown[]) => {
            const consulta = (valor as (...a: unknown[]) => any).apply(obj, args);
            const from = consulta.from.bind(consulta);
            consulta.from = (tabela: unknown) => {
              if (tabela === transportadora) throw new Error('falha simulada');
              return from(tabela);
            };
            return consulta;
          };
        },
      });
    const quebrado = quebrar(db);
    const r = await buscarNaPaleta(quebrado, { nivel: 'ADMIN', roles: [] }, 'Transp', { logError: (...a) => erros.push(a) });
    expect(grupo(r, 'transportadoras')).toEqual({ tipo: 'transportadoras', hits: [], falhou: true });
    // The freight tables read their carriers too; the kinds that do not still answer.
    expect(r.grupos.filter((g) => g.falhou).map((g) => g.tipo)).toEqual(['transportadoras', 'tabelas-frete']);
    expect(r.grupos.map((g) => g.tipo)).toEqual(['perfis', 'transportadoras', 'motoristas', 'veiculos', 'tabelas-frete', 'usuarios']);
    expect(erros).toHaveLength(2);
  });
});
