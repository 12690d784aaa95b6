import { sql, type SQL } from 'drizzle-orm';
import type { GrupoIndicador, ResumoIndicadores } from '../../contracts/indicadores';
import type { Db } from '../db/database';
import { dividirSql } from '../db/dividir-sql';
import { linhas } from '../db/linhas';
import { DE_INDICADORES, ondeIndicadores, type FiltroValido } from './filtro-indicadores';

// The charts of /indicadores (GET /vw/frete-indicadores-resumo) read from the notes themselves: per destination UF
// and per carrier (the 10 with most notes), the mean of the rows' indicators and how many rows are red. What the
// stored summary (resumo-indicadores.ts) must answer to the last digit, and what answers the filters it does not
// keep (a fatura, a CT-e number: a few notes through their own index). Each row's indicator is the
// domain's formula in SQL numeric, each division rounded half-up once on its exact quotient (dividirSql, the
// twin of src/domain/dinheiro.ts, so the chart and the list agree to the last digit): freight to pay =
// NF weight × CT-e value ÷ CT-e weight, to cents; freight weight = pay ÷ CT-e weight, to 4 decimals (R$/kg);
// freight value = pay × 100 ÷ NF value, to 4 decimals; red when the rounded indicator reaches the limit; the
// mean is their sum ÷ their count, to 4 decimals. Rows that cannot be computed (zero or unknown weight or
// value) count in `notas` but not in the means.

export const MAIS_TRANSPORTADORAS = 10;

export interface GrupoBanco {
  chave: string;
  rotulo: string;
  notas: number;
  frete_peso: string | null;
  frete_valor: string | null;
  vermelhas_peso: number;
  vermelhas_valor: number;
  limite_frete_peso: string | null;
  limite_frete_valor: string | null;
}

const INDICADORES = sql`with pagar as (
    select c.uf_destino, c.transportadora_id, c.peso_bruto as peso_cte, n.valor as valor_nf,
      ${dividirSql(sql`n.peso_bruto * c.valor_total`, sql`c.peso_bruto`, 2)} as frete_pagar`;

const media = (coluna: SQL) => dividirSql(sql`sum(${coluna})`, sql`count(${coluna})`, 4);

function consulta(f: FiltroValido, grupo: SQL, rotulo: SQL, juncao: SQL, resto: SQL): SQL {
  return sql`${INDICADORES} from ${DE_INDICADORES} where ${ondeIndicadores(f)}),
  ind as (select uf_destino, transportadora_id, ${dividirSql(sql`frete_pagar`, sql`peso_cte`, 4)} as fp,
    ${dividirSql(sql`frete_pagar * 100`, sql`valor_nf`, 4)} as fv from pagar)
  select ${grupo}::text as chave, ${rotulo} as rotulo, count(*)::int as notas,
    ${media(sql`fp`)}::text as frete_peso, ${media(sql`fv`)}::text as frete_valor,
    count(*) filter (where fp >= u.limite_frete_peso)::int as vermelhas_peso,
    count(*) filter (where fv >= u.limite_frete_valor)::int as vermelhas_valor,
    ${resto}
  from ind ${juncao}`;
}

export const paraGrupo = (g: GrupoBanco): GrupoIndicador => ({
  chave: g.chave,
  rotulo: g.rotulo,
  notas: Number(g.notas),
  fretePeso: g.frete_peso,
  freteValor: g.frete_valor,
  vermelhasPeso: Number(g.vermelhas_peso),
  vermelhasValor: Number(g.vermelhas_valor),
  limiteFretePeso: g.limite_frete_peso,
  limiteFreteValor: g.limite_frete_valor,
});

/** The summary computed from every matching note (the reference the stored summary is tested against). */
export async function resumoIndicadoresDireto(db: Db, f: FiltroValido): Promise<ResumoIndicadores> {
  const porUf = linhas<GrupoBanco>(
    await db.execute(
      consulta(f, sql`ind.uf_destino`, sql`coalesce(u.nome, ind.uf_destino)`, sql`left join uf u on u.sigla = ind.uf_destino`,
        sql`u.limite_frete_peso::text as limite_frete_peso, u.limite_frete_valor::text as limite_frete_valor`)
        .append(sql` group by ind.uf_destino, u.nome, u.limite_frete_peso, u.limite_frete_valor order by ind.uf_destino`),
    ),
  );
  // A carrier's rows go to several UFs: red is counted against each row's own UF limit.
  const porTransportadora = linhas<GrupoBanco>(
    await db.execute(
      consulta(f, sql`coalesce(ind.transportadora_id, 0)`, sql`coalesce(max(t.razao_social), 'Sem transportadora cadastrada')`,
        sql`left join uf u on u.sigla = ind.uf_destino left join transportadora t on t.id = ind.transportadora_id`,
        sql`null as limite_frete_peso, null as limite_frete_valor`)
        .append(sql` group by ind.transportadora_id order by count(*) desc, ind.transportadora_id limit ${MAIS_TRANSPORTADORAS}`),
    ),
  );
  return { porUf: porUf.map(paraGrupo), porTransportadora: porTransportadora.map(paraGrupo) };
}
