import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidCnpj } from '@brazilian-utils/brazilian-utils';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPRESAS, type Empresa } from '../../src/contracts/common';
import { STATUS_MINUTA } from '../../src/contracts/minutas';
import { faltasMinuta, minutaCompleta } from '../../src/domain/minutas/completude-minuta';
import { Dec } from '../../src/domain/frete/decimal-exato';
import { dataSaoPaulo, mesSaoPaulo } from '../../src/domain/sao-paulo-date';
import type { CompanyDatabase } from '../../src/server/db/database';
import { openPgliteDatabase } from '../../src/server/db/open-pglite';
import { minuta } from '../../src/server/db/schema/minuta';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { ERP_DEMO_TRANSPORTADORAS } from '../../src/server/demo/semear-erp-demo';
import { seedDatabase } from '../../src/server/carga-inicial/semear-banco';
import { CNPJ_DLB, NOME_AMOSTRA_CONEMB, NOTAS_ERP_AMOSTRA } from '../../src/server/demo/minutas-demo/amostra-conemb-demo';
import {
  FALTAS_MINUTA_DEMO,
  montarMinutasDemo,
  PLANO_MINUTAS_DEMO,
  type CteVinculadoDemo,
  type ModeloMinutaDemo,
} from '../../src/server/demo/minutas-demo/plano-minutas-demo';
import { demoErpNotasPedidos, demoErpSource, erpNotasPedidosDe } from '../../src/server/erp/erp-source';
import { sincronizarTransportadoras } from '../../src/server/erp/sincronizar-erp';
import { converterConhecimentos } from '../../src/server/minutas/converter-conhecimentos';
import { lerPastaConemb } from '../../src/server/minutas/ler-pasta-conemb';
import { pastasEdi } from '../../src/server/ingest/ler-pasta-edi';
import { openCompanyDatabases } from '../../src/server/abrir-bancos-empresas';
import { createHarness, SENHA_ADMIN_TESTE, TEST_DB, testDatabaseLocation, type Harness } from './harness';
import { PASTA_XML_TESTE } from './pasta-xml-teste';
import { relogio } from '../../src/domain/relogio';

// The demo minutas (docs/decisoes.md §32): every status, the incomplete ones lacking what the plan says, converted ones
// linked to demo CT-es; the CONEMB sample's carrier registered and the file in the input folder of a new
// demo database, once; none of it in production.
let h: Harness;
let edi: string;
beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  edi = mkdtempSync(join(tmpdir(), 'minutas-demo-'));
});
afterAll(async () => {
  await h?.close();
  rmSync(edi, { recursive: true, force: true });
});

const AMOSTRA = readFileSync(join(import.meta.dirname, '../fixtures/proceda/CONEMB-3.0-sample.txt'));
const linhas = <T>(r: unknown) => (r as { rows: T[] }).rows;
const minutas = (empresa: Empresa) => h.bancos[empresa].db.select().from(minuta).orderBy(asc(minuta.id));
const semear = (empresa: Empresa, opcoes: { demo?: boolean } = {}) =>
  seedDatabase(h.bancos[empresa], { adminPassword: SENHA_ADMIN_TESTE, demo: opcoes.demo ?? true, log: () => {}, pastaXml: PASTA_XML_TESTE, pastaEdi: edi });
const arquivosEm = (pasta: string) => (existsSync(pasta) ? readdirSync(pasta) : []);
const zerarMinutas = (banco: CompanyDatabase) => banco.db.execute(sql`truncate minuta, minuta_nota_fiscal, minuta_elemento_custo restart identity`);

/** The days montarMinutasDemo gives the minutas it dates itself (all but the linked ones) at `agora`. */
function datasMinutasDemo(agora: Date): Set<string> {
  const modelo: ModeloMinutaDemo = {
    transportadoraId: 1, serie: '1', maiorNumero: 100, origemId: 1, destinoId: 2, clienteId: 3, cnpjRemetente: '11222333000181',
    cnpjTomador: '11222333000181', peso: '10.000', valor: '50.00', icms: '12.00', componentes: [{ nome: 'FRETE PESO', valor: '50.00' }],
  };
  const { maiorNumero: _m, ...partes } = modelo;
  const vinculado: CteVinculadoDemo = { ...partes, cteId: 1, numero: 7, chave: '1'.repeat(44), dataEmissao: '2000-01-01', fatura: null, notas: [] };
  const modelos = Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => modelo));
  const feitas = montarMinutasDemo(modelos, [vinculado, vinculado], 0, agora);
  return new Set(feitas.filter((m) => m.linha.status !== 'PROCESSADO').map((m) => m.linha.dataEmissao!));
}

