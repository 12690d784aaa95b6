import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Empresa } from '../../src/contracts/common';
import { openCompanyDatabases } from '../../src/server/abrir-bancos-empresas';
import { createAppComContexto } from '../../src/server/app';
import type { CompanyDatabase } from '../../src/server/db/database';
import { recebimentoExecucao, recebimentoFonte } from '../../src/server/db/schema/recebimento';
import { chaveDeSegredos } from '../../src/server/recebimento/segredos';
import { lerConfigSefaz, salvarCertificado, salvarConfigSefaz } from '../../src/server/recebimento/sefaz/config-sefaz';
import { openTestDatabases, TEST_DB } from './harness';
import { copiarModelo } from './pg-global-setup';
import { gerarCertificados, iniciarDuble, type Acao, type Certificados, type Duble } from './sefaz-duble';

// Issue 30: two server processes on one database never run a source twice. On PostgreSQL each "process" has its own
// pool on the same database (the advisory lock is the database's); on PGlite one process owns the folder, so the two
// runners share it. Both look at the same due SEFAZ source at once, through the app's own runner.

const AMOSTRA = readFileSync(join(__dirname, '../fixtures/cte/cteProc-3.00-homologacao-sped-da.xml'), 'utf8');
const CHAVE = '41181028796029000140570260000000081486169211';
const cteProc = (n: number) => AMOSTRA.replaceAll(CHAVE, `${CHAVE.slice(0, 25)}${String(n).padStart(9, '0')}${CHAVE.slice(34)}`).replace('<nCT>8</nCT>', `<nCT>${n}</nCT>`);
const DOCS = [1, 2, 3, 4].map((nsu) => ({ nsu, schema: 'procCTe_v3.00.xsd', xml: cteProc(300 + nsu) }));
const servico = (ult: bigint): Acao => {
  const docs = DOCS.filter((d) => BigInt(d.nsu) > ult).slice(0, 1);
  if (!docs.length) return { resposta: { cStat: '137', xMotivo: 'Nenhum documento localizado', ultNSU: 4, maxNSU: 4 } };
  return { resposta: { cStat: '138', xMotivo: 'Documento localizado', ultNSU: docs[0].nsu, maxNSU: 4, docs } };
};

const chaveSegredos = chaveDeSegredos('dois processos');
let cert: Certificados;
let duble: Duble;
let primeiro: Record<Empresa, CompanyDatabase>;
let segundo: Record<Empresa, CompanyDatabase>;

beforeAll(async () => {
  cert = gerarCertificados();
  duble = await iniciarDuble(cert, servico);
  if (TEST_DB === 'pg') {
    const url = await copiarModelo(inject('pgUrl'), inject('pgModelos').semCtes);
    primeiro = await openCompanyDatabases({ databaseUrl: url });
    segundo = await openCompanyDatabases({ databaseUrl: url });
  } else segundo = primeiro = await openTestDatabases();
  const { db } = primeiro.COLACRIL;
  await salvarCertificado(db, chaveSegredos, cert.cliente.pfx, cert.cliente.senha);
  await salvarConfigSefaz(db, { ativa: true, cnpj: '12345678000195', uf: 'SP', ambiente: 'HOMOLOGACAO', versao: (await lerConfigSefaz(db)).versao });
});
afterAll(async () => {
  await duble?.fechar();
  const todos = new Set([...Object.values(primeiro ?? {}), ...Object.values(segundo ?? {})]);
  await Promise.all([...todos].map((b) => b.close()));
  cert?.remover();
});

const runner = (bancos: Record<Empresa, CompanyDatabase>) =>
  createAppComContexto({ bancos, logError: () => {}, recebimento: { chaveSegredos, sefaz: { url: duble.url, ca: cert.ca } } }).ctx.recebimento.agendador;

it('two runners look at the due SEFAZ source at once: one runs it, each NSU asked once, one run recorded', async () => {
  const [a, b] = [runner(primeiro), runner(segundo)];
  await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
  await Promise.all([a.parar(), b.parar()]);
  expect(duble.pedidosInvalidos).toEqual([]);
  expect(duble.chamadas.map((c) => c.ultNSU)).toEqual(['000000000000000', '000000000000001', '000000000000002', '000000000000003']);
  const { db } = primeiro.COLACRIL;
  const execucoes = await db.select({ situacao: recebimentoExecucao.situacao, contagem: recebimentoExecucao.contagem }).from(recebimentoExecucao).where(eq(recebimentoExecucao.fonte, 'SEFAZ'));
  expect(execucoes).toEqual([{ situacao: 'SUCESSO', contagem: expect.objectContaining({ ctes: 4, repetidos: 0 }) }]);
  const [fonte] = await db.select().from(recebimentoFonte).where(eq(recebimentoFonte.fonte, 'SEFAZ'));
  expect([fonte.ultNsu, fonte.maxNsu]).toEqual([4n, 4n]);
  // The next look, by either runner, finds it not due (SEFAZ's hour): nothing asked.
  await Promise.all([runner(primeiro).tick(), runner(segundo).tick()]);
  expect(duble.chamadas).toHaveLength(4);
});
