import type { Cliente } from '../../../src/contracts/clientes';
import type { Municipio } from '../../../src/contracts/municipios';
import type { ElementoCusto, TabelaFrete, TabelaFreteLinha } from '../../../src/contracts/tabela-frete-modelo';
import type { ResultadoCalculo } from '../../../src/contracts/calculo-frete';
import type { TipoVeiculo } from '../../../src/contracts/veiculos';
import { novoElementoCusto } from '../../../src/domain/frete/validar-tabela-frete';
import { json, rota, type Chamada } from './fetch-stub';
import { pagina } from './fixtures';
import { tipoVeiculo, transportadora, uf } from './cadastro-fixtures';

// An in-memory /tabelas-frete and the registers its dialogs look up (carriers, municipalities, UFs,
// customers, vehicle types), for the freight table and calculation screens.

export const CAMPINAS: Municipio = { id: 1, codigo: 3509502, nome: 'Campinas', siglaUf: 'SP' };
export const SAO_PAULO: Municipio = { id: 2, codigo: 3550308, nome: 'São Paulo', siglaUf: 'SP' };
export const RIO: Municipio = { id: 3, codigo: 3304557, nome: 'Rio de Janeiro', siglaUf: 'RJ' };
export const NITEROI: Municipio = { id: 4, codigo: 3303302, nome: 'Niterói', siglaUf: 'RJ' };
export const SAO_PAULO_MISSOES: Municipio = { id: 5, codigo: 4318440, nome: 'São Paulo das Missões', siglaUf: 'RS' };
export const MUNICIPIOS = [CAMPINAS, SAO_PAULO, RIO, NITEROI, SAO_PAULO_MISSOES];
export const UFS = [uf(33, 'RJ', 'Rio de Janeiro'), uf(35, 'SP', 'São Paulo')];
export const ANDRADE = { id: 7, razaoSocial: 'Expresso Andrade Ltda' };
export const BRAVO = { id: 8, razaoSocial: 'Bravo Cargas S.A.' };

export function cliente(id: number, razaoSocial: string, cidade: string | null, estado: string | null, cnpj = '11.222.333/0001-81'): Cliente {
  return {
    id,
    descricaoAmigavel: null,
    ativado: true,
    vwCliente: {
      pk: { clienteId: `C${id}` },
      razaoSocial,
      nomeFantasia: null,
      cpfCnpjFormatado: cnpj,
      tipo: 'UNICO',
      posicao: 'ATIVO',
      cidade,
      estado,
      grupoRazaoSocial: null,
      grupoNomeFantasia: null,
      grupoCpfCnpjFormatado: null,
    },
    versao: 0,
  };
}
export const CLIENTES = [cliente(100, 'Mercado Central Ltda', 'Rio de Janeiro', 'RJ'), cliente(101, 'Padaria Sol Nascente', 'São Paulo', 'SP', '45.723.174/0001-10')];
export const TIPOS: TipoVeiculo[] = [tipoVeiculo(1, 'Carreta'), tipoVeiculo(2, 'Truck')];

export const elemento = (descricao: string, campos: Partial<ElementoCusto> = {}): ElementoCusto => ({ ...novoElementoCusto(), descricao, ...campos });

/** Expresso Andrade's table: one route Campinas → RJ with a route element and an incidence, one global element. */
export function tabelaAndrade(campos: Partial<TabelaFrete> = {}): TabelaFrete {
  return {
    id: 1,
    transportadora: ANDRADE,
    inicio: '2025-01-01',
    fim: '2025-12-31',
    flags: [],
    descricaoIcms: 'ICMS',
    descricaoPesoTaxado: 'Peso taxado',
    percursos: [
      {
        id: 10,
        descricao: 'Campinas → RJ',
        valorMinimo: '0',
        valorMaximo: '0',
        origens: [{ id: 20, municipio: CAMPINAS, uf: null }],
        destinos: [
          {
            id: 30,
            municipio: null,
            uf: { id: 33, sigla: 'RJ', nome: 'Rio de Janeiro' },
            incidencias: [{ id: 40, clientes: [{ id: 100, nome: 'Mercado Central Ltda', cpfCnpjFormatado: null }], elementosCusto: [elemento('Frete peso', { id: 41, valorMinimo: '30' })] }],
          },
        ],
        elementosCusto: [elemento('Frete peso', { id: 11, modalidade: 'CALCULADO_KG', valorMinimo: '50', faixas: [{ faixaLimite: '1000', valor: '0.12345' }] })],
      },
    ],
    elementosCusto: [elemento('Frete peso', { id: 2, valorMinimo: '100' }), elemento('GRIS', { id: 3, valorMinimo: '10' })],
    versao: 3,
    ...campos,
  };
}

const linha = (t: TabelaFrete): TabelaFreteLinha => ({ id: t.id!, transportadora: t.transportadora!, inicio: t.inicio!, fim: t.fim, versao: t.versao ?? 0 });

export function resultado(transportadoraRef: { id: number; razaoSocial: string }, campos: Partial<ResultadoCalculo> = {}): ResultadoCalculo {
  return {
    transportadora: transportadoraRef,
    tabelaFrete: { id: 1, inicio: '2025-01-01', fim: null },
    percurso: { id: 10, descricao: 'Campinas → RJ' },
    status: 'SUCESSO',
    elementosCusto: [
      { descricao: 'Frete peso', valor: '123.45', tipo: 'ELEMENTO', nivel: 'PERCURSO' },
      { descricao: 'ICMS', valor: '16.83', tipo: 'IMPOSTO', nivel: null },
    ],
    valorTotal: '1140.28',
    mensagens: [],
    traco: ['Tabela de 01/01/2025', 'Percurso Campinas → RJ (origem 2 + destino 1)'],
    ...campos,
  };
}