interface Filhos {
  id: number;
  notas: number;
  elementos: number;
  soma: string | null;
}
const filhos = async (empresa: Empresa) =>
  new Map(
    linhas<Filhos>(
      await h.bancos[empresa].db.execute(sql`
        select m.id, (select count(*) from minuta_nota_fiscal n where n.minuta_id = m.id)::int as notas,
               (select count(*) from minuta_elemento_custo e where e.minuta_id = m.id)::int as elementos,
               (select sum(e.valor)::text from minuta_elemento_custo e where e.minuta_id = m.id) as soma
        from minuta m`),
    ).map((f) => [f.id, f]),
  );

describe('demo minutas', () => {
  it.each(EMPRESAS)('%s: every status; each lacks exactly what the plan says; counts match the child rows', async (empresa) => {
    const lista = await minutas(empresa);
    const contagem = await filhos(empresa);
    expect(lista).toHaveLength(PLANO_MINUTAS_DEMO.length);
    for (const s of STATUS_MINUTA) expect(lista.filter((m) => m.status === s).length, s).toBeGreaterThanOrEqual(2);
    lista.forEach((m, i) => {
      const plano = PLANO_MINUTAS_DEMO[i];
      const f = contagem.get(m.id)!;
      expect([m.status, m.origemMinuta], `minuta ${i}`).toEqual([plano.status, plano.origemMinuta]);
      expect([m.quantidadeNotasFiscais, m.quantidadeElementosCusto], `minuta ${i}`).toEqual([f.notas, f.elementos]);
      const dados = { ...m, origem: m.origemId, destino: m.destinoId, transportadora: m.transportadoraId, cliente: m.clienteId, quantidadeNotasFiscais: f.notas, quantidadeElementosCusto: f.elementos };
      expect(faltasMinuta(dados), `minuta ${i} (${plano.tipo})`).toEqual(FALTAS_MINUTA_DEMO[plano.tipo]);
      expect(minutaCompleta(dados)).toBe(plano.status === 'PENDENTE' && plano.tipo === 'COMPLETA');
      // Cost elements, when there are any, sum to the freight value; every CNPJ is valid.
      if (f.elementos) expect(new Dec(f.soma!).toFixed(2)).toBe(m.valorTotalFrete);
      expect(isValidCnpj(m.cnpjTomador!) && isValidCnpj(m.cnpjRemetente!), `minuta ${i}`).toBe(true);
      expect(m.percentualIcms).not.toBeNull();
      expect(m.cteId === null).toBe(m.status !== 'PROCESSADO');
    });
    const prontas = lista.filter((m, i) => m.status === 'PENDENTE' && PLANO_MINUTAS_DEMO[i].tipo === 'COMPLETA');
    expect(prontas.length).toBeGreaterThanOrEqual(6);
    expect(lista.filter((m) => m.status === 'PENDENTE').length - prontas.length).toBeGreaterThanOrEqual(4);
  });

  it.each(EMPRESAS)('%s: dated in the seed\'s São Paulo month, nothing in the future; converted ones are demo CT-es of the same carrier, série and número', async (empresa) => {
    const { db } = h.bancos[empresa];
    const hoje = dataSaoPaulo(relogio.agora())!;
    for (const m of await minutas(empresa)) {
      expect(m.dataEmissao! <= hoje).toBe(true);
      if (m.status !== 'PROCESSADO') expect(m.dataEmissao! >= mesSaoPaulo(m.criadaEm).dataIni && m.dataEmissao! <= dataSaoPaulo(m.criadaEm)!).toBe(true);
    }
    const pares = linhas<{ status: string; mesmo: boolean; cte: number | null; acima: boolean }>(
      await db.execute(sql`
        select m.status, c.id as cte,
          (c.transportadora_id = m.transportadora_id and c.serie = m.serie and c.numero::text = m.numero and c.chave = m.chave
           and to_char(c.data_emissao at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') = m.data_emissao::text
           and c.valor_total = m.valor_total_frete and c.peso_bruto = m.peso and c.cliente_id = m.cliente_id) as mesmo,
          m.numero::int > (select max(x.numero) from cte x join transportadora t on t.cnpj = x.emitente_documento where t.id = m.transportadora_id) as acima
        from minuta m left join cte c on c.id = m.cte_id order by m.id`),
    );
    for (const p of pares) {
      if (p.status === 'PROCESSADO') expect(p).toMatchObject({ mesmo: true });
      // Not converted yet: a número the carrier never issued (converting creates a new CT-e).
      else expect(p).toMatchObject({ cte: null, acima: true });
    }
  });

  it.each(EMPRESAS)('%s: the sample\'s carrier DLB is registered from the demo ERP, which keeps its size; its notes of série 11 are in the ERP', async (empresa) => {
    const banco = h.bancos[empresa];
    const dlb = await banco.db.select().from(transportadora).where(eq(transportadora.cnpj, CNPJ_DLB));
    expect(dlb).toHaveLength(1);
    expect(dlb[0]).toMatchObject({ cnpjFormatado: '18.484.199/0001-36', ativado: true, razaoSocial: expect.stringMatching(/^DLB /) });
    expect(await sincronizarTransportadoras(banco.db, demoErpSource(banco))).toEqual({ adicionados: 0, atualizados: 0, total: ERP_DEMO_TRANSPORTADORAS });
    // Nothing of the database points at the carrier DLB replaced in the demo ERP.
    const [{ usos }] = linhas<{ usos: number }>(
      await banco.db.execute(sql`select ((select count(*) from cte where transportadora_id = ${dlb[0].id} or emitente_documento = ${CNPJ_DLB})
        + (select count(*) from tabela_frete where transportadora_id = ${dlb[0].id}) + (select count(*) from fatura where transportadora_id = ${dlb[0].id}))::int as usos`),
    );
    expect(usos).toBe(0);

    const texto = AMOSTRA.toString('latin1');
    const notas = await demoErpNotasPedidos(banco).notasPorNumero(NOTAS_ERP_AMOSTRA.map((n) => ({ serie: '011', numero: n.numero })));
    expect(notas.map((n) => n.numero).sort()).toEqual(NOTAS_ERP_AMOSTRA.map((n) => n.numero).sort());
    const clientes = linhas<{ n: number }>(
      await banco.db.execute(sql`select count(*)::int as n from cliente where cliente_id = any(${sql.raw(`array[${notas.map((n) => `'${n.clienteId}'`).join(',')}]`)})`),
    );
    expect(clientes[0].n).toBeGreaterThanOrEqual(1);
    for (const n of NOTAS_ERP_AMOSTRA) {
      // Each is the NF (série 11, first slot at 233) of its conhecimento (número at 19/12) in the file.
      const registro = texto.split('\r\n').find((l) => l.startsWith('322') && Number(l.slice(18, 30)) === Number(n.conhecimento));
      expect(registro?.slice(232, 243)).toBe(`11 ${String(n.numero).padStart(8, '0')}`);
    }
  });

  it('the dates stay in the São Paulo month of the seed whatever the hour (CI runs at 00:04 there)', () => {
    // 00:04 on the 1st in São Paulo (03:04 UTC): every day is the 1st; 23:30 on 29/02 (02:30 UTC on 01/03): February.
    expect(datasMinutasDemo(new Date('2024-03-01T03:04:00Z'))).toEqual(new Set(['2024-03-01']));
    const fevereiro = datasMinutasDemo(new Date('2024-03-01T02:30:00Z'));
    expect([...fevereiro].every((d) => d >= '2024-02-21' && d <= '2024-02-29')).toBe(true);
    expect(fevereiro.has('2024-02-29')).toBe(true);
  });
});

