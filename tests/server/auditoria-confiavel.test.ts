import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CteLido } from '../../src/contracts/cte-documento';
import { mensagemTransportadoraNaoCadastrada, mensagemTransportadoraPelaRaiz, type AuditoriaCte, type CteCompleto, type CtePage, type ResultadoLote } from '../../src/contracts/ctes';
import { tabelaFreteSchema, type TabelaFrete } from '../../src/contracts/tabela-frete-modelo';
import { cte } from '../../src/server/db/schema/cte';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { corpoTabelaAlternativa, corpoTabelaAvila } from './auditoria-dados';
import { inserirCte, type NovoCte } from './ctes-dados';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';
import { CODIGOS, criarDadosTabelas, type DadosTabelas } from './tabelas-frete-dados';

// An audit one can trust (docs/decisoes.md §9–§11). One charged amount everywhere (vRec under ICMS60), the ICMS base
// reduction, the weight the carrier bills on, São Paulo dates, carriers registered later or found by their
// branch root, and approvals never lost silently. Table of carrier "Ávila" (2017): "Despacho" 20,00 without
// ICMS; route São Paulo → RJ "Frete peso" 0,50/kg with ICMS.

let h: Harness;
let token: string;
let d: DadosTabelas;
const db = () => h.bancos.COLACRIL.db;
const post = (path: string, body: unknown) => h.request('POST', path, { token, body });
const get = (path: string) => h.request('GET', path, { token });
const CNPJ_AVILA = '11222333000181';
let numero = 910_000;

/** A CT-e of Ávila São Paulo → Rio de Janeiro issued 10/05/2017, cargo R$ 1.000,00, with the next number. */
const cteAvila = (o: Partial<NovoCte>): NovoCte => ({
  numero: ++numero,
  emitente: CNPJ_AVILA,
  remetente: '34028316000103',
  destinatario: '27865757000102',
  dataEmissao: '2017-05-10T10:00:00-03:00',
  origem: [CODIGOS.saoPaulo, 'SAO PAULO', 'SP'],
  destino: [CODIGOS.rio, 'RIO DE JANEIRO', 'RJ'],
  valorCarga: '1000.00',
  ...o,
});

/** A PROCESSADO CT-e São Paulo → Rio de Janeiro of `emitente` (Ávila by default), 200 kg, audited by the route's "Frete peso". */
async function novo(o: Partial<NovoCte> & { transportadoraId?: number | null; peso?: string | null } = {}): Promise<number> {
  const id = await inserirCte(db(), cteAvila({ status: 'PROCESSADO', ...o }));
  const transportadoraId = o.transportadoraId === undefined ? d.transportadoras.avila : o.transportadoraId;
  await db()
    .update(cte)
    .set({ transportadoraId, pesoBruto: o.peso === undefined ? '200' : o.peso, pesoOrigem: 'teste' })
    .where(eq(cte.id, id));
  return id;
}
const auditar = async (ids: number[], extra: Record<string, unknown> = {}) => {
  const r = await post('/api/auditorias-cte/auditar', { ctes: ids, ...extra });
  expect(r.status, await r.clone().text()).toBe(200);
  return json<ResultadoLote>(r);
};
const auditoria = async (id: number) => (await json<CteCompleto>(await get(`/api/ctes/${id}`))).auditoria!;
const icms = (campos: Partial<NonNullable<CteLido['icms']>>): CteLido['icms'] => ({
  grupo: 'ICMS00',
  cst: '00',
  simplesNacional: false,
  baseCalculo: null,
  aliquota: null,
  valor: null,
  substituicao: null,
  ...campos,
});

beforeAll(async () => {
  h = await createHarness();
  token = await h.login('admin', SENHA_ADMIN_TESTE);
  d = await criarDadosTabelas(h);
  const r = await post('/api/tabelas-frete', corpoTabelaAvila(d));
  expect(r.status, await r.clone().text()).toBe(201);
  tabelaFreteSchema.parse(await json<TabelaFrete>(r));
});
afterAll(() => h?.close());

describe('one charged amount', () => {
  it('under ICMS60 vRec is the charged amount in the list row, the totals, the detail, the audit and the approval; vTPrest beside it', async () => {
    // No rate under substitution: 100,00 + 20,00 = 120,00 expected; vRec 120,00 (charged), vTPrest 136,36.
    const id = await novo({ valor: '136.36', valorReceber: '120.00', icms: icms({ grupo: 'ICMS60', cst: '60', substituicao: { baseCalculo: '136.36', aliquota: '12.00', valor: '16.36' } }) });
    const lista = await json<CtePage>(await get('/api/ctes/listar-simples?tomadorServico=TODOS&dataIni=2017-05-10&dataFim=2017-05-10&numeroCte=' + numero));
    expect(lista.content[0]).toMatchObject({ id, valorTotal: '120.00', valorPrestacao: '136.36', valorReceber: '120.00' });
    expect(lista.totais.valorTotal).toBe('120.00');
    expect((await json<CteCompleto>(await get(`/api/ctes/${id}`))).valorTotal).toBe('120.00');
    await auditar([id]);
    expect(await auditoria(id)).toMatchObject({ status: 'SUCESSO', valorCobrado: '120.00', valorTotal: '120.00', diferenca: '0.00' });
  });

  it('an overcharge under ICMS60 is compared with vRec and approved at vRec by the carrier value', async () => {
    const id = await novo({ valor: '150.00', valorReceber: '130.00', icms: icms({ grupo: 'ICMS60', cst: '60' }) });
    await auditar([id]);
    expect(await auditoria(id)).toMatchObject({ status: 'FALHA', valorCobrado: '130.00', diferenca: '10.00' });
    const r = await post('/api/auditorias-cte/aprovar', { ctes: [id], base: 'TRANSPORTADORA' });
    expect(r.status).toBe(200);
    expect(await auditoria(id)).toMatchObject({ status: 'REVISADO', valorCorreto: '130.00' });
  });
});

