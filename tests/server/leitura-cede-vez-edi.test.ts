import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ocorrencia } from '../../src/contracts/ocoren';
import { lerArquivoDoccob } from '../../src/server/faturas/ler-arquivo-doccob';
import { lerArquivoConemb } from '../../src/server/minutas/gravar-conemb';
import { lerArquivoOcoren } from '../../src/server/ocorrencias/gravar-ocoren';
import { escreverOcoren } from '../../src/server/ingest/ocoren/escrever-ocoren';
import { arquivoDoccob } from './faturas-dados';
import { arquivoConemb, conhecimento } from './minutas-lotes-dados';
import { createHarness, type Harness } from './harness';

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

/** Runs `ler`; answers what it answered and the turns a setImmediate chain started with it took before it ended. */
async function durante<T>(ler: () => Promise<T>): Promise<{ r: T; voltas: number }> {
  let voltas = 0;
  let fim = false;
  const girar = () => {
    if (fim) return;
    voltas++;
    setImmediate(girar);
  };
  setImmediate(girar);
  const r = await ler().finally(() => (fim = true));
  return { r, voltas };
}

describe('the EDI readings give the event loop back', () => {
  it('DOCCOB: a file of 2,000 CT-e lines', async () => {
    const linhas = Array.from({ length: LINHAS }, (_, i) => ({ numero: String(800_000_000 + i) }));
    const bytes = arquivoDoccob([{ numero: '77001', cnpj: '12345678000195', linhas }]);
    const { r, voltas } = await durante(() => lerArquivoDoccob(banco().db, 'cede-vez.doccob', bytes));
    expect(r).toMatchObject({ tipo: 'LIDA', ctesNaoEncontrados: LINHAS });
    expect(voltas).toBeGreaterThan(0);
  });

  it('CONEMB: a file of 2,000 conhecimentos', async () => {
    const texto = arquivoConemb(Array.from({ length: LINHAS }, (_, i) => conhecimento(String(700_000 + i))), 'CONHE777000001');
    const { r, voltas } = await durante(() => lerArquivoConemb(banco().db, 'cede-vez.conemb', texto));
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
    const { r, voltas } = await durante(() => lerArquivoOcoren(banco().db, 'cede-vez.ocoren', bytes));
    expect(r).toMatchObject({ tipo: 'LIDO', lidas: LINHAS });
    expect(voltas).toBeGreaterThan(0);
  });
});