describe('the CONEMB sample in the input folder', () => {
  it('seeding again changes nothing and places no file', async () => {
    const antes = await minutas('COLACRIL');
    await semear('COLACRIL');
    expect(await minutas('COLACRIL')).toEqual(antes);
    expect(arquivosEm(edi)).toEqual([]);
  });

  it('a new demo database gets the sample, byte for byte, once; never over a file of that name', async () => {
    const banco = h.bancos.COLACRIL;
    const entrada = pastasEdi(edi, 'COLACRIL', 'conemb').entrada;
    await zerarMinutas(banco);
    await semear('COLACRIL');
    expect(await minutas('COLACRIL')).toHaveLength(PLANO_MINUTAS_DEMO.length);
    expect(arquivosEm(entrada)).toEqual([NOME_AMOSTRA_CONEMB]);
    expect(readFileSync(join(entrada, NOME_AMOSTRA_CONEMB)).equals(AMOSTRA)).toBe(true);
    expect(arquivosEm(pastasEdi(edi, 'RRE', 'conemb').entrada)).toEqual([]);
    // Read and moved away: a later start does not bring it back.
    rmSync(join(entrada, NOME_AMOSTRA_CONEMB));
    await semear('COLACRIL');
    expect(arquivosEm(entrada)).toEqual([]);
    // A file of that name already there is kept as it is.
    await zerarMinutas(banco);
    writeFileSync(join(entrada, NOME_AMOSTRA_CONEMB), 'outro conteúdo');
    await semear('COLACRIL');
    expect(readFileSync(join(entrada, NOME_AMOSTRA_CONEMB), 'utf8')).toBe('outro conteúdo');
    rmSync(join(entrada, NOME_AMOSTRA_CONEMB));
  });

  it('a fresh demo start reads and converts it: 21 minutas of DLB, those whose notes the ERP knows with client and destination', async () => {
    const banco = h.bancos.COLACRIL;
    const pastas = pastasEdi(edi, 'COLACRIL', 'conemb');
    await zerarMinutas(banco);
    await semear('COLACRIL');
    for (const p of [pastas.saida, pastas.erro]) mkdirSync(p, { recursive: true });
    expect(await lerPastaConemb(banco.db, pastas)).toMatchObject({ arquivos: 1, conhecimentos: 21, erros: [] });
    const r = await converterConhecimentos(banco.db, erpNotasPedidosDe(banco));
    expect(r).toMatchObject({ minutas: 21, comCliente: NOTAS_ERP_AMOSTRA.length, semTransportadora: 0 });
    const [{ dlb, comDestino }] = linhas<{ dlb: number; comDestino: number }>(
      await banco.db.execute(sql`select (count(*) filter (where t.cnpj = ${CNPJ_DLB}))::int as dlb, (count(*) filter (where m.destino_id is not null and m.cliente_id is not null))::int as "comDestino"
        from minuta m join transportadora t on t.id = m.transportadora_id where m.conhecimento_id is not null`),
    );
    expect({ dlb, comDestino }).toEqual({ dlb: 21, comDestino: NOTAS_ERP_AMOSTRA.length });
  });

  it('a database that read a CONEMB gets neither demo minutas nor the file', async () => {
    await zerarMinutas(h.bancos.COLACRIL);
    await semear('COLACRIL');
    expect(await minutas('COLACRIL')).toEqual([]);
    expect(arquivosEm(pastasEdi(edi, 'COLACRIL', 'conemb').entrada)).toEqual([]);
  });
});

