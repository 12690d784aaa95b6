import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { DadosItemRomaneioOs, NotaFiscalListagem, OrdemServicoListagem } from '../../../src/contracts/ordens-servico';
import type { StatusRomaneio } from '../../../src/contracts/romaneio-status';
import type { ItemRomaneioOs, RomaneioLinha, RomaneioOs } from '../../../src/contracts/romaneios';
import { MSG_LIMITE_PESO_VEICULO } from '../../../src/contracts/romaneios';
import type { RomaneioOsSalvar } from '../../../src/contracts/romaneios-salvar';
import { json, rota, type Chamada } from './fetch-stub';
import { pagina } from './fixtures';
import { focar } from './focar';
import { motorista, tipoVeiculo, transportadora } from './cadastro-fixtures';
import { typeSlowly } from './type-slowly';

// An in-memory /api/romaneios-colacril and /api/ordens-servico for the service-order manifest tab: the list
// answers the manifests held, a save replaces the one sent (status included) and answers the weight warning
// as the server does; the pickers answer two O.S. (one of two lines) and two invoices of carrier 7; the
// lookups of the autocompletes answer one record each. Every call is recorded by the fetch stub.

export const TRANSPORTADORA = { id: 7, nome: 'Expresso Andrade Ltda' };
export const MOTORISTA = { id: 3, nome: 'João da Silva', cpfFormatado: '529.982.247-25', cnh: '01234567890' };
export const TRUCK = { id: 2, nome: 'Truck', capacidade: '1000' };
export const CAMPO_MOURAO = { id: 41, codigo: 4104303, nome: 'Campo Mourão', siglaUf: 'PR' };
export const SAO_PAULO = { id: 35, codigo: 3550308, nome: 'São Paulo', siglaUf: 'SP' };
export const CLIENTE = { id: 9, vwCliente: { razaoSocial: 'Tintas do Vale Ltda' } };

/** An O.S. item (501) without its invoice unless `over` says otherwise. */
export function itemOs(item: number, over: Partial<ItemRomaneioOs> = {}): ItemRomaneioOs {
  return {
    item,
    itemId: `I${item}`,
    pedidoId: 'P77',
    observacao: null,
    cliente: CLIENTE,
    clienteRetira: false,
    redespacho: null,
    quantidadeM2: '12.5',
    pesoLiquido: '380.000',
    pesoBruto: '400.000',
    volumes: 8,
    frete: '120.00',
    unidade: 'CAIXA',
    valorNotaFiscal: null,
    notaFiscalId: null,
    status: 'EXPEDIDO',
    origem: 'OS',
    ordensServico: [String(500 + item)],
    dataEntrega: '2025-03-12',
    ...over,
  };
}

/** A saved manifest (número 100+id) in EXPEDICAO with one O.S. item, unless `over` says otherwise. */
export function romaneioOs(id: number, over: Partial<RomaneioOs> = {}): RomaneioOs {
  return {
    id,
    numero: 100 + id,
    status: 'EXPEDICAO',
    dataEmissao: '2025-03-10T17:05:00.000Z',
    transportadora: TRANSPORTADORA,
    motorista: MOTORISTA,
    lacre: 'L-55',
    tipoVeiculo: TRUCK,
    origem: CAMPO_MOURAO,
    destino: SAO_PAULO,
    placaCarreta: 'ABC1D23',
    placaCavalo: null,
    observacao: null,
    itens: [itemOs(1)],
    versao: 0,
    ...over,
  };
}

export const ROMANEIO_NOVO: RomaneioOs = {
  ...romaneioOs(0),
  id: null,
  numero: null,
  transportadora: null,
  motorista: null,
  lacre: null,
  tipoVeiculo: null,
  placaCarreta: null,
  itens: [],
};

export function linhaDe(r: RomaneioOs): RomaneioLinha {
  const lugar = (m: RomaneioOs['origem']) => m && { nome: m.nome, siglaUf: m.siglaUf };
  return {
    id: r.id!,
    numero: r.numero!,
    status: r.status,
    dataEmissao: r.dataEmissao,
    transportadora: r.transportadora?.nome ?? null,
    origem: lugar(r.origem),
    destino: lugar(r.destino),
    motorista: r.motorista?.nome ?? null,
    versao: r.versao,
  };
}

