// Part of bench/romaneios.ts: `quantidade` manifests of each flavour written straight by SQL over 24 months
// (two items each, every status; cancelled ones with their items inactive), then the latency of both lists
// (GET /api/romaneios/listar-simples and /api/romaneios-colacril/listar-simples; target: p99 ≤ 100 ms
// with 100,000 manifests) by default and with each filter of spec §2.7.
import { sql } from 'drizzle-orm';
import { mesSaoPaulo } from '../src/domain/sao-paulo-date';
import type { CompanyDatabase } from '../src/server/db/database';
import { linhas, medirConsulta, mil, type Servidor } from './bancos-bench';

const STATUS = `case when g % 10 = 0 then 'CANCELADO' when g % 10 in (1, 2) then 'FINALIZADO' when g % 10 = 3 then 'FATURAMENTO' else 'EXPEDICAO' end`;
/** Now in São Paulo back up to 730 days, recent ones heavier. */
const EMISSAO = `now() - make_interval(days => floor(730 * power(random(), 1.5))::int, secs => (g % 86400))`;

async function tabelasAuxiliares(tx: { execute: CompanyDatabase['db']['execute'] }) {
  const aux: [string, string][] = [
    ['_t', 'select id, cnpj from transportadora where cnpj ~ $$^[0-9]{14}$$ order by id limit 12'],
    ['_m', 'select id from municipio order by id limit 500'],
    ['_c', 'select id, cpf_cnpj as cnpj from cliente order by id limit 200'],
    ['_mo', 'select id from motorista order by id limit 20'],
    ['_tv', 'select id from tipo_veiculo order by id limit 5'],
  ];
  for (const [nome, consulta] of aux) {
    await tx.execute(sql.raw(`create temporary table ${nome} on commit drop as select row_number() over ()::int - 1 as i, x.* from (${consulta}) x`));
  }
  const [n] = linhas<Record<string, number>>(
    await tx.execute(sql.raw(`select ${aux.map(([t]) => `(select count(*) from ${t})::int as ${t.slice(1)}`).join(', ')}`)),
  );
  return n;
}

/** Inserts `quantidade` manifests of each flavour with two items each; returns the time taken. */
export async function gerarRomaneios(banco: CompanyDatabase, quantidade: number): Promise<number> {
  const t0 = performance.now();
  await banco.db.transaction(async (tx) => {
    const n = await tabelasAuxiliares(tx);
    await tx.execute(sql.raw(`insert into romaneio (status, data_emissao, motorista_id, valor_frete, valor_coleta)
      select ${STATUS}, ${EMISSAO}, mo.id, (500 + g % 3000)::numeric(15, 2), 50
      from generate_series(1, ${quantidade}) g join _mo mo on mo.i = g % ${n.mo}`));
    await tx.execute(sql.raw(`insert into romaneio_item (romaneio_id, item, nota_fiscal_id, pedido_id, volumes, peso, valor_nota_fiscal, cliente, transportadora, ativo)
      select r.id, k, (9000000 + r.id * 2 + k)::text, (700000 + r.id)::text, 3, 100 + r.id % 900, 1000 + r.id % 5000, c.cnpj, t.cnpj, r.status <> 'CANCELADO'
      from romaneio r cross join generate_series(1, 2) k join _c c on c.i = r.id % ${n.c} join _t t on t.i = r.id % ${n.t}`));
    await tx.execute(sql.raw(`insert into romaneio_os (status, data_emissao, transportadora_id, motorista_id, lacre, tipo_veiculo_id, origem_id, destino_id)
      select ${STATUS}, ${EMISSAO}, t.id, mo.id, 'L' || g, tv.id, mo2.id, md.id
      from generate_series(1, ${quantidade}) g join _t t on t.i = g % ${n.t} join _mo mo on mo.i = g % ${n.mo} join _tv tv on tv.i = g % ${n.tv}
        join _m mo2 on mo2.i = g % ${n.m} join _m md on md.i = (g * 7) % ${n.m}`));
    await tx.execute(sql.raw(`insert into romaneio_os_item (romaneio_os_id, item, pedido_id, cliente_id, peso_bruto, nota_fiscal_id, status, origem, ordens_servico)
      select r.id, k, (800000 + r.id)::text, c.id, 200, case when k = 1 then (5000000 + r.id)::text end,
        case when k = 1 then 'FATURADO' else 'EXPEDIDO' end, case when k = 1 then 'NOTA_FISCAL' else 'OS' end, jsonb_build_array((60000 + r.id)::text)
      from romaneio_os r cross join generate_series(1, 2) k join _c c on c.i = r.id % ${n.c}`));
  });
  for (const t of ['romaneio', 'romaneio_item', 'romaneio_os', 'romaneio_os_item']) await banco.db.execute(sql.raw(`vacuum analyze ${t}`));
  return performance.now() - t0;
}

