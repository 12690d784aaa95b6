import type { Minuta, MinutaLinha, MinutaSalvar } from '../../../src/contracts/minutas';
import type { ResultadoConversaoCtes, ResultadoConversaoMinutas, ResultadoLeituraConemb } from '../../../src/contracts/minutas-lotes';
import { json, rota, type Chamada } from './fetch-stub';
import { pagina } from './fixtures';

// An in-memory /api/minutas for the Minutas screen and its modal: the list answers the rows given (every call
// is recorded by the fetch stub), the modal's minuta is built from its row, saves and confirmations change
// the rows; the lookups of the modal's autocompletes answer one record each.

export const TRANSPORTADORA = { id: 7, razaoSocial: 'Expresso Andrade Ltda', cnpjFormatado: '11.222.333/0001-81' };
export const CURITIBA = { id: 41, codigo: 4106902, nome: 'Curitiba', siglaUf: 'PR' };
export const SAO_PAULO = { id: 35, codigo: 3550308, nome: 'São Paulo', siglaUf: 'SP' };
export const CLIENTE = { id: 3, vwCliente: { razaoSocial: 'Papelaria Central Ltda', cpfCnpjFormatado: '11.444.777/0001-61' } };

/** A complete PENDENTE row (number 100+id) unless `over` says otherwise. */
export function minutaLinha(id: number, over: Partial<MinutaLinha> = {}): MinutaLinha {
  return {
    id,
    status: 'PENDENTE',
    fatura: `F${id}`,
    numero: String(100 + id),
    serie: '1',
    chave: null,
    dataEmissao: '2025-03-10',
    cliente: { id: CLIENTE.id, razaoSocial: CLIENTE.vwCliente.razaoSocial },
    transportadora: { id: TRANSPORTADORA.id, razaoSocial: TRANSPORTADORA.razaoSocial },
    origem: { nome: CURITIBA.nome, siglaUf: CURITIBA.siglaUf },
    destino: { nome: SAO_PAULO.nome, siglaUf: SAO_PAULO.siglaUf },
    peso: '1250.5',
    valorTotalFrete: '350.00',
    cnpjTomador: '11222333000181',
    cnpjRemetente: '11444777000161',
    quantidadeNotasFiscais: 1,
    quantidadeElementosCusto: 2,
    cteId: null,
    versao: 0,
    ...over,
  };
}

/** The whole minuta of a row: its notes and cost elements as many as the row counts. */
export function minutaDaLinha(l: MinutaLinha): Minuta {
  const elementos = [
    { nome: 'Frete peso', valor: '300.00' },
    { nome: 'Ad valorem', valor: '50.00' },
  ];
  return {
    id: l.id,
    status: l.status,
    fatura: l.fatura,
    numero: l.numero,
    serie: l.serie,
    chave: l.chave,
    dataEmissao: l.dataEmissao,
    transportadora: l.transportadora && TRANSPORTADORA,
    origem: l.origem && CURITIBA,
    destino: l.destino && SAO_PAULO,
    cliente: l.cliente && CLIENTE,
    peso: l.peso,
    percentualIcms: '12.00',
    valorTotalFrete: l.valorTotalFrete,
    cnpjTomador: l.cnpjTomador,
    cnpjRemetente: l.cnpjRemetente,
    notasFiscais: Array.from({ length: l.quantidadeNotasFiscais }, (_, i) => ({ serie: '1', numero: String(5000 + i) })),
    elementosCusto: Array.from({ length: l.quantidadeElementosCusto }, (_, i) => elementos[i % 2]),
    origemMinuta: 'MANUAL',
    cteId: l.cteId,
    versao: l.versao,
  };
}

export const MINUTA_NOVA: Minuta = {
  ...minutaDaLinha(minutaLinha(0, { fatura: null, numero: null, serie: null, dataEmissao: null, cliente: null, transportadora: null, origem: null, destino: null })),
  id: null,
  peso: null,
  percentualIcms: null,
  valorTotalFrete: null,
  cnpjTomador: null,
  cnpjRemetente: null,
  notasFiscais: [],
  elementosCusto: [],
};

export const leituraConemb: ResultadoLeituraConemb = { arquivos: 2, jaLidos: 0, conhecimentos: 30, repetidos: 1, excluidos: 0, exclusoes: [], erros: [], avisos: [], mensagens: [] };
export const conversaoMinutas: ResultadoConversaoMinutas = { minutas: 30, comCliente: 28, semTransportadora: 0, mensagens: [] };
export const conversaoCtes: ResultadoConversaoCtes = { criados: 4, vinculados: 1, ctes: [1, 2, 3, 4, 5], mensagens: [] };