describe('São Paulo dates', () => {
  it('a CT-e issued 10/05/2017 22:26 -03:00 is listed and filtered on the 10th and priced with the tables in force that day', async () => {
    const id = await novo({ dataEmissao: '2017-05-10T22:26:00-03:00' });
    const noDia = await json<CtePage>(await get(`/api/ctes/listar-simples?tomadorServico=TODOS&dataIni=2017-05-10&dataFim=2017-05-10&numeroCte=${numero}`));
    expect(noDia.content.map((c) => c.id)).toEqual([id]);
    const diaSeguinte = await json<CtePage>(await get(`/api/ctes/listar-simples?tomadorServico=TODOS&dataIni=2017-05-11&dataFim=2017-05-11&numeroCte=${numero}`));
    expect(diaSeguinte.content).toEqual([]);
    // Cunha's only table starts on the 11th (the UTC day of the issue): not in force on the 10th.
    const tabela = await post('/api/tabelas-frete', {
      transportadora: { id: d.transportadoras.cunha },
      inicio: '2017-05-11',
      fim: null,
      elementosCusto: [{ descricao: 'Frete', modalidade: 'FIXO', valorMinimo: '10' }],
      percursos: [{ descricao: 'SP → RJ', origens: [{ uf: { id: d.ufs.SP } }], destinos: [{ uf: { id: d.ufs.RJ } }] }],
    });
    expect(tabela.status).toBe(201);
    const tarde = await novo({ dataEmissao: '2017-05-10T22:26:00-03:00', transportadoraId: d.transportadoras.cunha });
    await auditar([tarde]);
    expect((await auditoria(tarde)).mensagens.join(' ')).toContain('10/05/2017');
    expect(await auditoria(tarde)).toMatchObject({ status: 'ERRO' });
  });
});

describe('carriers', () => {
  it('a carrier registered after its CT-e was read is found by the audit (redo) and recorded on the CT-e', async () => {
    const cnpj = '08070508000178';
    const id = await novo({ emitente: cnpj, transportadoraId: null, valor: '120.00' });
    await auditar([id]);
    expect(await auditoria(id)).toMatchObject({ status: 'ERRO', mensagens: [mensagemTransportadoraNaoCadastrada('08.070.508/0001-78')] });
    const [nova] = await db()
      .insert(transportadora)
      .values({ fornecedorId: 'TARDIA', razaoSocial: 'Tardia Transportes Ltda', cnpj, cnpjFormatado: '08.070.508/0001-78' })
      .returning({ id: transportadora.id });
    const r = await post('/api/auditorias-cte/auditar', { ctes: [id], refazer: true });
    expect(r.status, await r.clone().text()).toBe(200);
    // Registered, but without a table: the audit now names the carrier's missing table, not the register.
    expect((await auditoria(id)).mensagens.join(' ')).toMatch(/Nenhuma tabela de frete vigente para Tardia Transportes Ltda/);
    expect((await db().select({ t: cte.transportadoraId }).from(cte).where(eq(cte.id, id)))[0].t).toBe(nova.id);
  });

  it('"Processar CT-es" completes a PROCESSADO CT-e whose carrier was registered later', async () => {
    const cnpj = '19131243000197';
    const id = await novo({ emitente: cnpj, transportadoraId: null });
    const [nova] = await db().insert(transportadora).values({ fornecedorId: 'TARDIA2', razaoSocial: 'Tardia Dois Ltda', cnpj }).returning({ id: transportadora.id });
    const r = await get('/api/ctes/processar');
    expect(r.status).toBe(200);
    expect((await json<ResultadoLote>(r)).mensagens.join(' ')).toMatch(/completado\(s\) com transportadora ou cliente cadastrados depois/);
    expect((await db().select({ t: cte.transportadoraId }).from(cte).where(eq(cte.id, id)))[0].t).toBe(nova.id);
  });

  it('a branch (same CNPJ root, not registered) is audited with the only registered carrier of that root, said in the messages', async () => {
    const filial = '11222333000262';
    const id = await novo({ emitente: filial, transportadoraId: null, valor: '133.64', icms: icms({ aliquota: '12.00' }) });
    await auditar([id]);
    const a = await auditoria(id);
    expect(a).toMatchObject({ status: 'SUCESSO', valorTotal: '133.64' });
    expect(a.mensagens).toEqual([mensagemTransportadoraPelaRaiz('11.222.333/0002-62', 'Alvorada Tabelateste Transportes Ltda', '11.222.333/0001-81')]);
  });
});

