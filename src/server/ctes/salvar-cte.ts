import Decimal from 'decimal.js';
import { eq, inArray, sql } from 'drizzle-orm';
import { mensagemTransicaoIlegal, proximoStatus } from '../../../machines/cte-audit';
import type { StatusCte } from '../../contracts/cte-status';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../contracts/common';
import {
  MSG_AGRUPAMENTO_TRANSPORTADORAS,
  MSG_CTE_NAO_ENCONTRADO,
  MSG_PESO_BRUTO_LIDO,
  MSG_TIPO_VEICULO_NAO_ENCONTRADO,
  STATUS_NAO_SALVAVEIS,
  mensagemCteJaAgrupado,
  mensagemCteNaoCandidato,
  mensagemCteNaoSalvavel,
  mensagemCteStatusNaoAgrupavel,
  mensagemCtesNaoEncontrados,
  mensagemNotaDeOutroCte,
  resumoAgrupamento,
  type CteSalvar,
  type ResultadoLote,
} from '../../contracts/ctes';
import type { Db } from '../db/database';
import { cte, cteGrupo, cteNota } from '../db/schema/cte';
import { tipoVeiculo } from '../db/schema/veiculo';
import { ApiError, badRequest } from '../http/api-error';
import { inconsistenciasDasNotas, ORIGEM_PESO_DETALHE, somaPositivos } from './notas-cte';
import { relogio } from '../../domain/relogio';
import { recalcularSituacaoPagamento } from '../pagamentos/recalcular-situacao';

// The CT-e dialog's writes (spec 03 §2.2, §4): Save, Disregard, and the grouping dialog's confirmation.
// Each locks its rows, checks the version the client read (409 MENSAGEM_VERSAO_OBSOLETA, nothing written)
// and the status machine (409 with its message), and bumps versao.

async function travar(tx: Db, id: number) {
  const [atual] = await tx
    .select({ id: cte.id, numero: cte.numero, status: cte.status, versao: cte.versao, pesoBruto: cte.pesoBruto, agrupamento: cte.agrupamento, inconsistencias: cte.inconsistencias })
    .from(cte)
    .where(eq(cte.id, id))
    .for('update');
  if (!atual) throw new ApiError(404, [MSG_CTE_NAO_ENCONTRADO]);
  return atual;
}

const mesmoPeso = (a: string | null | undefined, b: string | null | undefined) => (a == null || b == null ? a == b : new Decimal(a).eq(b));

/**
 * POST /ctes: the notes' weights, the vehicle type and the CT-e's gross weight. Refused (409) in LIDO,
 * DESCONSIDERADO, CANCELADO and AUDITADO_SUCESSO. The CT-e's gross weight becomes the one given, or else the
 * sum of the notes' positive gross weights (unchanged when none has one); the inconsistencies are recomputed.
 */
export async function salvarCte(db: Db, dados: CteSalvar): Promise<void> {
  await db.transaction(async (tx) => {
    const atual = await travar(tx, dados.id);
    if (atual.versao !== dados.versao) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
    if (STATUS_NAO_SALVAVEIS.includes(atual.status)) throw new ApiError(409, [mensagemCteNaoSalvavel(atual.status)]);
    if (atual.status === 'LIDO' && dados.pesoBruto !== undefined && !mesmoPeso(dados.pesoBruto, atual.pesoBruto)) throw new ApiError(409, [MSG_PESO_BRUTO_LIDO]);
    const notas = await tx
      .select({ id: cteNota.id, pesoBruto: cteNota.pesoBruto, pesoLiquido: cteNota.pesoLiquido, valor: cteNota.valor, valorTotalProdutos: cteNota.valorTotalProdutos })
      .from(cteNota)
      .where(eq(cteNota.cteId, dados.id));
    const porId = new Map(notas.map((n) => [n.id, n]));
    const alheias = dados.notas.filter((n) => !porId.has(n.id)).map((n) => mensagemNotaDeOutroCte(n.id));
    if (alheias.length) throw badRequest(...alheias);
    if (dados.tipoVeiculo) {
      const [tipo] = await tx.select({ id: tipoVeiculo.id }).from(tipoVeiculo).where(eq(tipoVeiculo.id, dados.tipoVeiculo.id));
      if (!tipo) throw badRequest(MSG_TIPO_VEICULO_NAO_ENCONTRADO);
    }
    for (const n of dados.notas) Object.assign(porId.get(n.id)!, { pesoBruto: n.pesoBruto, pesoLiquido: n.pesoLiquido });
    if (dados.notas.length)
      await tx.execute(sql`
        update cte_nota as n set peso_bruto = x.peso_bruto, peso_liquido = x.peso_liquido
        from jsonb_to_recordset(${JSON.stringify(dados.notas.map((n) => ({ id: n.id, peso_bruto: n.pesoBruto, peso_liquido: n.pesoLiquido })))}::jsonb)
          as x(id int, peso_bruto numeric, peso_liquido numeric)
        where n.id = x.id and n.cte_id = ${dados.id}`);
    const todas = [...porId.values()];
    const pesoBruto = dados.pesoBruto ?? somaPositivos(todas.map((n) => n.pesoBruto), 3) ?? atual.pesoBruto;
    await tx
      .update(cte)
      .set({
        pesoBruto,
        // The weight typed (or the notes' weights edited) in the detail dialog: the audit trace says so.
        ...(pesoBruto !== atual.pesoBruto ? { pesoOrigem: ORIGEM_PESO_DETALHE } : {}),
        ...(dados.tipoVeiculo !== undefined ? { tipoVeiculoId: dados.tipoVeiculo?.id ?? null } : {}),
        // The notes' recomputed; the document's own (components ≠ total, issue 31) does not depend on them and stays.
        inconsistencias: [...inconsistenciasDasNotas(todas), ...atual.inconsistencias.filter((c) => c === 'COMPONENTES_DIFEREM_TOTAL')],
        versao: sql`${cte.versao} + 1`,
        alteradoEm: relogio.agora(),
      })
      .where(eq(cte.id, dados.id));
    await recalcularSituacaoPagamento(tx, { cteIds: [dados.id] });
  });
}

