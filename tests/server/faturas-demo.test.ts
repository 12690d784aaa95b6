import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Empresa } from '../../src/contracts/common';
import { Dec } from '../../src/domain/frete/decimal-exato';
import { dataSaoPaulo } from '../../src/domain/sao-paulo-date';
import { fatura } from '../../src/server/db/schema/fatura';
import { FATURAS_DEMO, nomeArquivoFaturaDemo, ACRESCIMO_DEMO } from '../../src/server/demo/faturas-demo/montar-faturas-demo';
import { somarDias } from '../../src/domain/sao-paulo-date';
import { seedDatabase } from '../../src/server/carga-inicial/semear-banco';
import { faturaCompleta, fretesFatura } from '../../src/server/faturas/fatura-completa';
import { lerArquivoDoccob } from '../../src/server/faturas/ler-arquivo-doccob';
import { pastasEdi } from '../../src/server/ingest/ler-pasta-edi';
import { lerDoccob } from '../../src/server/ingest/doccob/ler-doccob';
import { createHarness, SENHA_ADMIN_TESTE, type Harness } from './harness';
import { PASTA_XML_TESTE } from './pasta-xml-teste';
import { relogio } from '../../src/domain/relogio';

// The demo faturas (docs/decisoes.md §32): three DOCCOB files written from the demo CT-es and read through the real
// reader and linker at the first start, and one more left unread in the DOCCOB input folder.
let h: Harness;
let edi: string;
beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  edi = mkdtempSync(join(tmpdir(), 'faturas-demo-'));
});
afterAll(async () => {
  await h?.close();
  rmSync(edi, { recursive: true, force: true });
});

const EMPRESAS = ['COLACRIL', 'RRE'] as const;
const NUMEROS = [FATURAS_DEMO.conferida.numero, FATURAS_DEMO.acrescimo.numero, FATURAS_DEMO.naoEncontrado.numero];
const linhas = <T>(r: unknown) => (r as { rows: T[] }).rows;
const faturas = (empresa: Empresa) => h.bancos[empresa].db.select().from(fatura).orderBy(asc(fatura.id));
const semear = (empresa: Empresa) =>
  seedDatabase(h.bancos[empresa], { adminPassword: SENHA_ADMIN_TESTE, demo: true, log: () => {}, pastaXml: PASTA_XML_TESTE, pastaEdi: edi });
const arquivosEm = (pasta: string) => (existsSync(pasta) ? readdirSync(pasta) : []);

