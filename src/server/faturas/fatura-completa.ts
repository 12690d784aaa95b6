import { asc, eq, inArray, sql } from 'drizzle-orm';
import { MSG_FATURA_NAO_ENCONTRADA, type DocumentoFatura, type FaturaCompleta, type FretesFatura } from '../../contracts/faturas';
import { type CteFatura } from '../../contracts/conferencia-fatura';
import { formatarCnpjCpf } from '../../domain/cte/formatar-cte';
import { conferirFatura, somarValores } from '../../domain/faturas/conferencia-fatura';
import type { Db } from '../db/database';
import { cte } from '../db/schema/cte';
import { fatura, faturaDocumento } from '../db/schema/fatura';
import { ApiError } from '../http/api-error';
import { pageOf } from '../list/page-of';
import { linhasDaFatura, type LinhaFatura } from './conferencia-fatura';
import { bloqueiosDaFatura, colunasFaturaLinha, linhasBloqueadas, paraFaturaLinha } from './fatura-linha';

// GET /faturas/{id} (the modal's Dados Principais, spec 03 §2.4 cards, with the full check) and
// GET /faturas/{id}/ctes (the Fretes tab: a page of lines in file order, the footer over every line).

/** The record ids of each card, by layout (spec §2.4 shows "registro" on each). */
const REGISTROS = { '3.0A': ['350', '351', '355'], '5.0': ['550', '551', '559'] } as const;

const paraDocumento = (d: typeof faturaDocumento.$inferSelect): DocumentoFatura => ({
  filial: d.filial,
  tipoDocumento: d.tipoDocumento,
  serieDocumento: d.serie,
  numero: d.numero,
  dataEmissao: d.dataEmissao,
  dataVencimento: d.dataVencimento,
  dataLimitePagamentoDesconto: d.dataLimiteDesconto,
  tipoCobranca: d.tipoCobranca,
  valorDocumento: d.valor,
  valorTotalIcms: d.valorIcms,
  valorJurosDiaAtraso: d.valorJurosDia,
  valorDescontoAcrescimo: d.valorDesconto,
  identificacaoAgenteCobranca: d.agenteCobranca,
  numeroAgenciaBancaria: d.agencia,
  digitoVerificadorAgenciaBancaria: d.digitoAgencia,
  contaCorrente: d.conta,
  digitoVerificadorContaCorrente: d.digitoConta,
  acaoDocumento: d.acao,
  quantidadeCtes: d.quantidadeCtes,
});

/** The fatura, its documents and the check of all its lines (one query each). */
export async function faturaCompleta(db: Db, id: number): Promise<FaturaCompleta> {
  const [[f], documentos, linhas, bloqueadas] = await Promise.all([
    db
      .select({ ...colunasFaturaLinha, extra: fatura })
      .from(fatura)
      .where(eq(fatura.id, id)),
    db.select().from(faturaDocumento).where(eq(faturaDocumento.faturaId, id)).orderBy(asc(faturaDocumento.ordem)),
    linhasDaFatura(db, id),
    linhasBloqueadas(db, id),
  ]);
  if (!f) throw new ApiError(404, [MSG_FATURA_NAO_ENCONTRADA]);
  const conferencia = conferirFatura(linhas);
  const linha = paraFaturaLinha(f, { conferida: conferencia.conferida, divergencias: conferencia.divergencias });
  const { extra: x } = f;
  const [regDocumento, regTransportadora, regTotal] = REGISTROS[x.layout];
  return {
    ...linha,
    // Every reason: the fatura's own rules and each blocked line's, in file order.
    bloqueios: bloqueiosDaFatura(linha.bloqueios, bloqueadas),
    layout: x.layout,
    faturaCabecalhoDocumento: { registro: regDocumento, documento: x.documento },
    faturaCabecalhoIntercambio: { registro: '000', intercambio: x.intercambio, data: x.dataIntercambio, remetente: x.remetente, destinatario: x.destinatario },
    faturaTransportadora: { registro: regTransportadora, cnpj: x.transportadoraCnpj, razaoSocial: x.transportadoraRazaoSocial },
    faturaTotalFatura: x.totalQuantidade === null ? null : { registro: regTotal, quantidade: x.totalQuantidade, valorTotal: x.totalValor ?? '0.00' },
    documentos: documentos.map(paraDocumento),
    avisos: x.avisos,
    conferencia,
    lidaEm: x.lidaEm.toISOString(),
    canceladaEm: x.canceladaEm?.toISOString() ?? null,
  };
}

const paraCteFatura = (l: LinhaFatura, nomes: Map<number, { remetente: string | null; destinatario: string | null }>): CteFatura => {
  const doCte = l.cteId === null ? undefined : nomes.get(l.cteId);
  return {
    id: l.id,
    linha: l.linha,
    serie: l.serie,
    numero: l.numero,
    dataEmissao: l.dataEmissao,
    nomeRemetente: doCte?.remetente ?? formatarCnpjCpf(l.cnpjRemetente),
    nomeDestinatario: doCte?.destinatario ?? formatarCnpjCpf(l.cnpjDestinatario),
    valorFrete: l.valorFrete,
    chave: l.chave,
    cteId: l.cteId,
    statusCte: l.statusCte,
    valorCobrado: l.valorCobrado,
    valorAuditoria: l.valorAuditoria,
    valorCorreto: l.valorCorreto,
    situacao: l.situacao,
    valorDivergente: l.valorDivergente,
    divergente: l.divergente,
    motivos: l.motivos,
    jaCobradoEm: l.jaCobradoEm,
  };
};

/** A page of the Fretes tab; 404 for an unknown fatura. */
export async function fretesFatura(db: Db, id: number, page: number, size: number): Promise<FretesFatura> {
  const [[existe], linhas] = await Promise.all([db.select({ id: fatura.id }).from(fatura).where(eq(fatura.id, id)), linhasDaFatura(db, id)]);
  if (!existe) throw new ApiError(404, [MSG_FATURA_NAO_ENCONTRADA]);
  const pagina = linhas.slice(page * size, page * size + size);
  const cteIds = [...new Set(pagina.flatMap((l) => (l.cteId === null ? [] : [l.cteId])))];
  const nomes = cteIds.length
    ? await db
        .select({ id: cte.id, remetente: sql<string | null>`${cte.documento}->'remetente'->>'nome'`, destinatario: sql<string | null>`${cte.documento}->'destinatario'->>'nome'` })
        .from(cte)
        .where(inArray(cte.id, cteIds))
    : [];
  const porId = new Map(nomes.map((n) => [n.id, n]));
  const primeira = linhas.findIndex((l) => l.divergente);
  return {
    ...pageOf(pagina.map((l) => paraCteFatura(l, porId)), linhas.length, page, size),
    valorFreteTotal: somarValores(linhas.map((l) => l.valorFrete)),
    primeiraDivergencia: primeira < 0 ? null : primeira,
  };
}
