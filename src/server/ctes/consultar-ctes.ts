import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { STATUS_CTE, type StatusCte } from '../../../machines/cte-audit';
import {
  MSG_CTE_NAO_ENCONTRADO,
  mensagemOrdenacaoDesconhecida,
  type AuditoriaCte,
  type CteCompleto,
  type CteLinha,
  type CteListaQuery,
  type CtePage,
  type NotaCte,
  type TipoCteEs,
} from '../../contracts/ctes';
import type { Db } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { cte, cteAuditoria, cteNota } from '../db/schema/cte';
import { tabelaFrete } from '../db/schema/tabela-frete';
import { transportadora } from '../db/schema/transportadora';
import { usuario } from '../db/schema/usuario';
import { tipoVeiculo } from '../db/schema/veiculo';
import { ApiError, badRequest } from '../http/api-error';
import { listOffset } from '../list/list-offset';

// The Fretes screen's queries (spec 03 §2.1, §7): GET /ctes/listar-simples, GET /ctes?cte=, GET /ctes/{id}.
// Every filter is a condition on an indexed column of cte (or an EXISTS on an indexed column of cte_nota),
// so the page, its count and its totals stay index-driven at millions of CT-es (tests/server/ctes-indices).

export const FUSO = 'America/Sao_Paulo';

/** Start of a calendar day in São Paulo, as a timestamptz the planner folds once (index-friendly). */
export const inicioDoDia = (dia: string) => sql`((${dia}::date)::timestamp at time zone ${sql.raw(`'${FUSO}'`)})`;
/** Start of the day after. */
const inicioDoDiaSeguinte = (dia: string) => sql`(((${dia}::date) + 1)::timestamp at time zone ${sql.raw(`'${FUSO}'`)})`;

/** The current month in São Paulo, as its first and last day (YYYY-MM-DD). */
export function mesAtual(agora = new Date()): { dataIni: string; dataFim: string } {
  const partes = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: FUSO, year: 'numeric', month: '2-digit' }).formatToParts(agora).map((p) => [p.type, p.value]),
  );
  const ano = Number(partes.year);
  const mes = Number(partes.month);
  const ultimo = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  const mm = String(mes).padStart(2, '0');
  return { dataIni: `${ano}-${mm}-01`, dataFim: `${ano}-${mm}-${String(ultimo).padStart(2, '0')}` };
}

/** A key prefix as a range of 44-digit keys (a btree range: no LIKE, whatever the collation). */
export const prefixoChave = (prefixo: string): SQL =>
  prefixo.length >= 44 ? eq(cte.chave, prefixo.slice(0, 44)) : and(gte(cte.chave, prefixo.padEnd(44, '0')), lte(cte.chave, prefixo.padEnd(44, '9')))!;

/** A CT-e number prefix as at most 9 integer ranges (123 → 123, 1230–1239, 12300–12399 ...). */
export function prefixoNumero(prefixo: string): SQL | undefined {
  if (!/^\d{1,9}$/.test(prefixo)) return undefined;
  const n = Number(prefixo);
  const faixas: SQL[] = [];
  for (let casas = prefixo.length, fator = 1; casas <= 9; casas++, fator *= 10) {
    const de = n * fator;
    const ate = de + fator - 1;
    faixas.push(fator === 1 ? eq(cte.numero, de) : and(gte(cte.numero, de), lte(cte.numero, Math.min(ate, 999_999_999)))!);
  }
  return or(...faixas);
}

const STATUS_AUDITADOS = STATUS_CTE.filter((s) => s.startsWith('AUDITADO_'));

/**
 * The WHERE of the list. Dates: neither given → the current month in São Paulo; one given → open on the
 * other side. tomadorServico defaults to REMETENTE (TODOS lifts it). AUDITADO is every AUDITADO_*, narrowed
 * by `auditoria` (REVISADO → AUDITADO_REVISADO).
 */
