import { buildSearch, contem } from '../../src/domain/build-search';
import { buildQuery } from '../../src/web/api/build-query';
import { contemCitado, emAlgumCampo, parecido } from '../../src/web/api/search-terms';
import { pedidoCalculo } from './permissions-amostras/tabelas-frete';

// docs/decisoes.md §8: every read call a screen and its dialogs make, one entry per menu route of src/web/app/routes.ts,
// read from src/web/features/** and src/web/api/**. perfis-telas.test.ts calls them as each demo user whose
// menus show the route: none may answer 403. A screen that starts calling another lookup adds it here.

/** Ids of the seeded records the calls open (resolved per company by the test, as admin). */
export interface Ids {
  cte: number;
  /** An audited CT-e (the calculation PDF). */
  cteAuditado: number;
  /** The carrier and São Paulo day of `cte` (the review dialog's tables in force). */
  transportadoraCte: number;
  dataCte: string;
  transportadora: number;
  tabela: number;
  usuario: number;
  perfil: number;
  tipoVeiculo: number;
  veiculo: number;
  motorista: number;
  /** A demo fatura (the Faturas modal). */
  fatura: number;
  /** A minuta (the Minutas modal): the seed's first, or one the test saves as admin. */
  minuta: number;
  /** A customer's ERP code (settings: a vw-clientes hit without the register id). */
  codigoCliente: string;
}

export interface Chamada {
  rotulo: string;
  metodo: 'GET' | 'POST';
  /** Under /api; {chave} is replaced by that id. */
  caminho: string;
  corpo?: (ids: Ids) => unknown;
}

export interface TelaManifesto {
  /** The list screen: its first load and its filters' lookups. */
  tela: Chamada[];
  /** Each dialog reachable from the screen (and the palette searches it owns): its loads and lookups. */
  dialogos: Record<string, Chamada[]>;
  /** The route shows "em construção": no calls yet. */
  emConstrucao?: true;
}

const get = (rotulo: string, caminho: string, query?: Record<string, unknown>): Chamada => ({ rotulo, metodo: 'GET', caminho: `${caminho}${buildQuery(query)}` });
const post = (rotulo: string, caminho: string, corpo: (ids: Ids) => unknown): Chamada => ({ rotulo, metodo: 'POST', caminho, corpo });

// Lookups shared by several screens, with the queries the web client sends.
const MUNICIPIOS = get('municípios (autocompletar)', '/municipios/findByNomeOrCodigo', { municipio: 'campinas' });
const TRANSPORTADORAS = get('transportadoras (autocompletar)', '/transportadoras/listar-simples', {
  transportadora: 'a',
  desativados: false,
  page: 0,
  size: 20,
  sort: 'razaoSocial,asc',
});
const CLIENTES = get('clientes (autocompletar)', '/clientes/listar-simples', { cliente: 'a', page: 0, size: 20, sort: 'razaoSocial' });
const TODOS_TIPOS_VEICULO = get('tipos de veículo (lista do select)', '/tipos-veiculo', { sort: 'descricao,asc', page: 0, size: 300 });

const pedido = (ids: Ids) => pedidoCalculo(ids.dataCte, null);

/** "Simular frete": from the palette for FRETE_TABFR_M or FRETE_CTE_M, Alt+S on the freight tables. */
export const SIMULACAO: Chamada[] = [
  CLIENTES,
  TRANSPORTADORAS,
  MUNICIPIOS,
  TODOS_TIPOS_VEICULO,
  post('calcular', '/tabelas-frete/calcular', pedido),
  post('imprimir cotação', '/tabelas-frete/imprimir', (ids) => ({ pedido: pedido(ids) })),
];

/** What the shell asks for every user, whatever the route. */
export const SHELL: Chamada[] = [get('usuário logado', '/eu'), get('novidades da versão', '/versoes/0')];

const CTE = get('CT-e', '/ctes/{cte}');
/** Issue 31: the detail's Ocorrências tab (the CT-e's timeline). */
const OCORRENCIAS_CTE = get('ocorrências do CT-e', '/ocorrencias/ctes/{cte}', { page: 0, size: 200 });

