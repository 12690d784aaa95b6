import Decimal from 'decimal.js';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { proximoStatus, type StatusCte } from '../../../machines/cte-audit';
import type { CteLido } from '../../contracts/cte-documento';
import {
  MSG_ALTERADO_DURANTE_PROCESSAMENTO,
  resumoProcessamento,
  type CodigoInconsistencia,
  type ResultadoLote,
  type TipoCteEs,
} from '../../contracts/ctes';
import type { CompanyDatabase, Db } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { configuracaoCliente } from '../db/schema/configuracao';
import { cte, cteNota } from '../db/schema/cte';
import { transportadora } from '../db/schema/transportadora';
import { erpNotasPedidosDe, type ErpNotaFiscal, type ErpNotasPedidos } from '../erp/erp-source';
import { mensagemTransicaoIlegal } from '../../../machines/cte-audit';
import { FUSO } from './consultar-ctes';

// Processing (GET /ctes/processar, /ctes/processar-cte/{id}; spec 03 §2.1 "Process CT-es", §4): completes
// a CT-e from the registers and the ERP views, in keyset batches; each batch reads its carriers, customers,
// ERP invoices and orders with one query each (IN/ANY over the batch's keys) and writes with one UPDATE
// per table (jsonb_to_recordset), guarded by the version read, so a CT-e changed meanwhile is skipped.

export const LOTE_PROCESSAMENTO = 500;

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

/** Register ids by CPF/CNPJ (one query; an active row, then the lowest id, wins a duplicate document). */
export async function idsPorDocumento(db: Db, tabela: 'cliente' | 'transportadora', docs: Iterable<string | null>): Promise<Map<string, number>> {
  const lista = [...new Set([...docs].filter((d): d is string => !!d))];
  const mapa = new Map<string, number>();
  if (!lista.length) return mapa;
  const linhas =
    tabela === 'cliente'
      ? await db.select({ id: cliente.id, doc: cliente.cpfCnpj, ativo: cliente.ativado }).from(cliente).where(inArray(cliente.cpfCnpj, lista))
      : await db
          .select({ id: transportadora.id, doc: transportadora.cnpj, ativo: transportadora.ativado })
          .from(transportadora)
          .where(inArray(transportadora.cnpj, lista));
  linhas.sort((a, b) => Number(b.ativo) - Number(a.ativo) || a.id - b.id);
  for (const l of linhas) if (l.doc && !mapa.has(l.doc)) mapa.set(l.doc, l.id);
  return mapa;
}

const positivo = (v: string | null | undefined) => v != null && new Decimal(v).gt(0);

/**
 * Inconsistencies of a CT-e from its notes (spec 03 §3): a note whose gross weight, value or total
 * products value is zero or unknown (the ERP did not give it) flags the CT-e. No notes, no flags.
 */
export function inconsistenciasDasNotas(notas: { pesoBruto: string | null; valor: string | null; valorTotalProdutos: string | null }[]): CodigoInconsistencia[] {
  const codigos: CodigoInconsistencia[] = [];
  if (notas.some((n) => !positivo(n.pesoBruto))) codigos.push('PESO_BRUTO_ZERADO');
  if (notas.some((n) => !positivo(n.valor))) codigos.push('VALOR_NOTA_FISCAL_ZERADO');
  if (notas.some((n) => !positivo(n.valorTotalProdutos))) codigos.push('VALOR_TOTAL_PRODUTOS_ZERADO');
  return codigos;
}

/** The gross weight (kg) the CT-e's cargo declares (infQ: unit 01 KG or 02 TON, PESO BRUTO preferred), or null. */
export function pesoDaCarga(documento: CteLido): string | null {
  const itens = documento.carga?.itens ?? [];
  const emPeso = itens.filter((i) => i.unidade === '01' || i.unidade === '02');
  const item = emPeso.find((i) => /peso\s*bruto/i.test(i.tipoMedida)) ?? emPeso[0];
  if (!item || !/^\d+(\.\d+)?$/.test(item.quantidade)) return null;
  const kg = new Decimal(item.quantidade).mul(item.unidade === '02' ? 1000 : 1);
  return kg.gt(0) ? kg.toFixed(3) : null;
}

