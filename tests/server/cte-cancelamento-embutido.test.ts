import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumoLeitura } from '../../src/contracts/ctes';
import type { FaturaCompleta, FretesFatura, ResultadoLeituraFaturas } from '../../src/contracts/faturas';
import { configuracao } from '../../src/server/db/schema/configuracao';
import { cte, cteXml } from '../../src/server/db/schema/cte';
import { lerArquivosCte, type PastasCte } from '../../src/server/ingest/ler-arquivos-cte';
import { arquivoDoccob, ctesPorId, enviar, numeroTeste, obter } from './faturas-dados';
import { createHarness, json, type Harness } from './harness';

// docs/decisoes.md §12: a cteProc that carries its own cancellation (a procEventoCTe / retEventoCTe of tpEvento 110111
// homologated with cStat 135, 136 or 155, or the old layout's procCancCTe) is a cancelled CT-e: read as
// CANCELADO, also when the CT-e was read before as normal, and a fatura that bills it shows it cancelled.
// Only a cancellation of this CT-e's key, homologated by the SEFAZ, counts; other events change nothing.

const AMOSTRA = join(__dirname, '../fixtures/cte/cteProc-3.00-homologacao-sped-da.xml');
const CHAVE_AMOSTRA = '41181028796029000140570260000000081486169211';
const EMITENTE = '28796029000140';
/** The sample's key with another nCT (positions 26 to 34 of the key). */
const chave = (n: number) => `${CHAVE_AMOSTRA.slice(0, 25)}${String(n).padStart(9, '0')}${CHAVE_AMOSTRA.slice(34)}`;

/** The real cteProc sample as CT-e número `n`, with `dentro` (events) before </cteProc>. */
const cteProc = (n: number, dentro = '') =>
  readFileSync(AMOSTRA, 'utf8')
    .replaceAll(CHAVE_AMOSTRA, chave(n))
    .replace('<nCT>8</nCT>', `<nCT>${n}</nCT>`)
    .replace('</cteProc>', `${dentro}</cteProc>`);

interface OpcoesEvento {
  tpEvento?: string;
  cStat?: string;
  /** The key the event names (default the CT-e's). */
  chCTe?: string;
  /** false: the event without the SEFAZ's return. */
  retorno?: boolean;
}

/** A procEventoCTe (layout 3.00/4.00) as the SEFAZ distributes it: the signed request and its return. */
function procEvento(ch: string, o: OpcoesEvento = {}) {
  const tpEvento = o.tpEvento ?? '110111';
  const cStat = o.cStat ?? '135';
  const det =
    tpEvento === '110111'
      ? '<evCancCTe><descEvento>Cancelamento</descEvento><nProt>141180000090673</nProt><xJust>Frete emitido em duplicidade</xJust></evCancCTe>'
      : '<evCCeCTe><descEvento>Carta de Correcao</descEvento><infCorrecao><grupoAlterado>compl</grupoAlterado><campoAlterado>xObs</campoAlterado><valorAlterado>Entrega no periodo da tarde</valorAlterado></infCorrecao><xCondUso>A Carta de Correcao e disciplinada pelo Art. 58-B do CONVENIO/SINIEF 06/89</xCondUso></evCCeCTe>';
  const alvo = o.chCTe ?? ch;
  const evento = `<eventoCTe versao="3.00"><infEvento Id="ID${tpEvento}${alvo}01"><cOrgao>41</cOrgao><tpAmb>2</tpAmb><CNPJ>${EMITENTE}</CNPJ><chCTe>${alvo}</chCTe><dhEvento>2018-11-01T10:00:00-03:00</dhEvento><tpEvento>${tpEvento}</tpEvento><nSeqEvento>1</nSeqEvento><detEvento versaoEvento="3.00">${det}</detEvento></infEvento></eventoCTe>`;
  return `<procEventoCTe versao="3.00">${evento}${o.retorno === false ? '' : retEvento(alvo, tpEvento, cStat)}</procEventoCTe>`;
}

