import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { linhas } from '../../db/linhas';
import type { ComponenteDemo, CteVinculadoDemo, ModeloMinutaDemo } from './plano-minutas-demo';

// What the demo minutas are built from, read from the demo CT-es by a few ordered queries (no per-row
// queries): the modelos (see plano-minutas-demo.ts) and the CT-es the PROCESSADO minutas are linked to.

/**
 * CT-es a minuta can repeat or be linked to: SAIDA paid by the sender (a company plant, a CNPJ), with a
 * registered carrier and client, a weight, an ICMS rate, and components that sum to the charged value.
 */
const elegivel = (status: string): SQL => sql`
  c.status = ${status} and c.tipo = 'SAIDA' and c.tomador = 'REMETENTE'
  and c.transportadora_id is not null and c.cliente_id is not null and c.peso_bruto > 0
  and c.remetente_documento ~ '^[0-9]{14}$' and c.tomador_documento ~ '^[0-9]{14}$'
  and c.documento->'icms'->>'aliquota' is not null
  and (select sum((x->>'valor')::numeric) from jsonb_array_elements(c.documento->'prestacao'->'componentes') x) = c.valor_total`;

/** The columns both shapes share (c: the CT-e, mo/md: its municipalities). */
const colunas = sql`
  c.transportadora_id as "transportadoraId", c.serie, mo.id as "origemId", md.id as "destinoId", c.cliente_id as "clienteId",
  c.remetente_documento as "cnpjRemetente", c.tomador_documento as "cnpjTomador", c.peso_bruto::text as peso,
  c.valor_total::text as valor, (c.documento->'icms'->>'aliquota')::numeric(5, 2)::text as icms,
  c.documento->'prestacao'->'componentes' as componentes`;

const municipios = sql`join municipio mo on mo.codigo = c.codigo_municipio_origem join municipio md on md.codigo = c.codigo_municipio_destino`;

/** Component names fit the cost element's 60 characters; values with two decimals. */
const componentes = (lista: ComponenteDemo[]) => lista.map((x) => ({ nome: x.nome.slice(0, 60), valor: Number(x.valor).toFixed(2) }));

/**
 * The newest `porTransportadora` AUDITADO_SUCESSO CT-es of each of the `transportadoras` carriers with the
 * most of them (ties by id), grouped by carrier in that order; [] when fewer carriers qualify.
 */
export async function modelosMinutasDemo(db: Db, transportadoras: number, porTransportadora: number): Promise<ModeloMinutaDemo[][]> {
  const rows = linhas<ModeloMinutaDemo & { ordem: number }>(
    await db.execute(sql`
      with base as (
        select c.id, c.transportadora_id, c.data_emissao from cte c where ${elegivel('AUDITADO_SUCESSO')}),
      t as (
        select transportadora_id, count(*) as n from base group by transportadora_id
        having count(*) >= ${porTransportadora} order by n desc, transportadora_id limit ${transportadoras}),
      k as (
        select b.id, row_number() over (partition by b.transportadora_id order by b.data_emissao desc, b.id desc) as k
        from base b join t on t.transportadora_id = b.transportadora_id)
      select ${colunas}, (select max(x.numero) from cte x where x.emitente_documento = tr.cnpj)::int as "maiorNumero",
             (dense_rank() over (order by t.n desc, t.transportadora_id))::int as ordem
      from k join cte c on c.id = k.id join t on t.transportadora_id = c.transportadora_id
        join transportadora tr on tr.id = c.transportadora_id ${municipios}
      where k.k <= ${porTransportadora}
      order by t.n desc, t.transportadora_id, k.k`),
  );
  const grupos: ModeloMinutaDemo[][] = [];
  for (const { ordem, ...m } of rows) (grupos[ordem - 1] ??= []).push({ ...m, componentes: componentes(m.componentes) });
  return grupos.length === transportadoras && grupos.every((g) => g.length === porTransportadora) ? grupos : [];
}

/** The `n` newest demo CT-es PROCESSADO (the current month's, as the demo dates most of them), with their notes. */
export async function ctesVinculadosDemo(db: Db, n: number): Promise<CteVinculadoDemo[]> {
  const rows = linhas<Omit<CteVinculadoDemo, 'notas'>>(
    await db.execute(sql`
      select ${colunas}, c.id as "cteId", c.numero, c.chave, c.numero_fatura as fatura,
             to_char(c.data_emissao at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as "dataEmissao"
      from cte c ${municipios}
      where ${elegivel('PROCESSADO')} and exists (select 1 from cte_nota n where n.cte_id = c.id)
      order by c.data_emissao desc, c.id desc limit ${n}`),
  );
  if (!rows.length) return [];
  const notas = linhas<{ cteId: number; serie: string; numero: string }>(
    await db.execute(sql`
      select cte_id as "cteId", (substr(chave, 23, 3)::int)::text as serie, coalesce(numero, substr(chave, 26, 9)::int)::text as numero
      from cte_nota where cte_id = any(${sql.raw(`array[${rows.map((r) => r.cteId).join(',')}]`)}::int[]) order by cte_id, id`),
  );
  return rows.map((r) => ({
    ...r,
    componentes: componentes(r.componentes),
    notas: notas.filter((x) => x.cteId === r.cteId).map(({ serie, numero }) => ({ serie, numero })),
  }));
}
