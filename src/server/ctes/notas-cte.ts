import Decimal from 'decimal.js';
import { listaInteiros } from '../db/lista-inteiros';
import { sql } from 'drizzle-orm';
import type { CteLido } from '../../contracts/cte-documento';
import { escolherPesoCarga } from '../../domain/cte/escolher-peso-carga';
import type { CodigoInconsistencia } from '../../contracts/ctes';
import type { Db } from '../db/database';
import type { ErpNotaFiscal } from '../erp/erp-source';
import { agoraSql } from '../db/agora-sql';

// The notes (NF-e) of a CT-e: their fiscal data from the ERP, the CT-e's weight and value from them, and
// the inconsistencies they show (spec 03 §3).

const positivo = (v: string | null | undefined) => v != null && new Decimal(v).gt(0);
const zero = (v: string | null | undefined) => v != null && new Decimal(v).isZero();

/** Where a weight came from, as the audit trace says it. */
export const ORIGEM_PESO_NOTAS = 'notas fiscais';
export const ORIGEM_PESO_DETALHE = 'informado no detalhe do CT-e';
export const origemPesoDoCte = (tipoMedida: string) => `CT-e, linha de carga "${tipoMedida}"`;

/**
 * Inconsistencies of a CT-e from its notes (spec 03 §3): a note whose gross weight, value or total products
 * value is really zero flags the CT-e. A note the ERP does not have is unknown, not zero: no flag (its row
 * shows "Não foi possível obter os dados da Nota Fiscal." and the audit uses the CT-e's own cargo figures).
 */
export function inconsistenciasDasNotas(notas: { pesoBruto: string | null; valor: string | null; valorTotalProdutos: string | null }[]): CodigoInconsistencia[] {
  const codigos: CodigoInconsistencia[] = [];
  if (notas.some((n) => zero(n.pesoBruto))) codigos.push('PESO_BRUTO_ZERADO');
  if (notas.some((n) => zero(n.valor))) codigos.push('VALOR_NOTA_FISCAL_ZERADO');
  if (notas.some((n) => zero(n.valorTotalProdutos))) codigos.push('VALOR_TOTAL_PRODUTOS_ZERADO');
  return codigos;
}

/** The weight (kg) the CT-e's cargo gives (its billed, else gross, else declared weight line: escolherPesoCarga), or null. */
export function pesoDaCarga(documento: CteLido): { kg: string; tipoMedida: string } | null {
  const escolhido = escolherPesoCarga(documento.carga?.itens ?? []);
  return escolhido ? { kg: new Decimal(escolhido.kg).toFixed(3), tipoMedida: escolhido.tipoMedida } : null;
}

/** Sum of the positive values, or null when none is. */
export function somaPositivos(valores: (string | null)[], casas: number): string | null {
  const positivos = valores.filter(positivo) as string[];
  return positivos.length ? positivos.reduce((s, v) => s.plus(v), new Decimal(0)).toFixed(casas) : null;
}

export interface CargaDoCte {
  pesoBruto: string | null;
  pesoOrigem: string | null;
  /** The notes' value (null: the audit falls back on the CT-e's vCarga). */
  valorNotas: string | null;
}

/**
 * The weight and value a processed CT-e is audited on: the notes' sums when every note has the figure (from
 * the ERP, or typed in the detail dialog; the notes' weight wins, as carriers invoice what was shipped),
 * otherwise the CT-e's own cargo weight (and, with no notes' value, its vCarga): never a partial sum of the
 * notes that happen to be known.
 */
export function cargaDoCte(notas: { pesoBruto: string | null; valor: string | null }[], documento: CteLido): CargaDoCte {
  const todas = (campo: 'pesoBruto' | 'valor') => notas.length > 0 && notas.every((n) => n[campo] !== null);
  const valorNotas = todas('valor') ? somaPositivos(notas.map((n) => n.valor), 2) : null;
  const pesoNotas = todas('pesoBruto') ? somaPositivos(notas.map((n) => n.pesoBruto), 3) : null;
  if (pesoNotas !== null) return { pesoBruto: pesoNotas, pesoOrigem: ORIGEM_PESO_NOTAS, valorNotas };
  const doCte = pesoDaCarga(documento);
  return { pesoBruto: doCte?.kg ?? null, pesoOrigem: doCte ? origemPesoDoCte(doCte.tipoMedida) : null, valorNotas };
}

