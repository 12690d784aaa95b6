import { eq } from 'drizzle-orm';
import type { ItemRomaneioFreteSalvar } from '../../contracts/romaneios-salvar';
import { ratearFrete } from '../../domain/romaneios/ratear-frete';
import type { Db } from '../db/database';
import { romaneioItem, romaneioItemDetalhe } from '../db/schema/romaneio';

// The items of a freight-cost manifest are replaced as sent (numbered 1… in the order given), with their
// detail lines; each detail line's share of the freight comes from ratearFrete (src/domain/romaneios): the
// freight over the items by weight, then each item's share over its lines by value. No freight (or zero):
// every share is 0.00. Two statements for any number of items (the details in chunks, for the parameter limit).

/** Rows per INSERT of detail lines (7 parameters each, well under PostgreSQL's 65,535). */
const DETALHES_POR_INSERT = 4000;

/** The shares of each item's detail lines, in the order sent. */
export function rateioDosItens(valorFrete: string | null, itens: readonly ItemRomaneioFreteSalvar[]): string[][] {
  // The schema requires every item's weight (itemRomaneioFreteIncompleto): `?? '0'` only satisfies the type.
  return ratearFrete(valorFrete ?? '0', itens.map((it) => ({ peso: it.peso ?? '0', detalhes: it.detalhes }))).map((r) => r.detalhes);
}

/** Deletes the manifest's items (their lines go with them) and writes `itens`, active. */
export async function gravarItens(tx: Db, romaneioId: number, valorFrete: string | null, itens: readonly ItemRomaneioFreteSalvar[]): Promise<void> {
  await tx.delete(romaneioItem).where(eq(romaneioItem.romaneioId, romaneioId));
  const rateio = rateioDosItens(valorFrete, itens);
  const gravados = await tx
    .insert(romaneioItem)
    .values(
      itens.map((it, i) => ({
        romaneioId,
        item: i + 1,
        notaFiscalId: it.notaFiscalId ?? '',
        pedidoId: it.pedidoId,
        volumes: it.volumes,
        peso: it.peso ?? '0',
        valorNotaFiscal: it.valorNotaFiscal ?? '0',
        cliente: it.cliente,
        transportadora: it.transportadora,
        semPedido: it.semPedido,
      })),
    )
    .returning({ id: romaneioItem.id, item: romaneioItem.item });
  const idDoItem = new Map(gravados.map((g) => [g.item, g.id]));
  const detalhes = itens.flatMap((it, i) =>
    it.detalhes.map((d, j) => ({
      itemId: idDoItem.get(i + 1)!,
      linha: d.linha,
      descricao: d.descricao,
      quantidade: d.quantidade,
      unidade: d.unidade,
      valorTotalItem: d.valorTotalItem,
      valorFreteRateio: rateio[i][j],
    })),
  );
  for (let k = 0; k < detalhes.length; k += DETALHES_POR_INSERT) await tx.insert(romaneioItemDetalhe).values(detalhes.slice(k, k + DETALHES_POR_INSERT));
}
