import { sql } from 'drizzle-orm';
import type { ResultadoAuditoria } from '../../contracts/cte-status';
import type { ResultadoCalculo } from '../../contracts/calculo-frete';
import type { VereditoAuditoria } from '../../domain/auditoria/veredito-auditoria';
import type { Db } from '../db/database';
import { linhas as linhasDe } from '../db/linhas';
import type { EventoAuditoria } from './opcoes-auditoria';
import type { LinhaCteAuditoria } from './linha-cte-auditoria';
import { proximoStatus } from '../../../machines/cte-audit';
import { relogio } from '../../domain/relogio';
import { recalcularSituacaoPagamento } from '../pagamentos/recalcular-situacao';

/** One CT-e's audit, ready to be written. */
export interface AuditoriaCalculada {
  veredito: VereditoAuditoria;
  calculo: ResultadoCalculo | null;
  /** The carrier resolved now for a CT-e that had none (recorded on the CT-e). */
  transportadoraId: number | null;
  /** The CT-e's chosen table was used ("Trocar tabela", now or before). */
  tabelaEscolhida: boolean;
}

/** A chunk's rows as one JSON document (jsonb_to_recordset below): one parameter instead of ~20 per CT-e. */
function documentoDoLote(linhas: readonly LinhaCteAuditoria[], calculadas: ReadonlyMap<number, AuditoriaCalculada>, evento: EventoAuditoria): string {
  return JSON.stringify(
    linhas.map((l, ordem) => {
      const { veredito, calculo, transportadoraId, tabelaEscolhida } = calculadas.get(l.id)!;
      return {
        ordem,
        id: l.id,
        versao: l.versao,
        status: proximoStatus(l.status, { type: evento, resultado: veredito.resultado }),
        transportadora: transportadoraId,
        fixada: evento === 'TROCAR_TABELA' ? (calculo?.tabelaFrete?.id ?? null) : null,
        resultado: veredito.resultado,
        cobrado: veredito.valorCobrado,
        esperado: veredito.valorEsperado,
        diferenca: veredito.diferenca,
        tolerancia: veredito.tolerancia,
        tabela: calculo?.tabelaFrete?.id ?? null,
        escolhida: tabelaEscolhida,
        elementos: veredito.resultado === 'ERRO' ? [] : (calculo?.elementosCusto ?? []),
        mensagens: veredito.mensagens,
        traco: calculo?.traco ?? [],
      };
    }),
  );
}

/**
 * Writes a chunk's audits, optimistically: a CT-e changed since it was read (its versao moved: a save, a
 * cancellation, another audit) is skipped, not overwritten. The CT-e gets its status, the expected value,
 * the carrier found now and, on "Trocar tabela", the chosen table (kept for later audits); each audit is a
 * new row (the earlier ones stay as history), inserted in the chunk's order. One statement (atomic, one
 * round trip): the UPDATE's returned ids choose the audits the INSERT writes. Answers the verdicts written.
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
  const agora = relogio.agora().toISOString();
  const escritos = linhasDe<{ id: number }>(
    await db.execute(sql`
      with x as (
        select * from jsonb_to_recordset(${documentoDoLote(linhas, calculadas, evento)}::jsonb) as x(
          ordem int, id int, versao int, status varchar, transportadora int, fixada int, resultado varchar, cobrado numeric,
          esperado numeric, diferenca numeric, tolerancia numeric, tabela int, escolhida boolean, elementos jsonb, mensagens jsonb, traco jsonb)),
      atualizados as (
        update cte set status = x.status, valor_auditoria = x.esperado, valor_correto = null, transportadora_id = coalesce(x.transportadora, cte.transportadora_id),
          tabela_frete_id = coalesce(x.fixada, cte.tabela_frete_id), versao = cte.versao + 1, alterado_em = ${agora}::timestamptz
        from x where cte.id = x.id and cte.versao = x.versao
        returning cte.id),
      novas as (
        insert into cte_auditoria (cte_id, status, valor_cobrado, valor_total, diferenca, tolerancia, valor_correto, tabela_frete_id, tabela_escolhida,
          elementos_custo, mensagens, traco, responsavel_id, observacoes, auditado_em, revisado_em)
        select x.id, x.resultado, x.cobrado, x.esperado, x.diferenca, x.tolerancia, null, x.tabela, x.escolhida,
          x.elementos, x.mensagens, x.traco, ${usuarioId}::int, null, ${agora}::timestamptz, null
        from x join atualizados a on a.id = x.id
        order by x.ordem)
      select id from atualizados`),
  );
  const feitos = new Set(escritos.map((r) => Number(r.id)));
  // The faturas billing the audited CT-es are reconferred (issue 29).
  // Issue 31: so are those billing the CT-e a substitute (tpCTe 3) replaces: it leaves the payable set.
  const substituidos = linhas.filter((l) => feitos.has(l.id) && l.tipoCte === 3 && l.cteReferenciadoId !== null).map((l) => l.cteReferenciadoId!);
  await recalcularSituacaoPagamento(db, { cteIds: [...feitos, ...substituidos] });
  for (const l of linhas) if (feitos.has(l.id)) resultados.set(l.id, calculadas.get(l.id)!.veredito.resultado);
  return resultados;
}