export const MSG_FALHA_BRAVO = 'Nenhum percurso da tabela atende Campinas/SP -> Niterói/RJ';
export const falhaBravo = () =>
  resultado(BRAVO, { status: 'FALHA', percurso: null, elementosCusto: [], valorTotal: '0', mensagens: [MSG_FALHA_BRAVO], traco: ['Tabela de 01/03/2025'] });

type Ref = { id: number } | null;
const ufRef = (u: Ref) => u && (({ id, sigla, nome }) => ({ id, sigla, nome }))(UFS.find((x) => x.id === u.id)!);
const municipioRef = (m: Ref) => m && MUNICIPIOS.find((x) => x.id === m.id)!;
const local = <L extends { municipio: Ref; uf: Ref }>(l: L) => ({ ...l, municipio: municipioRef(l.municipio), uf: ufRef(l.uf) });
const elementoLido = (e: ElementoCusto) => ({ ...e, tiposVeiculo: e.tiposVeiculo.map((t) => ({ id: t.id, descricao: TIPOS.find((x) => x.id === t.id)!.descricao })) });

/** What GET /{id} would answer after a save: the body's references with their names again. */
export function hidratar(corpo: TabelaFrete): TabelaFrete {
  return {
    ...corpo,
    transportadora: [ANDRADE, BRAVO].find((t) => t.id === corpo.transportadora!.id)!,
    elementosCusto: corpo.elementosCusto.map(elementoLido),
    percursos: corpo.percursos.map((p) => ({
      ...p,
      origens: p.origens.map(local),
      destinos: p.destinos.map((d) => ({
        ...local(d),
        incidencias: d.incidencias.map((i) => ({
          ...i,
          clientes: i.clientes.map((c) => ({ id: c.id, nome: CLIENTES.find((x) => x.id === c.id)!.vwCliente.razaoSocial, cpfCnpjFormatado: null })),
          elementosCusto: i.elementosCusto.map(elementoLido),
        })),
      })),
      elementosCusto: p.elementosCusto.map(elementoLido),
    })),
  };
}

export interface FakeTabelasFreteOptions {
  tabelas?: TabelaFrete[];
  resultados?: ResultadoCalculo[];
}

/** The fake server's routes and what it holds. */
export function fakeTabelasFreteServer({ tabelas = [tabelaAndrade()], resultados = [resultado(ANDRADE), falhaBravo()] }: FakeTabelasFreteOptions = {}) {
  const itens = [...tabelas];
  let proximo = 500;
  const doId = (c: Chamada) => Number(c.url.split('?')[0].split('/').pop());
  const q = (c: Chamada) => new URL(c.url, 'http://x').searchParams;
  const contem = (a: string, b: string | null) => !b || a.toLowerCase().includes(b.toLowerCase());
  const rotas = [
    rota('GET', '/api/tabelas-frete', (c) => {
      const achadas = itens.filter((t) => contem(t.transportadora!.razaoSocial, q(c).get('transportadora'))).map(linha);
      const size = Number(q(c).get('size') ?? 50);
      return json({ ...pagina(achadas.slice(0, size), 0, size), totalElements: achadas.length });
    }),
    rota('GET', /^\/api\/tabelas-frete\/\d+$/, (c) => {
      const t = itens.find((x) => x.id === doId(c));
      return t ? json(t) : json({ mensagens: ['Tabela de frete não encontrada.'] }, 404);
    }),
    rota('POST', '/api/tabelas-frete', (c) => {
      const corpo = c.body as TabelaFrete;
      const salva = { ...hidratar(corpo), id: corpo.id ?? proximo++, versao: (corpo.versao ?? -1) + 1 };
      const i = itens.findIndex((t) => t.id === salva.id);
      if (i >= 0) itens[i] = salva;
      else itens.push(salva);
      return json(salva, corpo.id ? 200 : 201);
    }),
    rota('DELETE', /^\/api\/tabelas-frete\/\d+$/, (c) => {
      const i = itens.findIndex((t) => t.id === doId(c));
      if (i >= 0) itens.splice(i, 1);
      return new Response(null, { status: 204 });
    }),
    rota('POST', '/api/tabelas-frete/calcular', () => json(resultados)),
    rota('POST', '/api/tabelas-frete/imprimir', () => new Response('%PDF-1.4 fake', { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="cotacao-2025-06-10.pdf"' } })),
    rota('GET', '/api/transportadoras/listar-simples', (c) => {
      const achadas = [transportadora(7, ANDRADE.razaoSocial), transportadora(8, BRAVO.razaoSocial)].filter((t) => contem(t.razaoSocial, q(c).get('transportadora')));
      return json(pagina(achadas));
    }),
    rota('GET', '/api/municipios/findByNomeOrCodigo', (c) => {
      const texto = q(c).get('municipio') ?? '';
      const sem = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
      return json(MUNICIPIOS.filter((m) => sem(m.nome).includes(sem(texto)) || String(m.codigo) === texto));
    }),
    rota('GET', '/api/ufs', () => json(pagina(UFS, 0, 100))),
    rota('GET', '/api/clientes/listar-simples', (c) => json(pagina(CLIENTES.filter((x) => contem(x.vwCliente.razaoSocial, q(c).get('cliente'))), 0, 20))),
    rota('GET', '/api/tipos-veiculo', (c) => {
      const m = /descricao=="\*(.*)\*"/.exec(q(c).get('search') ?? '');
      return json(pagina(TIPOS.filter((t) => !m || contem(t.descricao, m[1]))));
    }),
  ];
  return { itens, rotas };
}
