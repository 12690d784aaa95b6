import { sql, type SQL } from 'drizzle-orm';
import type { IndicadorBaseLinha, IndicadorLinha } from '../../contracts/indicadores';
import { calcularValoresBase } from '../../domain/indicadores/indicador-base';
import { calcularIndicador } from '../../domain/indicadores/indicadores-frete';
import { FUSO_SAO_PAULO } from '../../domain/sao-paulo-date';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { DE_INDICADORES, JUNCOES_DESCRITIVAS, ondeIndicadores, ordemIndicadores, type FiltroValido } from './filtro-indicadores';

// One query shape for the screen's page, the base rows and the exports' cursor: the note, its CT-e's figures, the
// carrier's name, the destination city and the destination UF's limits; the indicators themselves are
// computed here by the domain's formulas (src/domain/indicadores), exactly, never in floating point.

/** A row as read: numbers as exact decimal text. */
export interface LinhaIndicadorBanco {
  id: number;
  cte_id: number;
  numero_fatura: string | null;
  cte: number;
  data_emissao_cte: string;
  transportadora: string | null;
  nota_fiscal: number | null;
  nota_fiscal_id: string | null;
  data_emissao_nf: string | null;
  valor_nf: string | null;
  peso_nf: string | null;
  destinatario: string | null;
  cidade_destino: string | null;
  uf_destino: string;
  valor_cte: string;
  peso_cte: string | null;
  limite_frete_peso: string | null;
  limite_frete_valor: string | null;
  tipo: string;
  tipo_cte: number;
  valor_auditoria: string | null;
  valor_icms: string | null;
}

const fuso = sql.raw(`'${FUSO_SAO_PAULO}'`);

const COLUNAS = sql`n.id, c.id as cte_id, c.numero_fatura, c.numero as cte, (c.data_emissao at time zone ${fuso})::date::text as data_emissao_cte,
  t.razao_social as transportadora, n.numero as nota_fiscal, n.nota_fiscal_id, n.data_emissao::text as data_emissao_nf,
  n.valor::text as valor_nf, n.peso_bruto::text as peso_nf, c.documento #>> '{destinatario,nome}' as destinatario,
  m.nome as cidade_destino, c.uf_destino, c.valor_total::text as valor_cte, c.peso_bruto::text as peso_cte,
  u.limite_frete_peso::text as limite_frete_peso, u.limite_frete_valor::text as limite_frete_valor,
  c.tipo, c.tipo_cte, c.valor_auditoria::text as valor_auditoria, c.documento #>> '{icms,valor}' as valor_icms`;

/** A page of the filter's rows in index order: `limite` after `offset`. */
export async function lerLinhas(db: Db, f: FiltroValido, pagina: { limite: number; offset: number }): Promise<LinhaIndicadorBanco[]> {
  // The page's notes first, from cte_nota's index alone (materialized: the planner never turns it into a join
  // over the period), then their CT-es and names for these rows only.
  return linhas<LinhaIndicadorBanco>(
    await db.execute(sql`with pagina as materialized (
        select n.id from cte_nota n where ${ondeIndicadores(f)} order by ${ordemIndicadores(f)} limit ${pagina.limite} offset ${pagina.offset})
      select ${COLUNAS} from pagina p join ${DE_INDICADORES} on n.id = p.id ${JUNCOES_DESCRITIVAS}
      order by ${ordemIndicadores(f)}`),
  );
}

/** Every row of the filter in index order, one query (for a cursor: PostgreSQL plans it for its first rows, the index walked in order). */
export const consultaLinhas = (f: FiltroValido): SQL =>
  sql`select ${COLUNAS} from ${DE_INDICADORES} ${JUNCOES_DESCRITIVAS} where ${ondeIndicadores(f)} order by ${ordemIndicadores(f)}`;

/** How many rows the filter has: cte_nota alone, an index range of the counted notes. */
export async function contarLinhas(db: Db, f: FiltroValido): Promise<number> {
  const [r] = linhas<{ n: number }>(await db.execute(sql`select count(*)::int as n from cte_nota n where ${ondeIndicadores(f)}`));
  return Number(r.n);
}

const entrada = (l: LinhaIndicadorBanco) => ({ valorCte: l.valor_cte, pesoCte: l.peso_cte, pesoNf: l.peso_nf, valorNf: l.valor_nf });

/** Spec §3 "Indicator row (screen)". */
export function paraIndicador(l: LinhaIndicadorBanco): IndicadorLinha {
  const i = calcularIndicador({ ...entrada(l), limiteFretePeso: l.limite_frete_peso, limiteFreteValor: l.limite_frete_valor });
  return {
    id: l.id,
    cteId: l.cte_id,
    numeroFatura: l.numero_fatura,
    cte: l.cte,
    dataEmissaoCte: l.data_emissao_cte,
    transportadora: l.transportadora,
    notaFiscal: l.nota_fiscal,
    dataEmissaoNf: l.data_emissao_nf,
    notaFiscalValor: l.valor_nf,
    empresaDestinataria: l.destinatario,
    cidadeDestinoTrecho: l.cidade_destino,
    ufDestinoTrecho: l.uf_destino,
    notaFiscalPesoBruto: l.peso_nf,
    ...i,
    limiteFretePeso: l.limite_frete_peso,
    limiteFreteValor: l.limite_frete_valor,
    valorCte: l.valor_cte,
    pesoCte: l.peso_cte,
  };
}

/** Spec §3 "Base indicator row (exported)" (the reading of each field: contracts/indicadores.ts). */
export function paraBase(l: LinhaIndicadorBanco): IndicadorBaseLinha {
  return {
    id: l.id,
    dataEmissao: l.data_emissao_nf,
    dataEmissaoCte: l.data_emissao_cte,
    numeroFatura: l.numero_fatura,
    notaFiscalId: l.nota_fiscal_id,
    notaFiscal: l.nota_fiscal,
    tipoNota: l.tipo,
    transportadora: l.transportadora,
    cte: l.cte,
    tipoCte: l.tipo_cte,
    ufDestino: l.uf_destino,
    cidadeDestino: l.cidade_destino,
    valorNotaFiscal: l.valor_nf,
    pesoNotaFiscal: l.peso_nf,
    valorCte: l.valor_cte,
    pesoCte: l.peso_cte,
    ...calcularValoresBase({ ...entrada(l), valorAuditoria: l.valor_auditoria, valorIcms: l.valor_icms }),
  };
}
