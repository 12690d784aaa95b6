import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CteCompleto } from '../../src/contracts/ctes';
import { processarCtes } from '../../src/server/ctes/processar-ctes';
import { salvarCte } from '../../src/server/ctes/salvar-cte';
import { cte } from '../../src/server/db/schema/cte';
import { cteMarca, ocorrencia, ocorrenciaCte } from '../../src/server/db/schema/ocorrencia';
import { lerArquivosCte, type PastasCte } from '../../src/server/ingest/ler-arquivos-cte';
import { relerXmlCte } from '../../src/server/ingest/reler-xml-cte';
import { receberDocumentos } from '../../src/server/recebimento/receber-documento';
import { avisoCodificacaoDupla } from '../../src/server/ingest/textos-cte';
import { xmlEventoEntrega } from '../ingest/eventos-entrega-xml-dados';
import { createHarness, json, type Harness } from './harness';

// Issue 31: a CT-e that refers to another (complemento, substituto) linked both ways whichever is read first and shown
// both ways by GET /ctes/{id}; the components-versus-total inconsistency; CT-e delivery events read from XML files
// stored as occurrences of their CT-e, linked by key, cancelled by their cancellation, and the CT-e's mark kept.

const AMOSTRA = readFileSync(join(__dirname, '../fixtures/cte/CTe-3.00-frete-valor-icms00-sped-cte.xml'), 'utf8');
const CHAVE_AMOSTRA = '41171099999999999999570020000024631000000108';
/** The sample's key with another nCT (positions 26 to 34). */
const chave = (n: number) => `${CHAVE_AMOSTRA.slice(0, 25)}${String(n).padStart(9, '0')}${CHAVE_AMOSTRA.slice(34)}`;

interface OpcoesCte {
  tpCTe?: number;
  /** infCteComp (tpCTe 1) or infCteSub (tpCTe 3) naming this CT-e number's key. */
  refere?: number;
  /** The vPrest group instead of the sample's (3334.32 with one component of 3334.32). */
  vPrest?: string;
}

/** The real sample as CT-e número `n`. */
function cteXml(n: number, o: OpcoesCte = {}) {
  let xml = AMOSTRA.replaceAll(CHAVE_AMOSTRA, chave(n)).replace('<nCT>2463</nCT>', `<nCT>${n}</nCT>`);
  if (o.tpCTe !== undefined) xml = xml.replace('<tpCTe>0</tpCTe>', `<tpCTe>${o.tpCTe}</tpCTe>`);
  if (o.refere !== undefined && o.tpCTe === 1) xml = xml.replace('</infCTeNorm>', `</infCTeNorm><infCteComp><chCTe>${chave(o.refere)}</chCTe></infCteComp>`);
  if (o.refere !== undefined && o.tpCTe === 3) xml = xml.replace('</infCTeNorm>', `<infCteSub><chCte>${chave(o.refere)}</chCte></infCteSub></infCTeNorm>`);
  if (o.vPrest) xml = xml.replace(/<vPrest>.*?<\/vPrest>/, `<vPrest>${o.vPrest}</vPrest>`);
  return xml;
}

let h: Harness;
let raiz: string;
let pastas: PastasCte;
let token: string;
const db = () => h.bancos.COLACRIL.db;
/** Writes the files into the input folder and reads it. */
const ler = (arquivos: Record<string, string>) => {
  for (const [nome, conteudo] of Object.entries(arquivos)) writeFileSync(join(pastas.entrada, nome), conteudo);
  return lerArquivosCte(db(), pastas);
};
const linha = async (n: number) => (await db().select().from(cte).where(eq(cte.chave, chave(n))))[0];
/** The CT-e's "proof of delivery" mark (cte_marca, kept by the occurrence triggers; no row: none). */
const comComprovante = async (n: number) =>
  (await db().select({ c: cteMarca.comComprovante }).from(cteMarca).innerJoin(cte, eq(cte.id, cteMarca.cteId)).where(eq(cte.chave, chave(n))))[0]?.c ?? false;
