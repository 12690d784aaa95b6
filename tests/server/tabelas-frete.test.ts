import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import { MSG_REGISTRO_NAO_ENCONTRADO } from '../../src/contracts/erros';
import { tabelaFretePageSchema, tabelaFreteResumosSchema, tabelaFreteSchema, type TabelaFrete } from '../../src/contracts/tabela-frete-modelo';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';
import { criarDadosTabelas, type DadosTabelas } from './tabelas-frete-dados';

let h: Harness;
let token: string;
let d: DadosTabelas;
let tipoCarreta: { id: number; descricao: string };

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.login('admin', SENHA_ADMIN_TESTE);
  d = await criarDadosTabelas(h);
  tipoCarreta = await json(await h.request('POST', '/api/tipos-veiculo', { token, body: { descricao: 'Carreta Tabelateste' } }));
});
afterAll(() => h?.close());

const get = (path: string, t = token) => h.request('GET', path, { token: t });
const post = (path: string, body: unknown, t = token) => h.request('POST', path, { token: t, body });
const q = (s: string) => encodeURIComponent(s);

const elemento = (descricao: string, extra: Record<string, unknown> = {}) => ({ descricao, modalidade: 'FIXO', valorMinimo: '10', ...extra });
/** A valid table of Ávila: one route São Paulo → RJ with a frete-peso element. */
const corpo = (extra: Record<string, unknown> = {}) => ({
  transportadora: { id: d.transportadoras.avila },
  inicio: '2016-01-01',
  fim: '2016-12-31',
  percursos: [{ descricao: 'SP → RJ', origens: [{ municipio: { id: d.municipios.saoPaulo } }], destinos: [{ uf: { id: d.ufs.RJ } }], elementosCusto: [elemento('Frete peso')] }],
  ...extra,
});

async function criar(body: unknown): Promise<TabelaFrete> {
  const r = await post('/api/tabelas-frete', body);
  expect(r.status, await r.clone().text()).toBe(201);
  return tabelaFreteSchema.parse(await json(r));
}

/** Each body answers 400 with exactly these messages, and no row changes. */
async function recusas(casos: [unknown, string[]][]) {
  const antes = await h.snapshot();
  for (const [body, mensagens] of casos) {
    const r = await post('/api/tabelas-frete', body);
    const resposta = await json(r);
    expect(r.status, JSON.stringify(resposta)).toBe(400);
    expect(resposta, JSON.stringify(body)).toEqual({ mensagens });
  }
  expect(await h.snapshot()).toBe(antes);
}

/** Every nested id of a table, in document order. */
const idsAninhados = (t: TabelaFrete) => [
  ...t.elementosCusto.map((e) => e.id),
  ...t.percursos.flatMap((p) => [
    p.id,
    ...p.origens.map((o) => o.id),
    ...p.destinos.flatMap((de) => [de.id, ...de.incidencias.flatMap((i) => [i.id, ...i.elementosCusto.map((e) => e.id)])]),
    ...p.elementosCusto.map((e) => e.id),
  ]),
];

