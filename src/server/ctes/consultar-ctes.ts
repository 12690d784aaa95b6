import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  MSG_CTE_NAO_ENCONTRADO,
  mensagemOrdenacaoDesconhecida,
  type CteCompleto,
  type CteLinha,
  type CteListaQuery,
  type CtePage,
  type NotaCte,
  type TipoCteEs,
} from '../../contracts/ctes';
import type { Db } from '../db/database';
import { ordemTextoPelaChave } from '../db/ordem-texto';
import { dobrarSql } from '../db/texto-busca';
import { cliente } from '../db/schema/cliente';
import { cte, cteNota } from '../db/schema/cte';
import { transportadora } from '../db/schema/transportadora';
import { tipoVeiculo } from '../db/schema/veiculo';
import { cobrancasDoCte } from '../faturas/cobrancas-do-cte';
import { ApiError, badRequest } from '../http/api-error';
import { lerAuditorias } from '../auditoria/ler-auditorias';
import { linhas } from '../db/linhas';
import { listOffset } from '../list/list-offset';
import { faixasDoPrefixo } from '../../domain/faixas-prefixo';
import { filtroCtes, NUMERO_CTE_MAXIMO, prefixoChave } from './filtro-ctes';
import { totaisCtes } from './totais-ctes';
import { relogio } from '../../domain/relogio';
import { aprovacoesRegistradas, textoAguardando } from '../alcadas/aprovacoes-registradas';
import { referenciasDoCte } from './referencias-cte';

// The Fretes screen's queries (spec 03 §2.1, §7): GET /ctes/listar-simples, GET /ctes?cte=, GET /ctes/{id}.
// The WHERE is filtro-ctes.ts.

// The carrier's name, else the issuer's: its stored copy (emitente_nome, kept by a trigger), else (a CT-e read before
// migration 0032 into a large table) out of the document; each step has the same value as the next one.
const nomeEmitente = sql`${cte.documento}->'emitente'->>'nome'`;
/** The Fretes grid's and export's carrier column. */
export const nomeTransportadora = sql<string>`coalesce(${transportadora.razaoSocial}, ${cte.emitenteNome}, ${nomeEmitente})`;
/** dobrarSql(nomeTransportadora) from the stored keys: folded once per carrier and once per CT-e read, not per sort. */
const chaveTransportadora = sql`coalesce(${transportadora.razaoSocialOrdem}, ${cte.emitenteOrdem}, ${dobrarSql(nomeEmitente)})`;
// The carrier's name sorts in Portuguese order (ordem-texto.ts; a join, no index of cte lost); status is a
// code whose byte order is already the Portuguese one, so cte_status_emissao_idx keeps serving it.
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
  const termos = ordem.flatMap(({ coluna, direcao }) => {
    const nulos = direcao === 'asc' ? 'first' : 'last';
    return coluna === nomeTransportadora ? ordemTextoPelaChave(chaveTransportadora, coluna, direcao, nulos) : [sql`${coluna} ${sql.raw(`${direcao} nulls ${nulos}`)}`];
  });
  return [...termos, desc(cte.id)];
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
  emitente: sql<string>`${nomeEmitente}`,
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
  valorPrestacao: cte.valorPrestacao,
  valorReceber: cte.valorReceber,
  valorAuditoria: cte.valorAuditoria,
  valorCorreto: cte.valorCorreto,
  inconsistencias: cte.inconsistencias,
  cobrancasAgrupadas: sql<number>`case when ${cte.grupoId} is null then 0 else (select count(*)::int from ${cte} g where g.grupo_id = ${cte.grupoId}) end`,
  codigoCobrancaAdicional: cte.codigoCobrancaAdicional,
  agrupamento: cte.agrupamento,
  origemDocumento: cte.origemDocumento,
  versao: cte.versao,
  aguardandoAprovacaoNivel: cte.aguardandoAprovacaoNivel,
};
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
  valorPrestacao: l.valorPrestacao,
  valorReceber: l.valorReceber,
  valorAuditoria: l.valorAuditoria,
  valorCorreto: l.valorCorreto,
  inconsistencias: l.inconsistencias ?? [],
  cobrancasAgrupadas: Number(l.cobrancasAgrupadas),
  codigoCobrancaAdicional: l.codigoCobrancaAdicional,
  cobrancaRoteirizada: l.agrupamento ?? null,
  origemDocumento: l.origemDocumento,
  versao: l.versao,
  aguardandoAprovacao: textoAguardando(l.aguardandoAprovacaoNivel),
});

const consultaLinhas = (db: Db) => db.select(colunasLinha).from(cte).leftJoin(transportadora, eq(transportadora.id, cte.transportadoraId));

/** GET /ctes/listar-simples: the page, plus count and money totals of every matching row (totais-ctes.ts). */
export async function listarCtes(db: Db, q: CteListaQuery, agora = relogio.agora()): Promise<CtePage> {
  const onde = filtroCtes(q, agora);
  const ordem = ordemCtes(q.sort);
  // Two steps: the page's ids from the indexes (the period ones cover id and payer; cte_valor_idx gives the
  // value order), then those rows with their names; the totals beside them, without a scan of the month when
  // the filters allow (totais-ctes.ts).
  const comTransportadora = /transportadora/.test(q.sort ?? '');
  const ids = db.select({ id: cte.id }).from(cte).$dynamic();
  const pagina = (comTransportadora ? ids.leftJoin(transportadora, eq(transportadora.id, cte.transportadoraId)) : ids)
    .where(onde)
    .orderBy(...ordem)
    .limit(q.size)
    .offset(listOffset(q.page, q.size));
  const [linhas, totais] = await Promise.all([
    pagina.then(async (idsPagina) => {
      if (!idsPagina.length) return [];
      const posicao = new Map(idsPagina.map((l, i) => [l.id, i]));
      const lidas = await consultaLinhas(db).where(inArray(cte.id, [...posicao.keys()]));
      return lidas.sort((a, b) => posicao.get(a.id)! - posicao.get(b.id)!);
    }),
    totaisCtes(db, q, onde, agora),
  ]);
  return {
    content: linhas.map(paraLinha),
    totalElements: totais.quantidade,
    totalPages: Math.ceil(totais.quantidade / q.size),
    number: q.page,
    size: q.size,
    totais,
  };
}