describe('demo faturas', () => {
  it.each(EMPRESAS)('%s: three faturas of three carriers, issued the day they were read, nothing in the future', async (empresa) => {
    const lista = await faturas(empresa);
    const hoje = dataSaoPaulo(relogio.agora())!;
    expect(lista.map((f) => f.numeroDocumento)).toEqual(NUMEROS);
    expect(new Set(lista.map((f) => f.transportadoraCnpj)).size).toBe(3);
    for (const f of lista) {
      expect(f).toMatchObject({ status: 'PROCESSADO', layout: '3.0A', avisos: [], nomeArquivo: nomeArquivoFaturaDemo(f.transportadoraCnpj, f.numeroDocumento) });
      expect(f.transportadoraId).not.toBeNull();
      expect(f.dataEmissao).toBe(dataSaoPaulo(f.lidaEm));
      expect(f.dataEmissao <= hoje).toBe(true);
      expect(f.lidaEm.getTime()).toBeLessThanOrEqual(relogio.agoraMs());
      expect(f.dataVencimento).toBe(somarDias(f.dataEmissao, 15));
      expect(f.dataIntercambio!.slice(0, 10)).toBe(f.dataEmissao);
    }
    // Every CT-e line was emitted before its fatura's day.
    const [{ depois }] = linhas<{ depois: number }>(
      await h.bancos[empresa].db.execute(sql`select count(*)::int as depois from fatura_cte fc join fatura f on f.id = fc.fatura_id where fc.data_emissao >= f.data_emissao`),
    );
    expect(depois).toBe(0);
  });

  it.each(EMPRESAS)('%s: one fatura conferida, one with a CT-e overbilled, one with a CT-e not in the database', async (empresa) => {
    const { db } = h.bancos[empresa];
    const [conferida, acrescimo, naoEncontrado] = await Promise.all((await faturas(empresa)).map((f) => faturaCompleta(db, f.id)));
    expect(conferida.conferencia).toMatchObject({ conferida: true, divergencias: 0, ctes: FATURAS_DEMO.conferida.ctes, naoEncontrados: 0, valorDivergente: 0 });
    expect(conferida.conferencia.valorFaturado).toBe(conferida.conferencia.valorCobrado);
    expect(conferida.valorTotal).toBe(conferida.conferencia.valorFaturado);
    // Issue 29: the conferida one is payable; the other two are blocked for payment, each saying why.
    expect(conferida).toMatchObject({ situacaoPagamento: 'LIBERADA', bloqueios: [], valorAPagar: conferida.valorTotal });
    expect([acrescimo.situacaoPagamento, naoEncontrado.situacaoPagamento]).toEqual(['BLOQUEADA', 'BLOQUEADA']);
    expect(acrescimo.bloqueios.map((b) => b.regra)).toContain('DIVERGENCIA_ABERTA');
    expect(naoEncontrado.bloqueios.map((b) => b.regra)).toContain('CTE_NAO_ENCONTRADO');

    expect(acrescimo.conferencia).toMatchObject({ conferida: false, divergencias: 1, ctes: FATURAS_DEMO.acrescimo.ctes, naoEncontrados: 0, valorDivergente: 1, falhas: 0, erros: 0 });
    expect(new Dec(acrescimo.conferencia.valorFaturado).minus(acrescimo.conferencia.valorCobrado).toFixed(2)).toBe(ACRESCIMO_DEMO);
    const [errada] = (await fretesFatura(db, acrescimo.id, 0, 300)).content.filter((l) => l.divergente);
    expect(errada).toMatchObject({ valorDivergente: true, situacao: expect.stringMatching(/^(AUDITADO|APROVADO)$/) });
    expect(new Dec(errada.valorFrete!).minus(errada.valorCobrado!).toFixed(2)).toBe(ACRESCIMO_DEMO);

    expect(naoEncontrado.conferencia).toMatchObject({
      conferida: false,
      divergencias: 1,
      ctes: FATURAS_DEMO.naoEncontrado.ctes + 1,
      encontrados: FATURAS_DEMO.naoEncontrado.ctes,
      naoEncontrados: 1,
      falhas: 0,
      erros: 0,
      naoAuditados: 0,
    });
    const [ausente] = (await fretesFatura(db, naoEncontrado.id, 0, 300)).content.filter((l) => l.divergente);
    expect(ausente).toMatchObject({ situacao: 'NAO_ENCONTRADO', cteId: null, chave: null });
    const [{ maior }] = linhas<{ maior: number }>(
      await db.execute(sql`select max(numero)::int as maior from cte where emitente_documento = ${naoEncontrado.transportadora.cnpj}`),
    );
    expect(Number(ausente.numero)).toBeGreaterThan(maior);
  });

  it.each(EMPRESAS)('%s: lines linked by key and by CNPJ + série + número, and the CT-es carry the fatura number', async (empresa) => {
    const vinculos = linhas<{ numero: string; porChave: number; porNumero: number; certos: number; marcados: number }>(
      await h.bancos[empresa].db.execute(sql`
        select f.numero_documento as numero,
          (count(*) filter (where fc.chave is not null and fc.cte_id is not null))::int as "porChave",
          (count(*) filter (where fc.chave is null and fc.cte_id is not null))::int as "porNumero",
          (count(*) filter (where c.chave = coalesce(fc.chave, c.chave) and c.numero::text = fc.numero and c.serie = fc.serie and c.emitente_documento = fc.cnpj_emissor))::int as certos,
          (count(*) filter (where c.numero_fatura = f.numero_documento))::int as marcados
        from fatura f join fatura_cte fc on fc.fatura_id = f.id left join cte c on c.id = fc.cte_id
        group by f.id, f.numero_documento order by f.id`),
    );
    const [a, b, c] = vinculos;
    expect(a).toEqual({ numero: NUMEROS[0], porChave: 4, porNumero: 4, certos: 8, marcados: 8 });
    expect(b).toEqual({ numero: NUMEROS[1], porChave: 3, porNumero: 3, certos: 6, marcados: 6 });
    expect(c).toEqual({ numero: NUMEROS[2], porChave: 3, porNumero: 2, certos: 5, marcados: 5 });
  });

  it('seeding again changes nothing and drops no file', async () => {
    const antes = await faturas('COLACRIL');
    await semear('COLACRIL');
    expect(await faturas('COLACRIL')).toEqual(antes);
    expect(arquivosEm(edi)).toEqual([]);
  });

  it('a new database leaves one 5.0 DOCCOB in the input folder, unread, with one divergent CT-e; later starts leave none', async () => {
    const { db } = h.bancos.COLACRIL;
    // "New": no fatura yet (the demo CT-es stay, released from their faturas).
    await db.execute(sql`truncate fatura, fatura_documento, fatura_cte, aprovacao, contestacao, contestacao_linha restart identity`);
    await db.execute(sql`update cte set numero_fatura = null where numero_fatura is not null`);
    await semear('COLACRIL');
    const lidas = await faturas('COLACRIL');
    expect(lidas.map((f) => f.numeroDocumento)).toEqual(NUMEROS);

    const { entrada } = pastasEdi(edi, 'COLACRIL', 'doccob');
    const [nome, ...outros] = arquivosEm(entrada);
    expect(outros).toEqual([]);
    expect(arquivosEm(pastasEdi(edi, 'RRE', 'doccob').entrada)).toEqual([]);
    const bytes = readFileSync(join(entrada, nome));
    const leitura = lerDoccob(bytes);
    if (!leitura.ok) throw new Error(leitura.motivo);
    const [doc] = leitura.faturas;
    expect(doc).toMatchObject({ layout: '5.0', numero: FATURAS_DEMO.arquivo.numero, dataEmissao: lidas[0].dataEmissao, avisos: [] });
    expect(nome).toBe(nomeArquivoFaturaDemo(doc.transportadora.cnpj, doc.numero));
    expect(lidas.map((f) => f.transportadoraCnpj)).not.toContain(doc.transportadora.cnpj);

    const r = await lerArquivoDoccob(db, nome, bytes);
    expect(r).toMatchObject({ tipo: 'LIDA', ctesVinculados: FATURAS_DEMO.arquivo.ctes + 1, ctesNaoEncontrados: 0 });
    const { conferencia } = await faturaCompleta(db, (r as { faturaId: number }).faturaId);
    expect(conferencia).toMatchObject({ conferida: false, divergencias: 1, falhas: 1, valorDivergente: 0 });

    rmSync(join(entrada, nome));
    await semear('COLACRIL');
    expect(arquivosEm(entrada)).toEqual([]);
    expect(await faturas('COLACRIL')).toHaveLength(4);
  });
});
