import type { FaturaLinha } from '../../contracts/faturas';
import type { ResumoConferencia } from '../../contracts/conferencia-fatura';
import { and, asc, eq, sql } from 'drizzle-orm';
import { REGRAS, type BloqueioPagamento, type RegraBloqueio } from '../../contracts/pagamentos';
import type { Db } from '../db/database';
import { fatura, faturaCte } from '../db/schema/fatura';

// The list row of a fatura (spec 03 §3 first line; GET /faturas, /faturas/listar, and the head of /faturas/{id}).

export const colunasFaturaLinha = {
  id: fatura.id,
  versao: fatura.versao,
  nomeArquivo: fatura.nomeArquivo,
  documento: fatura.documento,
  numeroDocumento: fatura.numeroDocumento,
  transportadoraId: fatura.transportadoraId,
  transportadoraCnpj: fatura.transportadoraCnpj,
  transportadoraRazaoSocial: fatura.transportadoraRazaoSocial,
  dataEmissao: fatura.dataEmissao,
  dataVencimento: fatura.dataVencimento,
  quantidade: fatura.quantidade,
  valorTotal: fatura.valorTotal,
  status: fatura.status,
  situacaoPagamento: fatura.situacaoPagamento,
  regrasBloqueio: fatura.bloqueios,
  valorAPagar: fatura.valorAPagar,
  valorContestado: fatura.valorContestado,
  descontoContestacoes: fatura.descontoContestacoes,
};

type Linha = Omit<FaturaLinha, 'transportadora' | 'conferencia' | 'bloqueios'> & {
  regrasBloqueio: RegraBloqueio[]; transportadoraId: number | null; transportadoraCnpj: string; transportadoraRazaoSocial: string };

export function paraFaturaLinha(l: Linha, conferencia: ResumoConferencia): FaturaLinha {
  return {
    id: l.id,
    versao: l.versao,
    nomeArquivo: l.nomeArquivo,
    documento: l.documento,
    numeroDocumento: l.numeroDocumento,
    // The carrier as the file names it, and its register when one has the CNPJ.
    transportadora: { id: l.transportadoraId, cnpj: l.transportadoraCnpj, razaoSocial: l.transportadoraRazaoSocial },
    dataEmissao: l.dataEmissao,
    dataVencimento: l.dataVencimento,
    quantidade: l.quantidade,
    valorTotal: l.valorTotal,
    status: l.status,
    conferencia,
    situacaoPagamento: l.situacaoPagamento,
    // The list names the rules that block the fatura (the detail adds each line's).
    bloqueios: l.regrasBloqueio.map((regra) => bloqueio(regra, null, null)),
    valorAPagar: l.valorAPagar,
    valorContestado: l.valorContestado,
    descontoContestacoes: l.descontoContestacoes,
  };
}

const bloqueio = (regra: RegraBloqueio, faturaCteId: number | null, cte: string | null): BloqueioPagamento => ({
  regra,
  faturaCteId,
  cte,
  motivo: REGRAS[regra].motivo,
  quemDesbloqueia: REGRAS[regra].quemDesbloqueia,
});

/** The fatura's blocked lines (fatura_cte.bloqueios, kept by the recompute), in file order. */
export const linhasBloqueadas = (db: Db, faturaId: number) =>
  db
    .select({ id: faturaCte.id, serie: faturaCte.serie, numero: faturaCte.numero, regras: faturaCte.bloqueios })
    .from(faturaCte)
    .where(and(eq(faturaCte.faturaId, faturaId), sql`cardinality(${faturaCte.bloqueios}) > 0`))
    .orderBy(asc(faturaCte.linha));

/**
 * The detail's reasons: the fatura-level rules (those of the fatura no line breaks: VENCIMENTO_CURTO), then one per
 * blocked line and rule, with the CT-e as billed (série/número).
 */
export function bloqueiosDaFatura(daLista: BloqueioPagamento[], linhas: Awaited<ReturnType<typeof linhasBloqueadas>>): BloqueioPagamento[] {
  const dasLinhas = new Set(linhas.flatMap((l) => l.regras));
  return [
    ...daLista.filter((b) => !dasLinhas.has(b.regra)),
    ...linhas.flatMap((l) => l.regras.map((r) => bloqueio(r, l.id, `${l.serie}/${l.numero}`))),
  ];
}