/** POST /ctes/desconsiderar: DESCONSIDERAR through the machine; a CANDIDATO leaves the grouping candidates. */
export async function desconsiderarCte(db: Db, id: number, versao: number): Promise<number> {
  return db.transaction(async (tx) => {
    const atual = await travar(tx, id);
    if (atual.versao !== versao) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
    const proximo = proximoStatus(atual.status, { type: 'DESCONSIDERAR' });
    if (!proximo) throw new ApiError(409, [mensagemTransicaoIlegal(atual.status, 'DESCONSIDERAR')]);
    await tx
      .update(cte)
      .set({
        status: proximo,
        ...(atual.agrupamento === 'CANDIDATO' ? { agrupamento: null } : {}),
        versao: sql`${cte.versao} + 1`,
        alteradoEm: relogio.agora(),
      })
      .where(eq(cte.id, id));
    await recalcularSituacaoPagamento(tx, { cteIds: [id] });
    return atual.numero;
  });
}

const NAO_AGRUPAVEIS: readonly StatusCte[] = ['LIDO', 'CANCELADO', 'DESCONSIDERADO'];

/**
 * POST /ctes/confirmar-agrupamento: every CT-e must exist (400), be CANDIDATO and not already grouped, be
 * processed and not cancelled or disregarded, and share one carrier (409). Creates the group with the
 * vehicle type and the confirming user; each CT-e becomes AGRUPADO with the group and the vehicle type.
 */
export async function confirmarAgrupamento(db: Db, ids: number[], tipoVeiculoId: number, usuarioId: number): Promise<ResultadoLote & { grupoId: number }> {
  const unicos = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const linhas = await tx
      .select({ id: cte.id, numero: cte.numero, status: cte.status, agrupamento: cte.agrupamento, grupoId: cte.grupoId, transportadoraId: cte.transportadoraId })
      .from(cte)
      .where(inArray(cte.id, unicos))
      .orderBy(cte.id)
      .for('update');
    const achados = new Set(linhas.map((l) => l.id));
    const faltam = unicos.filter((id) => !achados.has(id));
    if (faltam.length) throw badRequest(mensagemCtesNaoEncontrados(faltam));
    const [tipo] = await tx.select({ id: tipoVeiculo.id }).from(tipoVeiculo).where(eq(tipoVeiculo.id, tipoVeiculoId));
    if (!tipo) throw badRequest(MSG_TIPO_VEICULO_NAO_ENCONTRADO);
    const recusas: string[] = [];
    const porId = new Map(linhas.map((l) => [l.id, l]));
    // Messages in the order the CT-es were given.
    for (const l of unicos.map((i) => porId.get(i)!)) {
      if (l.agrupamento === 'AGRUPADO' || l.grupoId !== null) recusas.push(mensagemCteJaAgrupado(l.numero));
      else if (NAO_AGRUPAVEIS.includes(l.status)) recusas.push(mensagemCteStatusNaoAgrupavel(l.numero, l.status));
      else if (l.agrupamento !== 'CANDIDATO') recusas.push(mensagemCteNaoCandidato(l.numero));
    }
    if (recusas.length) throw new ApiError(409, recusas);
    if (new Set(linhas.map((l) => l.transportadoraId)).size > 1 || linhas[0].transportadoraId === null) throw new ApiError(409, [MSG_AGRUPAMENTO_TRANSPORTADORAS]);
    const [grupo] = await tx.insert(cteGrupo).values({ tipoVeiculoId, confirmadoPor: usuarioId }).returning({ id: cteGrupo.id });
    await tx
      .update(cte)
      .set({ agrupamento: 'AGRUPADO', grupoId: grupo.id, tipoVeiculoId, versao: sql`${cte.versao} + 1`, alteradoEm: relogio.agora() })
      .where(inArray(cte.id, unicos));
    return { grupoId: grupo.id, processados: unicos.length, ignorados: [], mensagens: [resumoAgrupamento(unicos.length)] };
  });
}
