import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { CteLido } from '../../contracts/cte-documento';
import type { StatusCte } from '../../contracts/cte-status';
import { MSG_ALTERADO_DURANTE_PROCESSAMENTO, MSG_CTE_NAO_ENCONTRADO, resumoCompletados, resumoProcessamento, type ResultadoLote } from '../../contracts/ctes';
import { mensagemTransicaoIlegal, proximoStatus } from '../../../machines/cte-audit';
import type { CompanyDatabase, Db } from '../db/database';
import { cte, cteNota } from '../db/schema/cte';
import { erpNotasPedidosDe, type ErpNotasPedidos } from '../erp/erp-source';
import { marcarCandidatos } from './candidatos-agrupamento';
import { completarCadastros } from './completar-cadastros';
import { atualizarNotas, cargaDoCte, dadosDoErp, inconsistenciasDasNotas, type NotaLinha } from './notas-cte';
import { clientesPorDocumento, colunasPartes, decidirTipo, documentoCliente, listasTipo, type ListasTipo, type PartesCte } from './tipo-cte';
import { transportadorasDosEmitentes } from './transportadora-do-emitente';
import { agoraSql } from '../db/agora-sql';
import { inconsistenciasDoDocumento } from '../../domain/cte/componentes-total';

// Processing (GET /ctes/processar, /ctes/processar-cte/{id}; spec 03 §2.1 "Process CT-es", §4): completes
// a CT-e from the registers and the ERP views, in keyset batches; each batch reads its carriers, customers,
// ERP invoices and orders with one query each (IN/ANY over the batch's keys) and writes with one UPDATE
// per table (jsonb_to_recordset), guarded by the version read, so a CT-e changed meanwhile is skipped.

export const LOTE_PROCESSAMENTO = 500;

interface CteParaProcessar extends PartesCte {
  id: number;
  numero: number;
  status: StatusCte;
  versao: number;
  emitenteDocumento: string | null;
  documento: CteLido;
}

const colunasProcessar = {
  id: cte.id,
  numero: cte.numero,
  status: cte.status,
  versao: cte.versao,
  emitenteDocumento: cte.emitenteDocumento,
  ...colunasPartes,
  documento: cte.documento,
};

interface Contexto {
  db: Db;
  erp: ErpNotasPedidos;
  listas: ListasTipo;
}

const carga = (c: ReturnType<typeof cargaDoCte>) => ({ peso_bruto: c.pesoBruto, peso_origem: c.pesoOrigem, valor_notas: c.valorNotas });
type Resultado = ResultadoLote & { inconsistentes: number };

/** The notes of these CT-es, in id order. */
function lerNotas(db: Db, ids: number[]): Promise<NotaLinha[]> {
  return db
    .select({
      id: cteNota.id,
      cteId: cteNota.cteId,
      chave: cteNota.chave,
      pesoBruto: cteNota.pesoBruto,
      pesoLiquido: cteNota.pesoLiquido,
      valorTotalProdutos: cteNota.valorTotalProdutos,
      valor: cteNota.valor,
      pedidoId: cteNota.pedidoId,
      notaFiscalId: cteNota.notaFiscalId,
      dataEmissao: cteNota.dataEmissao,
    })
    .from(cteNota)
    .where(inArray(cteNota.cteId, ids))
    .orderBy(asc(cteNota.id));
}

/**
 * The batch's rows as processing leaves them (carrier, tipo, customer, the notes' data from the ERP and
 * what follows from them), with the notes re-read from the ERP.
 */
