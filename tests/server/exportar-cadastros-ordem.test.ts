import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliente } from '../../src/server/db/schema/cliente';
import { motorista } from '../../src/server/db/schema/motorista';
import { perfil } from '../../src/server/db/schema/perfil';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { uf } from '../../src/server/db/schema/uf';
import { usuario } from '../../src/server/db/schema/usuario';
import { tipoVeiculo, veiculo } from '../../src/server/db/schema/veiculo';
import { lotesPorChave, ordemDosTermos, termosOrdem, type LinhaComChaves } from '../../src/server/exportacao/cadastros/ordem-keyset';
import type { SearchFields } from '../../src/server/list/search-fields';
import { sortToSql } from '../../src/server/list/sort-to-sql';
import { CLIENTE_CAMPOS } from '../../src/server/routes/clientes';
import { MOTORISTA_CAMPOS } from '../../src/server/routes/motoristas';
import { PERFIL_CAMPOS } from '../../src/server/routes/perfis';
import { TRANSPORTADORA_CAMPOS } from '../../src/server/routes/transportadoras';
import { UF_CAMPOS } from '../../src/server/routes/ufs';
import { USUARIO_CAMPOS } from '../../src/server/routes/usuarios';
import { TIPO_VEICULO_CAMPOS, VEICULO_CAMPOS } from '../../src/server/routes/veiculos';
import { createHarness, type Harness } from './harness';

// Issue 32: the registers' exports read the list's order in keyset batches (ordem-keyset.ts). Two guards: its ORDER BY
// is exactly the list's (sortToSql) for every sortable field of every register, both ways; and the batches, however
// small, give every row once in that order, over ties, blanks (NULL first descending, last ascending) and accents.

const dialeto = new PgDialect();
const compilar = (termos: SQL[]) => dialeto.sqlToQuery(sql.join(termos, sql`, `));

const CADASTROS: [string, SearchFields, string, PgColumn][] = [
  ['transportadoras', TRANSPORTADORA_CAMPOS, 'razaoSocial', transportadora.id],
  ['clientes', CLIENTE_CAMPOS, 'razaoSocial', cliente.id],
  ['tipos de veículo', TIPO_VEICULO_CAMPOS, 'descricao', tipoVeiculo.id],
  ['veículos', VEICULO_CAMPOS, 'placa', veiculo.id],
  ['motoristas', MOTORISTA_CAMPOS, 'nome', motorista.id],
  ['usuários', USUARIO_CAMPOS, 'nome', usuario.id],
  ['perfis', PERFIL_CAMPOS, 'descricao', perfil.id],
  ['UFs', UF_CAMPOS, 'nome', uf.id],
];

describe('termosOrdem: the list’s own ORDER BY', () => {
  it.each(CADASTROS)('%s: every sortable field, both ways, and the default', (_nome, campos, padrao, id) => {
    const sorts = [undefined, ...Object.keys(campos).filter((c) => campos[c].sortable !== false).flatMap((c) => [c, `${c},desc`])];
    sorts.push(`${padrao},desc;${Object.keys(campos)[0]}`);
    for (const sort of sorts) expect(compilar(ordemDosTermos(termosOrdem(sort, campos, padrao, id))), String(sort)).toEqual(compilar(sortToSql(sort, campos, padrao, id)));
  });
});

let h: Harness;
const db = () => h.bancos.COLACRIL.db;
const MARCA = 'ORDK';

beforeAll(async () => {
  h = await createHarness();
  // 40 vehicles with repeated, blank and accented models and makers, and repeated capacities.
  const modelos = ['Árvore', 'arvore', 'Baú', null, 'bau', 'Caçamba', 'Zeta', null];
  const fabricantes = [null, 'Volvo', 'volvo', 'Scânia', 'Scania'];
  const capacidades = ['10.5', null, '10.50', '3', '100'];
  await db()
    .insert(veiculo)
    .values(
      Array.from({ length: 40 }, (_, i) => ({
        placa: `${MARCA}${String(i).padStart(3, '0')}`,
        modelo: modelos[(i * 7) % modelos.length],
        fabricante: fabricantes[(i * 3) % fabricantes.length],
        capacidade: capacidades[i % capacidades.length],
      })),
    );
});
afterAll(() => h?.close());

const colunas = { id: veiculo.id, placa: veiculo.placa };
const nossos = sql`${veiculo.placa} like ${`${MARCA}%`}`;

/** The ids of the batches of `tamanho` rows, in order. */
async function idsEmLotes(sort: string, tamanho: number): Promise<number[]> {
  const termos = termosOrdem(sort, VEICULO_CAMPOS, 'placa', veiculo.id);
  const ids: number[] = [];
  const lotes = lotesPorChave<{ id: number }>(
    termos,
    async (chaves, depois, ordem, limite) =>
      (await db()
        .select({ ...colunas, ...chaves })
        .from(veiculo)
        .leftJoin(tipoVeiculo, eq(tipoVeiculo.id, veiculo.tipoVeiculoId))
        .where(and(nossos, depois))
        .orderBy(...ordem)
        .limit(limite)) as LinhaComChaves<{ id: number }>[],
    tamanho,
  );
  for await (const lote of lotes) {
    expect(lote.length).toBeLessThanOrEqual(tamanho);
    ids.push(...lote.map((l) => l.id));
  }
  return ids;
}

describe('lotesPorChave: every row once, in the list’s order', () => {
  const sorts = ['modelo', 'modelo,desc', 'fabricante,desc;modelo', 'capacidade', 'capacidade,desc;fabricante,desc', 'placa,desc', 'tipoVeiculo,desc;modelo,desc'];
  it.each(sorts)('sort=%s, batches of 1, 3 and 7', async (sort) => {
    const esperado = (
      await db()
        .select({ id: veiculo.id })
        .from(veiculo)
        .leftJoin(tipoVeiculo, eq(tipoVeiculo.id, veiculo.tipoVeiculoId))
        .where(nossos)
        .orderBy(...sortToSql(sort, VEICULO_CAMPOS, 'placa', veiculo.id))
    ).map((l) => l.id);
    expect(esperado).toHaveLength(40);
    for (const tamanho of [1, 3, 7]) expect(await idsEmLotes(sort, tamanho), `${sort} / ${tamanho}`).toEqual(esperado);
  });
});
