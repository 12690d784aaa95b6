import { sql, type SQL } from 'drizzle-orm';
import type { ResumoIndicadores } from '../../contracts/indicadores';
import type { Db } from '../db/database';
import { dividirSql } from '../db/dividir-sql';
import { linhas } from '../db/linhas';
import { compactarResumoEmSegundoPlano, DELTAS_PARA_COMPACTAR } from './compactar-resumo-indicadores';
import type { FiltroValido } from './filtro-indicadores';
import { MAIS_TRANSPORTADORAS, paraGrupo, resumoIndicadoresDireto, type GrupoBanco } from './resumo-indicadores-direto';

// The charts of /indicadores (GET /vw/frete-indicadores-resumo; issue 33). The screen's filters of period, reference
// and carrier are the dimensions of indicador_resumo (schema/indicador-resumo.ts), kept by the database: the sums of
// a month are a few thousand rows, whatever the number of notes. Each note's indicators are stored already rounded
// once, as the list rounds them; the means are divided here once (dividirSql, half-up on the exact quotient) from
// the exact sums and counts, so the answer is the per-note query's to the last digit (resumo-indicadores-direto.ts,
// which still answers a fatura or a CT-e number: a few notes through their own indexes).

/** The filter names the summary's dimensions only (the ones ondeIndicadores turns into a condition). */
const resumoResponde = (f: FiltroValido): boolean => !f.numeroFatura && !f.numeroCte;

/** The WHERE on indicador_resumo r: the reference's rows of the period (whole days, as the notes' filter). */
function ondeResumo(f: FiltroValido): SQL {
  const partes: SQL[] = [sql`r.referencia = ${f.filtroRadioGroup === 'NF' ? 'N' : 'C'}`];
  if (f.dataEmissao_inicio) partes.push(sql`r.dia >= ${f.dataEmissao_inicio}::date`);
  if (f.dataEmissao_fim) partes.push(sql`r.dia <= ${f.dataEmissao_fim}::date`);
  if (f.transportadora !== undefined) partes.push(sql`r.transportadora_id = ${f.transportadora}`);
  return sql.join(partes, sql` and `);
}

const MEDIDAS = sql`sum(r.notas) as notas, sum(r.soma_frete_peso) as sfp, sum(r.qtd_frete_peso) as qfp, sum(r.soma_frete_valor) as sfv,
  sum(r.qtd_frete_valor) as qfv, sum(r.vermelhas_peso) as vp, sum(r.vermelhas_valor) as vv, count(*) filter (where r.delta) as deltas`;

type GrupoResumo = GrupoBanco & { por_uf: boolean; deltas: number };

/**
 * Both charts from one scan of the period's rows (grouping sets: per UF, per carrier), each mean divided once. The
 * carriers with most notes first, ties in id order, the notes without a carrier (0 here, null in the notes) last.
 */
const consultaResumo = (f: FiltroValido): SQL => sql`with g as (
    select grouping(r.uf_destino) = 0 as por_uf, r.uf_destino, r.transportadora_id, ${MEDIDAS}
    from indicador_resumo r where ${ondeResumo(f)} group by grouping sets ((r.uf_destino), (r.transportadora_id))),
  v as (select g.*, row_number() over (partition by g.por_uf order by g.notas desc, nullif(g.transportadora_id, 0)) as posicao from g where g.notas > 0)
  select v.por_uf, case when v.por_uf then v.uf_destino::text else v.transportadora_id::text end as chave,
    case when v.por_uf then coalesce(u.nome, v.uf_destino) else coalesce(t.razao_social, 'Sem transportadora cadastrada') end as rotulo,
    v.notas::int as notas, ${dividirSql(sql`v.sfp`, sql`v.qfp`, 4)}::text as frete_peso, ${dividirSql(sql`v.sfv`, sql`v.qfv`, 4)}::text as frete_valor,
    v.vp::int as vermelhas_peso, v.vv::int as vermelhas_valor, v.deltas::int as deltas,
    case when v.por_uf then u.limite_frete_peso::text end as limite_frete_peso, case when v.por_uf then u.limite_frete_valor::text end as limite_frete_valor
  from v left join uf u on v.por_uf and u.sigla = v.uf_destino left join transportadora t on not v.por_uf and t.id = nullif(v.transportadora_id, 0)
  where v.por_uf or v.posicao <= ${MAIS_TRANSPORTADORAS}
  order by v.por_uf desc, v.uf_destino, v.posicao`;

/** The summary of the filter: from indicador_resumo when it keeps the filter's dimensions, else from the notes. */
export async function resumoIndicadores(db: Db, f: FiltroValido): Promise<ResumoIndicadores> {
  if (!resumoResponde(f)) return resumoIndicadoresDireto(db, f);
  const grupos = linhas<GrupoResumo>(await db.execute(consultaResumo(f)));
  // Many uncompacted deltas met: fold them for the next reads (in the background; this answer is already exact).
  if (grupos.reduce((s, g) => s + Number(g.deltas), 0) > 2 * DELTAS_PARA_COMPACTAR) compactarResumoEmSegundoPlano(db);
  const ufs = grupos.filter((g) => g.por_uf);
  const transportadoras = grupos.filter((g) => !g.por_uf);
  return { porUf: ufs.map(paraGrupo), porTransportadora: transportadoras.map(paraGrupo) };
}
