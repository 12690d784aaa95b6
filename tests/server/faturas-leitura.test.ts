import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG_PASTA_EDI_NAO_CONFIGURADA,
  mensagemFaturaACancelarAusente,
  mensagemFaturaOutrosValores,
  mensagemPastaDoccobInacessivel,
  resumoLeituraFaturas,
  type FaturaCompleta,
  type ResultadoLeituraFaturas,
} from '../../src/contracts/faturas';
import { cte } from '../../src/server/db/schema/cte';
import { fatura, faturaCte, faturaDocumento } from '../../src/server/db/schema/fatura';
import { LOG_ERROS_EDI } from '../../src/server/ingest/ler-pasta-edi';
import { arquivoDoccob, ctesDemo, ctesPorId, numeroTeste, obter, type CteDemo } from './faturas-dados';
import { createHarness, criarEdiDirTeste, json, type Harness } from './harness';

// docs/decisoes.md §18: GET /faturas/ler-arquivos reads the company's DOCCOB input folder (read, already read, refused
// with the reason, cancelled by ação E), and links each CT-e line to the CT-e of the database.

const AMOSTRA = join(__dirname, '../fixtures/proceda/DOCCOB-3.0A-sample.txt');
const CHAVE_AMOSTRA = '33210612260426000830570040000484881903918263';
const edi = criarEdiDirTeste();
const pastas = edi.pastas();
let h: Harness;
let token: string;
let auditados: CteDemo[];
const db = () => h.bancos.COLACRIL.db;
const arquivos = (pasta: string) => readdirSync(pasta).sort();
const ler = async () => json<ResultadoLeituraFaturas>(await h.request('GET', '/api/faturas/ler-arquivos', { token }));
const contagem = async () => (await Promise.all([fatura, faturaDocumento, faturaCte].map((t) => db().$count(t)))).join('/');

beforeAll(async () => {
  h = await createHarness({ ediDir: edi.ediDir }, { ctesDemo: true });
  token = await h.tokenCom(['FRETE_CTE_M']);
  auditados = await ctesDemo(db(), 'AUDITADO_SUCESSO', 5);
  expect(auditados).toHaveLength(5);
});
afterAll(async () => {
  await h.close();
  edi.remover();
});