const listagemOs = (ordemServico: number, itemId: string, over: Partial<OrdemServicoListagem> = {}): OrdemServicoListagem => ({
  ordemServico,
  pedidoId: `P${ordemServico}`,
  itemId,
  clienteRazaoSocial: CLIENTE.vwCliente.razaoSocial,
  clienteCadastroId: CLIENTE.id,
  produtoDescricao: 'Tinta acrílica fosca 18 L',
  quantidade: '10',
  dataEntrega: '2025-03-12',
  frete: '50.00',
  m2: '3.8',
  quantidadeProduzida: '10',
  ...over,
});
export const ORDENS = [listagemOs(601, 'A1'), listagemOs(601, 'A2', { produtoDescricao: 'Verniz PU fosco 18 L' }), listagemOs(602, 'B1')];
const notaListagem = (notaFiscalId: string, pesoBruto: string): NotaFiscalListagem => ({
  notaFiscalId,
  pedidoId: 'P90',
  clienteRazaoSocial: 'Casa das Cores SA',
  clienteCadastroId: null,
  dataEmissao: '2025-03-11',
  frete: '80.00',
  volumes: 4,
  unidade: 'PALLET',
  pesoBruto,
  pesoLiquido: '200.000',
});
export const NOTAS = [notaListagem('9001', '250.000'), notaListagem('9002', '300.000')];

const DADOS_VAZIOS: DadosItemRomaneioOs = {
  pedidoId: null,
  itemId: null,
  cliente: null,
  notaFiscalId: null,
  valorNotaFiscal: null,
  frete: null,
  pesoBruto: null,
  pesoLiquido: null,
  volumes: null,
  unidade: null,
  quantidadeM2: null,
  ordensServico: [],
  dataEntrega: null,
};
/** preencher-dados-peso-volume/{os}: 601 weighs 700 kg, 602 weighs 450 kg. */
export const PESOS_OS: Record<string, string> = { '601': '700.000', '602': '450.000' };

const ultimo = (c: Chamada) => decodeURIComponent(c.url.split('?')[0].split('/').at(-1) ?? '');

/** The save of the server: the status sent, items' status as the item machine gives, the weight warning. */
function salvo(anterior: RomaneioOs | undefined, corpo: RomaneioOsSalvar, id: number): RomaneioOs {
  const base = anterior ?? { ...ROMANEIO_NOVO, id, numero: 100 + id };
  const itens = corpo.itens.map((i, k) => ({
    ...itemOs(k + 1),
    ...i,
    item: k + 1,
    cliente: i.cliente && CLIENTE,
    redespacho: i.redespacho && TRANSPORTADORA,
    status: i.status === 'CANCELADO' ? 'CANCELADO' : i.notaFiscalId ? 'FATURADO' : 'EXPEDIDO',
  })) as ItemRomaneioOs[];
  return { ...base, status: (corpo.status ?? base.status) as StatusRomaneio, lacre: corpo.lacre, itens, versao: base.versao + 1 };
}