function retEvento(ch: string, tpEvento = '110111', cStat = '135') {
  const motivo = { '135': 'Evento registrado e vinculado a CT-e', '136': 'Evento registrado, mas nao vinculado a CT-e', '155': 'Cancelamento homologado fora de prazo' }[cStat] ?? 'Rejeicao: Prazo de cancelamento superior ao previsto na Legislacao';
  return `<retEventoCTe versao="3.00"><infEvento Id="ID141180000090700"><tpAmb>2</tpAmb><verAplic>PR-v3_0_71</verAplic><cOrgao>41</cOrgao><cStat>${cStat}</cStat><xMotivo>${motivo}</xMotivo><chCTe>${ch}</chCTe><tpEvento>${tpEvento}</tpEvento><xEvento>Cancelamento</xEvento><nSeqEvento>1</nSeqEvento><dhRegEvento>2018-11-01T10:00:05-03:00</dhRegEvento><nProt>141180000090700</nProt></infEvento></retEventoCTe>`;
}

/** The old layout (1.04): the request and its return, the date in local time without an offset as that layout wrote it. */
const procCanc = (ch: string, cStat = '101') =>
  `<procCancCTe versao="1.04"><cancCTe versao="1.04"><infCanc Id="ID${ch}"><tpAmb>2</tpAmb><xServ>CANCELAR</xServ><chCTe>${ch}</chCTe><nProt>141180000090673</nProt><xJust>Valor do frete informado errado</xJust></infCanc></cancCTe><retCancCTe versao="1.04"><infCanc><tpAmb>2</tpAmb><verAplic>PR-v1_04</verAplic><cStat>${cStat}</cStat><xMotivo>${cStat === '101' ? 'Cancelamento de CT-e homologado' : 'Rejeicao: Prazo de cancelamento superior ao previsto na Legislacao'}</xMotivo><cUF>41</cUF><chCTe>${ch}</chCTe><dhRecbto>2018-11-02T09:30:00</dhRecbto><nProt>141180000090701</nProt></infCanc></retCancCTe></procCancCTe>`;

let h: Harness;
let raiz: string;
let pastas: PastasCte;
const db = () => h.bancos.COLACRIL.db;
const ler = () => lerArquivosCte(db(), pastas);
const porChave = async (ch: string) => (await db().select().from(cte).where(eq(cte.chave, ch)))[0];
const xmlGuardado = async (id: number) => (await db().select().from(cteXml).where(eq(cteXml.cteId, id)))[0];

beforeAll(async () => {
  h = await createHarness();
  raiz = mkdtempSync(join(tmpdir(), 'frete-cte-canc-'));
  pastas = { entrada: join(raiz, 'entrada'), saida: join(raiz, 'saida'), erro: join(raiz, 'erro') };
  mkdirSync(pastas.entrada, { recursive: true });
});
afterAll(async () => {
  await h.close();
  rmSync(raiz, { recursive: true, force: true });
});

