import { mensagemTransicaoRomaneio, podeRomaneioFrete, type EstadoRomaneio, type TipoEventoRomaneioFrete } from '../../../machines/romaneio-frete';
import type { Motorista } from '../../../src/contracts/motoristas';
import type { StatusRomaneio } from '../../../src/contracts/romaneio-status';
import type { ItemRomaneioFrete, RomaneioFrete, RomaneioLinha } from '../../../src/contracts/romaneios';
import type { RomaneioFreteSalvar } from '../../../src/contracts/romaneios-salvar';
import { ratearFrete } from '../../../src/domain/romaneios/ratear-frete';
import { CLIENTE as CLIENTE_MINUTA, fakeMinutasServer } from './fake-minutas-server';
import { json, rota, type Chamada } from './fetch-stub';
import { pagina } from './fixtures';
import { motorista as motoristaCadastro, veiculo as veiculoCadastro } from './cadastro-fixtures';

// An in-memory /api/romaneios for the Romaneios screen and its dialogs: the list answers the rows given (every
// call is recorded by the fetch stub); a manifest is built from its row; saves follow the machine (409 with
// its message for an illegal step or a stale version) and change the rows; the ERP knows invoices 5001 and
// 5002, and 6000 is held by manifest 44; the registers answer one driver and one vehicle.

export const MOTORISTA = motoristaCadastro(5, 'João da Silva');
export const VEICULO = veiculoCadastro(8, 'ABC1D23', { tipoVeiculo: { id: 2, descricao: 'Truck' } });
export const CLIENTE = { id: CLIENTE_MINUTA.id, razaoSocial: CLIENTE_MINUTA.vwCliente.razaoSocial };
export const NF_EM_OUTRO = '6000';

const motoristaRomaneio = (m: Motorista) => ({ id: m.id, nome: m.nome, cpfFormatado: m.cpfFormatado, cnh: m.cnh });
const VEICULO_ROMANEIO = { id: VEICULO.id, placa: VEICULO.placa, tipoVeiculo: { id: 2, nome: 'Truck' } };

export const NOTAS: Record<string, { pedidoId: string | null; pesoBruto: string; linhas: { linha: string; descricao: string; valorTotalItem: string }[] }> = {
  '5001': {
    pedidoId: '700',
    pesoBruto: '1200.500',
    linhas: [
      { linha: '1', descricao: 'Papel A4', valorTotalItem: '3000.00' },
      { linha: '2', descricao: 'Envelope', valorTotalItem: '1000.00' },
    ],
  },
  '5002': { pedidoId: null, pesoBruto: '800', linhas: [{ linha: '1', descricao: 'Etiqueta', valorTotalItem: '500.00' }] },
};

/** A row: number 100+id, issued 10/03/2025 14:05 in São Paulo. */
export function romaneioLinha(id: number, over: Partial<RomaneioLinha> = {}): RomaneioLinha {
  return { id, numero: 100 + id, status: 'EXPEDICAO', dataEmissao: '2025-03-10T17:05:00Z', transportadora: null, origem: null, destino: null, motorista: MOTORISTA.nome, versao: 0, ...over };
}

/** An item of invoice `nf` (an invoice the ERP does not list takes 5001's lines). */
function itemDaNota(nf: string, n: number): ItemRomaneioFrete {
  const nota = NOTAS[nf] ?? NOTAS['5001'];
  return {
    item: n,
    notaFiscalId: nf,
    pedidoId: nota.pedidoId,
    volumes: 10,
    peso: nota.pesoBruto,
    valorNotaFiscal: nota.linhas.reduce((t, l) => t + Number(l.valorTotalItem), 0).toFixed(2),
    cliente: '11444777000161',
    transportadora: '11222333000181',
    detalhes: nota.linhas.map((l) => ({ ...l, quantidade: '10', unidade: 'CX', valorFreteRateio: '0.00' })),
    semPedido: nota.pedidoId === null,
  };
}