const detalhe = async (id: number) => {
  const r = await h.request('GET', `/api/ctes/${id}`, { token });
  expect(r.status).toBe(200);
  return json<CteCompleto>(r);
};
/** The occurrences of a CT-e key with the CT-es they are linked to. */
const ocorrenciasDe = async (n: number) => {
  const linhas = await db()
    .select({ id: ocorrencia.id, codigo: ocorrencia.codigo, sentido: ocorrencia.sentido, cancelada: ocorrencia.cancelada, protocolo: ocorrencia.protocolo, vinculada: ocorrencia.vinculada, observacao: ocorrencia.observacao, dataHora: ocorrencia.dataHora, arquivo: ocorrencia.arquivo, origem: ocorrencia.origem })
    .from(ocorrencia)
    .where(eq(ocorrencia.chaveCte, chave(n)))
    .orderBy(asc(ocorrencia.id));
  const links = linhas.length ? await db().select().from(ocorrenciaCte).where(inArray(ocorrenciaCte.ocorrenciaId, linhas.map((l) => l.id))) : [];
  return linhas.map((l) => ({ ...l, ctes: links.filter((k) => k.ocorrenciaId === l.id).map((k) => k.cteId) }));
};

beforeAll(async () => {
  h = await createHarness();
  token = await h.tokenCom(['FRETE_CTE_M']);
  raiz = mkdtempSync(join(tmpdir(), 'frete-cte-ref-'));
  pastas = { entrada: join(raiz, 'entrada'), saida: join(raiz, 'saida'), erro: join(raiz, 'erro') };
  mkdirSync(pastas.entrada, { recursive: true });
});
afterAll(async () => {
  await h.close();
  rmSync(raiz, { recursive: true, force: true });
});

describe('a CT-e that refers to another, both ways in GET /ctes/{id}', () => {
  it('a complemento read before its original: its key at once, the id when the original arrives; the original lists it', async () => {
    expect(await ler({ 'a1-complemento.xml': cteXml(620002, { tpCTe: 1, refere: 620001 }) })).toMatchObject({ lidos: 1, erros: [] });
    const complemento = await linha(620002);
    expect([complemento.chaveReferenciada, complemento.cteReferenciadoId]).toEqual([chave(620001), null]);
    expect((await detalhe(complemento.id)).referencia).toEqual({ tipo: 'COMPLEMENTO', chave: chave(620001), id: null, numero: null });

    expect(await ler({ 'a2-original.xml': cteXml(620001) })).toMatchObject({ lidos: 1, erros: [] });
    const original = await linha(620001);
    expect((await linha(620002)).cteReferenciadoId).toBe(original.id);
    expect((await detalhe(complemento.id)).referencia).toEqual({ tipo: 'COMPLEMENTO', chave: chave(620001), id: original.id, numero: 620001 });
    const doOriginal = await detalhe(original.id);
    expect(doOriginal.referencia).toBeNull();
    expect(doOriginal.referenciadoPor).toEqual([{ tipo: 'COMPLEMENTO', id: complemento.id, chave: chave(620002), numero: 620002, serie: '2', status: 'LIDO', valorTotal: '3334.32' }]);
  });

  it('a substituto read after its original: linked on insert; its XML read again resolves the link again', async () => {
    await ler({ 'b1-original.xml': cteXml(620003) });
    await ler({ 'b2-substituto.xml': cteXml(620004, { tpCTe: 3, refere: 620003 }) });
    const [original, substituto] = [await linha(620003), await linha(620004)];
    expect(substituto.cteReferenciadoId).toBe(original.id);
    expect((await detalhe(original.id)).referenciadoPor).toMatchObject([{ tipo: 'SUBSTITUICAO', id: substituto.id, numero: 620004 }]);

    // A link lost (or a CT-e read before this reader) is restored by "carregar XML" (POST /ctes/carregar-xml-tabela).
    await db().update(cte).set({ cteReferenciadoId: null, chaveReferenciada: null }).where(eq(cte.id, substituto.id));
    const r = await relerXmlCte(db(), 1);
    expect(r.erros).toEqual([]);
    expect(await linha(620004)).toMatchObject({ chaveReferenciada: chave(620003), cteReferenciadoId: original.id });
  });
});

