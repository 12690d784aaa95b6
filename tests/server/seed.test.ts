import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { municipio } from '../../src/server/db/schema/municipio';
import { perfil } from '../../src/server/db/schema/perfil';
import { uf } from '../../src/server/db/schema/uf';
import { usuario } from '../../src/server/db/schema/usuario';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { seedDatabase } from '../../src/server/carga-inicial/semear-banco';
import { createHarness, json, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const contar = async (empresa: 'COLACRIL' | 'RRE') => {
  const { db } = h.bancos[empresa];
  const [linha] = await db
    .select({
      ufs: sql<number>`(select count(*) from uf)::int`,
      municipios: sql<number>`(select count(*) from municipio)::int`,
      usuarios: sql<number>`(select count(*) from usuario)::int`,
      perfis: sql<number>`(select count(*) from perfil)::int`,
      versoes: sql<number>`(select count(*) from versao_sistema)::int`,
      notas: sql<number>`(select count(*) from versao_nota)::int`,
    })
    .from(sql`(select 1) as um`);
  return linha;
};

describe('seed', () => {
  it('loads the 27 UFs plus EX and every IBGE municipality, in both companies', async () => {
    for (const empresa of ['COLACRIL', 'RRE'] as const) {
      const { db } = h.bancos[empresa];
      expect(await contar(empresa)).toMatchObject({ ufs: 28, municipios: 5571, usuarios: 5, versoes: 3 });
      const [ex] = await db.select().from(uf).where(eq(uf.sigla, 'EX'));
      expect(ex).toMatchObject({ codigo: '99', nome: 'Exterior', limiteFretePeso: null });
      const [pr] = await db.select().from(uf).where(eq(uf.sigla, 'PR'));
      expect(pr).toMatchObject({ codigo: '41', nome: 'Paraná', limiteFretePeso: '1.2000', limiteFreteValor: '6.0000' });
      const [sp] = await db.select().from(municipio).where(eq(municipio.codigo, 3550308));
      expect(sp).toMatchObject({ nome: 'São Paulo', siglaUf: 'SP', capital: true });
      const [mourao] = await db.select().from(municipio).where(and(eq(municipio.codigo, 4104303), eq(municipio.ufId, pr.id)));
      expect(mourao).toMatchObject({ nome: 'Campo Mourão', siglaUf: 'PR', capital: false });
    }
  });

  it('seeds one user per level and a visibly different profile set per company', async () => {
    const niveis = await h.bancos.COLACRIL.db.select({ login: usuario.login, nivel: usuario.nivel }).from(usuario);
    expect(niveis.map((u) => u.nivel).sort()).toEqual(['ADMIN', 'DIRETOR', 'GERENTE', 'REPRESENTANTE', 'SUPERVISOR']);
    const nomes = async (empresa: 'COLACRIL' | 'RRE') =>
      (await h.bancos[empresa].db.select({ d: perfil.descricao }).from(perfil)).map((p) => p.d);
    expect(await nomes('RRE')).toContain('Faturamento RRE');
    expect(await nomes('COLACRIL')).not.toContain('Faturamento RRE');
    const [hash] = await h.bancos.COLACRIL.db.select({ h: usuario.senhaHash }).from(usuario).where(eq(usuario.login, 'admin'));
    expect(hash.h).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  });

  it('is idempotent', async () => {
    const antes = await contar('RRE');
    await seedDatabase(h.bancos.RRE, { log: () => {} });
    expect(await contar('RRE')).toEqual(antes);
  });
});

describe('a production start (ADMIN_PASSWORD set) over a database seeded with the demo', () => {
  it('deactivates the demo logins that still open with the published password, and says so', async () => {
    const avisos: string[] = [];
    const partida = () => seedDatabase(h.bancos.RRE, { adminPassword: 'senha-de-producao', log: (m) => avisos.push(m) });
    expect((await h.loginResponse('diretor', SENHA_DEMO, 'RRE')).status).toBe(200);
    await partida();
    expect(avisos).toEqual([expect.stringContaining('diretor, gerente, supervisor, representante')]);
    const recusa = await h.loginResponse('diretor', SENHA_DEMO, 'RRE');
    expect(recusa.status).toBe(401);
    expect((await json(recusa)).mensagens).toHaveLength(1);
    // The other company is untouched, and a second start finds nothing to do.
    expect((await h.loginResponse('diretor', SENHA_DEMO, 'COLACRIL')).status).toBe(200);
    await partida();
    expect(avisos).toHaveLength(1);
  });
});
