import Decimal from 'decimal.js';
import Papa from 'papaparse';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_PRE_FATURA_TRANSPORTADORA, MSG_PRE_FATURA_VAZIA, type ComparacaoPreFaturaLinha, type PreFatura, type PreFaturaCompleta } from '../../src/contracts/pre-faturas';
import { linhas as linhasDe } from '../../src/server/db/linhas';
import { cte } from '../../src/server/db/schema/cte';
import { lerDoccob } from '../../src/server/ingest/doccob/ler-doccob';
import { ctesPorId, obter } from './faturas-dados';
import { createHarness, json, type Harness } from './harness';
import { criarFatura } from './pagamentos-dados';

// /pre-faturas: the carrier's audited CT-es of a period at the accepted value, never in two pré-faturas; its
// detail, CSV, PDF and DOCCOB (read back by the project's reader: the same CT-es and values), the comparison with
// the faturas read, and bad input.

let h: Harness;
let token: string;
const db = () => h.bancos.COLACRIL.db;
type Dia = { transportadora: number; dia: string };
let dias: Dia[];

interface Auditado {
  id: number;
  serie: string;
  numero: number;
  cobrado: string;
  aceito: string;
}

/** The carrier's audited CT-es of a São Paulo day, with the value the shipper accepts. */
async function auditadosDoDia(d: Dia): Promise<Auditado[]> {
  const r = linhasDe<Auditado>(
    await db().execute(sql`
      select id, serie, numero, valor_total::text as cobrado,
        (case when status = 'AUDITADO_REVISADO' then coalesce(valor_correto, valor_auditoria) else valor_auditoria end)::text as aceito
      from cte where transportadora_id = ${d.transportadora} and to_char(data_emissao at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') = ${d.dia}
        and status in ('AUDITADO_SUCESSO', 'AUDITADO_OBSERVACOES', 'AUDITADO_REVISADO')
        and (case when status = 'AUDITADO_REVISADO' then coalesce(valor_correto, valor_auditoria) else valor_auditoria end) is not null
      order by id`),
  );
  return r.map((c) => ({ ...c, id: Number(c.id), numero: Number(c.numero) }));
}

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.tokenCom(['FRETE_PAG_M', 'FRETE_PAG_C'], 'GERENTE');
  dias = linhasDe<Dia>(
    await db().execute(sql`
      select transportadora_id as transportadora, to_char(data_emissao at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as dia
      from cte where transportadora_id is not null and status in ('AUDITADO_SUCESSO', 'AUDITADO_OBSERVACOES') and valor_auditoria is not null
        and not exists (select 1 from fatura_cte fc where fc.cte_id = cte.id)
      group by 1, 2 having count(*) >= 4 order by count(*) desc, 1, 2 limit 2`),
  ).map((d) => ({ ...d, transportadora: Number(d.transportadora) }));
  expect(dias).toHaveLength(2);
});
afterAll(() => h.close());

const criar = (body: unknown) => h.request('POST', '/api/pre-faturas', { token, body });