export interface NotaLinha {
  id: number;
  cteId: number;
  chave: string;
  pesoBruto: string | null;
  pesoLiquido: string | null;
  valorTotalProdutos: string | null;
  valor: string | null;
  pedidoId: string | null;
  notaFiscalId: string | null;
  /** The NF's issue date (YYYY-MM-DD), the indicators' "NF" reference. */
  dataEmissao: string | null;
}
export type DadosNota = Omit<NotaLinha, 'id' | 'cteId' | 'chave'>;

/** The fiscal data of a note as the ERP has it (every field re-read), or the note unchanged when the ERP lacks it. */
export const dadosDoErp = (n: DadosNota, erp: ErpNotaFiscal | undefined): DadosNota =>
  erp
    ? { pesoBruto: erp.pesoBruto, pesoLiquido: erp.pesoLiquido, valorTotalProdutos: erp.valorTotalProdutos, valor: erp.valor, pedidoId: erp.pedidoId, notaFiscalId: erp.notaFiscalId, dataEmissao: erp.dataEmissao }
    : n;

const COLUNAS_NOTA = {
  pesoBruto: ['peso_bruto', 'numeric'],
  pesoLiquido: ['peso_liquido', 'numeric'],
  valorTotalProdutos: ['valor_total_produtos', 'numeric'],
  valor: ['valor', 'numeric'],
  pedidoId: ['pedido_id', 'varchar'],
  notaFiscalId: ['nota_fiscal_id', 'varchar'],
  dataEmissao: ['data_emissao', 'date'],
} as const;
export type CampoNota = keyof typeof COLUNAS_NOTA;
/** The cte_nota column of a field. */
export const colunaNota = (c: CampoNota) => COLUNAS_NOTA[c][0];

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
 * admin batch changed notes), by the rules above: the notes' sums only when every note has the figure (the
 * weight otherwise stays as it was), flags only for real zeros.
 */
export async function recalcularTotais(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    update cte as c set
      peso_bruto = case when s.pesos and s.peso is not null then s.peso else c.peso_bruto end,
      peso_origem = case when s.pesos and s.peso is not null then ${ORIGEM_PESO_NOTAS} else c.peso_origem end,
      valor_notas = case when s.valores then s.valor end,
      -- The notes' recomputed; the document's own (components ≠ total, issue 31) stays.
      inconsistencias = s.inc || case when 'COMPONENTES_DIFEREM_TOTAL' = any(c.inconsistencias) then array['COMPONENTES_DIFEREM_TOTAL']::varchar[] else '{}'::varchar[] end,
      versao = c.versao + 1,
      alterado_em = ${agoraSql()}
    from (
      select n.cte_id,
        bool_and(n.peso_bruto is not null) as pesos,
        bool_and(n.valor is not null) as valores,
        sum(n.peso_bruto) filter (where n.peso_bruto > 0) as peso,
        sum(n.valor) filter (where n.valor > 0) as valor,
        array_remove(array[
          case when bool_or(n.peso_bruto = 0) then 'PESO_BRUTO_ZERADO' end,
          case when bool_or(n.valor = 0) then 'VALOR_NOTA_FISCAL_ZERADO' end,
          case when bool_or(n.valor_total_produtos = 0) then 'VALOR_TOTAL_PRODUTOS_ZERADO' end
        ]::varchar[], null) as inc
      from cte_nota n where n.cte_id = any(${listaInteiros(ids)}) group by n.cte_id
    ) s
    where c.id = s.cte_id and c.status <> 'LIDO'`);
}
