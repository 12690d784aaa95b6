import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CteLido } from '../../src/contracts/cte-documento';
import { cte, cteNota, cteXml } from '../../src/server/db/schema/cte';
import { lerCteXml } from '../../src/server/ingest/cte-xml';
import { gerarXmlCte } from '../../src/server/ingest/gerar-xml-cte';
import { colunasCte, lerArquivosCte, type PastasCte } from '../../src/server/ingest/ler-arquivos-cte';
import { createHarness, type Harness } from './harness';

// docs/decisoes.md §13: a CT-e made from a minuta ("Converter CT-es": origem MINUTA, no XML) is taken over by its XML
// when the XML comes later (same issuer, série and número): one CT-e, never two of the same freight.
const AMOSTRA = join(__dirname, '../fixtures/cte/CTe-3.00-frete-valor-icms00-sped-cte.xml');

let h: Harness;
let raiz: string;
let pastas: PastasCte;
const db = () => h.bancos.COLACRIL.db;

const lidoDaAmostra = (): CteLido => {
  const l = lerCteXml(readFileSync(AMOSTRA, 'utf8'));
  if (l.tipo !== 'CTE') throw new Error('amostra ilegível');
  return l.cte;
};

/** The CT-e "Converter CT-es" would have made of the same freight: a synthetic key, origem MINUTA. */
async function cteDaMinuta(lido: CteLido, numero: number, status: 'PROCESSADO' | 'AUDITADO_REVISADO', serie = `00${lido.identificacao.serie}`) {
  const [c] = await db()
    .insert(cte)
    .values({
      ...colunasCte(lido),
      chave: `MINUTA${String(numero).padStart(38, '0')}`,
      numero,
      serie,
      status,
      origemDocumento: 'MINUTA',
      valorTotal: '999.99',
      valorPrestacao: '999.99',
      pesoBruto: '1234.000',
      pesoOrigem: 'minuta',
    })
    .returning({ id: cte.id });
  return c.id;
}

function xmlCom(lido: CteLido, numero: number): string {
  const chave = `${lido.chave.slice(0, 25)}${String(numero).padStart(9, '0')}${lido.chave.slice(34)}`;
  return gerarXmlCte({ ...lido, chave, identificacao: { ...lido.identificacao, numeroCte: numero } });
}

beforeAll(async () => {
  h = await createHarness();
  raiz = mkdtempSync(join(tmpdir(), 'frete-cte-minuta-'));
  pastas = { entrada: join(raiz, 'entrada'), saida: join(raiz, 'saida'), erro: join(raiz, 'erro') };
  mkdirSync(pastas.entrada, { recursive: true });
});
afterAll(async () => {
  await h.close();
  rmSync(raiz, { recursive: true, force: true });
});

describe("a minuta's CT-e and the XML that comes later", () => {
  it('the XML takes the CT-e over: same id, its key, document and values, origem XML, the audit to redo', async () => {
    const lido = lidoDaAmostra();
    const id = await cteDaMinuta(lido, 770001, 'PROCESSADO');
    writeFileSync(join(pastas.entrada, 'a.xml'), xmlCom(lido, 770001));
    const r = await lerArquivosCte(db(), pastas);
    expect(r).toMatchObject({ lidos: 1, duplicados: 0, erros: [] });
    const mesmos = await db().select().from(cte).where(eq(cte.numero, 770001));
    expect(mesmos).toHaveLength(1);
    const [c] = mesmos;
    expect(c).toMatchObject({ id, origemDocumento: 'XML', status: 'PROCESSADO', valorTotal: lido.prestacao.valorTotal, pesoBruto: '1234.000', versao: 1 });
    expect(c.chave).toMatch(/^\d{44}$/);
    expect(await db().select({ id: cteXml.cteId }).from(cteXml).where(eq(cteXml.cteId, id))).toHaveLength(1);
    expect((await db().select().from(cteNota).where(eq(cteNota.cteId, id))).map((n) => n.chave)).toEqual(lido.notas.map((n) => n.chave));
  });

  it("a minuta typed without série (its CT-e série '0') is taken over by the XML of any série", async () => {
    const lido = lidoDaAmostra();
    const id = await cteDaMinuta(lido, 770004, 'PROCESSADO', '0');
    writeFileSync(join(pastas.entrada, 'd.xml'), xmlCom(lido, 770004));
    expect(await lerArquivosCte(db(), pastas)).toMatchObject({ lidos: 1, erros: [] });
    const mesmos = await db().select().from(cte).where(eq(cte.numero, 770004));
    expect(mesmos.map((c) => [c.id, c.origemDocumento, c.serie])).toEqual([[id, 'XML', lido.identificacao.serie]]);
  });

  it('an approved CT-e keeps its status; a CT-e of another número is a new CT-e', async () => {
    const lido = lidoDaAmostra();
    const id = await cteDaMinuta(lido, 770002, 'AUDITADO_REVISADO');
    writeFileSync(join(pastas.entrada, 'b.xml'), xmlCom(lido, 770002));
    writeFileSync(join(pastas.entrada, 'c.xml'), xmlCom(lido, 770003));
    expect(await lerArquivosCte(db(), pastas)).toMatchObject({ lidos: 2, erros: [] });
    const [aprovado] = await db().select().from(cte).where(eq(cte.numero, 770002));
    expect(aprovado).toMatchObject({ id, status: 'AUDITADO_REVISADO', origemDocumento: 'XML' });
    const [novo] = await db().select().from(cte).where(eq(cte.numero, 770003));
    expect(novo).toMatchObject({ status: 'LIDO', origemDocumento: 'XML' });
    expect(novo.id).not.toBe(id);
  });
});
