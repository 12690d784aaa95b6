import { and, eq, or, sql } from 'drizzle-orm';
import { proximoStatus } from '../../../machines/cte-audit';
import type { CteLido } from '../../contracts/cte-documento';
import type { Db } from '../db/database';
import { cte, cteNota, cteXml } from '../db/schema/cte';
import { notaDaChave } from '../../domain/cte/chave-nfe';
import { relogio } from '../../domain/relogio';

// docs/decisoes.md §13: "Converter CT-es" makes a CT-e from a confirmed minuta when its XML has not come yet (origem
// MINUTA, a synthetic document, no XML). When that XML comes later it must not become a second CT-e of the
// same freight (the list would show it twice and the audit would disagree with it): the XML takes the
// minuta's CT-e over — its key, document, values and notes — keeping its id, carrier, client, weight and
// audits. Its status follows REPROCESSAR (an audit made on the minuta's values must be redone) when the
// lifecycle allows it; an approved, disregarded or cancelled one keeps its status.

type ColunasCte = Record<string, unknown> & { chave: string; numero: number; serie: string; emitenteDocumento: string | null };

type Cancelamento = { dataCancelamento: Date; motivoCancelamento: string | null };

/** Replaces the minuta's CT-e this XML is the document of (a cancelled XML cancels it); false when there is none. */
export async function substituirCteDaMinuta(
  tx: Db,
  lido: CteLido,
  colunas: ColunasCte,
  cancelamento: Cancelamento | null,
  arquivo: { xml: string; nome: string },
): Promise<boolean> {
  // Série compared without leading zeros; a minuta typed without série made its CT-e série '0' (converter-ctes.ts): any série matches it.
  const mesmaSerie = sql`(ltrim(${cte.serie}, '0') = ltrim(${colunas.serie}, '0') or ${cte.serie} = '0')`;
  const doMesmoFrete = colunas.emitenteDocumento
    ? and(eq(cte.emitenteDocumento, colunas.emitenteDocumento), eq(cte.numero, colunas.numero), mesmaSerie)
    : undefined;
  const [daMinuta] = await tx
    .select({ id: cte.id, status: cte.status })
    .from(cte)
    .where(and(eq(cte.origemDocumento, 'MINUTA'), or(eq(cte.chave, colunas.chave), doMesmoFrete)))
    .limit(1)
    .for('update');
  if (!daMinuta) return false;
  const cancelado = cancelamento ? proximoStatus(daMinuta.status, { type: 'CANCELAR' }) : null;
  const status = cancelado ?? proximoStatus(daMinuta.status, { type: 'REPROCESSAR' }) ?? daMinuta.status;
  // The document's own inconsistency (components ≠ total, issue 31) is the XML's; the notes' ones stay until processing.
  const doDocumento = (colunas.inconsistencias as string[] | undefined) ?? [];
  const inconsistencias = sql`array_remove(${cte.inconsistencias}, 'COMPONENTES_DIFEREM_TOTAL') || ${`{${doDocumento.join(',')}}`}::varchar[]`;
  await tx
    .update(cte)
    .set({ ...colunas, inconsistencias, ...(cancelado ? cancelamento : {}), origemDocumento: 'XML', status, versao: sql`${cte.versao} + 1`, alteradoEm: relogio.agora() })
    .where(eq(cte.id, daMinuta.id));
  await tx.insert(cteXml).values({ cteId: daMinuta.id, nomeArquivo: arquivo.nome.slice(0, 255), xml: arquivo.xml }).onConflictDoNothing();
  await tx.delete(cteNota).where(eq(cteNota.cteId, daMinuta.id));
  if (lido.notas.length)
    await tx.insert(cteNota).values(lido.notas.map((n) => ({ cteId: daMinuta.id, chave: n.chave, numero: notaDaChave(n.chave)?.numero ?? null })));
  return true;
}