/** Sum of the positive values, or null when none is. */
export function somaPositivos(valores: (string | null)[], casas: number): string | null {
  const positivos = valores.filter(positivo) as string[];
  return positivos.length ? positivos.reduce((s, v) => s.plus(v), new Decimal(0)).toFixed(casas) : null;
}

interface NotaLinha {
  id: number;
  cteId: number;
  chave: string;
  pesoBruto: string | null;
  pesoLiquido: string | null;
  valorTotalProdutos: string | null;
  valor: string | null;
  pedidoId: string | null;
  notaFiscalId: string | null;
}
type DadosNota = Omit<NotaLinha, 'id' | 'cteId' | 'chave'>;

/** The fiscal data of a note as the ERP has it (every field re-read), or the note unchanged when the ERP lacks it. */
export const dadosDoErp = (n: DadosNota, erp: ErpNotaFiscal | undefined): DadosNota =>
  erp
    ? { pesoBruto: erp.pesoBruto, pesoLiquido: erp.pesoLiquido, valorTotalProdutos: erp.valorTotalProdutos, valor: erp.valor, pedidoId: erp.pedidoId, notaFiscalId: erp.notaFiscalId }
    : n;

const COLUNAS_NOTA = {
  pesoBruto: ['peso_bruto', 'numeric'],
  pesoLiquido: ['peso_liquido', 'numeric'],
  valorTotalProdutos: ['valor_total_produtos', 'numeric'],
  valor: ['valor', 'numeric'],
  pedidoId: ['pedido_id', 'varchar'],
  notaFiscalId: ['nota_fiscal_id', 'varchar'],
} as const;
export type CampoNota = keyof typeof COLUNAS_NOTA;

/** Writes these fields of many notes with one UPDATE. */
export async function atualizarNotas(db: Db, linhas: ({ id: number } & Partial<DadosNota>)[], campos: readonly CampoNota[]): Promise<void> {
  if (!linhas.length || !campos.length) return;
  const definicao = ['id int', ...campos.map((c) => `"${c}" ${COLUNAS_NOTA[c][1]}`)].join(', ');
  const atribuicoes = campos.map((c) => `${COLUNAS_NOTA[c][0]} = x."${c}"`).join(', ');
  const json = JSON.stringify(linhas.map((l) => Object.fromEntries([['id', l.id], ...campos.map((c) => [c, l[c] ?? null])])));
  await db.execute(sql`update cte_nota as n set ${sql.raw(atribuicoes)} from jsonb_to_recordset(${json}::jsonb) as x(${sql.raw(definicao)}) where n.id = x.id`);
}

/**
 * Recomputes gross weight, notes' value and inconsistencies of processed CT-es from their notes (after an
 * admin batch changed notes): the weight is the notes' positive sum, or stays as it was when they have none.
 */
