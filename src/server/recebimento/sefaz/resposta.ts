import { gunzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

// SEFAZ's answer: retDistDFeInt (cStat, xMotivo, ultNSU, maxNSU, loteDistDFeInt › docZip NSU schema) inside the SOAP
// body, sometimes as escaped text inside cteDistDFeInteresseResult. Each docZip is base64 of a gzip of one XML.

/** One document unpacked is a CT-e XML (a few hundred KB at most); more is refused, never expanded further. */
export const TAMANHO_MAXIMO_DOCUMENTO = 5 * 1024 * 1024;

export interface DocZip {
  nsu: bigint;
  /** The schema SEFAZ names (procCTe_v4.00.xsd, procEventoCTe_v4.00.xsd...). */
  schema: string;
  /** The XML unpacked, or why it could not be. */
  xml: Buffer | null;
  erro: string | null;
}

export interface RespostaDistribuicao {
  cStat: string;
  xMotivo: string;
  ultNsu: bigint;
  maxNsu: bigint;
  documentos: DocZip[];
}

type No = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (nome) => nome === 'docZip',
});

const ILEGIVEL = 'A resposta da SEFAZ não pôde ser lida';

/** Depth-first search for an element by local name. */
function achar(no: unknown, nome: string, profundidade = 0): unknown {
  if (profundidade > 12 || no === null || typeof no !== 'object') return undefined;
  for (const [k, v] of Object.entries(no as No)) {
    if (k === nome) return v;
    const dentro = achar(v, nome, profundidade + 1);
    if (dentro !== undefined) return dentro;
  }
  return undefined;
}

const textoDe = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as No)['#text'] === 'string' ? ((v as No)['#text'] as string) : null;

function lerNsu(v: unknown, campo: string): bigint {
  const t = textoDe(v);
  if (t === null || !/^\d{1,15}$/.test(t)) throw new Error(`${ILEGIVEL}: o campo ${campo} falta ou não é um NSU (${String(t).slice(0, 30)}).`);
  return BigInt(t);
}

/** base64 → gunzip, capped. */
export function desempacotar(base64: string): Buffer {
  const zip = Buffer.from(base64.replace(/\s+/g, ''), 'base64');
  if (zip.length === 0) throw new Error('o conteúdo (docZip) está vazio');
  try {
    return gunzipSync(zip, { maxOutputLength: TAMANHO_MAXIMO_DOCUMENTO });
  } catch (e) {
    const codigo = (e as { code?: string }).code;
    if (codigo === 'ERR_BUFFER_TOO_LARGE' || (e instanceof RangeError)) throw new Error(`o documento descompactado passa de ${TAMANHO_MAXIMO_DOCUMENTO / 1024 / 1024} MB`);
    throw new Error('o conteúdo (docZip) não é um gzip válido');
  }
}

function lerDocZip(d: unknown): DocZip {
  const no = (d && typeof d === 'object' ? d : { '#text': d }) as No;
  const nsu = lerNsu(no['@NSU'], 'NSU do docZip');
  const schema = typeof no['@schema'] === 'string' ? (no['@schema'] as string) : '';
  try {
    return { nsu, schema, xml: desempacotar(textoDe(no) ?? ''), erro: null };
  } catch (e) {
    return { nsu, schema, xml: null, erro: `O documento do NSU ${nsu} não pôde ser aberto: ${(e as Error).message}.` };
  }
}

function parse(xml: string): No {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new Error(`${ILEGIVEL}: ela declara DOCTYPE/ENTITY.`);
  if (XMLValidator.validate(xml) !== true) throw new Error(`${ILEGIVEL}: não é um XML válido.`);
  return parser.parse(xml) as No;
}

/** The answer's fields, or an Error with a pt-BR message (a SOAP fault says its reason). */
export function lerResposta(corpo: string): RespostaDistribuicao {
  const raiz = parse(corpo.replace(/^\uFEFF/, ''));
  let ret = achar(raiz, 'retDistDFeInt');
  if (ret === undefined) {
    const resultado = textoDe(achar(raiz, 'cteDistDFeInteresseResult'));
    if (resultado?.includes('retDistDFeInt')) ret = achar(parse(resultado), 'retDistDFeInt');
  }
  if (ret === undefined || ret === null || typeof ret !== 'object') {
    const falta = textoDe(achar(achar(raiz, 'Reason'), 'Text'));
    throw new Error(falta ? `A SEFAZ respondeu com um erro SOAP: ${falta.slice(0, 300)}` : `${ILEGIVEL}: não contém retDistDFeInt.`);
  }
  const r = ret as No;
  const cStat = textoDe(r.cStat);
  if (!cStat || !/^\d{3}$/.test(cStat)) throw new Error(`${ILEGIVEL}: sem cStat.`);
  const xMotivo = (textoDe(r.xMotivo) ?? '').slice(0, 255);
  if (cStat !== '137' && cStat !== '138') return { cStat, xMotivo, ultNsu: 0n, maxNsu: 0n, documentos: [] };
  const lote = r.loteDistDFeInt as No | undefined;
  const docs = lote && typeof lote === 'object' && Array.isArray(lote.docZip) ? lote.docZip : [];
  return { cStat, xMotivo, ultNsu: lerNsu(r.ultNSU, 'ultNSU'), maxNsu: lerNsu(r.maxNSU, 'maxNSU'), documentos: docs.map(lerDocZip) };
}