describe('POST /tabelas-frete and GET /tabelas-frete/{id}', () => {
  it('creates a table: references resolved into the read shape, defaults filled, nested ids assigned', async () => {
    const criada = await criar({
      ...corpo(),
      flags: ['ICMS_INCLUSO'],
      descricaoIcms: ' ICMS incluso ',
      elementosCusto: [elemento('Despacho', { tiposVeiculo: [{ id: tipoCarreta.id }] })],
      percursos: [
        {
          descricao: ' SP → RJ ',
          valorMinimo: '50',
          origens: [{ municipio: { id: d.municipios.saoPaulo } }, { uf: { id: d.ufs.PR } }],
          destinos: [
            { uf: { id: d.ufs.RJ }, incidencias: [{ clientes: [{ id: d.clientes.amigavel }, null, { id: d.clientes.semAmigavel }], elementosCusto: [elemento('TDE')] }] },
            { municipio: { id: d.municipios.niteroi } },
          ],
          elementosCusto: [elemento('Frete peso', { modalidade: 'CALCULADO_KG', faixas: [{ valor: '0.5', faixaLimite: '100' }, { valor: 0.4, faixaLimite: 9999999 }] })],
        },
      ],
    });
    expect(criada).toMatchObject({
      transportadora: { id: d.transportadoras.avila, razaoSocial: 'Alvorada Tabelateste Transportes Ltda' },
      inicio: '2016-01-01',
      fim: '2016-12-31',
      flags: ['ICMS_INCLUSO'],
      descricaoIcms: 'ICMS incluso',
      descricaoPesoTaxado: null,
      versao: 0,
    });
    expect(criada.elementosCusto[0]).toEqual({
      id: 1,
      descricao: 'Despacho',
      modalidade: 'FIXO',
      arredondamento: 'NENHUM',
      valorArredondamento: null,
      roundingMode: 'HALF_UP',
      valorMinimo: '10',
      valorLimite: '0',
      acoesLimite: 'LIMITAR',
      tiposVeiculo: [{ id: tipoCarreta.id, descricao: 'Carreta Tabelateste' }],
      faixas: [],
      faixaComponente: 'NORMAL',
      flags: ['INCIDE_IMPOSTO'],
      elementosIndexados: [],
      desdeEntrega: 1,
      rateioAgrupamento: 'NENHUM',
    });
    const [p] = criada.percursos;
    expect(p).toMatchObject({ descricao: 'SP → RJ', valorMinimo: '50', valorMaximo: '0' });
    expect(p.origens).toEqual([
      { id: 3, municipio: { id: d.municipios.saoPaulo, codigo: 3550308, nome: 'São Paulo', siglaUf: 'SP' }, uf: null },
      { id: 4, municipio: null, uf: { id: d.ufs.PR, sigla: 'PR', nome: 'Paraná' } },
    ]);
    expect(p.destinos[0].incidencias[0].clientes).toEqual([
      { id: d.clientes.amigavel, nome: 'Tabelateste Matriz', cpfCnpjFormatado: '27.865.757/0001-02' },
      { id: d.clientes.semAmigavel, nome: 'Comércio Tabelateste ME', cpfCnpjFormatado: '34.028.316/0001-03' },
    ]);
    expect(p.destinos[1].municipio).toMatchObject({ nome: 'Niterói', siglaUf: 'RJ' });
    expect(p.elementosCusto[0].faixas).toEqual([
      { valor: '0.5', faixaLimite: '100' },
      { valor: '0.4', faixaLimite: '9999999' },
    ]);
    expect(idsAninhados(criada)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);

    const lida = tabelaFreteSchema.parse(await json(await get(`/api/tabelas-frete/${criada.id}`)));
    expect(lida).toEqual(criada);
  });

  it('resaves with versao keeping the ids; new items get the next free id, repeated ones a new one', async () => {
    const criada = await criar(corpo({ elementosCusto: [elemento('Despacho')] }));
    expect(idsAninhados(criada)).toEqual([1, 2, 3, 4, 5]);
    const [p] = criada.percursos;
    const clone = { ...p, descricao: 'SP → PR', destinos: [{ ...p.destinos[0], uf: { id: d.ufs.PR } }] };
    const r = await post('/api/tabelas-frete', {
      ...criada,
      elementosCusto: [elemento('Pedágio'), ...criada.elementosCusto],
      percursos: [...criada.percursos, clone],
    });
    expect(r.status).toBe(200);
    const salva = tabelaFreteSchema.parse(await json(r));
    expect(salva.versao).toBe(1);
    // Pedágio (new) 6; the original route keeps 2..5; the clone repeats every id: 7..10.
    expect(idsAninhados(salva)).toEqual([6, 1, 2, 3, 4, 5, 7, 8, 9, 10]);
    expect(await json(await get(`/api/tabelas-frete/${criada.id}`))).toEqual(salva);

    const denovo = tabelaFreteSchema.parse(await json(await post('/api/tabelas-frete', salva)));
    expect(denovo.versao).toBe(2);
    expect(idsAninhados(denovo)).toEqual(idsAninhados(salva));
  });

  it('refuses a stale or missing versao with 409 and an unknown id with 404, changing nothing', async () => {
    const criada = await criar(corpo({ inicio: '2014-01-01', fim: '2014-06-30' }));
    await post('/api/tabelas-frete', { ...criada, descricaoIcms: 'Primeira edição' });
    const antes = await h.snapshot();
    for (const versao of [0, 7, undefined]) {
      const r = await post('/api/tabelas-frete', { ...criada, descricaoIcms: 'Outra', versao });
      expect(r.status).toBe(409);
      expect(await json(r)).toEqual({ mensagens: [MENSAGEM_VERSAO_OBSOLETA] });
    }
    const r = await post('/api/tabelas-frete', { ...criada, id: 2_000_000_000, versao: 0 });
    expect(r.status).toBe(404);
    expect(await json(r)).toEqual({ mensagens: [MSG_REGISTRO_NAO_ENCONTRADO] });
    expect(await h.snapshot()).toBe(antes);
    expect((await json(await get(`/api/tabelas-frete/${criada.id}`))).descricaoIcms).toBe('Primeira edição');
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    const r = await get('/api/tabelas-frete/2000000000');
    expect(r.status).toBe(404);
    expect(await json(r)).toEqual({ mensagens: [MSG_REGISTRO_NAO_ENCONTRADO] });
    const x = await get('/api/tabelas-frete/abc');
    expect(x.status).toBe(400);
    expect(await json(x)).toEqual({ mensagens: ['O identificador deve ser um número.'] });
  });

  it('refuses unknown references with 400, naming each id', async () => {
    await recusas([
      [corpo({ transportadora: { id: 2_000_000_001 } }), ['Transportadora não encontrada (id 2000000001).']],
      [
        corpo({
          elementosCusto: [elemento('Despacho', { tiposVeiculo: [{ id: 2_000_000_005 }, { id: tipoCarreta.id }] })],
          percursos: [
            {
              descricao: 'X',
              origens: [{ municipio: { id: 2_000_000_002 } }, { municipio: { id: d.municipios.saoPaulo } }],
              destinos: [{ uf: { id: 2_000_000_003 }, incidencias: [{ clientes: [{ id: 2_000_000_004 }], elementosCusto: [elemento('TDE')] }] }],
            },
          ],
        }),
        [
          'Município não encontrado (id 2000000002).',
          'UF não encontrada (id 2000000003).',
          'Cliente não encontrado (id 2000000004).',
          'Tipo de veículo não encontrado (id 2000000005).',
        ],
      ],
    ]);
  });

  it('refuses malformed fields with the contract messages', async () => {
    await recusas([
      [corpo({ inicio: '2016-02-30' }), ['A data de início da vigência é inválida.']],
      [corpo({ fim: '31/12/2016' }), ['A data de fim da vigência é inválida.']],
      [corpo({ elementosCusto: [elemento('X', { valorMinimo: '1,5' })] }), ['Valor mínimo: informe um valor não negativo com até 2 casas decimais.']],
      [corpo({ elementosCusto: [elemento('X', { modalidade: 'POR_METRO' })] }), ['A modalidade de cálculo é obrigatória']],
      [corpo({ flags: ['NADA'] }), ['Opção de tabela inválida.']],
    ]);
  });
});