describe('the components of the service against the charged value', () => {
  const componentes = (...valores: string[]) => valores.map((v, i) => `<Comp><xNome>COMPONENTE ${i + 1}</xNome><vComp>${v}</vComp></Comp>`).join('');

  it('ΣComp R$ 111,11 against vTPrest R$ 100,00: COMPONENTES_DIFEREM_TOTAL when read, kept by processing and by a re-read', async () => {
    await ler({
      'c1.xml': cteXml(620011, { vPrest: `<vTPrest>100.00</vTPrest><vRec>100.00</vRec>${componentes('100.00', '11.11')}` }),
      'c2.xml': cteXml(620012, { vPrest: `<vTPrest>100.00</vTPrest><vRec>100.00</vRec>${componentes('60.00', '40.00')}` }),
      'c3.xml': cteXml(620013, { vPrest: '<vTPrest>100.00</vTPrest><vRec>100.00</vRec>' }),
      // One centavo is a difference too: compared exactly.
      'c4.xml': cteXml(620014, { vPrest: `<vTPrest>100.00</vTPrest><vRec>100.00</vRec>${componentes('99.99')}` }),
    });
    const inconsistencias = async () => Promise.all([620011, 620012, 620013, 620014].map(async (n) => (await linha(n)).inconsistencias));
    expect(await inconsistencias()).toEqual([['COMPONENTES_DIFEREM_TOTAL'], [], [], ['COMPONENTES_DIFEREM_TOTAL']]);

    const ids = await Promise.all([620011, 620012, 620013, 620014].map(async (n) => (await linha(n)).id));
    const r = await processarCtes(h.bancos.COLACRIL, { ids });
    expect(r.processados).toBe(4);
    expect(await inconsistencias()).toEqual([['COMPONENTES_DIFEREM_TOTAL'], [], [], ['COMPONENTES_DIFEREM_TOTAL']]);
    expect((await linha(620011)).status).toBe('PROCESSADO');
    // Saved from the detail dialog: the notes' inconsistencies are recomputed, the document's stays.
    await salvarCte(db(), { id: ids[0], versao: (await linha(620011)).versao, pesoBruto: '12.000', notas: [] });
    expect((await linha(620011)).pesoBruto).toBe('12.000');
    expect(await inconsistencias()).toEqual([['COMPONENTES_DIFEREM_TOTAL'], [], [], ['COMPONENTES_DIFEREM_TOTAL']]);
    await relerXmlCte(db(), 1);
    expect(await inconsistencias()).toEqual([['COMPONENTES_DIFEREM_TOTAL'], [], [], ['COMPONENTES_DIFEREM_TOTAL']]);
    expect((await detalhe(ids[0])).inconsistencias).toEqual(['COMPONENTES_DIFEREM_TOTAL']);
  });
});

describe('double-encoded UTF-8', () => {
  it('stored repaired (the IBGE name for a known municipality code), told in the reading and kept in the document', async () => {
    const xml = cteXml(620051)
      .replace('<cMun>4108304</cMun><xMun>FOZ DO IGUACU</xMun>', '<cMun>2408003</cMun><xMun>MossorÃ³</xMun>')
      .replace('<xNome>SUA RAZAO SOCIAL LTDA</xNome>', '<xNome>TRANSPORTES DECISÃƒO LTDA</xNome>');
    const r = await ler({ 'g1.xml': xml });
    const avisos = [
      avisoCodificacaoDupla('TRANSPORTES DECISÃƒO LTDA', 'TRANSPORTES DECISÃO LTDA', ['emitente, nome']),
      avisoCodificacaoDupla('MossorÃ³', 'Mossoró', ['emitente, município']),
    ];
    expect(r).toMatchObject({ lidos: 1, erros: [] });
    expect(new Set(r.avisos)).toEqual(new Set(avisos.map((motivo) => ({ arquivo: 'g1.xml', motivo }))));
    const c = await detalhe((await linha(620051)).id);
    expect([c.emitente, c.documento.emitente.endereco?.municipio]).toEqual(['TRANSPORTES DECISÃO LTDA', 'Mossoró']);
    expect(new Set(c.documento.avisos)).toEqual(new Set(avisos));
  });
});