const idDe = (c: Chamada) => Number(/\/api\/minutas\/(\d+)/.exec(c.url)?.[1]);

function listar(linhas: MinutaLinha[], c: Chamada) {
  const q = new URL(c.url, 'http://x').searchParams;
  const size = Number(q.get('size') ?? 20);
  const page = Number(q.get('page') ?? 0);
  const valorTotalFrete = linhas.reduce((t, l) => t + Number(l.valorTotalFrete ?? 0), 0).toFixed(2);
  const conteudo = linhas.slice(page * size, (page + 1) * size);
  return { ...pagina(conteudo, page, size), totalElements: linhas.length, totalPages: Math.max(1, Math.ceil(linhas.length / size)), totais: { quantidade: linhas.length, valorTotalFrete } };
}

export function fakeMinutasServer({ linhas = [] as MinutaLinha[] } = {}) {
  const estado = { linhas: linhas.map((l) => ({ ...l })) };
  const porId = (id: number) => estado.linhas.find((l) => l.id === id);
  const rotas = [
    rota('GET', '/api/minutas', (c) => json(listar(estado.linhas, c))),
    rota('GET', '/api/minutas/listar', () => json(estado.linhas.slice(0, 20))),
    rota('GET', '/api/minutas/new', () => json(MINUTA_NOVA)),
    rota('GET', /^\/api\/minutas\/\d+(\?|$)/, (c) => {
      const l = porId(idDe(c));
      return l ? json(minutaDaLinha(l)) : json({ mensagens: ['Minuta não encontrada.'] }, 404);
    }),
    rota('POST', '/api/minutas', (c) => {
      const corpo = c.body as MinutaSalvar;
      const salvo = { ...MINUTA_NOVA, ...corpo, id: corpo.id ?? 99, versao: (corpo.versao ?? 0) + 1 } as unknown as Minuta;
      return json(salvo);
    }),
    rota('DELETE', '/api/minutas', (c) => {
      const { id } = c.body as { id: number };
      estado.linhas = estado.linhas.filter((l) => l.id !== id);
      return json({ mensagens: [] });
    }),
    rota('POST', '/api/minutas/confirmar', (c) => {
      const { ids } = c.body as { ids: number[] };
      for (const l of estado.linhas) if (ids.includes(l.id)) Object.assign(l, { status: 'PREENCHIDO', versao: l.versao + 1 });
      return json({ confirmadas: ids.length, mensagens: [] });
    }),
    rota('GET', '/api/public/txts/conhecimentos', () => json(leituraConemb)),
    rota('GET', '/api/public/conhecimentos/minutas', () => json(conversaoMinutas)),
    rota('GET', '/api/public/minutas/ctes', () => json(conversaoCtes)),
    rota('GET', '/api/transportadoras/listar-simples', () => json(pagina([transportadoraCadastro()]))),
    rota('GET', '/api/municipios/findByNomeOrCodigo', () => json([CURITIBA, SAO_PAULO])),
    rota('GET', '/api/clientes/listar-simples', () => json(pagina([clienteCadastro()]))),
  ];
  return { rotas, estado };
}

function transportadoraCadastro() {
  return {
    id: TRANSPORTADORA.id,
    razaoSocial: TRANSPORTADORA.razaoSocial,
    nomeFantasia: null,
    cnpjFormatado: TRANSPORTADORA.cnpjFormatado,
    cpfCnpjFormatado: TRANSPORTADORA.cnpjFormatado,
    municipio: null,
    codigoIbge: null,
    uf: 'SP',
    ativado: true,
    vwTransportadora: { pk: { fornecedorId: 'F7' }, inscricaoEstadual: null, logradouro: null, complemento: null, cep: null, bairro: null, localidade: null, estado: null, contato: null, telefone1: null, telefone2: null, telefone3: null },
    versao: 0,
  };
}

function clienteCadastro() {
  const vw = { pk: { clienteId: 'C3' }, nomeFantasia: null, tipo: 'UNICO', posicao: 'ATIVO', cidade: 'São Paulo', estado: 'SP', grupoRazaoSocial: null, grupoNomeFantasia: null, grupoCpfCnpjFormatado: null };
  return { id: CLIENTE.id, descricaoAmigavel: null, ativado: true, vwCliente: { ...vw, ...CLIENTE.vwCliente }, versao: 0 };
}