describe('POST /pre-faturas and its files', () => {
  let p: PreFatura;
  let esperados: Auditado[];
  let fora: Auditado;

  it('takes the carrier’s audited CT-es of the period at the accepted value, once', async () => {
    const d = dias[0];
    // One audited CT-e of the day fails its audit again: it stays out (and, billed, shows as billed outside it).
    [fora] = await auditadosDoDia(d);
    await db().update(cte).set({ status: 'AUDITADO_FALHA' }).where(inArray(cte.id, [fora.id]));
    esperados = await auditadosDoDia(d);
    const r = await criar({ transportadora: d.transportadora, inicio: d.dia, fim: d.dia });
    expect(r.status).toBe(200);
    const corpo = await json<{ mensagens: string[]; preFatura: PreFatura }>(r);
    p = corpo.preFatura;
    const total = esperados.reduce((s, c) => s.plus(c.aceito), new Decimal(0)).toFixed(2);
    expect(p).toMatchObject({ transportadora: { id: d.transportadora }, inicio: d.dia, fim: d.dia, quantidade: esperados.length, valorTotal: total });
    expect(corpo.mensagens).toEqual([`Pré-fatura ${p.id} criada com ${esperados.length} CT-e(s).`]);

    const completa = await obter<PreFaturaCompleta>(h, token, `/api/pre-faturas/${p.id}`);
    expect(completa.ctes.map((c) => [c.cteId, c.valorCobrado, c.valorAceito])).toEqual(esperados.map((c) => [c.id, c.cobrado, c.aceito]));
    expect((await obter<PreFatura[]>(h, token, '/api/pre-faturas'))[0]).toEqual(p);

    const deNovo = await criar({ transportadora: d.transportadora, inicio: d.dia, fim: d.dia });
    expect(deNovo.status).toBe(409);
    expect(await json(deNovo)).toEqual({ mensagens: [MSG_PRE_FATURA_VAZIA] });
  });

  it('its DOCCOB, read back by the project’s reader, gives the same CT-es and values', async () => {
    const r = await h.request('GET', `/api/pre-faturas/${p.id}/doccob`, { token });
    expect(r.status).toBe(200);
    const leitura = lerDoccob(new Uint8Array(await r.arrayBuffer()));
    if (!leitura.ok) throw new Error(leitura.motivo);
    expect(leitura.faturas).toHaveLength(1);
    const [f] = leitura.faturas;
    expect(f.valor).toBe(p.valorTotal);
    expect(f.ctes.map((c) => [c.serie, c.numero, c.valorFrete])).toEqual(esperados.map((c) => [c.serie, String(c.numero), c.aceito]));
  });

  it('its CSV and PDF', async () => {
    const r = await h.request('GET', `/api/pre-faturas/${p.id}/csv`, { token });
    expect(r.status).toBe(200);
    const { data } = Papa.parse<string[]>(await r.text(), { delimiter: ';', skipEmptyLines: true });
    expect(data[0]).toEqual(['Série', 'Número', 'Chave', 'Emissão', 'Valor cobrado', 'Valor aceito']);
    expect(data.slice(1).map((l) => [l[0], l[1], l[5]])).toEqual(esperados.map((c) => [c.serie, String(c.numero), c.aceito.replace('.', ',')]));
    const pdf = await h.request('GET', `/api/pre-faturas/${p.id}/pdf`, { token });
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  it('compares with the faturas read: same value, another value, missing, billed outside it', async () => {
    const [a, b] = await ctesPorId(db(), [esperados[0].id, esperados[1].id]);
    const [foraDemo] = await ctesPorId(db(), [fora.id]);
    const outro = new Decimal(esperados[1].aceito).plus('1.00').toFixed(2);
    const f = await criarFatura(db(), { cnpj: a.emitente, linhas: [{ cte: a, valorFrete: esperados[0].aceito }, { cte: b, valorFrete: outro }, { cte: foraDemo, valorFrete: '5.00' }] });
    const linhas = await obter<ComparacaoPreFaturaLinha[]>(h, token, `/api/pre-faturas/${p.id}/comparacao`);
    const por = new Map(linhas.map((l) => [l.cteId, l]));
    expect(por.get(a.id)).toMatchObject({ situacao: 'IGUAL', valorFaturado: esperados[0].aceito, faturas: [f.numero] });
    expect(por.get(b.id)).toMatchObject({ situacao: 'VALOR_DIFERENTE', valorAceito: esperados[1].aceito, valorFaturado: outro });
    expect(por.get(esperados[2].id)).toMatchObject({ situacao: 'NAO_FATURADO', valorFaturado: null, faturas: [] });
    expect(por.get(fora.id)).toMatchObject({ situacao: 'FATURADO_FORA', valorAceito: null, valorFaturado: '5.00' });
    expect(linhas).toHaveLength(esperados.length + 1);
  });

  it('a minimum difference keeps the charged value of the CT-es whose difference is below it', async () => {
    const d = dias[1];
    const doDia = await auditadosDoDia(d);
    const r = await criar({ transportadora: d.transportadora, inicio: d.dia, fim: d.dia, diferencaMinima: '99999999.00' });
    expect(r.status).toBe(200);
    const { preFatura } = await json<{ preFatura: PreFatura }>(r);
    const completa = await obter<PreFaturaCompleta>(h, token, `/api/pre-faturas/${preFatura.id}`);
    expect(completa.ctes.map((c) => [c.cteId, c.valorAceito])).toEqual(doDia.map((c) => [c.id, c.cobrado]));
  });

  it('answers bad input in Portuguese: 400, an unknown carrier or pré-fatura 404', async () => {
    const casos: [unknown, string][] = [
      [{ transportadora: dias[0].transportadora, inicio: '2030-02-01', fim: '2030-01-01' }, 'Período informado inválido, a data final deve ser maior ou igual que a inicial.'],
      [{ transportadora: dias[0].transportadora, inicio: '2030-02-30', fim: '2030-03-01' }, 'Data inicial: informe uma data válida (AAAA-MM-DD).'],
      [{ transportadora: dias[0].transportadora, inicio: '2030-01-01', fim: '2030-03-01', diferencaMinima: '1,5' }, 'Diferença mínima: informe um valor em reais (ex.: 0.50).'],
    ];
    for (const [body, mensagem] of casos) {
      const r = await criar(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(await json(r)).toEqual({ mensagens: [mensagem] });
    }
    const semTransportadora = await criar({ transportadora: 99_999_999, inicio: '2030-01-01', fim: '2030-01-02' });
    expect(semTransportadora.status).toBe(404);
    expect(await json(semTransportadora)).toEqual({ mensagens: [MSG_PRE_FATURA_TRANSPORTADORA] });
    for (const sufixo of ['', '/csv', '/pdf', '/doccob', '/comparacao']) expect((await h.request('GET', `/api/pre-faturas/99999999${sufixo}`, { token })).status, sufixo).toBe(404);
  });
});
