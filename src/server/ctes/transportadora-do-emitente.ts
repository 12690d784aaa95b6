import { formatCnpj } from '@brazilian-utils/brazilian-utils';
import { inArray, sql } from 'drizzle-orm';
import { mensagemTransportadoraNaoCadastrada, mensagemTransportadoraPelaRaiz } from '../../contracts/ctes';
import type { Db } from '../db/database';
import { transportadora } from '../db/schema/transportadora';

export interface TransportadoraDoEmitente {
  id: number;
  razaoSocial: string;
  /** Found by the CNPJ root (another branch of the same company), not by the CNPJ itself. */
  porRaiz: boolean;
  /** The audit message of a branch found by the root (null for an exact CNPJ). */
  mensagem: string | null;
}

const raiz = (cnpj: string) => cnpj.slice(0, 8);
/** A document as the messages show it: a CNPJ formatted, anything else as it came. */
export const documentoFormatado = (doc: string | null) => (doc && /^\d{14}$/.test(doc) ? formatCnpj(doc) : (doc ?? 'não informado'));
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
  const colunas = { id: transportadora.id, cnpj: transportadora.cnpj, razaoSocial: transportadora.razaoSocial, ativado: transportadora.ativado };
  const exatas = await db.select(colunas).from(transportadora).where(inArray(transportadora.cnpj, docs));
  exatas.sort((a, b) => Number(b.ativado) - Number(a.ativado) || a.id - b.id);
  for (const t of exatas) if (t.cnpj && !mapa.has(t.cnpj)) mapa.set(t.cnpj, { id: t.id, razaoSocial: t.razaoSocial, porRaiz: false, mensagem: null });

  const semCadastro = docs.filter((d) => !mapa.has(d) && /^\d{14}$/.test(d));
  if (!semCadastro.length) return mapa;
  const raizes = [...new Set(semCadastro.map(raiz))];
  const irmas = await db
    .select(colunas)
    .from(transportadora)
    .where(inArray(sql`left(${transportadora.cnpj}, 8)`, raizes));
  for (const doc of semCadastro) {
    const candidatas = irmas.filter((t) => t.cnpj && raiz(t.cnpj) === raiz(doc));
    if (candidatas.length !== 1) continue;
    const [t] = candidatas;
    mapa.set(doc, { id: t.id, razaoSocial: t.razaoSocial, porRaiz: true, mensagem: mensagemTransportadoraPelaRaiz(documentoFormatado(doc), t.razaoSocial, documentoFormatado(t.cnpj)) });
  }
  return mapa;
}