export async function recalcularTotais(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    update cte as c set
      peso_bruto = coalesce(s.peso, c.peso_bruto),
      valor_notas = s.valor,
      inconsistencias = s.inc,
      versao = c.versao + 1,
      alterado_em = now()
    from (
      select n.cte_id,
        sum(n.peso_bruto) filter (where n.peso_bruto > 0) as peso,
        sum(n.valor) filter (where n.valor > 0) as valor,
        array_remove(array[
          case when bool_or(coalesce(n.peso_bruto, 0) <= 0) then 'PESO_BRUTO_ZERADO' end,
          case when bool_or(coalesce(n.valor, 0) <= 0) then 'VALOR_NOTA_FISCAL_ZERADO' end,
          case when bool_or(coalesce(n.valor_total_produtos, 0) <= 0) then 'VALOR_TOTAL_PRODUTOS_ZERADO' end
        ]::varchar[], null) as inc
      from cte_nota n where n.cte_id = any(${sql.raw(`'{${ids.map(Number).join(',')}}'::int[]`)}) group by n.cte_id
    ) s
    where c.id = s.cte_id and c.status <> 'LIDO'`);
}

/**
 * Grouping candidates (spec 03 §4 "Grouping"; the rule is ours): processed CT-es (not LIDO, CANCELADO or
 * DESCONSIDERADO) outside a confirmed group, of the same registered carrier, issued the same day (São
 * Paulo) from the same origin municipality, form a set; a set of two or more that goes to more than one
 * destination municipality or customer (register, or recipient document when unregistered) is a routed
 * delivery the carrier may have charged separately: every member becomes CANDIDATO. Only the sets of the
 * given CT-es are looked at; a member of such a set that no longer qualifies loses CANDIDATO.
 * Answers how many CT-es became CANDIDATO.
 */
export async function marcarCandidatos(db: Db, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const fuso = sql.raw(`'${FUSO}'`);
  const r = (await db.execute(sql`
    with chaves as (
      select distinct transportadora_id as t, codigo_municipio_origem as o, (data_emissao at time zone ${fuso})::date as dia
      from cte where id = any(${sql.raw(`'{${ids.map(Number).join(',')}}'::int[]`)}) and transportadora_id is not null
    ), membros as (
      select c.id, k.t, k.o, k.dia, c.codigo_municipio_destino as d, coalesce(c.cliente_id::text, c.destinatario_documento, '') as cli
      from chaves k join cte c on c.transportadora_id = k.t and c.codigo_municipio_origem = k.o
        and c.data_emissao >= (k.dia::timestamp at time zone ${fuso}) and c.data_emissao < ((k.dia + 1)::timestamp at time zone ${fuso})
      where c.status not in ('LIDO', 'CANCELADO', 'DESCONSIDERADO') and c.grupo_id is null and c.agrupamento is distinct from 'AGRUPADO'
    ), conjuntos as (
      select t, o, dia from membros group by t, o, dia having count(*) >= 2 and (count(distinct d) > 1 or count(distinct cli) > 1)
    ), alvo as (
      select m.id, case when cj.t is null then null else 'CANDIDATO' end::varchar as agrupamento
      from membros m left join conjuntos cj on cj.t = m.t and cj.o = m.o and cj.dia = m.dia
    )
    update cte set agrupamento = alvo.agrupamento, versao = cte.versao + 1, alterado_em = now()
    from alvo where cte.id = alvo.id and cte.agrupamento is distinct from alvo.agrupamento
    returning cte.id, cte.agrupamento`)) as unknown as { rows: { id: number; agrupamento: string | null }[] };
  return r.rows.filter((l) => l.agrupamento === 'CANDIDATO').length;
}

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
  remetenteDocumento: cte.remetenteDocumento,
  destinatarioDocumento: cte.destinatarioDocumento,
  tomadorDocumento: cte.tomadorDocumento,
  documento: cte.documento,
};

interface Contexto {
  db: Db;
  erp: ErpNotasPedidos;
  listas: ListasTipo;
}

/** Processes one batch; answers the ids written (and adds the skipped ones to `ignorados`). */
async function processarLote(ctx: Contexto, ctes: CteParaProcessar[], evento: 'PROCESSAR' | 'REPROCESSAR', r: ResultadoLote & { inconsistentes: number }): Promise<number[]> {
  const { db, erp, listas } = ctx;
  const validos = ctes.filter((c) => {
    if (proximoStatus(c.status, { type: evento })) return true;
    r.ignorados.push({ id: c.id, numero: c.numero, motivo: mensagemTransicaoIlegal(c.status, evento) });
    return false;
  });
  if (!validos.length) return [];
  const ids = validos.map((c) => c.id);
  const notas: NotaLinha[] = await db
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
    })
    .from(cteNota)
    .where(inArray(cteNota.cteId, ids))
    .orderBy(asc(cteNota.id));
  const tipos = new Map(validos.map((c) => [c.id, decidirTipo(c, listas)]));
  const [notasErp, transportadoras, clientes] = await Promise.all([
    erp.notasPorChave(notas.map((n) => n.chave)),
    idsPorDocumento(db, 'transportadora', validos.map((c) => c.emitenteDocumento)),
    idsPorDocumento(db, 'cliente', validos.map((c) => documentoCliente(c, tipos.get(c.id)!))),
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
    const inconsistencias = inconsistenciasDasNotas(proprias);
    if (inconsistencias.length) r.inconsistentes++;
    return {
      id: c.id,
      versao: c.versao,
      status: proximoStatus(c.status, { type: evento })!,
      tipo,
      transportadora_id: (c.emitenteDocumento && transportadoras.get(c.emitenteDocumento)) || null,
      cliente_id: (docCliente && clientes.get(docCliente)) || null,
      inconsistencias,
      codigo_cobranca_adicional: proprias.map((n) => (n.pedidoId ? pedidos.get(n.pedidoId)?.codigoCobrancaAdicional : null)).find((x) => !!x) ?? null,
      peso_bruto: somaPositivos(proprias.map((n) => n.pesoBruto), 3) ?? pesoDaCarga(c.documento),
      valor_notas: somaPositivos(proprias.map((n) => n.valor), 2),
    };
  });

  return db.transaction(async (tx) => {
    const escritos = (await tx.execute(sql`
      update cte as c set
        status = x.status, tipo = x.tipo, transportadora_id = x.transportadora_id, cliente_id = x.cliente_id,
        inconsistencias = x.inconsistencias, codigo_cobranca_adicional = x.codigo_cobranca_adicional,
        peso_bruto = x.peso_bruto, valor_notas = x.valor_notas, versao = c.versao + 1, alterado_em = now()
      from jsonb_to_recordset(${JSON.stringify(linhas)}::jsonb) as x(
        id int, versao int, status varchar, tipo varchar, transportadora_id int, cliente_id int, inconsistencias varchar[],
        codigo_cobranca_adicional varchar, peso_bruto numeric, valor_notas numeric)
      where c.id = x.id and c.versao = x.versao
      returning c.id`)) as unknown as { rows: { id: number }[] };
    const feitos = new Set(escritos.rows.map((l) => l.id));
    for (const c of validos)
      if (!feitos.has(c.id)) r.ignorados.push({ id: c.id, numero: c.numero, motivo: MSG_ALTERADO_DURANTE_PROCESSAMENTO });
    await atualizarNotas(
      tx,
      novasNotas.filter((n) => feitos.has(n.cteId)),
      ['pesoBruto', 'pesoLiquido', 'valorTotalProdutos', 'valor', 'pedidoId', 'notaFiscalId'],
    );
    r.processados += feitos.size;
    return [...feitos];
  });
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
 * Without ids: every LIDO CT-e, in keyset batches of LOTE_PROCESSAMENTO.
 */
export async function processarCtes(banco: CompanyDatabase, opcoes: OpcoesProcessar = {}): Promise<ResultadoLote> {
  const { db } = banco;
  const ctx: Contexto = { db, erp: opcoes.erp ?? erpNotasPedidosDe(banco), listas: await listasTipo(db) };
  const evento = opcoes.evento ?? 'PROCESSAR';
  const r: ResultadoLote & { inconsistentes: number } = { processados: 0, ignorados: [], mensagens: [], inconsistentes: 0 };
  const feitos: number[] = [];
  if (opcoes.ids) {
    const pedidos = [...new Set(opcoes.ids)];
    for (let i = 0; i < pedidos.length; i += LOTE_PROCESSAMENTO) {
      const lote = pedidos.slice(i, i + LOTE_PROCESSAMENTO);
      const ctes = (await db.select(colunasProcessar).from(cte).where(inArray(cte.id, lote)).orderBy(asc(cte.id))) as CteParaProcessar[];
      const achados = new Set(ctes.map((c) => c.id));
      for (const id of lote) if (!achados.has(id)) r.ignorados.push({ id, numero: null, motivo: 'CT-e não encontrado.' });
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
  let candidatos = 0;
  for (let i = 0; i < feitos.length; i += LOTE_PROCESSAMENTO) candidatos += await marcarCandidatos(db, feitos.slice(i, i + LOTE_PROCESSAMENTO));
  const { inconsistentes, ...resultado } = r;
  resultado.mensagens = [resumoProcessamento(r.processados, inconsistentes, candidatos, r.ignorados.length), ...r.ignorados.map((i) => `CT-e ${i.numero ?? i.id}: ${i.motivo}`)];
  return resultado;
}
