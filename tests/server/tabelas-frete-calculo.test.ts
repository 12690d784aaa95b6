import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabelaFreteSchema, type TabelaFrete } from '../../src/contracts/tabela-frete-modelo';
import { resultadosCalculoSchema } from '../../src/contracts/calculo-frete';
import { formatBrl } from '../../src/domain/format-brl';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { carregarTabelasVigentes } from '../../src/server/tabelas-frete/carregar-tabelas-vigentes';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';
import { CODIGOS, criarDadosTabelas, desativarTransportadora, type DadosTabelas } from './tabelas-frete-dados';

let h: Harness;
let token: string;
let d: DadosTabelas;
let carreta: number;
let alvorada: TabelaFrete;

const post = (path: string, body: unknown) => h.request('POST', path, { token, body });
const criar = async (body: unknown): Promise<TabelaFrete> => {
  const r = await post('/api/tabelas-frete', body);
  expect(r.status, await r.clone().text()).toBe(201);
  return tabelaFreteSchema.parse(await json(r));
};
const SEM_ICMS: string[] = [];

// Tables in force from 2017 (the demo seed's are of later years), priced so the totals are easy by hand.
beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.login('admin', SENHA_ADMIN_TESTE);
  d = await criarDadosTabelas(h);
  carreta = (await json(await post('/api/tipos-veiculo', { descricao: 'Carreta Calculoteste' }))).id;
  alvorada = await criar({
    transportadora: { id: d.transportadoras.avila },
    inicio: '2017-01-01',
    fim: null,
    elementosCusto: [{ descricao: 'Despacho', modalidade: 'FIXO', valorMinimo: '20.00', flags: SEM_ICMS }],
    percursos: [
      {
        descricao: 'São Paulo → RJ',
        origens: [{ municipio: { id: d.municipios.saoPaulo } }],
        destinos: [
          {
            uf: { id: d.ufs.RJ },
            incidencias: [{ clientes: [{ id: d.clientes.amigavel }], elementosCusto: [{ descricao: 'TDE', modalidade: 'FIXO', valorMinimo: '30' }] }],
          },
        ],
        elementosCusto: [{ descricao: 'Frete peso', modalidade: 'CALCULADO_KG_INTEGRAL', faixas: [{ valor: '0.50', faixaLimite: '9999999' }] }],
      },
    ],
  });
  await criar({
    transportadora: { id: d.transportadoras.borba },
    inicio: '2017-01-01',
    fim: '2017-12-31',
    elementosCusto: [
      { descricao: 'Frete', modalidade: 'FIXO', valorMinimo: '150.00', flags: SEM_ICMS },
      { descricao: 'Adicional carreta', modalidade: 'FIXO', valorMinimo: '500', flags: SEM_ICMS, tiposVeiculo: [{ id: carreta }] },
    ],
    percursos: [{ descricao: 'SP → RJ', origens: [{ uf: { id: d.ufs.SP } }], destinos: [{ uf: { id: d.ufs.RJ } }] }],
  });
  // Cunha's table has no route to RJ: FALHA.
  await criar({
    transportadora: { id: d.transportadoras.cunha },
    inicio: '2017-03-01',
    fim: null,
    elementosCusto: [{ descricao: 'Frete', modalidade: 'FIXO', valorMinimo: '10' }],
    percursos: [{ descricao: 'SP → PR', origens: [{ uf: { id: d.ufs.SP } }], destinos: [{ uf: { id: d.ufs.PR } }] }],
  });
});
afterAll(() => h?.close());

const pedido = (extra: Record<string, unknown> = {}) => ({
  dataDespacho: '2017-06-15',
  cliente: '27.865.757/0001-02',
  valor: '1000',
  peso: '200',
  codigoOrigem: CODIGOS.saoPaulo,
  codigoDestino: CODIGOS.rio,
  tipoVeiculo: 0,
  icms: '0.12',
  ...extra,
});
const calcular = async (body: unknown) => {
  const r = await post('/api/tabelas-frete/calcular', body);
  expect(r.status, await r.clone().text()).toBe(200);
  return resultadosCalculoSchema.parse(await json(r));
};

/** Each body answers 400 with these messages and changes nothing. */
async function recusa(path: string, body: unknown, mensagens: string[]) {
  const antes = await h.snapshot();
  const r = await post(path, body);
  expect(r.status).toBe(400);
  expect(await json(r)).toEqual({ mensagens });
  expect(await h.snapshot()).toBe(antes);
}