describe('CT-e delivery events read from XML files', () => {
  const PROTOCOLO_CE = '141260000000100';

  it('a proof of delivery (110180) of a stored CT-e: an occurrence linked by key, the CT-e marked; read again, nothing new', async () => {
    await ler({ 'd0.xml': cteXml(620021) });
    const id = (await linha(620021)).id;
    expect((await comComprovante(620021))).toBe(false);
    const evento = xmlEventoEntrega({ chave: chave(620021), tipo: '110180', protocolo: PROTOCOLO_CE, nome: 'MARIA DA SILVA', documento: '12345678909' });
    const r = await ler({ 'd1-comprovante.xml': evento });
    expect(r).toMatchObject({ lidos: 0, duplicados: 0, eventos: 1, erros: [] });
    expect(await ocorrenciasDe(620021)).toEqual([
      {
        id: expect.any(Number),
        origem: 'EVENTO_CTE',
        codigo: '110180',
        sentido: 'ENTREGA',
        cancelada: false,
        protocolo: PROTOCOLO_CE,
        vinculada: true,
        observacao: 'Recebido por MARIA DA SILVA, documento 12345678909.',
        dataHora: new Date('2026-03-10T17:30:00.000Z'),
        arquivo: 'd1-comprovante.xml',
        ctes: [id],
      },
    ]);
    expect((await comComprovante(620021))).toBe(true);
    const denovo = await ler({ 'd1-de-novo.xml': evento });
    expect(denovo).toMatchObject({ duplicados: 1, erros: [] });
    expect(denovo).not.toHaveProperty('eventos');
    expect(await ocorrenciasDe(620021)).toHaveLength(1);
  });

  it('its cancellation (110181, naming its protocol): stored too, the proof cancelled, the mark cleared', async () => {
    const r = await ler({ 'd2-cancela.xml': xmlEventoEntrega({ chave: chave(620021), tipo: '110181', protocolo: '141260000000300', cancela: PROTOCOLO_CE }) });
    expect(r).toMatchObject({ eventos: 1, erros: [] });
    const ocorrencias = await ocorrenciasDe(620021);
    expect(ocorrencias.map((o) => [o.codigo, o.sentido, o.cancelada, o.vinculada])).toEqual([
      ['110180', 'ENTREGA', true, true],
      ['110181', null, false, true],
    ]);
    expect(ocorrencias[1].observacao).toBe(`Cancela o comprovante de entrega de protocolo ${PROTOCOLO_CE}.`);
    expect((await comComprovante(620021))).toBe(false);
  });

  it('an event read before its CT-e stays unlinked until the CT-e comes; a cancellation read before its event cancels it on arrival', async () => {
    await ler({ 'e1-comprovante.xml': xmlEventoEntrega({ chave: chave(620031), tipo: '110180', protocolo: '141260000000500' }) });
    expect((await ocorrenciasDe(620031)).map((o) => [o.vinculada, o.ctes])).toEqual([[false, []]]);
    await ler({ 'e2-cte.xml': cteXml(620031) });
    const cteId = (await linha(620031)).id;
    expect((await ocorrenciasDe(620031)).map((o) => [o.vinculada, o.ctes])).toEqual([[true, [cteId]]]);
    expect((await comComprovante(620031))).toBe(true);

    await ler({ 'e3-cancela-insucesso.xml': xmlEventoEntrega({ chave: chave(620031), tipo: '110191', protocolo: '141260000000700', cancela: '141260000000600' }) });
    await ler({ 'e4-insucesso.xml': xmlEventoEntrega({ chave: chave(620031), tipo: '110190', protocolo: '141260000000600', motivo: '2' }) });
    const ocorrencias = await ocorrenciasDe(620031);
    expect(ocorrencias.map((o) => [o.codigo, o.sentido, o.cancelada])).toEqual([
      ['110180', 'ENTREGA', false],
      ['110191', null, false],
      ['110190', 'INSUCESSO', true],
    ]);
    expect(ocorrencias[2].observacao).toBe('Tentativa 1 — Recusa do recebedor.');
  });

  it('by the intake (upload, mailbox, SEFAZ distribution): the event is a document of its own, stored as an occurrence', async () => {
    const bytes = Buffer.from(xmlEventoEntrega({ chave: chave(620021), tipo: '110190', protocolo: '141260000000800', seq: 1 }));
    const [tratado] = await receberDocumentos(db(), [{ nome: 'procEventoCTe_v4.00-000000000000123.xml', bytes }]);
    expect(tratado).toMatchObject({ tipo: 'EVENTO_CTE', resultado: 'NOVO', referencia: chave(620021), motivo: null });
    expect((await ocorrenciasDe(620021)).at(-1)).toMatchObject({ codigo: '110190', sentido: 'INSUCESSO', arquivo: 'procEventoCTe_v4.00-000000000000123.xml' });
    expect((await receberDocumentos(db(), [{ nome: 'de-novo.xml', bytes }]))[0].resultado).toBe('REPETIDO');
  });

  it('an event the SEFAZ did not homologate is refused into the error folder; nothing stored', async () => {
    const r = await ler({ 'f1.xml': xmlEventoEntrega({ chave: chave(620041), tipo: '110180', cStat: '631' }) });
    expect(r.erros.map((e) => e.arquivo)).toEqual(['f1.xml']);
    expect(await ocorrenciasDe(620041)).toEqual([]);
  });
});