describe('spec 02 §5 messages through POST, verbatim', () => {
  const rotaValida = (descricao: string, extra: Record<string, unknown> = {}) => ({
    descricao,
    origens: [{ municipio: { id: d.municipios.saoPaulo } }],
    destinos: [{ uf: { id: d.ufs.RJ } }],
    ...extra,
  });
  const faixa = (valor: string, faixaLimite: string | null) => ({ valor, faixaLimite });

  it('table level', async () => {
    await recusas([
      [corpo({ transportadora: null }), ['A transportadora é obrigatória']],
      [corpo({ transportadora: undefined }), ['A transportadora é obrigatória']],
      [corpo({ percursos: [] }), ['A tabela de frete deve ter ao menos um percurso']],
      [corpo({ inicio: null }), ['A data de início da vigência é obrigatória']],
      [corpo({ inicio: '2016-06-01', fim: '2016-05-31' }), ['O fim da vigência não pode ser anterior ao início']],
    ]);
  });

  it('route, origin, destination and incidence', async () => {
    const d1 = 'SP → RJ';
    await recusas([
      [corpo({ percursos: [rotaValida('')] }), ['Percurso "nº 1": A descrição é obrigatória']],
      [
        corpo({ percursos: [rotaValida(d1), rotaValida('sp → rj', { destinos: [{ uf: { id: d.ufs.PR } }] })] }),
        ['Percurso "SP → RJ": Esta descrição já está sendo usada por outro percurso', 'Percurso "sp → rj": Esta descrição já está sendo usada por outro percurso'],
      ],
      [corpo({ percursos: [rotaValida(d1, { origens: [] })] }), ['Percurso "SP → RJ": O percurso deve ter ao menos uma origem']],
      [corpo({ percursos: [rotaValida(d1, { destinos: [] })] }), ['Percurso "SP → RJ": O percurso deve ter ao menos um destino']],
      [
        corpo({ percursos: [rotaValida(d1, { valorMinimo: '100', valorMaximo: '99.99' })] }),
        ['Percurso "SP → RJ": O valor máximo do percurso não pode ser menor que o valor mínimo'],
      ],
      [corpo({ percursos: [rotaValida(d1, { origens: [{}] })] }), ['Percurso "SP → RJ": A origem é obrigatória']],
      [
        corpo({ percursos: [rotaValida(d1, { origens: [{ municipio: { id: d.municipios.saoPaulo }, uf: { id: d.ufs.SP } }] })] }),
        ['Percurso "SP → RJ": A origem deve ser um município ou uma UF (nunca os dois ao mesmo tempo)'],
      ],
      [corpo({ percursos: [rotaValida(d1, { destinos: [{ municipio: null, uf: null }] })] }), ['Percurso "SP → RJ": O destino é obrigatório']],
      [
        corpo({ percursos: [rotaValida(d1, { destinos: [{ municipio: { id: d.municipios.rio }, uf: { id: d.ufs.RJ } }] })] }),
        ['Percurso "SP → RJ": O destino deve ser um município ou uma UF (nunca os dois ao mesmo tempo)'],
      ],
      [
        corpo({ percursos: [rotaValida(d1, { destinos: [{ uf: { id: d.ufs.RJ }, incidencias: [{ clientes: [null], elementosCusto: [elemento('TDE')] }] }] })] }),
        ['Percurso "SP → RJ", destino RJ, incidência: A incidência deve ter ao menos um cliente'],
      ],
      [
        corpo({ percursos: [rotaValida(d1, { destinos: [{ municipio: { id: d.municipios.rio }, incidencias: [{ clientes: [{ id: d.clientes.amigavel }] }] }] })] }),
        ['Percurso "SP → RJ", destino Rio de Janeiro/RJ, incidência: A incidência deve ter ao menos um elemento de custo'],
      ],
    ]);
  });

  it('cost elements at every level', async () => {
    const naRota = (e: unknown) => corpo({ percursos: [rotaValida('SP → RJ', { elementosCusto: [e] })] });
    const naIncidencia = (e: unknown) =>
      corpo({ percursos: [rotaValida('SP → RJ', { destinos: [{ uf: { id: d.ufs.RJ }, incidencias: [{ clientes: [{ id: d.clientes.amigavel }], elementosCusto: [e] }] }] })] });
    await recusas([
      [corpo({ elementosCusto: [elemento('  ')] }), ['Elemento "(sem descrição)": A descrição é obrigatória']],
      [corpo({ elementosCusto: [elemento('Despacho', { modalidade: null })] }), ['Elemento "Despacho": A modalidade de cálculo é obrigatória']],
      [naRota(elemento('Frete peso', { modalidade: 'CALCULADO_KG' })), ['Percurso "SP → RJ", elemento "Frete peso": É necessário haver ao menos uma faixa de preço']],
      [
        naIncidencia(elemento('TDE', { modalidade: 'FIXO_FAIXA_KG', faixas: [faixa('10', '100'), faixa('20', null)] })),
        ['Percurso "SP → RJ", destino RJ, incidência, elemento "TDE": Todas as faixas de preço devem ter um limite superior'],
      ],
      [
        naRota(elemento('Frete peso', { modalidade: 'CALCULADO_KG', faixas: [faixa('1', '10000000')] })),
        ['Percurso "SP → RJ", elemento "Frete peso": O limite superior de uma faixa de preço deve ser no máximo 9999999'],
      ],
      [
        naRota(elemento('Frete peso', { modalidade: 'CALCULADO_KG', faixas: [faixa('1', '100'), faixa('2', '100.000')] })),
        ['Percurso "SP → RJ", elemento "Frete peso": Duas faixas de preço não podem ter o mesmo limite superior'],
      ],
      [
        corpo({ elementosCusto: [elemento('Ad valorem', { modalidade: 'CALCULADO_VALOR', faixas: [faixa('0.3', '9999999')] }), elemento('Taxa adm', { modalidade: 'CALCULADO_INDICE_INTEGRAL', faixas: [faixa('5', '9999999')], elementosIndexados: ['Ad valorem', 'Inexistente'] })] }),
        ['Elemento "Taxa adm": Os elementos indexados só podem se referir a elementos de custo que não sejam por índice'],
      ],
      [
        corpo({ elementosCusto: [elemento('Taxa adm', { modalidade: 'CALCULADO_INDICE', faixas: [faixa('5', '9999999')] })] }),
        ['Elemento "Taxa adm": Um elemento de custo por índice precisa de ao menos um elemento indexado'],
      ],
      [
        corpo({ elementosCusto: [elemento('Pedágio', { modalidade: 'CALCULADO_KG_INTEGRAL', arredondamento: 'PARA_CIMA', faixas: [faixa('0.07', '9999999')] })] }),
        ['Elemento "Pedágio": Informe o valor de arredondamento (maior que zero)'],
      ],
      [corpo({ elementosCusto: [elemento('Despacho'), elemento('DESPACHO ')] }), ['Já existe outro elemento de custo com essa descrição neste nível']],
      [
        corpo({ percursos: [rotaValida('SP → RJ', { elementosCusto: [elemento('Frete'), elemento('frete')] })] }),
        ['Percurso "SP → RJ", Já existe outro elemento de custo com essa descrição neste nível'],
      ],
    ]);
  });

  it('route conflicts: "O percurso X conflita com Y: Origens = ...; Destinos = ..."', async () => {
    await recusas([
      [
        corpo({
          percursos: [
            rotaValida('Capital → RJ', { destinos: [{ uf: { id: d.ufs.RJ } }, { municipio: { id: d.municipios.curitiba } }] }),
            rotaValida('Capital e interior → RJ', {
              origens: [{ municipio: { id: d.municipios.campinas } }, { municipio: { id: d.municipios.saoPaulo } }],
              destinos: [{ municipio: { id: d.municipios.curitiba } }, { uf: { id: d.ufs.RJ } }],
            }),
            // Same UF as a municipality's is no conflict: ids differ (spec 02 §5 compares ids).
            rotaValida('SP → Rio', { origens: [{ uf: { id: d.ufs.SP } }], destinos: [{ municipio: { id: d.municipios.rio } }] }),
          ],
        }),
        ['O percurso Capital → RJ conflita com Capital e interior → RJ: Origens = São Paulo/SP; Destinos = RJ, Curitiba/PR'],
      ],
    ]);
  });

  it('all messages together, in one answer', async () => {
    await recusas([
      [
        {
          transportadora: null,
          inicio: null,
          elementosCusto: [elemento(''), elemento('Taxa', { modalidade: 'CALCULADO_INDICE', faixas: [] })],
          percursos: [
            { descricao: '', origens: [], destinos: [{}] },
            rotaValida('A', { elementosCusto: [elemento('Frete peso', { modalidade: 'CALCULADO_KG' })] }),
            rotaValida('B'),
          ],
        },
        [
          'A transportadora é obrigatória',
          'A data de início da vigência é obrigatória',
          'Elemento "(sem descrição)": A descrição é obrigatória',
          'Elemento "Taxa": É necessário haver ao menos uma faixa de preço',
          'Elemento "Taxa": Um elemento de custo por índice precisa de ao menos um elemento indexado',
          'Percurso "nº 1": A descrição é obrigatória',
          'Percurso "nº 1": O percurso deve ter ao menos uma origem',
          'Percurso "nº 1": O destino é obrigatório',
          'Percurso "A", elemento "Frete peso": É necessário haver ao menos uma faixa de preço',
          'O percurso A conflita com B: Origens = São Paulo/SP; Destinos = RJ',
        ],
      ],
    ]);
  });
});

