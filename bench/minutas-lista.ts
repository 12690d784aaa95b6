// Part of bench/minutas.ts: `quantidade` minutas written straight by SQL over 24 months (every status; the
// PENDENTE ones of the current month complete, with one nota fiscal and one cost element each), the latency
// of GET /api/minutas, then POST /api/minutas/confirmar with 1,000 ids and "Converter CT-es" of them.
import { sql } from 'drizzle-orm';
import { mesSaoPaulo } from '../src/domain/sao-paulo-date';
import type { CompanyDatabase } from '../src/server/db/database';
import { converterMinutasEmCtes } from '../src/server/minutas/converter-ctes';
import { linhas, medirConsulta, mil, type Servidor } from './bancos-bench';
import { time } from './measure';

export const A_CONFIRMAR = 1_000;

/** Inserts `quantidade` minutas (and the children of the complete ones); returns the time taken. */
export async function gerarMinutas(banco: CompanyDatabase, quantidade: number): Promise<number> {
  const t0 = performance.now();
  await banco.db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table _t on commit drop as
      select row_number() over (order by id)::int - 1 as i, id, cnpj from transportadora where cnpj ~ '^[0-9]{14}$' order by id limit 12`);
    await tx.execute(sql`create temporary table _m on commit drop as
      select row_number() over (order by id)::int - 1 as i, id from municipio order by id limit 500`);
    await tx.execute(sql`create temporary table _c on commit drop as
      select row_number() over (order by id)::int - 1 as i, id from cliente order by id limit 200`);
    const [n] = linhas<{ t: number; m: number; c: number }>(
      await tx.execute(sql`select (select count(*) from _t)::int as t, (select count(*) from _m)::int as m, (select count(*) from _c)::int as c`),
    );
    // Day: today in São Paulo back up to 730 days, recent ones heavier; status by g: 1 in 10 converted, 2 in 10 confirmed.
    await tx.execute(sql`insert into minuta (status, fatura, numero, serie, data_emissao, transportadora_id, origem_id, destino_id, cliente_id, peso,
        percentual_icms, valor_total_frete, cnpj_tomador, cnpj_remetente, quantidade_notas_fiscais, quantidade_elementos_custo, origem_minuta)
      select case when g % 10 = 0 then 'PROCESSADO' when g % 10 in (1, 2) then 'PREENCHIDO' else 'PENDENTE' end,
        (100000 + g / 7)::text, (800000000 + g)::text, '1',
        (now() at time zone 'America/Sao_Paulo')::date - floor(730 * power(random(), 1.5))::int,
        t.id, mo.id, md.id, c.id, (100 + g % 900)::numeric, 12, (150 + (g % 1000) * 1.37)::numeric(15, 2),
        '89850341001212', '89850341001212', 1, 1, case when g % 3 = 0 then 'CONEMB' else 'MANUAL' end
      from generate_series(1, ${quantidade}) as g
      join _t t on t.i = g % ${n.t} join _m mo on mo.i = g % ${n.m} join _m md on md.i = (g * 7) % ${n.m} join _c c on c.i = g % ${n.c}`);
    await tx.execute(sql`insert into minuta_nota_fiscal (minuta_id, serie, numero) select id, '1', numero from minuta where cte_id is null`);
    await tx.execute(sql`insert into minuta_elemento_custo (minuta_id, nome, valor) select id, 'Frete peso', valor_total_frete from minuta where cte_id is null`);
  });
  for (const t of ['minuta', 'minuta_nota_fiscal', 'minuta_elemento_custo']) await banco.db.execute(sql.raw(`vacuum analyze ${t}`));
  return performance.now() - t0;
}

/** GET /api/minutas: the default call (current month, 20 a page) and each filter of the spec. */
export async function medirListaMinutas(s: Servidor, banco: CompanyDatabase): Promise<string[]> {
  const { dataIni, dataFim } = mesSaoPaulo();
  const [a] = linhas<{ fatura: string; numero: string; transportadora: number }>(
    await banco.db.execute(sql`select fatura, numero, transportadora_id as transportadora from minuta where data_emissao >= ${dataIni} order by id limit 1 offset 50`),
  );
  const mes = `dataEmissao>=${dataIni};dataEmissao<=${dataFim}`;
  const hoje = new Date();
  const anos = `dataEmissao>=${hoje.getFullYear() - 2}-01-01;dataEmissao<=${hoje.getFullYear()}-12-31`;
  const consultas: [string, string][] = [
    ['padrão (mês corrente, 20 por página)', `search=${mes}`],
    ['uma transportadora, mês corrente', `search=${mes}&transportadora=id:${a.transportadora}`],
    ['uma transportadora, 24 meses', `search=${anos}&transportadora=id:${a.transportadora}`],
    ['nº da fatura, 24 meses', `search=${anos};fatura:${a.fatura}`],
    ['nº da minuta, 24 meses', `search=${anos};numero:${a.numero}`],
    ['página 50 de 24 meses', `search=${anos}&page=50`],
    ['100 por página, 24 meses', `search=${anos}&size=100`],
  ];
  const figuras: string[] = [];
  for (const [rotulo, q] of consultas) {
    const caminho = `/api/minutas?${q.replace(/;/g, '%3B')}`;
    const { latencia, totalElements } = await medirConsulta(s.url, s.token, caminho, `GET ${caminho}`);
    figuras.push(`${rotulo}: ${latencia}; ${mil(totalElements)} encontradas`);
  }
  return figuras;
}

/** POST /api/minutas/confirmar with A_CONFIRMAR complete PENDENTE minutas, then "Converter CT-es" of them. */
export async function medirConfirmacao(nome: string, s: Servidor, banco: CompanyDatabase): Promise<string[]> {
  const ids = linhas<{ id: number }>(
    // The generated ones (número from 800000001, all complete): the demo's incomplete minutas may be dated today.
    await banco.db.execute(sql`select id from minuta where status = 'PENDENTE' and length(numero) = 9 and numero > '800000000' order by data_emissao desc, id desc limit ${A_CONFIRMAR}`),
  ).map((l) => l.id);
  const [ms, r] = await time(async () => {
    const resposta = await fetch(`${s.url}/api/minutas/confirmar`, {
      method: 'POST',
      headers: { authorization: s.token, 'content-type': 'application/json' },
      body: JSON.stringify({ ids }),
    });
    if (!resposta.ok) throw new Error(`POST /api/minutas/confirmar: ${resposta.status} ${await resposta.text()}`);
    return (await resposta.json()) as { confirmadas: number };
  });
  const [msCtes, ctes] = await time(() => converterMinutasEmCtes(banco.db));
  return [
    `${nome}: POST /api/minutas/confirmar com ${mil(ids.length)} ids: ${ms.toFixed(0)} ms (${mil(r.confirmadas)} confirmadas)`,
    `${nome}: "Converter CT-es" de ${mil(ctes.criados + ctes.vinculados)} minutas confirmadas: ${(msCtes / 1000).toFixed(2)} s (${mil(ctes.criados)} CT-es criados, ${mil(ctes.vinculados)} vinculados)`,
  ];
}
