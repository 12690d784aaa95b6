import { and, asc, between, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Empresa } from '../../contracts/common';
import type { PeriodoRelatorio } from '../../contracts/relatorios';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';
import type { CompanyDatabase } from '../db/database';
import { tabelasRelatorios } from './tabelas-relatorios';
import { relogio } from '../../domain/relogio';

// Inadimplência (spec 03 §7 /inadimplencias/impressao and /csv; the spec names them only): the receivables
// due in the period that were still open at its position date — the period's end, or today when the period
// reaches the future (nothing is overdue before its day) — with the days overdue at that date. By due date
// (the index of migration 0019), in batches: the CSV streams them, the PDF gathers them.

export interface TituloVencido {
  tituloId: string;
  clienteId: string;
  razaoSocial: string;
  cpfCnpj: string | null;
  documento: string;
  parcela: number;
  dataEmissao: string;
  dataVencimento: string;
  diasAtraso: number;
  valor: string;
}

/** The position date of the period: its end, or today (São Paulo) if that comes first. */
export const dataPosicao = (p: PeriodoRelatorio, agora = relogio.agora()) => {
  const hoje = dataSaoPaulo(agora)!;
  return p.fim < hoje ? p.fim : hoje;
};

const LOTE = 1000;
const dias = (de: string, ate: string) => Math.round((Date.parse(`${ate}T00:00:00Z`) - Date.parse(`${de}T00:00:00Z`)) / 86_400_000);

/** The overdue receivables in batches of LOTE, by due date then id (keyset: a batch never repeats nor skips). */
export async function* titulosVencidos(banco: CompanyDatabase, p: PeriodoRelatorio, posicao: string): AsyncGenerator<TituloVencido[]> {
  const t = tabelasRelatorios(banco);
  const r = t.vwTituloReceber;
  let depois: { vencimento: string; id: string } | null = null;
  for (;;) {
    const linhas: Omit<TituloVencido, 'diasAtraso'>[] = await banco.db
      .select({
        tituloId: r.tituloId, clienteId: r.clienteId, razaoSocial: sql<string>`coalesce(${t.vwCliente.razaoSocial}, ${r.clienteId})`, cpfCnpj: t.vwCliente.cpfCnpj,
        documento: r.documento, parcela: r.parcela, dataEmissao: r.dataEmissao, dataVencimento: r.dataVencimento, valor: r.valor,
      })
      .from(r)
      .leftJoin(t.vwCliente, eq(t.vwCliente.clienteId, r.clienteId))
      .where(
        and(
          between(r.dataVencimento, p.inicio, p.fim),
          lt(r.dataVencimento, posicao),
          or(isNull(r.dataPagamento), gt(r.dataPagamento, posicao)),
          depois ? or(gt(r.dataVencimento, depois.vencimento), and(eq(r.dataVencimento, depois.vencimento), gt(r.tituloId, depois.id))) : undefined,
        ),
      )
      .orderBy(asc(r.dataVencimento), asc(r.tituloId))
      .limit(LOTE);
    if (!linhas.length) return;
    yield linhas.map((l) => ({ ...l, diasAtraso: dias(l.dataVencimento, posicao) }));
    if (linhas.length < LOTE) return;
    const ultima = linhas[linhas.length - 1];
    depois = { vencimento: ultima.dataVencimento, id: ultima.tituloId };
  }
}

export interface DadosInadimplencia extends PeriodoRelatorio {
  empresa: Empresa;
  posicao: string;
  titulos: TituloVencido[];
}

/** Every overdue receivable of the period (for the PDF). */
export async function dadosInadimplencia(banco: CompanyDatabase, p: PeriodoRelatorio, agora = relogio.agora()): Promise<DadosInadimplencia> {
  const posicao = dataPosicao(p, agora);
  const titulos: TituloVencido[] = [];
  for await (const lote of titulosVencidos(banco, p, posicao)) titulos.push(...lote);
  return { empresa: banco.empresa, ...p, posicao, titulos };
}