export function filtroCtes(q: Omit<CteListaQuery, 'page' | 'size' | 'sort'>, agora = new Date()): SQL {
  const periodo = !q.dataIni && !q.dataFim ? mesAtual(agora) : { dataIni: q.dataIni, dataFim: q.dataFim };
  const condicoes: (SQL | undefined)[] = [
    periodo.dataIni ? sql`${cte.dataEmissao} >= ${inicioDoDia(periodo.dataIni)}` : undefined,
    periodo.dataFim ? sql`${cte.dataEmissao} < ${inicioDoDiaSeguinte(periodo.dataFim)}` : undefined,
    q.tomadorServico !== 'TODOS' ? eq(cte.tomador, q.tomadorServico) : undefined,
  ];
  if (q.status === 'AUDITADO') {
    condicoes.push(q.auditoria ? eq(cte.status, `AUDITADO_${q.auditoria}` as StatusCte) : inArray(cte.status, STATUS_AUDITADOS));
  } else if (q.status) condicoes.push(eq(cte.status, q.status));
  if (q.numeroFatura) condicoes.push(eq(cte.numeroFatura, q.numeroFatura));
  if (q.chave) condicoes.push(prefixoChave(q.chave));
  if (q.numeroCte !== undefined) condicoes.push(eq(cte.numero, q.numeroCte));
  if (q.numeroNf !== undefined) condicoes.push(sql`exists (select 1 from ${cteNota} where ${cteNota.cteId} = ${cte.id} and ${cteNota.numero} = ${q.numeroNf})`);
  if (q.numeroPedido) condicoes.push(sql`exists (select 1 from ${cteNota} where ${cteNota.cteId} = ${cte.id} and ${cteNota.pedidoId} = ${q.numeroPedido})`);
  if (q.agrupamento) condicoes.push(eq(cte.agrupamento, q.agrupamento));
  if (q.municipioOrigem !== undefined) condicoes.push(eq(cte.codigoMunicipioOrigem, q.municipioOrigem));
  if (q.municipioDestino !== undefined) condicoes.push(eq(cte.codigoMunicipioDestino, q.municipioDestino));
  if (q.transportadora !== undefined) condicoes.push(eq(cte.transportadoraId, q.transportadora));
  if (q.cliente !== undefined) condicoes.push(eq(cte.clienteId, q.cliente));
  return and(...condicoes) ?? sql`true`;
}

const nomeTransportadora = sql<string>`coalesce(${transportadora.razaoSocial}, ${cte.documento}->'emitente'->>'nome')`;
const ORDENAVEIS: Record<string, PgColumn | SQL> = {
  numero: cte.numero,
  dataEmissao: cte.dataEmissao,
  valorTotal: cte.valorTotal,
  valorAuditoria: cte.valorAuditoria,
  status: cte.status,
  transportadora: nomeTransportadora,
};

/** sort=campo[,asc|desc] (several allowed); default dataEmissao desc; ties by id desc. */
export function ordemCtes(sort: string | undefined): SQL[] {
  const partes = (sort?.trim() ? sort : 'dataEmissao,desc').split(/[,;]/).map((p) => p.trim()).filter(Boolean);
  const ordem: { coluna: PgColumn | SQL; direcao: 'asc' | 'desc' }[] = [];
  for (const parte of partes) {
    const direcao = parte.toLowerCase();
    if (direcao === 'asc' || direcao === 'desc') {
      const ultimo = ordem.at(-1);
      if (!ultimo) throw badRequest(mensagemOrdenacaoDesconhecida(parte));
      ultimo.direcao = direcao;
      continue;
    }
    if (!Object.hasOwn(ORDENAVEIS, parte)) throw badRequest(mensagemOrdenacaoDesconhecida(parte));
    ordem.push({ coluna: ORDENAVEIS[parte], direcao: 'asc' });
  }
  return [...ordem.map((o) => (o.direcao === 'asc' ? sql`${o.coluna} asc nulls first` : sql`${o.coluna} desc nulls last`)), desc(cte.id)];
}