describe('POST /tabelas-frete/calcular', () => {
  it('calculates one carrier: elements of every level, the customer incidence (any register with the CNPJ), ICMS por dentro', async () => {
    const [r] = await calcular(pedido({ transportadora: d.transportadoras.avila }));
    // Frete peso 200 kg × 0,50 = 100,00; TDE 30,00 (incidence of the customer); both taxed:
    // 130,00 / 0,88 = 147,73, ICMS 17,73; Despacho 20,00 untaxed. Total 167,73.
    expect(r).toMatchObject({
      transportadora: { id: d.transportadoras.avila, razaoSocial: 'Alvorada Tabelateste Transportes Ltda' },
      tabelaFrete: { id: alvorada.id, inicio: '2017-01-01', fim: null },
      percurso: { id: alvorada.percursos[0].id, descricao: 'São Paulo → RJ' },
      status: 'SUCESSO',
      valorTotal: '167.73',
      mensagens: [],
    });
    const valores = Object.fromEntries(r.elementosCusto.map((l) => [l.descricao, l.valor]));
    expect(valores).toMatchObject({ Despacho: '20.00', 'Frete peso': '100.00', TDE: '30.00', ICMS: '17.73' });
    expect(r.traco.length).toBeGreaterThan(3);

    // Another customer: no incidence. 100,00 / 0,88 = 113,64; + 20,00 = 133,64.
    const [outro] = await calcular(pedido({ transportadora: d.transportadoras.avila, cliente: '34028316000103' }));
    expect(outro.valorTotal).toBe('133.64');
    // A CNPJ no register has: no incidence either, and not an error.
    expect((await calcular(pedido({ transportadora: d.transportadoras.avila, cliente: '00000000000191' })))[0].valorTotal).toBe('133.64');
  });

  it('answers FALHA for a carrier without a table in force that day', async () => {
    const [r] = await calcular(pedido({ transportadora: d.transportadoras.avila, dataDespacho: '2016-12-31' }));
    expect(r).toMatchObject({ status: 'FALHA', valorTotal: '0.00', mensagens: ['Nenhuma tabela de frete vigente para Alvorada Tabelateste Transportes Ltda em 31/12/2016'] });
  });

  it('without a carrier: every carrier with a table in force, cheapest first, FALHA last', async () => {
    const resultados = await calcular(pedido());
    expect(resultados.map((r) => [r.transportadora.id, r.status, r.valorTotal])).toEqual([
      [d.transportadoras.borba, 'SUCESSO', '150.00'],
      [d.transportadoras.avila, 'SUCESSO', '167.73'],
      [d.transportadoras.cunha, 'FALHA', '0.00'],
    ]);
    expect(resultados[2].mensagens).toEqual(['Nenhum percurso da tabela atende São Paulo/SP -> Rio de Janeiro/RJ']);
    // Before Cunha's table starts, only two carriers have one in force.
    expect((await calcular(pedido({ dataDespacho: '2017-02-28' }))).map((r) => r.transportadora.id)).toEqual([d.transportadoras.borba, d.transportadoras.avila]);
    // On a day nobody has a table: no result at all.
    expect(await calcular(pedido({ dataDespacho: '1999-01-01' }))).toEqual([]);
  });

  it('resolves the vehicle type: 0 is "Qualquer", a type brings its restricted elements in', async () => {
    const qualquer = await calcular(pedido({ transportadora: d.transportadoras.borba }));
    expect(qualquer[0].valorTotal).toBe('150.00');
    const comCarreta = await calcular(pedido({ transportadora: d.transportadoras.borba, tipoVeiculo: carreta }));
    expect(comCarreta[0].valorTotal).toBe('650.00');
    // The multi-carrier order follows: Alvorada (167,73) is now the cheapest.
    expect((await calcular(pedido({ tipoVeiculo: String(carreta) }))).map((r) => r.transportadora.id)).toEqual([
      d.transportadoras.avila,
      d.transportadoras.borba,
      d.transportadoras.cunha,
    ]);
  });

  it('refuses unknown municipalities, vehicle type and carrier with 400, and missing fields with the spec messages', async () => {
    await recusa('/api/tabelas-frete/calcular', pedido({ codigoOrigem: 1234567, codigoDestino: 9999999, tipoVeiculo: 2_000_000_000 }), [
      'Município de origem não encontrado (código 1234567).',
      'Município de destino não encontrado (código 9999999).',
      'Tipo de veículo não encontrado (id 2000000000).',
    ]);
    await recusa('/api/tabelas-frete/calcular', pedido({ transportadora: 2_000_000_000 }), ['Transportadora não encontrada (id 2000000000).']);
    await recusa('/api/tabelas-frete/calcular', {}, [
      'A data de despacho é obrigatória',
      'O cliente é obrigatório',
      'O valor da carga é obrigatório',
      'O peso é obrigatório',
      'A origem é obrigatória',
      'O destino é obrigatório',
      'O tipo de veículo é obrigatório',
    ]);
    await recusa('/api/tabelas-frete/calcular', pedido({ cliente: '123' }), ['O CNPJ do cliente é inválido.']);
  });

  it('skips deactivated carriers when no carrier is named, but calculates one named explicitly', async () => {
    await desativarTransportadora(h, d.transportadoras.cunha);
    try {
      expect((await calcular(pedido())).map((r) => r.transportadora.id)).toEqual([d.transportadoras.borba, d.transportadoras.avila]);
      expect((await calcular(pedido({ transportadora: d.transportadoras.cunha })))[0].status).toBe('FALHA');
    } finally {
      await h.bancos.COLACRIL.db.update(transportadora).set({ ativado: true }).where(eq(transportadora.id, d.transportadoras.cunha));
    }
  });
});

