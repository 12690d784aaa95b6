import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ocorrencia } from '../../src/contracts/ocoren';
import { linhas } from '../../src/server/db/linhas';
import { gerarCtes } from '../../src/server/demo/gerar-ctes';
import { escreverOcoren } from '../../src/server/ingest/ocoren/escrever-ocoren';
import { lerOcoren } from '../../src/server/ingest/ocoren/ler-ocoren';
import { gravarOcorrencias } from '../../src/server/ocorrencias/gravar-ocoren';
import { createHarness, type Harness } from './harness';

// Issue 33 (migration 0030): an OCOREN's occurrences are linked to the CT-es carrying their NF through
// cte_nota_numero_idx, one lookup per occurrence. As a join, every batch of the file read the whole of cte_nota
// (on PGlite, in the event loop). Counted by the connection's statistics not yet flushed (pg_stat_xact_user_tables,
// read before and after within one transaction): the reading must not scan cte_nota sequentially, and must link
// every occurrence.

const NFS = 300;
let h: Harness;
const db = () => h.bancos.COLACRIL.db;

beforeAll(async () => {
  h = await createHarness();
  await gerarCtes(h.bancos.COLACRIL, 3_000, { log: () => {} });
});
afterAll(() => h.close());

/** One occurrence for each of NFS distinct NFs of the generated CT-es. */
async function arquivo(): Promise<Uint8Array> {
  const notas = linhas<{ cnpj: string; serie: string; numero: number }>(
    await db().execute(sql`select distinct on (substr(chave, 7, 14), numero) substr(chave, 7, 14) as cnpj, ltrim(substr(chave, 23, 3), '0') as serie, numero
      from cte_nota where numero is not null order by substr(chave, 7, 14), numero limit ${NFS}`),
  );
  expect(notas).toHaveLength(NFS);
  const ocorrencias = notas.map((nf, i): Ocorrencia => ({
    linha: 0, cnpjEmissorNf: nf.cnpj, serieNf: nf.serie, numeroNf: String(nf.numero), codigo: '01', descricao: null,
    dataHora: `2026-03-01T${String(8 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
    codigoObservacao: null, observacao: null, conhecimento: null, redespacho: null, chaveCte: null,
  }));
  return new TextEncoder().encode(escreverOcoren({ documento: 'OCO33IDX', transportadora: { cnpj: '12345678000195', razaoSocial: 'Transportadora Teste' }, ocorrencias }));
}

describe('OCOREN linking by index', () => {
  it('links every occurrence without reading cte_nota sequentially', async () => {
    const leitura = lerOcoren(await arquivo());
    if (!leitura.ok) throw new Error(leitura.motivo);
    const { resultado, varreduras, notas } = await db().transaction(async (tx) => {
      const varridas = async () => linhas<{ n: number }>(await tx.execute(sql`select seq_scan::int as n from pg_stat_xact_user_tables where relname = 'cte_nota'`))[0].n;
      const antes = await varridas();
      const resultado = await gravarOcorrencias(tx, 'OCO33IDX.txt', leitura);
      const varreduras = (await varridas()) - antes;
      const [n] = linhas<{ n: number }>(await tx.execute(sql`select count(*)::int as n from cte_nota`));
      return { resultado, varreduras, notas: n.n };
    });
    expect(notas).toBeGreaterThan(3_000);
    expect(resultado).toMatchObject({ lidas: NFS, repetidas: 0, naoVinculadas: 0 });
    expect(varreduras).toBe(0);
  });
});
