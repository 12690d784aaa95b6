import { and, eq, inArray, or } from 'drizzle-orm';
import type { FaturaDoccob } from '../../contracts/doccob';
import { mensagemFaturaACancelarAusente, mensagemFaturaACancelarJaCancelada, mensagemFaturaOutrosValores } from '../../contracts/faturas';
import type { Db } from '../db/database';
import { fatura, faturaDocumento } from '../db/schema/fatura';
import { violouUnico } from '../db/violou-unico';
import { lerDoccob } from '../ingest/doccob/ler-doccob';
import { ApiError } from '../http/api-error';
import { cancelarFaturaTx, gravarFatura, hashFatura } from './gravar-fatura';

// One DOCCOB file through the reader into the database (docs/decisoes.md §18): the folder reading, the upload, the demo
// seed and the benchmark all come here. One file is one transaction: refused, nothing of it is stored.

export type ResultadoArquivoDoccob =
  | { tipo: 'LIDA'; faturaId: number; ctesVinculados: number; ctesNaoEncontrados: number; ctesJaCobrados: number }
  | { tipo: 'JA_LIDA'; faturaId: number }
  | { tipo: 'CANCELADA'; faturaIds: number[] }
  | { tipo: 'RECUSADA'; motivo: string };

export const MSG_DOCCOB_INCLUI_E_EXCLUI =
  'O arquivo mistura documentos a incluir (ação I) e a cancelar (ação E): envie as inclusões e os cancelamentos em arquivos separados.';
export const MSG_DOCCOB_VARIAS_TRANSPORTADORAS = 'O arquivo traz documentos de mais de uma transportadora (351/551): envie um arquivo por transportadora.';
export const mensagemDocumentoRepetido = (numero: string) => `O documento ${numero} aparece duas vezes no arquivo.`;

/** A reason to refuse the file as a whole: thrown inside the transaction, it rolls back. */
class Recusa extends Error {}

const chaveDoc = (d: { serie: string; numero: string }) => `${d.serie}|${d.numero}`;

/** The PROCESSADO documents of the carrier with these séries and números, with their fatura's hash. */
async function jaProcessados(db: Db, cnpj: string, docs: FaturaDoccob[]) {
  return db
    .select({ faturaId: faturaDocumento.faturaId, serie: faturaDocumento.serie, numero: faturaDocumento.numero, hash: fatura.hash })
    .from(faturaDocumento)
    .innerJoin(fatura, eq(fatura.id, faturaDocumento.faturaId))
    .where(
      and(
        eq(faturaDocumento.transportadoraCnpj, cnpj),
        eq(faturaDocumento.status, 'PROCESSADO'),
        or(...docs.map((d) => and(eq(faturaDocumento.serie, d.serie), eq(faturaDocumento.numero, d.numero)))),
      ),
    );
}

/** Read before: the same fatura (JA_LIDA), or the same document with other values (refused); undefined when new. */
async function leituraAnterior(db: Db, docs: FaturaDoccob[], hash: string): Promise<ResultadoArquivoDoccob | undefined> {
  const anteriores = await jaProcessados(db, docs[0].transportadora.cnpj, docs);
  if (!anteriores.length) return undefined;
  const [primeira] = anteriores;
  const mesma = anteriores.every((a) => a.faturaId === primeira.faturaId && a.hash === hash);
  if (mesma) return { tipo: 'JA_LIDA', faturaId: primeira.faturaId };
  const numero = docs.find((d) => anteriores.some((a) => chaveDoc(a) === chaveDoc(d)))?.numero ?? primeira.numero;
  return { tipo: 'RECUSADA', motivo: mensagemFaturaOutrosValores(numero) };
}