describe('GET /tabelas-frete (list)', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const t = (transportadora: number, inicio: string, fim: string | null) => criar(corpo({ transportadora: { id: transportadora }, inicio, fim }));
    const [borba2010, avila2011, cunha2012, avila2010, borba2011] = await Promise.all([
      t(d.transportadoras.borba, '2010-01-01', '2010-12-31'),
      t(d.transportadoras.avila, '2011-01-01', null),
      t(d.transportadoras.cunha, '2012-01-01', '2012-12-31'),
      t(d.transportadoras.avila, '2010-01-01', '2010-12-31'),
      t(d.transportadoras.borba, '2011-01-01', '2011-06-30'),
    ]);
    ids = { borba2010: borba2010.id!, avila2011: avila2011.id!, cunha2012: cunha2012.id!, avila2010: avila2010.id!, borba2011: borba2011.id! };
  });

  const lista = async (query: string) => tabelaFretePageSchema.parse(await json(await get(`/api/tabelas-frete?${query}`)));
  /** Rows of the list tests only (the other tests of this file create tables of Ávila in 2014–2016). */
  const deste = (pagina: { content: { id: number }[] }) => pagina.content.map((r) => r.id).filter((id) => Object.values(ids).includes(id));
  const nomes = (...chaves: string[]) => chaves.map((c) => ids[c]);

  it('filters by carrier text (razão social, nome fantasia, CNPJ), accent- and case-insensitively', async () => {
    const porNome = await lista(`transportadora=${q('BORBA tabelaTESTE')}`);
    expect(porNome.content.map((r) => r.id)).toEqual(nomes('borba2011', 'borba2010'));
    expect(porNome.totalElements).toBe(2);
    expect(porNome.content[0]).toEqual({
      id: ids.borba2011,
      transportadora: { id: d.transportadoras.borba, razaoSocial: 'Borba Tabelateste Cargas S.A.' },
      inicio: '2011-01-01',
      fim: '2011-06-30',
      versao: 0,
    });
    expect(deste(await lista(`transportadora=${q('alvorada TABELATESTE')}`))).toEqual(nomes('avila2011', 'avila2010'));
    expect(deste(await lista(`transportadora=${q('expresso avila')}`))).toEqual(nomes('avila2011', 'avila2010'));
    expect(deste(await lista(`transportadora=${q('EXPRESSO ÁVILA')}`))).toEqual(nomes('avila2011', 'avila2010'));
    expect(deste(await lista(`transportadora=${q('logistica')}`))).toEqual(nomes('cunha2012'));
    expect(deste(await lista(`transportadora=${q('60.701.190/0001-04')}`))).toEqual(nomes('cunha2012'));
    expect(deste(await lista('transportadora=60701190'))).toEqual(nomes('cunha2012'));
    expect((await lista(`transportadora=${q('nenhuma transportadora assim')}`)).content).toEqual([]);
  });

  it('sorts by carrier then latest start by default; by inicio, fim and the carrier aliases on request', async () => {
    const f = `transportadora=${q('tabelateste')}&size=300`;
    expect(deste(await lista(f))).toEqual(nomes('avila2011', 'avila2010', 'borba2011', 'borba2010', 'cunha2012'));
    expect(deste(await lista(`${f}&sort=inicio,desc`)).slice(0, 1)).toEqual(nomes('cunha2012'));
    expect(deste(await lista(`${f}&sort=inicio,asc,transportadora,desc`))).toEqual(nomes('borba2010', 'avila2010', 'borba2011', 'avila2011', 'cunha2012'));
    // Open-ended (fim null) last.
    expect(deste(await lista(`${f}&sort=fim,asc,transportadora`))).toEqual(nomes('avila2010', 'borba2010', 'borba2011', 'cunha2012', 'avila2011'));
    for (const chave of ['transportadora', 'transportadora_razaoSocial', 'transportadora.razaoSocial'])
      expect(deste(await lista(`${f}&sort=${chave},desc,inicio,asc`))).toEqual(nomes('cunha2012', 'borba2010', 'borba2011', 'avila2010', 'avila2011'));
    const r = await get(`/api/tabelas-frete?sort=conteudo`);
    expect(r.status).toBe(400);
    expect(await json(r)).toEqual({ mensagens: ['Campo de ordenação desconhecido: conteudo'] });
  });

  it('pages on the server: 50 by default, size and page, Spring page fields', async () => {
    const f = `transportadora=${q('borba tabelateste')}`;
    const pagina = await lista(`${f}&size=1&page=1`);
    expect(pagina).toMatchObject({ totalElements: 2, totalPages: 2, number: 1, size: 1 });
    expect(pagina.content.map((r) => r.id)).toEqual(nomes('borba2010'));
    expect((await lista(f)).size).toBe(50);
    const r = await get('/api/tabelas-frete?size=301');
    expect(r.status).toBe(400);
    expect(await json(r)).toEqual({ mensagens: ['O tamanho da página deve ser no máximo 300.'] });
  });

  it('GET /dtos: the carrier tables, latest start first; GET /cte: those in force on the dispatch day', async () => {
    const dtos = tabelaFreteResumosSchema.parse(await json(await get(`/api/tabelas-frete/dtos?transportadora=${d.transportadoras.borba}`)));
    expect(dtos.map((r) => r.id)).toEqual(nomes('borba2011', 'borba2010'));
    const cte = async (transportadora: number, data: string) =>
      tabelaFreteResumosSchema.parse(await json(await get(`/api/tabelas-frete/cte?transportadora=${transportadora}&dataDespacho=${data}`))).map((r) => r.id);
    // Both ends are in force; fim null is open-ended.
    expect(await cte(d.transportadoras.borba, '2010-01-01')).toEqual(nomes('borba2010'));
    expect(await cte(d.transportadoras.borba, '2010-12-31')).toEqual(nomes('borba2010'));
    expect(await cte(d.transportadoras.borba, '2011-06-30')).toEqual(nomes('borba2011'));
    expect(await cte(d.transportadoras.borba, '2011-07-01')).toEqual([]);
    expect(await cte(d.transportadoras.borba, '2009-12-31')).toEqual([]);
    expect(await cte(d.transportadoras.avila, '2010-06-01')).toEqual(nomes('avila2010'));
    expect(await cte(d.transportadoras.avila, '2013-03-03')).toEqual(nomes('avila2011'));
    expect(await cte(d.transportadoras.cunha, '2030-01-01')).toEqual([]);
    for (const [path, mensagem] of [
      ['/api/tabelas-frete/dtos', 'Informe a transportadora.'],
      ['/api/tabelas-frete/dtos?transportadora=abc', 'Informe a transportadora.'],
      [`/api/tabelas-frete/cte?transportadora=${d.transportadoras.borba}&dataDespacho=01/01/2010`, 'Informe a data de despacho no formato AAAA-MM-DD.'],
    ]) {
      const r = await get(path);
      expect(r.status).toBe(400);
      expect(await json(r)).toEqual({ mensagens: [mensagem] });
    }
  });
});