async function completarLote(ctx: Contexto, validos: CteParaProcessar[], evento: 'PROCESSAR' | 'REPROCESSAR', r: Resultado) {
  const { db, erp, listas } = ctx;
  const notas = await lerNotas(db, validos.map((c) => c.id));
  const tipos = new Map(validos.map((c) => [c.id, decidirTipo(c, listas)]));
  const [notasErp, transportadoras, clientes] = await Promise.all([
    erp.notasPorChave(notas.map((n) => n.chave)),
    transportadorasDosEmitentes(db, validos.map((c) => c.emitenteDocumento)),
    clientesPorDocumento(db, validos.map((c) => documentoCliente(c, tipos.get(c.id)!))),
  ]);
  const erpPorChave = new Map(notasErp.map((n) => [n.chave, n]));
  const novasNotas = notas.map((n) => ({ id: n.id, cteId: n.cteId, ...dadosDoErp(n, erpPorChave.get(n.chave)) }));
  const pedidos = new Map((await erp.pedidosPorId(novasNotas.map((n) => n.pedidoId).filter((p): p is string => !!p))).map((p) => [p.pedidoId, p]));
  const notasDe = new Map<number, typeof novasNotas>();
  for (const n of novasNotas) notasDe.set(n.cteId, [...(notasDe.get(n.cteId) ?? []), n]);

  const linhas = validos.map((c) => {
    const proprias = notasDe.get(c.id) ?? [];
    const tipo = tipos.get(c.id)!;
    const docCliente = documentoCliente(c, tipo);
    // The notes' (from the ERP, now) and the document's own (components ≠ total, issue 31), which processing keeps.
    const inconsistencias = [...inconsistenciasDasNotas(proprias), ...inconsistenciasDoDocumento(c.documento)];
    if (inconsistencias.length) r.inconsistentes++;
    return {
      id: c.id,
      versao: c.versao,
      status: proximoStatus(c.status, { type: evento })!,
      tipo,
      transportadora_id: (c.emitenteDocumento && transportadoras.get(c.emitenteDocumento)?.id) || null,
      cliente_id: (docCliente && clientes.get(docCliente)) || null,
      inconsistencias,
      codigo_cobranca_adicional: proprias.map((n) => (n.pedidoId ? pedidos.get(n.pedidoId)?.codigoCobrancaAdicional : null)).find((x) => !!x) ?? null,
      ...carga(cargaDoCte(proprias, c.documento)),
      reprocessar: evento === 'REPROCESSAR',
    };
  });
  return { linhas, novasNotas };
}

/** Writes the batch, guarded by the version read; answers the ids written (the others go to `ignorados`). */
function gravarLote(db: Db, validos: CteParaProcessar[], { linhas, novasNotas }: Awaited<ReturnType<typeof completarLote>>, r: Resultado): Promise<number[]> {
  return db.transaction(async (tx) => {
    const escritos = (await tx.execute(sql`
      update cte as c set
        status = x.status, tipo = x.tipo, transportadora_id = x.transportadora_id, cliente_id = x.cliente_id,
        inconsistencias = x.inconsistencias, codigo_cobranca_adicional = x.codigo_cobranca_adicional,
        peso_bruto = x.peso_bruto, peso_origem = x.peso_origem, valor_notas = x.valor_notas,
        -- Reprocessed: the audit must be redone; its values no longer show as current (the audits stay as history).
        valor_auditoria = case when x.reprocessar then null else c.valor_auditoria end,
        valor_correto = case when x.reprocessar then null else c.valor_correto end,
        versao = c.versao + 1, alterado_em = ${agoraSql()}
      from jsonb_to_recordset(${JSON.stringify(linhas)}::jsonb) as x(
        id int, versao int, status varchar, tipo varchar, transportadora_id int, cliente_id int, inconsistencias varchar[],
        codigo_cobranca_adicional varchar, peso_bruto numeric, peso_origem varchar, valor_notas numeric, reprocessar boolean)
      where c.id = x.id and c.versao = x.versao
      returning c.id`)) as unknown as { rows: { id: number }[] };
    const feitos = new Set(escritos.rows.map((l) => l.id));
    for (const c of validos)
      if (!feitos.has(c.id)) r.ignorados.push({ id: c.id, numero: c.numero, motivo: MSG_ALTERADO_DURANTE_PROCESSAMENTO });
    await atualizarNotas(
      tx,
      novasNotas.filter((n) => feitos.has(n.cteId)),
      ['pesoBruto', 'pesoLiquido', 'valorTotalProdutos', 'valor', 'pedidoId', 'notaFiscalId', 'dataEmissao'],
    );
    r.processados += feitos.size;
    return [...feitos];
  });
}

