import { sql, type SQL } from 'drizzle-orm';
import type { GrupoIndicador, ResumoIndicadores } from '../../contracts/indicadores';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { DE_INDICADORES, ondeIndicadores, type FiltroValido } from './filtro-indicadores';

// The charts of /indicadores (GET /vw/frete-indicadores-resumo): per destination UF and per carrier (the 10
// with most notes), the mean of the rows' indicators and how many rows are red. Each row's indicator is the
// domain's formula in SQL numeric (exact, rounded half-up as the domain rounds: round() on a positive numeric):
// freight to pay = round(NF weight × CT-e value / CT-e weight, 2); freight weight = round(pay / CT-e weight,
// 4) (R$/kg); freight value = round(pay / NF value × 100, 4); red when the rounded indicator reaches the limit.
// Rows that cannot be computed (zero or unknown weight or value) count in `notas` but not in the means.

const MAIS_TRANSPORTADORAS = 10;

interface GrupoBanco {
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
      round(n.peso_bruto * c.valor_total / nullif(c.peso_bruto, 0), 2) as frete_pagar`;

function consulta(f: FiltroValido, grupo: SQL, rotulo: SQL, juncao: SQL, resto: SQL): SQL {
  return sql`${INDICADORES} from ${DE_INDICADORES} where ${ondeIndicadores(f)}),
  ind as (select uf_destino, transportadora_id, round(frete_pagar / nullif(peso_cte, 0), 4) as fp,
    round(frete_pagar / nullif(valor_nf, 0) * 100, 4) as fv from pagar)
  select ${grupo}::text as chave, ${rotulo} as rotulo, count(*)::int as notas,
    round(avg(fp), 4)::text as frete_peso, round(avg(fv), 4)::text as frete_valor,
    count(*) filter (where fp >= u.limite_frete_peso)::int as vermelhas_peso,
    count(*) filter (where fv >= u.limite_frete_valor)::int as vermelhas_valor,
    ${resto}
  from ind ${juncao}`;
}

const paraGrupo = (g: GrupoBanco): GrupoIndicador => ({
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

export async function resumoIndicadores(db: Db, f: FiltroValido): Promise<ResumoIndicadores> {
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