async function incluir(db: Db, nomeArquivo: string, docs: FaturaDoccob[]): Promise<ResultadoArquivoDoccob> {
  const hash = hashFatura(docs);
  // Twice at most: a reading that loses the race on the unique index answers as if it had come second.
  for (let tentativa = 0; ; tentativa++) {
    const anterior = await leituraAnterior(db, docs, hash);
    if (anterior) return anterior;
    try {
      const r = await db.transaction((tx) => gravarFatura(tx, nomeArquivo, docs, hash));
      return { tipo: 'LIDA', faturaId: r.faturaId, ctesVinculados: r.vinculados, ctesNaoEncontrados: r.naoEncontrados, ctesJaCobrados: r.jaCobrados };
    } catch (e) {
      if (!violouUnico(e) || tentativa > 0) throw e;
    }
  }
}

/** Ação E: each document names the PROCESSADO fatura it cancels; all of them, or nothing. */
async function cancelar(db: Db, docs: FaturaDoccob[]): Promise<ResultadoArquivoDoccob> {
  const cnpj = docs[0].transportadora.cnpj;
  try {
    const ids = await db.transaction(async (tx) => {
      const alvos = new Set<number>();
      for (const d of docs) {
        const doDocumento = and(eq(faturaDocumento.transportadoraCnpj, cnpj), eq(faturaDocumento.serie, d.serie), eq(faturaDocumento.numero, d.numero));
        const [alvo] = await tx
          .select({ id: fatura.id })
          .from(fatura)
          .where(and(eq(fatura.status, 'PROCESSADO'), inArray(fatura.id, tx.select({ id: faturaDocumento.faturaId }).from(faturaDocumento).where(doDocumento))))
          .for('update');
        if (alvo) alvos.add(alvo.id);
        else {
          const [cancelado] = await tx.select({ id: faturaDocumento.id }).from(faturaDocumento).where(doDocumento).limit(1);
          throw new Recusa(cancelado ? mensagemFaturaACancelarJaCancelada(d.numero) : mensagemFaturaACancelarAusente(d.numero));
        }
      }
      for (const id of alvos) await cancelarFaturaTx(tx, id);
      return [...alvos];
    });
    return { tipo: 'CANCELADA', faturaIds: ids };
  } catch (e) {
    if (e instanceof Recusa) return { tipo: 'RECUSADA', motivo: e.message };
    // Ação E on a fatura already exported or paid: the payment machine refuses the cancel (issue 29); the file is refused with its message.
    if (e instanceof ApiError && e.status === 409) return { tipo: 'RECUSADA', motivo: e.mensagens.join(' ') };
    throw e;
  }
}

/** What refuses a readable file before the database: mixed actions, several carriers, a document twice. */
function motivoDoArquivo(docs: FaturaDoccob[]): string | undefined {
  if (new Set(docs.map((d) => d.acao)).size > 1) return MSG_DOCCOB_INCLUI_E_EXCLUI;
  if (new Set(docs.map((d) => d.transportadora.cnpj)).size > 1) return MSG_DOCCOB_VARIAS_TRANSPORTADORAS;
  const vistos = new Set<string>();
  for (const d of docs) {
    if (vistos.has(chaveDoc(d))) return mensagemDocumentoRepetido(d.numero);
    vistos.add(chaveDoc(d));
  }
  return undefined;
}

/** A file name fit to store and show: no folders, no control characters, at most 255 characters. */
export function nomeSeguro(nome: string): string {
  const base = (nome.split(/[\\/]/).pop() ?? '')
    .replace(/[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .trim();
  return (base || 'arquivo.doccob').slice(0, 255);
}

/** Reads one DOCCOB file into the database (see ResultadoArquivoDoccob). */
export async function lerArquivoDoccob(db: Db, nomeArquivo: string, bytes: Uint8Array): Promise<ResultadoArquivoDoccob> {
  const leitura = lerDoccob(bytes);
  if (!leitura.ok) return { tipo: 'RECUSADA', motivo: leitura.motivo };
  const motivo = motivoDoArquivo(leitura.faturas);
  if (motivo) return { tipo: 'RECUSADA', motivo };
  if (leitura.faturas[0].acao === 'E') return cancelar(db, leitura.faturas);
  return incluir(db, nomeSeguro(nomeArquivo), leitura.faturas);
}