describe('a cteProc that carries its cancellation', () => {
  it('a procEventoCTe 110111 homologated (cStat 135) inside: read CANCELADO, with the date and reason of the event', async () => {
    writeFileSync(join(pastas.entrada, 'a.xml'), cteProc(610001, procEvento(chave(610001))));
    expect(await ler()).toMatchObject({ lidos: 1, duplicados: 0, erros: [] });
    const c = await porChave(chave(610001));
    expect([c.status, c.dataCancelamento?.toISOString(), c.motivoCancelamento]).toEqual(['CANCELADO', '2018-11-01T13:00:00.000Z', 'Frete emitido em duplicidade']);
    expect(c.documento.cancelado).toBe(true);
    expect(readdirSync(pastas.saida)).toContain('a.xml');
  });

  it.each([
    ['a procEventoCTe with cStat 136 (registered, not linked)', 610002, (ch: string) => procEvento(ch, { cStat: '136' })],
    ['a procEventoCTe with cStat 155 (homologated out of time)', 610003, (ch: string) => procEvento(ch, { cStat: '155' })],
    ['a retEventoCTe of tpEvento 110111 alone', 610004, (ch: string) => retEvento(ch)],
  ])('%s: CANCELADO too', async (_nome, n, evento) => {
    writeFileSync(join(pastas.entrada, `b-${n}.xml`), cteProc(n, evento(chave(n))));
    expect(await ler()).toMatchObject({ lidos: 1, erros: [] });
    expect((await porChave(chave(n))).status).toBe('CANCELADO');
  });

  it("the old layout's procCancCTe (1.04, cStat 101) inside: CANCELADO, its local time read as São Paulo's", async () => {
    writeFileSync(join(pastas.entrada, 'c.xml'), cteProc(610005, procCanc(chave(610005))));
    expect(await ler()).toMatchObject({ lidos: 1, erros: [] });
    const c = await porChave(chave(610005));
    expect([c.status, c.dataCancelamento?.toISOString(), c.motivoCancelamento]).toEqual(['CANCELADO', '2018-11-02T12:30:00.000Z', 'Valor do frete informado errado']);
  });

  it('a CC-e (110110) inside changes nothing: LIDO, nothing to warn', async () => {
    writeFileSync(join(pastas.entrada, 'd.xml'), cteProc(610006, procEvento(chave(610006), { tpEvento: '110110' })));
    const r = await ler();
    expect(r).toMatchObject({ lidos: 1, cancelados: 0, erros: [] });
    expect(r.avisos ?? []).toEqual([]);
    const c = await porChave(chave(610006));
    expect([c.status, c.dataCancelamento, c.motivoCancelamento, c.documento.cancelado]).toEqual(['LIDO', null, null, false]);
  });

  it("another CT-e's cancellation, one the SEFAZ refused, or one without its return: LIDO, and the reading says why", async () => {
    await db().update(configuracao).set({ enderecoEntrada: pastas.entrada, enderecoSaida: pastas.saida, enderecoErro: pastas.erro }).where(eq(configuracao.id, 1));
    writeFileSync(join(pastas.entrada, 'e1.xml'), cteProc(610007, procEvento(chave(610007), { chCTe: chave(699999) })));
    writeFileSync(join(pastas.entrada, 'e2.xml'), cteProc(610008, procEvento(chave(610008), { cStat: '220' })));
    writeFileSync(join(pastas.entrada, 'e3.xml'), cteProc(610009, procEvento(chave(610009), { retorno: false })));
    writeFileSync(join(pastas.entrada, 'e4.xml'), cteProc(610010, procCanc(chave(610010), '220')));
    const r = await h.request('GET', '/api/ctes/ler-arquivos', { token: await h.tokenCom(['FRETE_CTE_M']) });
    expect(r.status).toBe(200);
    const corpo = await json(r);
    expect(corpo).toMatchObject({ lidos: 4, cancelados: 0, erros: [] });
    const avisos = [
      { arquivo: 'e1.xml', motivo: `O arquivo traz o cancelamento de outro CT-e (chave ${chave(699999)}): ignorado; o CT-e ${chave(610007)} foi lido sem cancelamento.` },
      { arquivo: 'e2.xml', motivo: `O cancelamento que o arquivo traz não foi homologado pela SEFAZ (cStat 220: Rejeicao: Prazo de cancelamento superior ao previsto na Legislacao): o CT-e ${chave(610008)} foi lido sem cancelamento.` },
      { arquivo: 'e3.xml', motivo: `O cancelamento que o arquivo traz não tem o retorno da SEFAZ, que o homologa: o CT-e ${chave(610009)} foi lido sem cancelamento.` },
      { arquivo: 'e4.xml', motivo: `O cancelamento que o arquivo traz não foi homologado pela SEFAZ (cStat 220: Rejeicao: Prazo de cancelamento superior ao previsto na Legislacao): o CT-e ${chave(610010)} foi lido sem cancelamento.` },
    ];
    expect(corpo.avisos).toEqual(avisos);
    expect(corpo.mensagens).toEqual([resumoLeitura(corpo), ...avisos.map((a) => `${a.arquivo}: ${a.motivo}`)]);
    for (const n of [610007, 610008, 610009, 610010]) expect((await porChave(chave(n))).status).toBe('LIDO');
  });

  it('the CT-e read before as normal: the same cteProc with its cancellation cancels it, and its XML is the one kept; read again, nothing changes', async () => {
    writeFileSync(join(pastas.entrada, 'f.xml'), cteProc(610011));
    expect(await ler()).toMatchObject({ lidos: 1, cancelados: 0 });
    const antes = await porChave(chave(610011));
    expect(antes.status).toBe('LIDO');

    const comCancelamento = cteProc(610011, procEvento(chave(610011)));
    writeFileSync(join(pastas.entrada, 'f-cancelado.xml'), comCancelamento);
    expect(await ler()).toMatchObject({ lidos: 0, duplicados: 0, cancelados: 1, erros: [] });
    const depois = await porChave(chave(610011));
    expect([depois.id, depois.status, depois.versao, depois.motivoCancelamento, depois.dataCancelamento?.toISOString()]).toEqual([
      antes.id,
      'CANCELADO',
      antes.versao + 1,
      'Frete emitido em duplicidade',
      '2018-11-01T13:00:00.000Z',
    ]);
    expect(await xmlGuardado(antes.id)).toMatchObject({ nomeArquivo: 'f-cancelado.xml', xml: comCancelamento });

    writeFileSync(join(pastas.entrada, 'f-cancelado.xml'), comCancelamento);
    expect(await ler()).toMatchObject({ lidos: 0, duplicados: 1, cancelados: 0, erros: [] });
    expect((await porChave(chave(610011))).versao).toBe(depois.versao);
  });

  it('carregar-xml-tabela: a stored cteProc with its cancellation cancels a CT-e left LIDO, with the reason of the event', async () => {
    writeFileSync(join(pastas.entrada, 'g.xml'), cteProc(610012, procEvento(chave(610012))));
    await ler();
    const { id } = await porChave(chave(610012));
    // As a reader that did not know embedded cancellations left it.
    await db().update(cte).set({ status: 'LIDO', dataCancelamento: null, motivoCancelamento: null }).where(eq(cte.id, id));
    const r = await h.request('POST', '/api/ctes/carregar-xml-tabela', { token: await h.adminToken(), body: { dias: 1 } });
    expect(r.status).toBe(200);
    const c = await porChave(chave(610012));
    expect([c.status, c.motivoCancelamento, c.dataCancelamento?.toISOString()]).toEqual(['CANCELADO', 'Frete emitido em duplicidade', '2018-11-01T13:00:00.000Z']);
  });
});