describe('approvals are never lost silently', () => {
  it('the table chosen with Trocar tabela stays the CT-e’s for later audits', async () => {
    const alternativa = tabelaFreteSchema.parse(await json(await post('/api/tabelas-frete', corpoTabelaAlternativa(d))));
    const id = await novo({ valor: '160.00', icms: icms({ aliquota: '12.00' }) });
    await auditar([id]);
    const trocada = await post('/api/auditorias-cte/trocar-tabela', { cte: id, tabelaFrete: alternativa.id });
    expect(trocada.status, await trocada.clone().text()).toBe(200);
    // 200 kg × 0,66 = 132,00 / 0,88 = 150,00.
    expect(await json<AuditoriaCte>(trocada)).toMatchObject({ valorTotal: '150.00', tabelaEscolhida: true });
    const r = await post('/api/auditorias-cte/auditar', { ctes: [id], refazer: true });
    expect(r.status).toBe(200);
    expect(await auditoria(id)).toMatchObject({ valorTotal: '150.00', tabelaEscolhida: true, tabelaFrete: { id: alternativa.id } });
    const historico = await json<AuditoriaCte[]>(await get(`/api/auditorias-cte/ctes/${id}`));
    expect(historico.map((a) => a.valorTotal)).toEqual(['150.00', '150.00', '133.64']);
  });
});

describe('the weight the carrier bills on', () => {
  /** A LIDO CT-e without notes, processed by "Processar CT-es": its weight comes from its cargo lines. */
  async function processado(itensCarga: CteLido['carga']['itens']) {
    const id = await inserirCte(db(), cteAvila({ valor: '345.00', icms: icms({ aliquota: null }), itensCarga }));
    expect((await get('/api/ctes/processar')).status).toBe(200);
    const [linha] = await db().select({ peso: cte.pesoBruto, origem: cte.pesoOrigem, status: cte.status }).from(cte).where(eq(cte.id, id));
    return { id, ...linha };
  }

  it('PESO DECLARADO 400 kg then PESO BASE DE CALCULO 650 kg: the audit prices 650 kg, the billed weight', async () => {
    const c = await processado([
      { unidade: '01', tipoMedida: 'PESO DECLARADO', quantidade: '400.0000' },
      { unidade: '01', tipoMedida: 'PESO BASE DE CALCULO', quantidade: '650.0000' },
      { unidade: '03', tipoMedida: 'VOLUMES', quantidade: '12.0000' },
    ]);
    expect(c).toMatchObject({ status: 'PROCESSADO', peso: '650.000', origem: 'CT-e, linha de carga "PESO BASE DE CALCULO"' });
    await auditar([c.id]);
    // 650 kg × 0,50 = 325,00 + Despacho 20,00 = 345,00, no rate given: exactly what was charged.
    expect(await auditoria(c.id)).toMatchObject({ status: 'SUCESSO', valorTotal: '345.00', diferenca: '0.00' });
  });

  it('a zero PESO BRUTO line is skipped for the next weight; tons count as kg × 1000', async () => {
    const zero = await processado([
      { unidade: '01', tipoMedida: 'PESO BRUTO', quantidade: '0.0000' },
      { unidade: '01', tipoMedida: 'PESO AFERIDO', quantidade: '480.5000' },
    ]);
    expect(zero).toMatchObject({ peso: '480.500', origem: 'CT-e, linha de carga "PESO AFERIDO"' });
    const toneladas = await processado([{ unidade: '02', tipoMedida: 'PESO BRUTO', quantidade: '1.2345' }]);
    expect(toneladas).toMatchObject({ peso: '1234.500', origem: 'CT-e, linha de carga "PESO BRUTO"' });
  });
});

describe('ICMS base reduction', () => {
  it('ICMS20 with pRedBC 50 %: 12 % on half the base is 6 %, so 100,00 / 0,94 + 20,00 = 126,38; 130,00 charged is an overcharge', async () => {
    const reduzido = await novo({ valor: '130.00', icms: icms({ grupo: 'ICMS20', cst: '20', aliquota: '12.00', reducaoBaseCalculo: '50.00' }) });
    const cheio = await novo({ valor: '130.00', icms: icms({ aliquota: '12.00' }) });
    await auditar([reduzido, cheio]);
    const a = await auditoria(reduzido);
    expect(a).toMatchObject({ status: 'FALHA', valorTotal: '126.38', valorCobrado: '130.00', diferenca: '3.62' });
    expect(a.traco.join('\n')).toMatch(/6(,00)?\s?%/);
    // Without the reduction the same table gives 100,00 / 0,88 + 20,00 = 133,64: 130,00 would be under it.
    expect(await auditoria(cheio)).toMatchObject({ valorTotal: '133.64', valorCobrado: '130.00' });
    expect((await auditoria(cheio)).status).not.toBe('FALHA');
  });
});