/** The whole manifest of a row: driver, vehicle, values and `itens` items (invoices 5001, 5101, 5102…); frete empty when `semFrete`. */
export function romaneioDaLinha(l: RomaneioLinha, semFrete = false, itens = 1): RomaneioFrete {
  return {
    id: l.id,
    numero: l.numero,
    status: l.status,
    dataEmissao: l.dataEmissao,
    motorista: motoristaRomaneio(MOTORISTA),
    veiculo: VEICULO_ROMANEIO,
    valorColeta: '50.00',
    valorFrete: semFrete ? null : '400.00',
    valorPedagio: null,
    valorDescarga: null,
    valorOutros: null,
    observacao: 'Carga frágil',
    itens: Array.from({ length: itens }, (_, i) => itemDaNota(i === 0 ? '5001' : String(5100 + i), i + 1)),
    versao: l.versao,
  };
}

export const ROMANEIO_NOVO: RomaneioFrete = {
  ...romaneioDaLinha(romaneioLinha(0)),
  id: null,
  numero: null,
  motorista: null,
  veiculo: null,
  valorColeta: null,
  valorFrete: null,
  observacao: null,
  itens: [],
};

const EVENTO: Record<StatusRomaneio, TipoEventoRomaneioFrete> = { EXPEDICAO: 'SALVAR', FATURAMENTO: 'FATURAR', FINALIZADO: 'FINALIZAR', CANCELADO: 'CANCELAR' };

