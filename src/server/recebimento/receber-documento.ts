import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { TAMANHO_MAXIMO_DOCCOB } from '../../contracts/faturas';
import { TAMANHO_MAXIMO_CONEMB } from '../../contracts/minutas';
import { MSG_ANEXO_DESCONHECIDO, type ResultadoDocumento, type TipoDocumento } from '../../contracts/recebimento';
import type { Db } from '../db/database';
import { fatura } from '../db/schema/fatura';
import { lerArquivoDoccob, nomeSeguro } from '../faturas/ler-arquivo-doccob';
import { mensagemEdiGrandeDemais, TAMANHO_MAXIMO_OCOREN, type TipoEdi } from '../ingest/ler-pasta-edi';
import { lerConteudoCte } from '../ingest/ler-arquivos-cte';
import { lerArquivoConemb } from '../minutas/gravar-conemb';
import { lerArquivoOcoren } from '../ocorrencias/gravar-ocoren';
import { classificar, ehZip, expandirZip } from './classificar';

// Every document that arrives by itself (mailbox, SEFAZ, the intake upload; issue 30) goes to the reader that exists
// for its type, so every tolerance, refusal and duplicate rule of the folders holds: a CT-e is one per key, a DOCCOB
// or CONEMB file read twice changes nothing, an OCOREN occurrence is stored once. Within one delivery the CT-es go
// first, then their events, the minutas, the faturas, so a DOCCOB sent with the CT-es it bills finds them; the
// OCORENs last (the database links occurrences and CT-es whichever arrives first).

export interface DocumentoRecebido {
  nome: string;
  bytes: Uint8Array;
}

export interface DocumentoTratado {
  arquivo: string;
  tipo: TipoDocumento;
  resultado: ResultadoDocumento;
  motivo: string | null;
  /** What it became: the CT-e key, "Fatura 1234"... */
  referencia: string | null;
  /** SHA-256 (hex) of its bytes. */
  hash: string;
  /** Faturas of a DOCCOB, conhecimentos of a CONEMB, CT-es a cancellation reached (default 1). */
  quantidade?: number;
}

const ORDEM: Record<TipoDocumento, number> = { CTE: 0, EVENTO_CTE: 1, CONEMB: 2, DOCCOB: 3, OCOREN: 4, DESCONHECIDO: 5 };
/** The EDI readers take the bytes as given: the folder's size limits (and messages) apply here. The CT-e reader checks its own. */
const LIMITE_EDI: Partial<Record<TipoDocumento, { tipo: TipoEdi; maximo: number }>> = {
  DOCCOB: { tipo: 'doccob', maximo: TAMANHO_MAXIMO_DOCCOB },
  CONEMB: { tipo: 'conemb', maximo: TAMANHO_MAXIMO_CONEMB },
  OCOREN: { tipo: 'ocoren', maximo: TAMANHO_MAXIMO_OCOREN },
};

export const hashDe = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

type Classificado = { nome: string; bytes: Uint8Array; tipo: TipoDocumento; hash: string } | DocumentoTratado;

/** An entry's name under its .zip's, each part cleaned as an uploaded name is (an entry's name comes from outside too). */
const nomeDaEntrada = (zip: string, entrada: string) => `${zip}/${entrada.split(/[\\/]/).map(nomeSeguro).join('/')}`.slice(-255);

/** A .zip becomes its entries (named under it), two levels deep at most; anything else is classified. `doc.nome` is clean. */
function desembrulhar(doc: DocumentoRecebido, profundidade = 0): Classificado[] {
  if (ehZip(doc.bytes) && profundidade < 2) {
    const entradas = expandirZip(doc.bytes);
    if ('erro' in entradas) return [{ arquivo: doc.nome, tipo: 'DESCONHECIDO', resultado: 'RECUSADO', motivo: entradas.erro, referencia: null, hash: hashDe(doc.bytes) }];
    return entradas.flatMap((e) => desembrulhar({ nome: nomeDaEntrada(doc.nome, e.nome), bytes: e.bytes }, profundidade + 1));
  }
  return [{ nome: doc.nome, bytes: doc.bytes, tipo: classificar(doc.bytes), hash: hashDe(doc.bytes) }];
}

