import { inArray, sql } from 'drizzle-orm';
import { mensagemTransportadoraNaoCadastrada, mensagemTransportadoraPelaRaiz } from '../../contracts/ctes';
import { formatarCnpjCpf } from '../../domain/cte/formatar-cte';
import type { Db } from '../db/database';
import { transportadora } from '../db/schema/transportadora';
import { umPorDocumento } from './tipo-cte';

export interface TransportadoraDoEmitente {
  id: number;
  /** The audit message of a branch found by the CNPJ root (null when found by the CNPJ itself). */
  mensagem: string | null;
}

const raiz = (cnpj: string) => cnpj.slice(0, 8);
/** A document as the messages show it: a CNPJ formatted, anything else as it came. */
const documentoFormatado = (doc: string | null) => formatarCnpjCpf(doc) ?? 'não informado';
export const mensagemSemTransportadora = (doc: string | null) => mensagemTransportadoraNaoCadastrada(documentoFormatado(doc));

/**
 * The registered carrier of each issuer CNPJ, resolved when it is needed (processing, audit, redo), so a
 * carrier registered after its CT-es were read is found. The register with that CNPJ (an active one first,
 * then the lowest id); when there is none, the only register with the same CNPJ root (first 8 digits: a
 * branch of the same company), said in the audit's messages. Two queries for any number of documents.
 */
export async function transportadorasDosEmitentes(db: Db, documentos: Iterable<string | null>): Promise<Map<string, TransportadoraDoEmitente>> {
  const docs = [...new Set([...documentos].filter((d): d is string => !!d))];
  const mapa = new Map<string, TransportadoraDoEmitente>();
  if (!docs.length) return mapa;
  const colunas = { id: transportadora.id, doc: transportadora.cnpj, razaoSocial: transportadora.razaoSocial, ativo: transportadora.ativado };
  const exatas = await db.select(colunas).from(transportadora).where(inArray(transportadora.cnpj, docs));
  for (const [doc, t] of umPorDocumento(exatas)) mapa.set(doc, { id: t.id, mensagem: null });

  const semCadastro = docs.filter((d) => !mapa.has(d) && /^\d{14}$/.test(d));
  if (!semCadastro.length) return mapa;
  const raizes = [...new Set(semCadastro.map(raiz))];
  const irmas = await db
    .select(colunas)
    .from(transportadora)
    .where(inArray(sql`left(${transportadora.cnpj}, 8)`, raizes));
  for (const doc of semCadastro) {
    const candidatas = irmas.filter((t) => t.doc && raiz(t.doc) === raiz(doc));
    if (candidatas.length !== 1) continue;
    const [t] = candidatas;
    mapa.set(doc, { id: t.id, mensagem: mensagemTransportadoraPelaRaiz(documentoFormatado(doc), t.razaoSocial, documentoFormatado(t.doc)) });
  }
  return mapa;
}