describe('a fatura that bills a CT-e cancelled inside its cteProc', () => {
  /** A DOCCOB (the project's writer) billing these CT-es, sent as a user would; the fatura's id. */
  async function faturar(ids: number[]) {
    const ctes = await ctesPorId(db(), ids);
    const numero = numeroTeste();
    const r = await enviar(h, await h.adminToken(), { [`${numero}.txt`]: arquivoDoccob([{ numero, cnpj: EMITENTE, linhas: ctes.map((c) => ({ cte: c })) }]) });
    const corpo = await json<ResultadoLeituraFaturas>(r);
    expect([r.status, corpo.erros, corpo.ctesVinculados]).toEqual([200, [], ids.length]);
    return corpo.faturas[0];
  }
  const linhas = async (fatura: number) => (await obter<FretesFatura>(h, await h.adminToken(), `/api/faturas/${fatura}/ctes`)).content;

  it('read cancelled, then billed: the line shows it cancelled and divergent; the fatura is not conferida', async () => {
    writeFileSync(join(pastas.entrada, 'h.xml'), cteProc(610013, procCanc(chave(610013))));
    await ler();
    const c = await porChave(chave(610013));
    const fatura = await faturar([c.id]);
    const [linha] = await linhas(fatura);
    expect(linha).toMatchObject({ cteId: c.id, statusCte: 'CANCELADO', situacao: 'CANCELADO', divergente: true, motivos: ['CT-e cancelado ou desconsiderado, mas cobrado na fatura.'] });
    const completa = await obter<FaturaCompleta>(h, await h.adminToken(), `/api/faturas/${fatura}`);
    expect(completa.conferencia).toMatchObject({ conferida: false, cancelados: 1, divergencias: 1 });
  });

  it('billed while LIDO, its cteProc with the cancellation arriving later: the line shows it cancelled', async () => {
    writeFileSync(join(pastas.entrada, 'i.xml'), cteProc(610014));
    await ler();
    const c = await porChave(chave(610014));
    const fatura = await faturar([c.id]);
    expect((await linhas(fatura))[0]).toMatchObject({ situacao: 'NAO_AUDITADO' });

    writeFileSync(join(pastas.entrada, 'i-cancelado.xml'), cteProc(610014, procEvento(chave(610014), { cStat: '155' })));
    expect(await ler()).toMatchObject({ cancelados: 1, erros: [] });
    expect((await linhas(fatura))[0]).toMatchObject({ cteId: c.id, statusCte: 'CANCELADO', situacao: 'CANCELADO', divergente: true });
  });
});
