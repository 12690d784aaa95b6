import { sql } from 'drizzle-orm';
import type { ResultadoAuditoria } from '../../contracts/cte-status';
import type { ResultadoCalculo } from '../../contracts/tabelas-frete';
import type { VereditoAuditoria } from '../../domain/auditoria/veredito-auditoria';
import { proximoStatus } from '../../../machines/cte-audit';
import type { Db } from '../db/database';
import { cteAuditoria } from '../db/schema/cte';
import type { EventoAuditoria } from './auditar-ctes';
import type { LinhaCteAuditoria } from './linha-cte-auditoria';

/** One CT-e's audit, ready to be written. */
export interface AuditoriaCalculada {
  veredito: VereditoAuditoria;
  calculo: ResultadoCalculo | null;
  /** The carrier resolved now for a CT-e that had none (recorded on the CT-e). */
  transportadoraId: number | null;
  /** The CT-e's chosen table was used ("Trocar tabela", now or before). */
  tabelaEscolhida: boolean;
}

/**
 * Writes a chunk's audits, optimistically: a CT-e changed since it was read (its versao moved: a save, a
 * cancellation, another audit) is skipped, not overwritten. The CT-e gets its status, the expected value,
 * the carrier found now and, on "Trocar tabela", the chosen table (kept for later audits); each audit is a
 * new row (the earlier ones stay as history). Answers the verdicts of the CT-es written.
 */
export async function gravarAuditorias(
  db: Db,
  linhas: readonly LinhaCteAuditoria[],
  calculadas: ReadonlyMap<number, AuditoriaCalculada>,
  evento: EventoAuditoria,
  usuarioId: number | null,
): Promise<Map<number, ResultadoAuditoria>> {
  const resultados = new Map<number, ResultadoAuditoria>();
  if (linhas.length === 0) return resultados;
  return db.transaction(async (tx) => {
    const agora = new Date();
    const valores = sql.join(
      linhas.map((l) => {
        const a = calculadas.get(l.id)!;
        const status = proximoStatus(l.status, { type: evento, resultado: a.veredito.resultado })!;
        const fixada = evento === 'TROCAR_TABELA' ? (a.calculo?.tabelaFrete?.id ?? null) : null;
        return sql`(${l.id}::int, ${l.versao}::int, ${status}::varchar, ${a.veredito.valorEsperado}::numeric, ${a.transportadoraId}::int, ${fixada}::int)`;
      }),
      sql`, `,
    );
    const atualizados = (await tx.execute(
      sql`update cte set status = v.status, valor_auditoria = v.valor, valor_correto = null, transportadora_id = coalesce(v.transportadora, cte.transportadora_id),
            tabela_frete_id = coalesce(v.tabela, cte.tabela_frete_id), versao = cte.versao + 1, alterado_em = ${agora.toISOString()}::timestamptz
          from (values ${valores}) as v(id, versao, status, valor, transportadora, tabela) where cte.id = v.id and cte.versao = v.versao returning cte.id`,
    )) as unknown as { rows: { id: number }[] };
    const feitos = new Set(atualizados.rows.map((r) => Number(r.id)));
    const novas: (typeof cteAuditoria.$inferInsert)[] = [];
    for (const l of linhas) {
      if (!feitos.has(l.id)) continue;
      const { veredito, calculo, tabelaEscolhida } = calculadas.get(l.id)!;
      resultados.set(l.id, veredito.resultado);
      novas.push({
        cteId: l.id,
        status: veredito.resultado,
        valorCobrado: veredito.valorCobrado,
        valorTotal: veredito.valorEsperado,
        diferenca: veredito.diferenca,
        tolerancia: veredito.tolerancia,
        valorCorreto: null,
        tabelaFreteId: calculo?.tabelaFrete?.id ?? null,
        tabelaEscolhida,
        elementosCusto: veredito.resultado === 'ERRO' ? [] : (calculo?.elementosCusto ?? []),
        mensagens: veredito.mensagens,
        traco: calculo?.traco ?? [],
        responsavelId: usuarioId,
        observacoes: null,
        auditadoEm: agora,
        revisadoEm: null,
      });
    }
    if (novas.length) await tx.insert(cteAuditoria).values(novas);
    return resultados;
  });
}