export const MANIFESTO: Record<string, TelaManifesto> = {
  '/usuarios': {
    tela: [get('lista', '/usuarios', { search: buildSearch(emAlgumCampo(['login', 'nome', 'email'], 'a'), 'ativado:true'), sort: 'nome,asc', page: 0, size: 50 }), get('ping', '/ping')],
    dialogos: {
      Usuário: [get('usuário', '/usuarios/{usuario}'), get('perfis (autocompletar)', '/perfis', { search: buildSearch(contem('descricao', 'a'), 'ativado:true'), sort: 'descricao', page: 0, size: 10 })],
      'Paleta: usuários': [get('usuários por nome', '/usuarios', { search: buildSearch(contemCitado('nome', 'a'), 'ativado:true'), sort: 'nome,asc', page: 0, size: 5 })],
    },
  },
  '/perfis': {
    tela: [get('lista', '/perfis', { search: buildSearch(contem('descricao', 'a'), 'ativado:true'), sort: 'descricao,asc', page: 0, size: 50 })],
    dialogos: {
      Perfil: [get('perfil', '/perfis/{perfil}')],
      'Paleta: perfis': [get('perfis ativos', '/perfis', { search: buildSearch(contem('descricao', 'a'), 'ativado:true'), sort: 'descricao,asc', page: 0, size: 10 })],
    },
  },
  '/configuracoes': {
    tela: [get('configuração', '/configuracoes/completar')],
    dialogos: {
      'Listas de clientes': [
        get('clientes do ERP (autocompletar)', '/vw-clientes/listar-simples', { cliente: 'a', sort: 'razaoSocial', size: 20 }),
        get('cliente pelo código', '/clientes/findByCardCode/{codigoCliente}'),
      ],
    },
  },
  '/transportadora': {
    tela: [get('lista', '/transportadoras/listar-simples', { desativados: false, page: 0, size: 50, sort: 'razaoSocial,asc' })],
    dialogos: {
      Transportadora: [get('transportadora', '/transportadoras/{transportadora}'), MUNICIPIOS],
      'Paleta: transportadoras': [get('transportadoras por texto', '/transportadoras', { transportadora: 'a', size: 5 })],
    },
  },
  '/ctes': {
    tela: [get('lista', '/ctes/listar-simples', { tomadorServico: 'REMETENTE', page: 0, size: 50 }), MUNICIPIOS, TRANSPORTADORAS, CLIENTES],
    dialogos: {
      'Detalhe do CT-e': [CTE, TODOS_TIPOS_VEICULO, get('PDF do cálculo', '/tabelas-frete/imprimir/cte/{cteAuditado}'), OCORRENCIAS_CTE],
      'Resultado da auditoria': [get('CT-e auditado', '/ctes/{cteAuditado}'), get('PDF do cálculo', '/tabelas-frete/imprimir/cte/{cteAuditado}')],
      'Revisar auditoria': [CTE, get('tabelas vigentes do CT-e', '/tabelas-frete/cte', { transportadora: '{transportadoraCte}', dataDespacho: '{dataCte}' })],
      'Agrupamento de entregas': [TODOS_TIPOS_VEICULO],
      'Simular frete': SIMULACAO,
      'Paleta: CT-es': [get('CT-e pelo número', '/ctes', { cte: '123' })],
    },
  },
  // Issue 31: the reading itself (GET /ocorrencias/ler-arquivos, the upload) moves files: not a read call.
  '/ocorrencias': {
    tela: [get('lista', '/ocorrencias', { page: 0, size: 50 }), get('só não vinculadas', '/ocorrencias', { naoVinculadas: 'true', page: 0, size: 50 })],
    dialogos: { 'Detalhe do CT-e (da ocorrência)': [CTE, TODOS_TIPOS_VEICULO, OCORRENCIAS_CTE] },
  },
  '/tabelas-frete': {
    tela: [get('lista', '/tabelas-frete', { page: 0, size: 50 }), get('lista por transportadora', '/tabelas-frete', { transportadora: 'a', page: 0, size: 50 })],
    dialogos: {
      'Tabela de frete': [
        get('tabela', '/tabelas-frete/{tabela}'),
        TRANSPORTADORAS,
        get('UFs (origem e destino)', '/ufs', { page: 0, size: 100 }),
        MUNICIPIOS,
        CLIENTES,
        get('tipos de veículo (autocompletar)', '/tipos-veiculo', { search: 'descricao=="*a*"', sort: 'descricao,asc', page: 0, size: 20 }),
      ],
      'Simular frete': SIMULACAO,
      'Paleta: tabelas de frete': [get('tabelas por transportadora', '/tabelas-frete', { transportadora: 'a', page: 0, size: 5 })],
    },
  },
  // The saves (POST /minutas, DELETE /minutas, POST /minutas/confirmar) are writes: permissions.test.ts checks
  // that FRETE_MINU_M, the menu's own code, lets them through.
  '/minutas': {
    tela: [
      get('lista', '/minutas', { search: buildSearch('dataEmissao>=2024-05-01', 'dataEmissao<=2024-05-31'), page: 0, size: 20, sort: 'dataEmissao,desc' }),
      get('lista por transportadora', '/minutas', { search: 'fatura:1', transportadora: 'id:{transportadora}', page: 0, size: 20 }),
      TRANSPORTADORAS,
    ],
    dialogos: {
      Minuta: [get('minuta nova', '/minutas/new'), get('minuta', '/minutas/{minuta}'), TRANSPORTADORAS, MUNICIPIOS, CLIENTES],
      'Paleta: minutas': [get('minuta pelo número', '/minutas/listar', { numero: '1' })],
    },
  },
  // The freight-cost tab (the service-order tab's calls go with it). The saves and the cancel
  // (POST /romaneios) are writes: permissions.test.ts checks them.
  '/romaneios': {
    tela: [get('lista', '/romaneios/listar-simples', { inicio: '2024-05-01', fim: '2024-05-31', page: 0, size: 50 }), TRANSPORTADORAS, CLIENTES],
    dialogos: {
      'Romaneio de frete': [
        get('romaneio novo', '/romaneios/new'),
        get('motoristas (autocompletar)', '/motoristas', {
          search: buildSearch(`(${['nome', 'cpf', 'rg', 'cnh'].map((c) => parecido(c, 'a')).join(',')})`, 'status==ATIVO'),
          sort: 'nome,asc',
          page: 0,
          size: 20,
        }),
        get('veículos (autocompletar)', '/veiculos', { search: emAlgumCampo(['placa', 'modelo'], 'a'), sort: 'placa,asc', page: 0, size: 20 }),
        get('nota fiscal já em outro romaneio', '/romaneios/contains-nf/1'),
      ],
      'Paleta: romaneio de frete pelo número': [get('romaneio pelo número', '/romaneios/listar', { numero: '1' })],
      'Despesas dos romaneios': [get('PDF das despesas', '/romaneios/despesas', { inicio: '2024-05-01', fim: '2024-05-31' })],
    },
  },
  '/faturas': {
    tela: [get('lista', '/faturas', { page: 0, size: 50, sort: 'dataEmissao,desc' }), TRANSPORTADORAS],
    dialogos: {
      Fatura: [get('fatura', '/faturas/{fatura}'), get('fretes da fatura', '/faturas/{fatura}/ctes', { page: 0, size: 12 })],
      'Detalhe do CT-e (da fatura)': [CTE, TODOS_TIPOS_VEICULO, get('PDF do cálculo', '/tabelas-frete/imprimir/cte/{cteAuditado}'), OCORRENCIAS_CTE],
      'Paleta: faturas': [get('fatura pelo número', '/faturas/listar', { numero: '1' })],
    },
  },
  '/pagamentos': {
    tela: [get('lista', '/pagamentos', { page: 0, size: 50 }), get('totais', '/pagamentos/totais'), TRANSPORTADORAS],
    dialogos: {
      'Desempenho das transportadoras': [get('desempenho', '/pagamentos/desempenho', { inicio: '2026-01', fim: '2026-03' })],
      'Pré-faturas': [get('pré-faturas', '/pre-faturas')],
    },
  },
  '/recebimento': {
    tela: [get('fontes', '/recebimento')],
    dialogos: { 'Histórico de leituras': [get('leituras', '/recebimento/execucoes', { page: 0, size: 50 })] },
  },
  '/indicadores': { tela: [], dialogos: {}, emConstrucao: true },
  '/tipos-veiculo': {
    tela: [get('lista', '/tipos-veiculo', { sort: 'descricao,asc', page: 0, size: 50 })],
    dialogos: { 'Tipo de veículo': [get('tipo de veículo', '/tipos-veiculo/{tipoVeiculo}')] },
  },
  '/veiculos': {
    tela: [get('lista', '/veiculos', { sort: 'placa,asc', page: 0, size: 50 })],
    dialogos: {
      Veículo: [get('veículo', '/veiculos/{veiculo}'), get('tipos de veículo (autocompletar)', '/tipos-veiculo', { search: contemCitado('descricao', 'a'), sort: 'descricao,asc', page: 0, size: 10 })],
      'Paleta: veículos': [get('veículos por placa', '/veiculos', { search: contemCitado('placa', 'A'), sort: 'placa,asc', page: 0, size: 5 })],
    },
  },
  '/motoristas': {
    tela: [get('lista', '/motoristas', { search: contemCitado('nome', 'a'), sort: 'nome,asc', page: 0, size: 20 })],
    dialogos: {
      Motorista: [get('motorista', '/motoristas/{motorista}')],
      'Paleta: motoristas': [get('motoristas por nome', '/motoristas', { search: buildSearch(contemCitado('nome', 'a'), 'status==ATIVO'), sort: 'nome,asc', page: 0, size: 5 })],
    },
  },
  '/uf': {
    tela: [get('lista', '/ufs', { search: contemCitado('nome', 'a'), sort: 'nome,asc', page: 0, size: 100 })],
    dialogos: { 'Limites da UF': [] },
  },
};

/** The call's path with its ids filled in (an unknown {chave} is a manifest error). */
export function resolver(caminho: string, ids: Ids): string {
  return caminho.replace(/\{(\w+)\}|%7B(\w+)%7D/g, (_, a?: string, b?: string) => {
    const chave = (a ?? b) as keyof Ids;
    if (!(chave in ids)) throw new Error(`Id desconhecido no manifesto: ${chave}`);
    return encodeURIComponent(String(ids[chave]));
  });
}