describe('DELETE /tabelas-frete/{id}', () => {
  it('deletes and answers the deleted row; then 404', async () => {
    const criada = await criar(corpo({ transportadora: { id: d.transportadoras.cunha }, inicio: '2005-01-01', fim: null }));
    const r = await h.request('DELETE', `/api/tabelas-frete/${criada.id}`, { token });
    expect(r.status).toBe(200);
    expect(await json(r)).toEqual({
      id: criada.id,
      transportadora: { id: d.transportadoras.cunha, razaoSocial: 'Cunha Tabelateste Logística Eireli' },
      inicio: '2005-01-01',
      fim: null,
      versao: 0,
    });
    expect((await get(`/api/tabelas-frete/${criada.id}`)).status).toBe(404);
    const antes = await h.snapshot();
    const denovo = await h.request('DELETE', `/api/tabelas-frete/${criada.id}`, { token });
    expect(denovo.status).toBe(404);
    expect(await json(denovo)).toEqual({ mensagens: [MSG_REGISTRO_NAO_ENCONTRADO] });
    expect(await h.snapshot()).toBe(antes);
  });
});

describe('GET /tabelas-frete/imprimir/cte/{id}', () => {
  // The PDF itself is tested in auditorias-cte.test.ts (it needs an audited CT-e).
  it('answers 404 for a CT-e that does not exist, 400 for a bad id', async () => {
    const r = await get('/api/tabelas-frete/imprimir/cte/2000000000');
    expect(r.status).toBe(404);
    expect(await json(r)).toEqual({ mensagens: [MSG_REGISTRO_NAO_ENCONTRADO] });
    const x = await get('/api/tabelas-frete/imprimir/cte/doze');
    expect(x.status).toBe(400);
    expect(await json(x)).toEqual({ mensagens: ['O identificador deve ser um número.'] });
  });
});

describe('company isolation', () => {
  it('keeps a COLACRIL table out of RRE', async () => {
    const rre = await h.login('admin', SENHA_ADMIN_TESTE, 'RRE');
    const criada = await criar(corpo({ inicio: '2001-01-01', fim: '2001-12-31' }));
    const idsRre = (tabelaFretePageSchema.parse(await json(await get('/api/tabelas-frete?size=300', rre)))).content.map((r) => r.id);
    const r = await get(`/api/tabelas-frete/${criada.id}`, rre);
    if (!idsRre.includes(criada.id!)) expect(r.status).toBe(404);
    else expect((await json(r)).transportadora.razaoSocial).not.toBe(criada.transportadora!.razaoSocial);
    expect((await json(await get(`/api/tabelas-frete?transportadora=${q('tabelateste')}`, rre))).content).toEqual([]);
    expect((await get(`/api/tabelas-frete/${criada.id}`)).status).toBe(200);
  });
});