export function fakeRomaneiosOsServer({ romaneios = [] as RomaneioOs[], imprimir = 200 } = {}) {
  const estado = { romaneios: new Map(romaneios.map((r) => [r.id!, structuredClone(r)])), proximo: 50 };
  const rotas = [
    rota('GET', '/api/romaneios-colacril/listar-simples', (c) => {
      const q = new URL(c.url, 'http://x').searchParams;
      const linhas = [...estado.romaneios.values()].filter((r) => !q.get('status') || r.status === q.get('status')).map(linhaDe);
      return json({ ...pagina(linhas, 0, Number(q.get('size') ?? 50)) });
    }),
    rota('GET', '/api/romaneios-colacril/listar', () => json([...estado.romaneios.values()].map(linhaDe))),
    rota('GET', '/api/romaneios-colacril/new', () => json(ROMANEIO_NOVO)),
    rota('GET', /^\/api\/romaneios-colacril\/\d+$/, (c) => {
      const r = estado.romaneios.get(Number(ultimo(c)));
      return r ? json(r) : json({ mensagens: ['Romaneio não encontrado.'] }, 404);
    }),
    rota('POST', '/api/romaneios-colacril', (c) => {
      const corpo = c.body as RomaneioOsSalvar;
      const id = corpo.id ?? estado.proximo++;
      const r = salvo(estado.romaneios.get(id), corpo, id);
      estado.romaneios.set(id, r);
      const peso = r.itens.filter((i) => i.status !== 'CANCELADO').reduce((t, i) => t + Number(i.pesoBruto ?? 0), 0);
      const avisos = peso > Number(TRUCK.capacidade) ? [MSG_LIMITE_PESO_VEICULO] : [];
      return json({ romaneio: r, avisos }, corpo.id ? 200 : 201);
    }),
    rota('POST', /^\/api\/romaneios-colacril\/imprimir\/\d+$/, () =>
      imprimir === 200 ? new Response('%PDF-1.4 fake', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="romaneio-os-101.pdf"' } }) : json({ mensagens: ['Romaneio não encontrado.'] }, imprimir),
    ),
    rota('GET', '/api/ordens-servico/ordens-servico-transportadora', () => json({ linhas: ORDENS, maisLinhas: false })),
    rota('GET', '/api/ordens-servico/notas-fiscais-transportadora', () => json({ linhas: NOTAS, maisLinhas: false })),
    rota('GET', /^\/api\/ordens-servico\/preencher-dados-peso-volume\//, (c) =>
      json({ ...DADOS_VAZIOS, pesoBruto: PESOS_OS[ultimo(c)] ?? null, volumes: 6, unidade: 'CAIXA', ordensServico: [ultimo(c)] }),
    ),
    rota('GET', /^\/api\/ordens-servico\/preencher-dados-fiscais-nf\//, (c) =>
      ultimo(c) === '404' ? json({ mensagens: ['Nota fiscal 404 não encontrada.'] }, 404) : json({ ...DADOS_VAZIOS, notaFiscalId: ultimo(c), valorNotaFiscal: '1520.40', cliente: CLIENTE }),
    ),
    rota('GET', /^\/api\/ordens-servico\/preencher-dados-fiscais-os\//, (c) => json({ ...DADOS_VAZIOS, pedidoId: `P${ultimo(c)}`, cliente: CLIENTE })),
    rota('GET', '/api/transportadoras/listar-simples', () => json(pagina([transportadora(TRANSPORTADORA.id, TRANSPORTADORA.nome)]))),
    rota('GET', '/api/motoristas', () => json(pagina([motorista(MOTORISTA.id, MOTORISTA.nome)]))),
    rota('GET', '/api/tipos-veiculo', () => json(pagina([tipoVeiculo(TRUCK.id, TRUCK.nome, { capacidade: TRUCK.capacidade })]))),
    rota('GET', '/api/municipios/findByNomeOrCodigo', (c) => {
      const texto = (new URL(c.url, 'http://x').searchParams.get('municipio') ?? '').toLowerCase();
      return json([CAMPO_MOURAO, SAO_PAULO].filter((m) => m.nome.toLowerCase().startsWith(texto)));
    }),
  ];
  return { rotas, estado };
}

export const salvamentos = (chamadas: Chamada[]) => chamadas.filter((c) => c.method === 'POST' && c.url === '/api/romaneios-colacril').map((c) => c.body as RomaneioOsSalvar);

/** Picks `opcao` in an autocomplete by the keyboard: focus, type, the first option, Enter. */
export async function escolherOpcao(user: UserEvent, campo: HTMLElement, texto: string, opcao: string): Promise<void> {
  await focar(campo);
  await typeSlowly(user, texto);
  await screen.findByRole('option', { name: opcao });
  await user.keyboard('{ArrowDown}{Enter}');
  await waitFor(() => expect(campo).toHaveValue(opcao));
}