const AUTOCOMPLETAR = 10;

/**
 * The autocomplete's CT-es by number prefix: the exact number first, then the highest. One ORDER over every range
 * sorted every match ("352" names 11,111 numbers at 5 M CT-es: p95 1.94× the 1 M figure, issue 33); each range is
 * walked backwards on cte_numero_idx to its own 10, and only those (at most 90) are sorted.
 */
export const autocompletarPorNumero = (digitos: string): SQL | undefined => {
  const faixas = faixasDoPrefixo(digitos, NUMERO_CTE_MAXIMO);
  if (!faixas?.length) return undefined;
  const porFaixa = faixas.map(
    ({ de, ate }) => sql`(select ${cte.id} as id, ${cte.numero} as numero from ${cte} where ${cte.numero} between ${de} and ${ate} order by ${cte.numero} desc, ${cte.id} desc limit ${AUTOCOMPLETAR})`,
  );
  return sql`select id from (${sql.join(porFaixa, sql` union all `)}) as faixa order by (numero = ${Number(digitos)}) desc, numero desc, id desc limit ${AUTOCOMPLETAR}`;
};

/** The autocomplete's CT-es by key prefix: the highest keys, walking cte_chave_idx backwards to the limit. */
export const autocompletarPorChave = (db: Db, digitos: string) =>
  db.select({ id: cte.id }).from(cte).where(prefixoChave(digitos)).orderBy(desc(cte.chave)).limit(AUTOCOMPLETAR);

/**
 * GET /ctes?cte=digits: up to 10 CT-es whose number or key starts with the digits; exact numbers first, then
 * the most recent. Number and key are looked up apart, each bounded by its own index: a short key prefix
 * such as "352" (São Paulo, 202x) names nearly every CT-e, and one OR over both sorted them all by date on
 * every keystroke of the palette (docs/decisoes.md §31). The key starts with the UF, the year and the month, so the
 * highest keys are the latest months'.
 */
export async function autoCompletarCtes(db: Db, digitos: string): Promise<CteLinha[]> {
  const porNumero = autocompletarPorNumero(digitos);
  const exato = porNumero ? Number(digitos) : -1;
  // Both at once: on PostgreSQL two connections of the pool, one round trip instead of two.
  const [numeros, chaves] = await Promise.all([porNumero ? db.execute(porNumero).then((r) => linhas<{ id: number }>(r)) : [], autocompletarPorChave(db, digitos)]);
  const ids = new Set([...numeros, ...chaves].map((r) => Number(r.id)));
  if (!ids.size) return [];
  const achadas = await consultaLinhas(db)
    .where(inArray(cte.id, [...ids]))
    .orderBy(sql`(${cte.numero} = ${exato}) desc`, desc(cte.dataEmissao), desc(cte.id))
    .limit(AUTOCOMPLETAR);
  return achadas.map(paraLinha);
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
      pesoOrigem: cte.pesoOrigem,
      valorNotas: cte.valorNotas,
      dataCancelamento: cte.dataCancelamento,
      motivoCancelamento: cte.motivoCancelamento,
      serie: cte.serie,
      emitenteDocumento: cte.emitenteDocumento,
      chaveReferenciada: cte.chaveReferenciada,
      cteReferenciadoId: cte.cteReferenciadoId,
    })
    .from(cte)
    .leftJoin(transportadora, eq(transportadora.id, cte.transportadoraId))
    .leftJoin(cliente, eq(cliente.id, cte.clienteId))
    .leftJoin(tipoVeiculo, eq(tipoVeiculo.id, cte.tipoVeiculoId))
    .where(eq(cte.id, id));
  if (!linha) throw new ApiError(404, [MSG_CTE_NAO_ENCONTRADO]);
  const [notas, auditorias, faturas, aprovacoes, referencias] = await Promise.all([
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
    lerAuditorias(db, [id], { todas: true }),
    cobrancasDoCte(db, { id, chave: linha.chave, serie: linha.serie, numero: linha.numero, emitente: linha.emitenteDocumento }),
    aprovacoesRegistradas(db, { cteId: id }),
    referenciasDoCte(db, { id, tipoCte: linha.tipoCte, chaveReferenciada: linha.chaveReferenciada, cteReferenciadoId: linha.cteReferenciadoId }),
  ]);
  const { remetente: _r, destinatario: _d, ...base } = paraLinha(linha);
  return {
    ...base,
    documento: linha.documento,
    cliente: linha.clienteId ? { id: linha.clienteId, nome: linha.clienteNome! } : null,
    tipoVeiculo: linha.tipoVeiculoId ? { id: linha.tipoVeiculoId, descricao: linha.tipoVeiculoDescricao! } : null,
    pesoBruto: linha.pesoBruto,
    pesoOrigem: linha.pesoOrigem,
    valorNotas: linha.valorNotas,
    dataCancelamento: linha.dataCancelamento?.toISOString() ?? null,
    motivoCancelamento: linha.motivoCancelamento,
    notas: notas as NotaCte[],
    auditoria: auditorias[0] ?? null,
    auditorias,
    faturas,
    aprovacoes,
    ...referencias,
  };
}