async function amostra(banco: CompanyDatabase) {
  const { dataIni } = mesSaoPaulo();
  const [f] = linhas<{ nf: string; pedido: string }>(
    await banco.db.execute(sql`select i.nota_fiscal_id as nf, i.pedido_id as pedido from romaneio_item i join romaneio r on r.id = i.romaneio_id where r.data_emissao >= ${dataIni} order by i.id limit 1 offset 50`),
  );
  const [o] = linhas<{ transportadora: number; origem: number; cliente: number; nf: string }>(
    await banco.db.execute(sql`select r.transportadora_id as transportadora, r.origem_id as origem, i.cliente_id as cliente, i.nota_fiscal_id as nf
      from romaneio_os r join romaneio_os_item i on i.romaneio_os_id = r.id where i.nota_fiscal_id is not null order by r.id limit 1 offset 50`),
  );
  const [t] = linhas<{ id: number }>(await banco.db.execute(sql`select id from transportadora where cnpj = (select transportadora from romaneio_item limit 1)`));
  return { f, o, transportadoraFrete: t?.id };
}

/** Both lists: the default call (current month, 50 a page) and each filter of spec §2.7. */
export async function medirListasRomaneios(s: Servidor, banco: CompanyDatabase, quantidade: number): Promise<string[]> {
  const { dataIni, dataFim } = mesSaoPaulo();
  const { f, o, transportadoraFrete } = await amostra(banco);
  const hoje = new Date();
  const mes = `inicio=${dataIni}&fim=${dataFim}`;
  const anos = `inicio=${hoje.getFullYear() - 2}-01-01&fim=${hoje.getFullYear()}-12-31`;
  const consultas: [string, string, string][] = [
    ['romaneios', 'padrão (mês corrente, 50 por página)', mes],
    ['romaneios', 'status FATURAMENTO, 24 meses', `${anos}&status=FATURAMENTO`],
    ['romaneios', 'nº da NF, 24 meses', `${anos}&notaFiscal=${f.nf}`],
    ['romaneios', 'pedido, 24 meses', `${anos}&pedido=${f.pedido}`],
    ['romaneios', 'uma transportadora, mês corrente', `${mes}&transportadora=${transportadoraFrete}`],
    ['romaneios', 'página 40 de 24 meses', `${anos}&page=40`],
    ['romaneios-colacril', 'padrão (mês corrente, 50 por página)', mes],
    ['romaneios-colacril', 'uma transportadora, 24 meses', `${anos}&transportadora=${o.transportadora}`],
    ['romaneios-colacril', 'origem, mês corrente', `${mes}&origem=${o.origem}`],
    ['romaneios-colacril', 'cliente, mês corrente', `${mes}&cliente=${o.cliente}`],
    ['romaneios-colacril', 'nº da NF, 24 meses', `${anos}&notaFiscal=${o.nf}`],
    ['romaneios-colacril', 'página 40 de 24 meses', `${anos}&page=40`],
  ];
  const figuras: string[] = [];
  for (const [base, rotulo, q] of consultas) {
    const caminho = `/api/${base}/listar-simples?${q}`;
    const { latencia, totalElements } = await medirConsulta(s.url, s.token, caminho, `GET ${caminho}`);
    figuras.push(`GET /api/${base}/listar-simples com ${mil(quantidade)} romaneios, ${rotulo}: ${latencia}; ${mil(totalElements)} encontrados`);
  }
  return figuras;
}
