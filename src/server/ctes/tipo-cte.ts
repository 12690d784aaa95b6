import { eq, inArray } from 'drizzle-orm';
import type { TipoCteEs } from '../../contracts/ctes';
import type { Db } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { configuracaoCliente } from '../db/schema/configuracao';
import { cte } from '../db/schema/cte';

// The CT-e's type (ENTRADA, SAIDA) from the settings' lists, and the customer it names (spec 03 §2.1, §4).

/** The settings' lists as CPF/CNPJ digits (configuracao_cliente ⨝ cliente). */
export interface ListasTipo {
  /** Lista ENTRADA: a CT-e whose RECIPIENT is one of these is an ENTRADA (inbound to the company). */
  entrada: Set<string>;
  /** Lista TOMADOR: the company's own CNPJs; a CT-e whose SENDER or PAYER is one of these is a SAIDA. */
  tomador: Set<string>;
}

export async function listasTipo(db: Db): Promise<ListasTipo> {
  const linhas = await db
    .select({ lista: configuracaoCliente.lista, doc: cliente.cpfCnpj })
    .from(configuracaoCliente)
    .innerJoin(cliente, eq(cliente.id, configuracaoCliente.clienteId));
  const listas: ListasTipo = { entrada: new Set(), tomador: new Set() };
  for (const l of linhas) if (l.doc) (l.lista === 'ENTRADA' ? listas.entrada : listas.tomador).add(l.doc);
  return listas;
}

export interface PartesCte {
  remetenteDocumento: string | null;
  destinatarioDocumento: string | null;
  tomadorDocumento: string | null;
}
/** The cte columns of PartesCte, for a select. */
export const colunasPartes = {
  remetenteDocumento: cte.remetenteDocumento,
  destinatarioDocumento: cte.destinatarioDocumento,
  tomadorDocumento: cte.tomadorDocumento,
};

/**
 * The type rule (the spec only names the lists): ENTRADA when the recipient is in the ENTRADA list (checked
 * first: a transfer between the company's own plants counts as an ENTRADA of the receiving plant); else
 * SAIDA when the sender or the payer is in the TOMADOR list (the company ships or pays); else DESCONHECIDO.
 * Documents compare as digits, exactly.
 */
export function decidirTipo(c: PartesCte, listas: ListasTipo): TipoCteEs {
  if (c.destinatarioDocumento && listas.entrada.has(c.destinatarioDocumento)) return 'ENTRADA';
  if ((c.remetenteDocumento && listas.tomador.has(c.remetenteDocumento)) || (c.tomadorDocumento && listas.tomador.has(c.tomadorDocumento))) return 'SAIDA';
  return 'DESCONHECIDO';
}

/** The customer's document: the recipient of a SAIDA, the sender of an ENTRADA, none otherwise. */
export const documentoCliente = (c: PartesCte, tipo: TipoCteEs): string | null =>
  tipo === 'SAIDA' ? c.destinatarioDocumento : tipo === 'ENTRADA' ? c.remetenteDocumento : null;

/** One register per document among rows of the same document: an active row, then the lowest id, wins. */
export function umPorDocumento<T extends { id: number; doc: string | null; ativo: boolean }>(linhas: readonly T[]): Map<string, T> {
  const mapa = new Map<string, T>();
  for (const l of [...linhas].sort((a, b) => Number(b.ativo) - Number(a.ativo) || a.id - b.id)) if (l.doc && !mapa.has(l.doc)) mapa.set(l.doc, l);
  return mapa;
}

/** Customer register ids by CPF/CNPJ, in one query (umPorDocumento picks among duplicates). */
export async function clientesPorDocumento(db: Db, docs: Iterable<string | null>): Promise<Map<string, number>> {
  const lista = [...new Set([...docs].filter((d): d is string => !!d))];
  if (!lista.length) return new Map();
  const linhas = await db.select({ id: cliente.id, doc: cliente.cpfCnpj, ativo: cliente.ativado }).from(cliente).where(inArray(cliente.cpfCnpj, lista));
  return new Map([...umPorDocumento(linhas)].map(([doc, l]) => [doc, l.id]));
}
