import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { mensagemNotaEmOutroRomaneio } from '../../contracts/romaneios';
import type { ItemRomaneioFreteSalvar } from '../../contracts/romaneios-salvar';
import type { Db } from '../db/database';
import { romaneio, romaneioItem } from '../db/schema/romaneio';
import { ApiError, badRequest } from '../http/api-error';

// An invoice is held by one manifest at a time (spec 03 §5): the items of a manifest that is not cancelled
// are `ativo`, and the partial unique index romaneio_item_nf_ativa_idx (nota_fiscal_id where ativo) is the
// real guard. The lookups here read the same rows through that index: the holder's number for the screen
// (GET /romaneios/contains-nf) and for the save's 409, before writing and after the index refused a row.

export const mensagemNotaRepetida = (nf: string) => `A nota fiscal ${nf} aparece mais de uma vez no romaneio.`;

/** 400 when the same invoice is in two items of the manifest being saved. */
export function conferirNotasRepetidas(itens: readonly Pick<ItemRomaneioFreteSalvar, 'notaFiscalId'>[]): void {
  const vistas = new Set<string>();
  for (const { notaFiscalId } of itens) {
    if (notaFiscalId === null) continue;
    if (vistas.has(notaFiscalId)) throw badRequest(mensagemNotaRepetida(notaFiscalId));
    vistas.add(notaFiscalId);
  }
}

/** The number of the manifest (not cancelled, not `exceto`) holding one of `notas`, the lowest number first; null when none does. */
export async function romaneioComNota(db: Db, notas: readonly string[], exceto?: number): Promise<number | null> {
  if (!notas.length) return null;
  const [linha] = await db
    .select({ numero: romaneio.numero })
    .from(romaneioItem)
    .innerJoin(romaneio, eq(romaneio.id, romaneioItem.romaneioId))
    .where(and(eq(romaneioItem.ativo, true), inArray(romaneioItem.notaFiscalId, [...notas]), exceto === undefined ? undefined : ne(romaneioItem.romaneioId, exceto)))
    .orderBy(asc(romaneio.numero))
    .limit(1);
  return linha?.numero ?? null;
}

/** 409 with the holder's number when another manifest holds one of `notas`. */
export async function conferirNotasLivres(db: Db, notas: readonly string[], exceto?: number): Promise<void> {
  const numero = await romaneioComNota(db, notas, exceto);
  if (numero !== null) throw new ApiError(409, [mensagemNotaEmOutroRomaneio(numero)]);
}