export function fakeRomaneiosServer({ linhas = [] as RomaneioLinha[], semFrete = [] as number[], itens = {} as Record<number, number> } = {}) {
  const estado = { linhas: linhas.map((l) => ({ ...l })), romaneios: new Map<number, RomaneioFrete>(), motoristas: [MOTORISTA], proximo: 90 };
  const carregar = (id: number) => {
    const l = estado.linhas.find((x) => x.id === id);
    return estado.romaneios.get(id) ?? (l ? romaneioDaLinha(l, semFrete.includes(id), itens[id]) : undefined);
  };
  const idDe = (c: Chamada) => Number(/\/api\/romaneios\/(?:imprimir\/(?:contrato\/)?)?(\d+)/.exec(c.url)?.[1]);
  const nfDe = (c: Chamada) => decodeURIComponent(c.url.split('?')[0].split('/').at(-1) ?? '');

  const salvar = (c: Chamada) => {
    const corpo = c.body as RomaneioFreteSalvar;
    const atual = corpo.id ? carregar(corpo.id) : undefined;
    if (corpo.id && !atual) return json({ mensagens: ['Romaneio não encontrado.'] }, 404);
    const estadoAtual: EstadoRomaneio = atual ? atual.status : 'NOVO';
    if (atual && atual.versao !== corpo.versao) return json({ mensagens: ['O romaneio foi alterado por outro usuário. Abra-o de novo.'] }, 409);
    const status = corpo.status ?? atual?.status ?? 'EXPEDICAO';
    const evento = status === estadoAtual ? 'SALVAR' : EVENTO[status];
    if (!podeRomaneioFrete(estadoAtual, evento)) return json({ mensagens: [mensagemTransicaoRomaneio(estadoAtual, evento, atual?.numero)] }, 409);
    const id = atual?.id ?? ++estado.proximo;
    const rateio = corpo.valorFrete ? ratearFrete(corpo.valorFrete, corpo.itens.map((i) => ({ peso: i.peso ?? '0', detalhes: i.detalhes }))) : null;
    const salvo: RomaneioFrete = {
      ...(atual ?? ROMANEIO_NOVO),
      ...corpo,
      id,
      numero: atual?.numero ?? 100 + id,
      status,
      motorista: motoristaRomaneio(estado.motoristas.find((m) => m.id === corpo.motorista.id) ?? MOTORISTA),
      veiculo: corpo.veiculo && VEICULO_ROMANEIO,
      itens: corpo.itens.map((i, n) => ({
        ...i,
        item: n + 1,
        notaFiscalId: i.notaFiscalId ?? '',
        peso: i.peso ?? '',
        valorNotaFiscal: i.valorNotaFiscal ?? '',
        detalhes: i.detalhes.map((d, k) => ({ ...d, valorFreteRateio: rateio?.[n].detalhes[k] ?? '0.00' })),
      })),
      versao: (atual?.versao ?? -1) + 1,
    };
    estado.romaneios.set(id, salvo);
    const linha = estado.linhas.find((l) => l.id === id);
    if (linha) Object.assign(linha, { status, versao: salvo.versao });
    else estado.linhas.unshift(romaneioLinha(id, { numero: salvo.numero!, status, versao: salvo.versao }));
    return json({ romaneio: salvo, avisos: [] }, atual ? 200 : 201);
  };

  const arquivo = (tipo: string, nome: string) => (c: Chamada) =>
    carregar(idDe(c)) ? new Response('%PDF-1.4 fake', { headers: { 'Content-Type': tipo, 'Content-Disposition': `attachment; filename="${nome}"` } }) : json({ mensagens: ['Romaneio não encontrado.'] }, 404);

  const rotas = [
    rota('GET', '/api/romaneios/listar-simples', (c) => {
      const q = new URL(c.url, 'http://x').searchParams;
      const status = q.get('status');
      return json(pagina(estado.linhas.filter((l) => !status || l.status === status)));
    }),
    rota('GET', '/api/romaneios/listar', (c) => json(estado.linhas.filter((l) => String(l.numero).startsWith(new URL(c.url, 'http://x').searchParams.get('numero') ?? '')))),
    rota('GET', '/api/romaneios/new', () => json(ROMANEIO_NOVO)),
    rota('GET', /^\/api\/romaneios\/nota-fiscal\//, (c) => {
      const nf = nfDe(c);
      const nota = NOTAS[nf];
      return nota ? json({ notaFiscalId: nf, pedidoId: nota.pedidoId, pesoBruto: nota.pesoBruto, clienteCpfCnpj: '11444777000161', transportadoraCnpj: '11222333000181' }) : json({ mensagens: ['Nota fiscal não encontrada.'] }, 404);
    }),
    rota('GET', /^\/api\/romaneios\/nota-fiscal-itens\//, (c) => json((NOTAS[nfDe(c)]?.linhas ?? []).map((l) => ({ ...l, quantidade: '10', unidade: 'CX' })))),
    rota('GET', /^\/api\/romaneios\/cliente-pedido\//, (c) =>
      json({ pedidoId: nfDe(c), clienteId: 'C3', razaoSocial: CLIENTE.razaoSocial, cpfCnpj: '11444777000161', cidade: 'São Paulo', estado: 'SP' }),
    ),
    rota('GET', /^\/api\/romaneios\/contains-nf\//, (c) => json({ numero: nfDe(c) === NF_EM_OUTRO ? 44 : null })),
    rota('GET', /^\/api\/romaneios\/\d+(\?|$)/, (c) => {
      const r = carregar(idDe(c));
      return r ? json(r) : json({ mensagens: ['Romaneio não encontrado.'] }, 404);
    }),
    rota('POST', '/api/romaneios', salvar),
    rota('POST', /^\/api\/romaneios\/imprimir\/contrato\/\d+/, arquivo('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'contrato.docx')),
    rota('POST', /^\/api\/romaneios\/imprimir\/\d+/, arquivo('application/pdf', 'romaneio.pdf')),
    rota('GET', '/api/romaneios/despesas', () => new Response('%PDF-1.4 fake', { headers: { 'Content-Type': 'application/pdf' } })),
    rota('GET', '/api/motoristas', () => json(pagina(estado.motoristas))),
    rota('POST', '/api/motoristas', (c) => {
      const novo = motoristaCadastro(60, (c.body as { nome: string }).nome);
      estado.motoristas.push(novo);
      return json(novo, 201);
    }),
    rota('GET', '/api/veiculos', () => json(pagina([VEICULO]))),
    // The carrier and customer autocompletes answer as on the Minutas screen (carrier 7, customer 3).
    ...fakeMinutasServer().rotas,
    // The service-order tab (another feature): an empty list whatever it asks.
    rota('GET', /^\/api\/romaneios-colacril\//, () => json(pagina([]))),
  ];
  return { rotas, estado };
}