describe('production (ADMIN_PASSWORD set, no demo)', () => {
  it('a new database has no demo minutas, no DLB and no file; a production start over a demo database adds none', { timeout: 120_000 }, async () => {
    const pasta = mkdtempSync(join(tmpdir(), 'minutas-prod-'));
    // A new database: this file's own PostgreSQL schemas, or one in-memory PGlite.
    const bancos: CompanyDatabase[] = TEST_DB === 'pg' ? Object.values(await openCompanyDatabases(testDatabaseLocation())) : [await openPgliteDatabase('COLACRIL')];
    try {
      const banco = bancos.find((b) => b.empresa === 'COLACRIL')!;
      if (TEST_DB !== 'pg') await banco.migrate();
      await seedDatabase(banco, { adminPassword: 'senha-de-producao', log: () => {}, pastaXml: PASTA_XML_TESTE, pastaEdi: pasta });
      const [{ m, t }] = linhas<{ m: number; t: number }>(
        await banco.db.execute(sql`select (select count(*) from minuta)::int as m, (select count(*) from transportadora)::int as t`),
      );
      expect({ m, t }).toEqual({ m: 0, t: 0 });
      expect(readdirSync(pasta, { recursive: true })).toEqual([]);
    } finally {
      await Promise.allSettled(bancos.map((b) => b.close()));
      rmSync(pasta, { recursive: true, force: true });
    }
    await zerarMinutas(h.bancos.RRE);
    await semear('RRE', { demo: false });
    expect(await minutas('RRE')).toEqual([]);
    expect(arquivosEm(pastasEdi(edi, 'RRE', 'conemb').entrada)).toEqual([]);
  });
});