describe('carregarTabelasVigentes', () => {
  it('loads in force tables grouped by carrier and returns the same object for the same id and versao', async () => {
    const { db } = h.bancos.COLACRIL;
    const primeiro = await carregarTabelasVigentes(db, '2017-06-15');
    expect(primeiro.map((g) => g.transportadora.id)).toEqual([d.transportadoras.avila, d.transportadoras.borba, d.transportadoras.cunha]);
    const tabelaDe = (grupos: typeof primeiro) => grupos.find((g) => g.transportadora.id === d.transportadoras.avila)!.tabelas[0];
    expect(tabelaDe(primeiro)).toEqual(alvorada);
    const segundo = await carregarTabelasVigentes(db, '2017-06-15');
    expect(tabelaDe(segundo)).toBe(tabelaDe(primeiro));
    expect((await carregarTabelasVigentes(db, '2017-07-01', d.transportadoras.avila))[0].tabelas[0]).toBe(tabelaDe(primeiro));

    // A carrier renamed by the ERP: a new object with the new name, the same parsed routes.
    await db.update(transportadora).set({ razaoSocial: 'Alvorada Tabelateste Renomeada' }).where(eq(transportadora.id, d.transportadoras.avila));
    try {
      const renomeada = tabelaDe(await carregarTabelasVigentes(db, '2017-06-15'));
      expect(renomeada.transportadora!.razaoSocial).toBe('Alvorada Tabelateste Renomeada');
      expect(renomeada.percursos).toBe(tabelaDe(primeiro).percursos);
    } finally {
      await db.update(transportadora).set({ razaoSocial: 'Alvorada Tabelateste Transportes Ltda' }).where(eq(transportadora.id, d.transportadoras.avila));
    }

    // A new version is read again.
    const salva = await json(await post('/api/tabelas-frete', { ...alvorada, descricaoIcms: 'ICMS (nova versão)' }));
    const terceiro = tabelaDe(await carregarTabelasVigentes(db, '2017-06-15'));
    expect(terceiro).not.toBe(tabelaDe(primeiro));
    expect(terceiro).toEqual(salva);
    expect(tabelaDe(await carregarTabelasVigentes(db, '2017-06-15'))).toBe(terceiro);
    alvorada = salva;

    // One carrier without a table in force is listed with none; an unknown one not at all.
    expect(await carregarTabelasVigentes(db, '2016-01-01', d.transportadoras.borba)).toEqual([
      { transportadora: { id: d.transportadoras.borba, razaoSocial: 'Borba Tabelateste Cargas S.A.' }, tabelas: [] },
    ]);
    expect(await carregarTabelasVigentes(db, '2016-01-01', 2_000_000_000)).toEqual([]);
  });
});

async function textoDoPdf(dados: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: dados, useSystemFonts: false, isEvalSupported: false }).promise;
  const paginas: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const conteudo = await (await pdf.getPage(i)).getTextContent();
    paginas.push(conteudo.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return paginas.join('\n').replace(/\s+/g, ' ');
}

describe('POST /tabelas-frete/imprimir', () => {
  it('answers the quotation PDF, calculated again, with the chosen carriers', async () => {
    const r = await post('/api/tabelas-frete/imprimir', { pedido: pedido(), transportadoras: [d.transportadoras.avila, d.transportadoras.borba] });
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Type')).toBe('application/pdf');
    expect(r.headers.get('Content-Disposition')).toMatch(/^attachment; filename="cotacao-frete-\d{8}\.pdf"$/);
    const bytes = new Uint8Array(await r.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const texto = await textoDoPdf(bytes);
    expect(texto).toContain('Alvorada Tabelateste Transportes Ltda');
    expect(texto).toContain('Borba Tabelateste Cargas S.A.');
    expect(texto).not.toContain('Cunha Tabelateste');
    expect(texto).toContain(formatBrl('167.73'));
    expect(texto).toContain(formatBrl('150.00'));
    expect(texto).toContain('Tabelateste Matriz');
    // pdf.js splits "São Paulo/SP" after the slash.
    expect(texto.replaceAll('/ ', '/')).toContain('Origem: São Paulo/SP Destino: Rio de Janeiro/RJ');
  });

  it('prints every result when no carrier is chosen, FALHA included', async () => {
    const r = await post('/api/tabelas-frete/imprimir', { pedido: pedido() });
    expect(r.status).toBe(200);
    const texto = await textoDoPdf(new Uint8Array(await r.arrayBuffer()));
    expect(texto).toContain('Cunha Tabelateste Logística Eireli');
    expect(texto).toContain('Nenhum percurso da tabela atende');
  });

  it('refuses what /calcular refuses, with the same messages', async () => {
    await recusa('/api/tabelas-frete/imprimir', { pedido: pedido({ codigoDestino: 9999999 }) }, ['Município de destino não encontrado (código 9999999).']);
    await recusa('/api/tabelas-frete/imprimir', { pedido: pedido({ peso: null }) }, ['O peso é obrigatório']);
  });
});
