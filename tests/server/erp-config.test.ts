import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERP_DEMO_TRANSPORTADORAS } from '../../src/server/demo/semear-erp-demo';
import { erpSourceDe, schemaErpConfigurado } from '../../src/server/erp/erp-source';
import { sincronizarClientes, sincronizarTransportadoras } from '../../src/server/erp/sincronizar-erp';
import { createHarness, type Harness } from './harness';

// A real ERP in the same database is chosen by configuration (ERP_SCHEMA_<EMPRESA>), not by code.
let h: Harness;
const real = `erp_real_${process.pid}_${Date.now() % 100_000}`;

beforeAll(async () => {
  h = await createHarness();
  const { db, erpSchema } = h.bancos.COLACRIL;
  await db.execute(sql.raw(`create schema ${real}`));
  for (const [tabela, quantos] of [['vw_transportadora', 2], ['vw_cliente', 3]] as const) {
    await db.execute(sql.raw(`create table ${real}.${tabela} (like ${erpSchema}.${tabela} including all)`));
    await db.execute(sql.raw(`insert into ${real}.${tabela} select * from ${erpSchema}.${tabela} order by 1 limit ${quantos}`));
  }
});

afterAll(async () => {
  await h?.bancos.COLACRIL.db.execute(sql.raw(`drop schema if exists ${real} cascade`));
  await h?.close();
});

describe('ERP chosen by configuration', () => {
  it('reads the schema named by ERP_SCHEMA_<EMPRESA> instead of the demo', async () => {
    const banco = h.bancos.COLACRIL;
    const env = { ERP_SCHEMA_COLACRIL: real };
    expect((await sincronizarTransportadoras(banco.db, erpSourceDe(banco, env))).total).toBe(2);
    expect((await sincronizarClientes(banco.db, erpSourceDe(banco, env))).total).toBe(3);
    // Without the setting, the demo ERP is read; another company's setting does not apply.
    expect((await sincronizarTransportadoras(banco.db, erpSourceDe(banco, { ERP_SCHEMA_RRE: real }))).total).toBe(ERP_DEMO_TRANSPORTADORAS);
  });

  it('refuses a schema name that is not a plain identifier', () => {
    expect(() => schemaErpConfigurado('COLACRIL', { ERP_SCHEMA_COLACRIL: 'x; drop table usuario' })).toThrow('nome de schema inválido');
    expect(schemaErpConfigurado('COLACRIL', { ERP_SCHEMA_COLACRIL: '  ' })).toBeUndefined();
  });
});
