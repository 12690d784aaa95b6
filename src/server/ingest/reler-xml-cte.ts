import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import { proximoStatus } from '../../../machines/cte-audit';
import type { Db } from '../db/database';
import { cte, cteXml } from '../db/schema/cte';
import { lerCteXml } from './cte-xml';
import { colunasCte } from './ler-arquivos-cte';
import { cancelamentoDoCte } from './cancelar-cte';
import { relogio } from '../../domain/relogio';
import { recalcularSituacaoPagamento } from '../pagamentos/recalcular-situacao';
import { resolverReferencias } from './referencias-cte';

// POST /ctes/carregar-xml-tabela {dias} (spec 03 §7, settings tab Comandos): the XMLs stored for CT-es read
// in the last `dias` days are read again with the current reader, so its fixes reach documents already in
// the database. The status is kept, except that a protocol (or, docs/decisoes.md §12, a cancellation the cteProc
// carries) now saying "cancelled" cancels it (when the status machine allows). A stored XML the reader now
// refuses changes nothing and is counted. Issue 31: the reference to another CT-e is stored and resolved again; the
// document's own inconsistency (components ≠ total) is recomputed, its notes' ones (processing's) are kept.

const LOTE = 500;

export interface ResultadoReleitura {
  relidos: number;
  erros: { chave: string; motivo: string }[];
}

export async function relerXmlCte(db: Db, dias: number): Promise<ResultadoReleitura> {
  const resultado: ResultadoReleitura = { relidos: 0, erros: [] };
  const desde = new Date(relogio.agoraMs() - dias * 86_400_000);
  let ultimo = 0;
  // Keyset batches: memory stays flat however many CT-es the period holds.
  for (;;) {
    const lote = await db
      .select({ id: cte.id, chave: cte.chave, status: cte.status, xml: cteXml.xml })
      .from(cte)
      .innerJoin(cteXml, eq(cteXml.cteId, cte.id))
      .where(and(gte(cte.lidoEm, desde), gt(cte.id, ultimo)))
      .orderBy(asc(cte.id))
      .limit(LOTE);
    if (lote.length === 0) return resultado;
    ultimo = lote[lote.length - 1].id;
    for (const linha of lote) {
      const leitura = lerCteXml(linha.xml);
      if (leitura.tipo !== 'CTE') {
        resultado.erros.push({ chave: linha.chave, motivo: leitura.tipo === 'ERRO' ? leitura.motivo : 'O XML guardado não é mais um CT-e.' });
        continue;
      }
      if (leitura.cte.chave !== linha.chave) {
        resultado.erros.push({ chave: linha.chave, motivo: `O XML guardado tem outra chave (${leitura.cte.chave}).` });
        continue;
      }
      const cancelar = leitura.cte.cancelado && proximoStatus(linha.status, { type: 'CANCELAR' }) !== null;
      const { inconsistencias, ...colunas } = colunasCte(leitura.cte);
      await db
        .update(cte)
        .set({
          ...colunas,
          inconsistencias: sql`array_remove(${cte.inconsistencias}, 'COMPONENTES_DIFEREM_TOTAL') || ${`{${inconsistencias.join(',')}}`}::varchar[]`,
          ...(cancelar ? { status: 'CANCELADO' as const, ...cancelamentoDoCte(leitura.cte, leitura.cancelamento) } : {}),
          versao: sql`${cte.versao} + 1`,
          alteradoEm: relogio.agora(),
        })
        .where(eq(cte.id, linha.id));
      resultado.relidos++;
    }
    await resolverReferencias(db, lote.map((l) => l.chave));
    // Values or a cancellation read again: the faturas billing the batch are reconferred (issue 29).
    await recalcularSituacaoPagamento(db, { cteIds: lote.map((l) => l.id) });
  }
}