/** Processes one batch; answers the ids written (and adds the skipped ones to `ignorados`). */
async function processarLote(ctx: Contexto, ctes: CteParaProcessar[], evento: 'PROCESSAR' | 'REPROCESSAR', r: Resultado): Promise<number[]> {
  const validos = ctes.filter((c) => {
    if (proximoStatus(c.status, { type: evento })) return true;
    r.ignorados.push({ id: c.id, numero: c.numero, motivo: mensagemTransicaoIlegal(c.status, evento) });
    return false;
  });
  if (!validos.length) return [];
  return gravarLote(ctx.db, validos, await completarLote(ctx, validos, evento, r), r);
}

export interface OpcoesProcessar {
  /** Only these CT-es (each must be LIDO: others are listed as ignored with the machine's message). */
  ids?: number[];
  /** REPROCESSAR ("reprocess fiscal data"): from any status the machine allows; default PROCESSAR (LIDO). */
  evento?: 'PROCESSAR' | 'REPROCESSAR';
  /** The ERP (default: the company's configured or demo ERP). */
  erp?: ErpNotasPedidos;
}

/**
 * Completes CT-es from the registers and the ERP and moves them LIDO → PROCESSADO (or, reprocessing, to
 * PROCESSADO from where the machine allows): carrier by the issuer's CNPJ, tipo from the settings' lists,
 * customer, the notes' weights, values, order and invoice ids from the ERP, the order's additional-charge
 * code, gross weight and notes' value sums, inconsistencies, then the grouping candidates around them.
 * Without ids: every LIDO CT-e, in keyset batches of LOTE_PROCESSAMENTO, then the PROCESSADO ones still
 * missing a carrier or a customer registered since (completar-cadastros.ts).
 */
export async function processarCtes(banco: CompanyDatabase, opcoes: OpcoesProcessar = {}): Promise<ResultadoLote> {
  const { db } = banco;
  const ctx: Contexto = { db, erp: opcoes.erp ?? erpNotasPedidosDe(banco), listas: await listasTipo(db) };
  const evento = opcoes.evento ?? 'PROCESSAR';
  const r: Resultado = { processados: 0, ignorados: [], mensagens: [], inconsistentes: 0 };
  const feitos: number[] = [];
  if (opcoes.ids) {
    const pedidos = [...new Set(opcoes.ids)];
    for (let i = 0; i < pedidos.length; i += LOTE_PROCESSAMENTO) {
      const lote = pedidos.slice(i, i + LOTE_PROCESSAMENTO);
      const ctes = (await db.select(colunasProcessar).from(cte).where(inArray(cte.id, lote)).orderBy(asc(cte.id))) as CteParaProcessar[];
      const achados = new Set(ctes.map((c) => c.id));
      for (const id of lote) if (!achados.has(id)) r.ignorados.push({ id, numero: null, motivo: MSG_CTE_NAO_ENCONTRADO });
      feitos.push(...(await processarLote(ctx, ctes, evento, r)));
    }
  } else {
    for (let ultimo = 0; ; ) {
      const ctes = (await db
        .select(colunasProcessar)
        .from(cte)
        .where(and(eq(cte.status, 'LIDO'), gt(cte.id, ultimo)))
        .orderBy(asc(cte.id))
        .limit(LOTE_PROCESSAMENTO)) as CteParaProcessar[];
      if (!ctes.length) break;
      ultimo = ctes[ctes.length - 1].id;
      feitos.push(...(await processarLote(ctx, ctes, evento, r)));
    }
  }
  const completados = opcoes.ids ? 0 : await completarCadastros(db);
  let candidatos = 0;
  for (let i = 0; i < feitos.length; i += LOTE_PROCESSAMENTO) candidatos += await marcarCandidatos(db, feitos.slice(i, i + LOTE_PROCESSAMENTO));
  const { inconsistentes, ...resultado } = r;
  resultado.mensagens = [
    resumoProcessamento(r.processados, inconsistentes, candidatos, r.ignorados.length),
    ...(completados ? [resumoCompletados(completados)] : []),
    ...r.ignorados.map((i) => `CT-e ${i.numero ?? i.id}: ${i.motivo}`),
  ];
  return resultado;
}