describe('reading the DOCCOB input folder', () => {
  it('reads every file (any extension), links its CT-es by key and by CNPJ + série + número, and moves it to saida', async () => {
    const [a, b, c, d] = auditados;
    const numero = numeroTeste();
    const cnpj = a.emitente;
    writeFileSync(join(pastas.entrada, 'a-fatura.txt'), arquivoDoccob([{ numero, cnpj, linhas: [{ cte: a }, { cte: b, porChave: false }, { cte: c, porChave: false, semEmissor: true }, { numero: '999999991' }] }]));
    writeFileSync(join(pastas.entrada, 'b-fatura'), arquivoDoccob([{ numero: numeroTeste(), cnpj, linhas: [{ cte: d }] }], '5.0'));
    mkdirSync(join(pastas.entrada, 'uma-pasta'), { recursive: true });
    writeFileSync(join(pastas.entrada, '.copiando.txt'), 'parcial');

    const r = await ler();
    expect(r).toMatchObject({ lidas: 2, jaLidas: 0, canceladas: 0, ctesVinculados: 4, ctesNaoEncontrados: 1, erros: [] });
    expect(r.mensagens).toEqual([resumoLeituraFaturas(r)]);
    expect(arquivos(pastas.entrada)).toEqual(['.copiando.txt', 'uma-pasta']);
    expect(arquivos(pastas.saida)).toEqual(['a-fatura.txt', 'b-fatura']);

    const [primeira] = r.faturas;
    const linhas = await db().select({ linha: faturaCte.linha, cteId: faturaCte.cteId }).from(faturaCte).where(eq(faturaCte.faturaId, primeira)).orderBy(faturaCte.linha);
    expect(linhas).toEqual([
      { linha: 5, cteId: a.id },
      { linha: 7, cteId: b.id },
      { linha: 9, cteId: c.id },
      { linha: 11, cteId: null },
    ]);
    const depois = await ctesPorId(db(), [a.id, b.id, c.id]);
    expect(depois.map((x) => x.numeroFatura)).toEqual([numero, numero, numero]);
    // The version moved: a CT-e edit opened before the reading gets 409.
    depois.forEach((x, i) => expect(x.versao).toBe([a, b, c][i].versao + 1));
    const completa = await obter<FaturaCompleta>(h, await h.adminToken(), `/api/faturas/${primeira}`);
    expect(completa).toMatchObject({ numeroDocumento: numero, quantidade: 4, nomeArquivo: 'a-fatura.txt', layout: '3.0A', status: 'PROCESSADO' });
    expect(completa.documentos[0]).toMatchObject({ valorTotalIcms: '12.34', numeroAgenciaBancaria: '1234', contaCorrente: '98765', acaoDocumento: 'I', quantidadeCtes: 4 });
  });

  it('a file read again changes nothing: already read, moved to saida; the same documents with other values are refused', async () => {
    const [a] = auditados;
    const numero = numeroTeste();
    const f = { numero, cnpj: a.emitente, linhas: [{ cte: a }] };
    writeFileSync(join(pastas.entrada, 'c.doccob'), arquivoDoccob([f]));
    const primeira = await ler();
    const antes = await contagem();
    const [versao] = (await ctesPorId(db(), [a.id])).map((x) => x.versao);
    writeFileSync(join(pastas.entrada, 'c.doccob'), arquivoDoccob([f]));
    writeFileSync(join(pastas.entrada, 'd.doccob'), arquivoDoccob([{ ...f, linhas: [{ cte: a, valorFrete: '1.00' }] }]));
    const r = await ler();
    expect(r).toMatchObject({ lidas: 0, jaLidas: 1, faturas: primeira.faturas, erros: [{ arquivo: 'd.doccob', motivo: mensagemFaturaOutrosValores(numero) }] });
    expect(await contagem()).toBe(antes);
    expect((await ctesPorId(db(), [a.id]))[0].versao).toBe(versao);
    expect(arquivos(pastas.saida)).toContain('c-1.doccob');
  });

  it('refuses an unreadable file into erro with a log line naming line and field; nothing of it is stored', async () => {
    const bom = new TextDecoder().decode(arquivoDoccob([{ numero: numeroTeste(), cnpj: auditados[0].emitente, linhas: [{ cte: auditados[0] }] }]));
    const linhas = bom.split('\r\n');
    linhas[3] = `${linhas[3].slice(0, 43)}0000000012345,6${linhas[3].slice(59)}`;
    writeFileSync(join(pastas.entrada, 'e-ruim.txt'), linhas.join('\r\n'));
    writeFileSync(join(pastas.entrada, 'f-grande.txt'), Buffer.alloc(21 * 1024 * 1024, 0x20));
    const antes = await contagem();
    const r = await ler();
    expect(r.erros.map((e) => e.arquivo)).toEqual(['e-ruim.txt', 'f-grande.txt']);
    expect(r.erros[0].motivo).toMatch(/^Linha 4, registro 352, campo valor \(posição 44\): valor com 2 casas decimais implícitas deve ter só dígitos/);
    expect(r.erros[1].motivo).toBe('O arquivo tem 21.0 MB; o máximo aceito para um DOCCOB é 20 MB.');
    expect(r.mensagens.slice(1)).toEqual(r.erros.map((e) => `${e.arquivo}: ${e.motivo}`));
    expect(await contagem()).toBe(antes);
    expect(arquivos(pastas.erro)).toEqual(['d.doccob', 'e-ruim.txt', 'f-grande.txt', LOG_ERROS_EDI.doccob]);
    const log = readFileSync(join(pastas.erro, LOG_ERROS_EDI.doccob), 'utf8').trim().split('\n');
    expect(log).toHaveLength(3);
    expect(log[1]).toMatch(/^\d{4}-\d\d-\d\dT[^\t]+\te-ruim\.txt\tLinha 4, registro 352, campo valor/);
  });

  it('reads the real 3.0A sample: 352 of 22,813.04, its 353 of 2,752.98 linked by its key to the CT-e that has it', async () => {
    const [alvo] = await ctesDemo(db(), 'PROCESSADO', 1);
    await db().update(cte).set({ chave: CHAVE_AMOSTRA }).where(eq(cte.id, alvo.id));
    copyFileSync(AMOSTRA, join(pastas.entrada, 'DOCCOB-3.0A-sample.txt'));
    const r = await ler();
    expect(r).toMatchObject({ lidas: 1, ctesVinculados: 1, ctesNaoEncontrados: 0, erros: [], periodo: { inicio: '2021-06-16', fim: '2021-06-16' } });
    const f = await obter<FaturaCompleta>(h, await h.adminToken(), `/api/faturas/${r.faturas[0]}`);
    expect(f).toMatchObject({
      numeroDocumento: '232366',
      valorTotal: '22813.04',
      dataEmissao: '2021-06-16',
      transportadora: { cnpj: '12260426000325', razaoSocial: 'Steel Log Com. e Log. Transportadora LTD' },
      faturaCabecalhoIntercambio: { registro: '000', intercambio: 'COB240611070', data: '2021-06-24T11:07' },
      faturaTotalFatura: null,
      conferencia: { ctes: 1, encontrados: 1, valorFaturado: '2752.98' },
    });
    expect(f.documentos[0]).toMatchObject({ valorDocumento: '22813.04', valorTotalIcms: '2737.57', identificacaoAgenteCobranca: 'Banco Itau Steel' });
    expect(f.avisos).toHaveLength(3);
    const [linha] = await db().select().from(faturaCte).where(eq(faturaCte.faturaId, r.faturas[0]));
    expect(linha).toMatchObject({ valorFrete: '2752.98', chave: CHAVE_AMOSTRA, cteId: alvo.id });
  });

  it('a 352 with ação E cancels the fatura it names and releases its CT-es; with none to cancel it is refused', async () => {
    // A CT-e no other fatura bills (the first test's bills d: cancelling this one would pass d back to it).
    const [, , , , d] = auditados;
    const numero = numeroTeste();
    const f = { numero, cnpj: d.emitente, linhas: [{ cte: d }] };
    writeFileSync(join(pastas.entrada, 'g.txt'), arquivoDoccob([f]));
    const [lida] = (await ler()).faturas;
    writeFileSync(join(pastas.entrada, 'h-cancela.txt'), arquivoDoccob([{ ...f, acao: 'E' }]));
    writeFileSync(join(pastas.entrada, 'i-cancela-nada.txt'), arquivoDoccob([{ ...f, numero: '1', acao: 'E' }]));
    const r = await ler();
    expect(r).toMatchObject({ lidas: 0, canceladas: 1, erros: [{ arquivo: 'i-cancela-nada.txt', motivo: mensagemFaturaACancelarAusente('1') }] });
    const [cancelada] = await db().select().from(fatura).where(eq(fatura.id, lida));
    expect(cancelada).toMatchObject({ status: 'CANCELADO', versao: 1 });
    expect(cancelada.canceladaEm).not.toBeNull();
    expect((await ctesPorId(db(), [d.id]))[0].numeroFatura).toBeNull();
    // Cancelled, the same número may be read again (the carrier's corrected fatura).
    writeFileSync(join(pastas.entrada, 'j-de-novo.txt'), arquivoDoccob([f]));
    expect(await ler()).toMatchObject({ lidas: 1, erros: [] });
    expect((await ctesPorId(db(), [d.id]))[0].numeroFatura).toBe(numero);
  });

  it('answers 409 in Portuguese without the input folder, and without EDI_DIR', async () => {
    const outro = criarEdiDirTeste();
    const sem = await createHarness({ ediDir: join(outro.ediDir, 'nao-existe') });
    const sem2 = await createHarness({});
    try {
      const admin = await sem.adminToken();
      const r = await sem.request('GET', '/api/faturas/ler-arquivos', { token: admin });
      expect(r.status).toBe(409);
      expect(await r.json()).toEqual({ mensagens: [mensagemPastaDoccobInacessivel(join(outro.ediDir, 'nao-existe', 'colacril', 'doccob', 'entrada'))] });
      const r2 = await sem2.request('GET', '/api/faturas/ler-arquivos', { token: await sem2.adminToken() });
      expect([r2.status, await r2.json()]).toEqual([409, { mensagens: [MSG_PASTA_EDI_NAO_CONFIGURADA] }]);
    } finally {
      await Promise.all([sem.close(), sem2.close()]);
      outro.remover();
    }
  });
});