const tratado = (d: { nome: string; tipo: TipoDocumento; hash: string }, resultado: ResultadoDocumento, extra: Partial<DocumentoTratado> = {}): DocumentoTratado => ({
  arquivo: d.nome,
  tipo: d.tipo,
  resultado,
  motivo: null,
  referencia: null,
  hash: d.hash,
  ...extra,
});

/** Reads one classified document with its type's reader. */
async function ler(db: Db, d: { nome: string; bytes: Uint8Array; tipo: TipoDocumento; hash: string }): Promise<DocumentoTratado> {
  const limite = LIMITE_EDI[d.tipo];
  if (limite && d.bytes.byteLength > limite.maximo) return tratado(d, 'RECUSADO', { motivo: mensagemEdiGrandeDemais(limite.tipo, d.bytes.byteLength) });
  if (d.tipo === 'CTE' || d.tipo === 'EVENTO_CTE') {
    const r = await lerConteudoCte(db, d.nome, d.bytes);
    const motivo = r.resultado === 'RECUSADO' ? r.motivo : r.avisos.length ? r.avisos.join(' ') : null;
    const resultado = r.resultado === 'CANCELADO' ? 'CANCELOU' : r.resultado;
    return tratado(d, resultado, { motivo, referencia: r.chave });
  }
  if (d.tipo === 'DOCCOB') {
    const r = await lerArquivoDoccob(db, d.nome, d.bytes);
    if (r.tipo === 'RECUSADA') return tratado(d, 'RECUSADO', { motivo: r.motivo });
    if (r.tipo === 'CANCELADA') return tratado(d, 'CANCELOU', { quantidade: r.faturaIds.length, referencia: await numerosFatura(db, r.faturaIds) });
    return tratado(d, r.tipo === 'LIDA' ? 'NOVO' : 'REPETIDO', { referencia: await numerosFatura(db, [r.faturaId]) });
  }
  if (d.tipo === 'CONEMB') {
    const r = await lerArquivoConemb(db, d.nome, d.bytes);
    if (r.tipo === 'RECUSADO') return tratado(d, 'RECUSADO', { motivo: r.motivo });
    if (r.tipo === 'JA_LIDO') return tratado(d, 'REPETIDO');
    const avisos = [...r.avisos, ...r.exclusoes.map((e) => e.mensagem)];
    return tratado(d, 'NOVO', { quantidade: r.conhecimentos, motivo: avisos.length ? avisos.join(' ') : null });
  }
  if (d.tipo === 'OCOREN') {
    // Linked by the database whichever arrives first (the CT-es or the occurrences): its place in the order is free.
    const r = await lerArquivoOcoren(db, d.nome, d.bytes);
    if (r.tipo === 'RECUSADO') return tratado(d, 'RECUSADO', { motivo: r.motivo });
    const motivo = r.avisos.length ? r.avisos.join(' ') : null;
    return r.lidas ? tratado(d, 'NOVO', { quantidade: r.lidas, motivo }) : tratado(d, 'REPETIDO', { motivo });
  }
  return tratado(d, 'IGNORADO', { motivo: MSG_ANEXO_DESCONHECIDO });
}

async function numerosFatura(db: Db, ids: number[]): Promise<string | null> {
  if (!ids.length) return null;
  const linhas = await db.select({ numero: fatura.numeroDocumento }).from(fatura).where(inArray(fatura.id, ids));
  return linhas.length ? `Fatura ${linhas.map((l) => l.numero).join(', ')}` : null;
}

/**
 * Classifies each document by content (a .zip is expanded into its entries), sends each to its reader in its own
 * transaction, in the order CT-e, events, CONEMB, DOCCOB; answers one line per document, in that order.
 */
export async function receberDocumentos(db: Db, docs: DocumentoRecebido[]): Promise<DocumentoTratado[]> {
  const classificados = docs.flatMap((d) => desembrulhar({ nome: nomeSeguro(d.nome), bytes: d.bytes }));
  const prontos = classificados.filter((c): c is DocumentoTratado => 'resultado' in c);
  const aLer = classificados.filter((c): c is Exclude<Classificado, DocumentoTratado> => !('resultado' in c)).sort((a, b) => ORDEM[a.tipo] - ORDEM[b.tipo]);
  const lidos: DocumentoTratado[] = [];
  for (const d of aLer) lidos.push(await ler(db, d));
  return [...lidos, ...prontos];
}
