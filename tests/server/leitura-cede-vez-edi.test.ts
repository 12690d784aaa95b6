import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ocorrencia } from '../../src/contracts/ocoren';
import { cte } from '../../src/server/db/schema/cte';
import { gerarCtes } from '../../src/server/demo/gerar-ctes';
import { lerArquivoDoccob } from '../../src/server/faturas/ler-arquivo-doccob';
import { lerArquivoConemb } from '../../src/server/minutas/gravar-conemb';
import { lerArquivoOcoren } from '../../src/server/ocorrencias/gravar-ocoren';
import { escreverOcoren } from '../../src/server/ingest/ocoren/escrever-ocoren';
import { arquivoDoccob, numeroTeste, type CteDemo } from './faturas-dados';
import { arquivoConemb, conhecimento } from './minutas-lotes-dados';
import { createHarness, type Harness } from './harness';
import { voltasDurante } from './voltas-do-laco';

// Issue 33, "no freeze whatever runs": a DOCCOB, CONEMB or OCOREN reading of a few thousand lines gives the event loop
// back while it runs (PGlite runs each statement synchronously in the one event loop, and its queries resolve in
// microtasks: one statement over a whole file answered no request for seconds). A setImmediate chain started with
// the reading turns before the reading ends.

/** Lines in each file: several chunks of the readers' statements. */
const LINHAS = 2_000;

let h: Harness;
const banco = () => h.bancos.COLACRIL;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('the EDI readings give the event loop back', () => {
  it('DOCCOB: a file of 2,000 CT-e lines', async () => {
    const linhas = Array.from({ length: LINHAS }, (_, i) => ({ numero: String(800_000_000 + i) }));
    const bytes = arquivoDoccob([{ numero: '77001', cnpj: '12345678000195', linhas }]);
    const { r, voltas } = await voltasDurante(() => lerArquivoDoccob(banco().db, 'cede-vez.doccob', bytes));
    expect(r).toMatchObject({ tipo: 'LIDA', ctesNaoEncontrados: LINHAS });
    expect(voltas).toBeGreaterThan(0);
  });

  it('DOCCOB: every CT-e of a file billed a chunk at a time takes the número once; a second reading finds them all billed', async () => {
    const { db } = h.bancos.RRE;
    await gerarCtes(h.bancos.RRE, 1_500, { log: () => {} });
    const [{ emitente }] = await db
      .select({ emitente: sql<string>`${cte.emitenteDocumento}` })
      .from(cte)
      .groupBy(cte.emitenteDocumento)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const campos = { id: cte.id, chave: cte.chave, serie: cte.serie, numero: cte.numero, emitente: sql<string>`${cte.emitenteDocumento}`, valorTotal: cte.valorTotal, status: cte.status, numeroFatura: cte.numeroFatura, versao: cte.versao };
    const vivos = and(eq(cte.emitenteDocumento, emitente), notInArray(cte.status, ['CANCELADO', 'DESCONSIDERADO']));
    const ctes: CteDemo[] = await db.select(campos).from(cte).where(vivos).orderBy(asc(cte.id)).limit(250);
    expect(ctes.length).toBe(250);
    const depois = () => db.select(campos).from(cte).where(inArray(cte.id, ctes.map((c) => c.id))).orderBy(asc(cte.id));
    // Half by key, half by CNPJ + série + número; the first CT-e billed again on the file's last line (another chunk).
    const linhas = [...ctes.map((c, i) => ({ cte: c, porChave: i % 2 === 0 })), { cte: ctes[0], porChave: false }];
    const primeira = numeroTeste();
    const { r: r1, voltas } = await voltasDurante(() => lerArquivoDoccob(db, 'cobranca-1.doccob', arquivoDoccob([{ numero: primeira, cnpj: emitente, linhas }])));
    expect(r1).toMatchObject({ tipo: 'LIDA', ctesVinculados: ctes.length + 1, ctesNaoEncontrados: 0, ctesJaCobrados: 1 });
    expect(voltas).toBeGreaterThan(0);
    const lidos = await depois();
    expect(lidos.map((c) => [c.numeroFatura, c.versao])).toEqual(ctes.map((c) => [primeira, c.versao + 1]));

    const r2 = await lerArquivoDoccob(db, 'cobranca-2.doccob', arquivoDoccob([{ numero: numeroTeste(), cnpj: emitente, linhas }]));
    expect(r2).toMatchObject({ tipo: 'LIDA', ctesVinculados: ctes.length + 1, ctesJaCobrados: ctes.length + 1 });
    expect(await depois()).toEqual(lidos);
  });

  it('CONEMB: a file of 2,000 conhecimentos', async () => {
    const texto = arquivoConemb(Array.from({ length: LINHAS }, (_, i) => conhecimento(String(700_000 + i))), 'CONHE777000001');
    const { r, voltas } = await voltasDurante(() => lerArquivoConemb(banco().db, 'cede-vez.conemb', texto));
    expect(r).toMatchObject({ tipo: 'LIDO', conhecimentos: LINHAS });
    expect(voltas).toBeGreaterThan(0);
  });

  it('OCOREN: a file of 2,000 occurrences', async () => {
    const ocorrencias = Array.from(
      { length: LINHAS },
      (_, i): Ocorrencia => ({
        linha: 0,
        cnpjEmissorNf: '55666777000199',
        serieNf: '1',
        numeroNf: String(60_000 + i),
        codigo: '01',
        descricao: null,
        dataHora: '2026-03-02T10:00',
        codigoObservacao: null,
        observacao: null,
        conhecimento: null,
        redespacho: null,
        chaveCte: null,
      }),
    );
    const bytes = new TextEncoder().encode(escreverOcoren({ documento: 'OCO31CEDE', transportadora: { cnpj: '44555666000177', razaoSocial: 'Transportes Cede' }, ocorrencias }));
    const { r, voltas } = await voltasDurante(() => lerArquivoOcoren(banco().db, 'cede-vez.ocoren', bytes));
    expect(r).toMatchObject({ tipo: 'LIDO', lidas: LINHAS });
    expect(voltas).toBeGreaterThan(0);
  });
});