/** The list row's columns: names from the document jsonb, the carrier by join, the group size by subquery. */
const colunasLinha = {
  id: cte.id,
  chave: cte.chave,
  numero: cte.numero,
  numeroFatura: cte.numeroFatura,
  dataEmissao: cte.dataEmissao,
  remetente: sql<string | null>`${cte.documento}->'remetente'->>'nome'`,
  destinatario: sql<string | null>`${cte.documento}->'destinatario'->>'nome'`,
  transportadoraId: transportadora.id,
  transportadoraNome: transportadora.razaoSocial,
  emitente: sql<string>`${cte.documento}->'emitente'->>'nome'`,
  origemCodigo: cte.codigoMunicipioOrigem,
  origemNome: sql<string>`${cte.documento}->'identificacao'->>'nomeMunicipioOrigem'`,
  origemUf: cte.ufOrigem,
  destinoCodigo: cte.codigoMunicipioDestino,
  destinoNome: sql<string>`${cte.documento}->'identificacao'->>'nomeMunicipioDestino'`,
  destinoUf: cte.ufDestino,
  status: cte.status,
  tipo: cte.tipo,
  tipoCte: cte.tipoCte,
  valorTotal: cte.valorTotal,
  valorAuditoria: cte.valorAuditoria,
  valorCorreto: cte.valorCorreto,
  inconsistencias: cte.inconsistencias,
  cobrancasAgrupadas: sql<number>`case when ${cte.grupoId} is null then 0 else (select count(*)::int from ${cte} g where g.grupo_id = ${cte.grupoId}) end`,
  codigoCobrancaAdicional: cte.codigoCobrancaAdicional,
  agrupamento: cte.agrupamento,
  versao: cte.versao,
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LinhaBanco = Record<string, any>;

const paraLinha = (l: LinhaBanco): CteLinha => ({
  id: l.id,
  chave: l.chave,
  numero: l.numero,
  numeroFatura: l.numeroFatura,
  dataEmissao: (l.dataEmissao as Date).toISOString(),
  remetente: l.remetente,
  destinatario: l.destinatario,
  transportadora: l.transportadoraId ? { id: l.transportadoraId, nome: l.transportadoraNome } : null,
  emitente: l.emitente,
  origem: { codigo: l.origemCodigo, nome: l.origemNome, uf: l.origemUf },
  destino: { codigo: l.destinoCodigo, nome: l.destinoNome, uf: l.destinoUf },
  status: l.status,
  tipo: l.tipo as TipoCteEs,
  tipoCte: l.tipoCte,
  valorTotal: l.valorTotal,
  valorAuditoria: l.valorAuditoria,
  valorCorreto: l.valorCorreto,
  inconsistencias: l.inconsistencias ?? [],
  cobrancasAgrupadas: Number(l.cobrancasAgrupadas),
  codigoCobrancaAdicional: l.codigoCobrancaAdicional,
  cobrancaRoteirizada: l.agrupamento ?? null,
  versao: l.versao,
});

const consultaLinhas = (db: Db) => db.select(colunasLinha).from(cte).leftJoin(transportadora, eq(transportadora.id, cte.transportadoraId));

/** GET /ctes/listar-simples: the page, plus count and money totals of every matching row (one aggregate). */
export async function listarCtes(db: Db, q: CteListaQuery): Promise<CtePage> {
  const onde = filtroCtes(q);
  const ordem = ordemCtes(q.sort);
  // Two steps: the page's ids from the indexes (the period ones cover id, payer and money), then those rows
  // with their names; at a million CT-es the sort and the totals never visit the table's pages.
  const comTransportadora = /transportadora/.test(q.sort ?? '');
  const ids = db.select({ id: cte.id }).from(cte).$dynamic();
  const pagina = (comTransportadora ? ids.leftJoin(transportadora, eq(transportadora.id, cte.transportadoraId)) : ids)
    .where(onde)
    .orderBy(...ordem)
    .limit(q.size)
    .offset(listOffset(q.page, q.size));
  const [linhas, [totais]] = await Promise.all([
    pagina.then(async (idsPagina) => {
      if (!idsPagina.length) return [];
      const posicao = new Map(idsPagina.map((l, i) => [l.id, i]));
      const lidas = await consultaLinhas(db).where(inArray(cte.id, [...posicao.keys()]));
      return lidas.sort((a, b) => posicao.get(a.id)! - posicao.get(b.id)!);
    }),
    db
      .select({
        quantidade: count(),
        valorTotal: sql<string>`coalesce(sum(${cte.valorTotal}), 0)::numeric(17, 2)::text`,
        valorAuditoria: sql<string>`coalesce(sum(${cte.valorAuditoria}), 0)::numeric(17, 2)::text`,
      })
      .from(cte)
      .where(onde),
  ]);
  return {
    content: linhas.map(paraLinha),
    totalElements: totais.quantidade,
    totalPages: Math.ceil(totais.quantidade / q.size),
    number: q.page,
    size: q.size,
    totais: { quantidade: totais.quantidade, valorTotal: totais.valorTotal, valorAuditoria: totais.valorAuditoria },
  };
}

/** GET /ctes?cte=digits: up to 10 CT-es whose number or key starts with the digits; exact numbers first. */
export async function autoCompletarCtes(db: Db, digitos: string): Promise<CteLinha[]> {
  const porNumero = prefixoNumero(digitos);
  const linhas = await consultaLinhas(db)
    .where(or(porNumero, prefixoChave(digitos)))
    .orderBy(sql`(${cte.numero} = ${porNumero ? Number(digitos) : -1}) desc`, desc(cte.dataEmissao), desc(cte.id))
    .limit(10);
  return linhas.map(paraLinha);
}

/** GET /ctes/{id}: the document, the notes, the audit with its responsible user, customer and vehicle type. */
export async function cteCompleto(db: Db, id: number): Promise<CteCompleto> {
  const [linha] = await db
    .select({
      ...colunasLinha,
      documento: cte.documento,
      clienteId: cliente.id,
      clienteNome: cliente.razaoSocial,
      tipoVeiculoId: tipoVeiculo.id,
      tipoVeiculoDescricao: tipoVeiculo.descricao,
      pesoBruto: cte.pesoBruto,
      valorNotas: cte.valorNotas,
      dataCancelamento: cte.dataCancelamento,
      motivoCancelamento: cte.motivoCancelamento,
    })
    .from(cte)
    .leftJoin(transportadora, eq(transportadora.id, cte.transportadoraId))
    .leftJoin(cliente, eq(cliente.id, cte.clienteId))
    .leftJoin(tipoVeiculo, eq(tipoVeiculo.id, cte.tipoVeiculoId))
    .where(eq(cte.id, id));
  if (!linha) throw new ApiError(404, [MSG_CTE_NAO_ENCONTRADO]);
  const [notas, [aud]] = await Promise.all([
    db
      .select({
        id: cteNota.id,
        chave: cteNota.chave,
        numero: cteNota.numero,
        pesoLiquido: cteNota.pesoLiquido,
        pesoBruto: cteNota.pesoBruto,
        valorTotalProdutos: cteNota.valorTotalProdutos,
        valor: cteNota.valor,
        pedidoId: cteNota.pedidoId,
        notaFiscalId: cteNota.notaFiscalId,
      })
      .from(cteNota)
      .where(eq(cteNota.cteId, id))
      .orderBy(asc(cteNota.id)),
    db
      .select({
        a: cteAuditoria,
        responsavelNome: usuario.nome,
        responsavelEmail: usuario.email,
        tabelaId: tabelaFrete.id,
        tabelaInicio: tabelaFrete.inicio,
        tabelaFim: tabelaFrete.fim,
      })
      .from(cteAuditoria)
      .leftJoin(usuario, eq(usuario.id, cteAuditoria.responsavelId))
      .leftJoin(tabelaFrete, eq(tabelaFrete.id, cteAuditoria.tabelaFreteId))
      .where(eq(cteAuditoria.cteId, id)),
  ]);
  const { remetente: _r, destinatario: _d, ...base } = paraLinha(linha);
  const auditoria: AuditoriaCte | null = aud
    ? {
        id: aud.a.id,
        cteId: aud.a.cteId,
        status: aud.a.status,
        valorCobrado: aud.a.valorCobrado,
        valorTotal: aud.a.valorTotal,
        diferenca: aud.a.diferenca,
        tolerancia: aud.a.tolerancia,
        valorCorreto: aud.a.valorCorreto,
        tabelaFrete: aud.tabelaId ? { id: aud.tabelaId, inicio: aud.tabelaInicio!, fim: aud.tabelaFim } : null,
        tabelaEscolhida: aud.a.tabelaEscolhida,
        elementosCusto: aud.a.elementosCusto,
        mensagens: aud.a.mensagens,
        traco: aud.a.traco,
        responsavel: aud.responsavelNome ? { nome: aud.responsavelNome, email: aud.responsavelEmail } : null,
        observacoes: aud.a.observacoes,
        auditadoEm: aud.a.auditadoEm.toISOString(),
        revisadoEm: aud.a.revisadoEm?.toISOString() ?? null,
      }
    : null;
  return {
    ...base,
    documento: linha.documento,
    cliente: linha.clienteId ? { id: linha.clienteId, nome: linha.clienteNome! } : null,
    tipoVeiculo: linha.tipoVeiculoId ? { id: linha.tipoVeiculoId, descricao: linha.tipoVeiculoDescricao! } : null,
    pesoBruto: linha.pesoBruto,
    valorNotas: linha.valorNotas,
    dataCancelamento: linha.dataCancelamento?.toISOString() ?? null,
    motivoCancelamento: linha.motivoCancelamento,
    notas: notas as NotaCte[],
    auditoria,
  };
}
