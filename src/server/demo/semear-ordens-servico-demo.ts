import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { UnidadeItem } from '../../contracts/ordens-servico';
import { somarDias } from '../../domain/sao-paulo-date';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';
import { erpTabelas } from '../erp/erp-tabelas';
import type { CompanyDatabase } from '../db/database';
import { municipio } from '../db/schema/municipio';
import { aleatorio, type Aleatorio } from './ctes-demo/aleatorio';
import { chaveAcesso } from './ctes-demo/chave-acesso';
import { EMPRESAS_DEMO } from './ctes-demo/constantes-demo';
import { relogio } from '../../domain/relogio';

// The demo ERP's service orders (O.S.) and invoices for the service-order manifest's pickers:
// 60 O.S. of 1–4 lines delivered from today − 3 to today + 10, a third of them already invoiced, and 80
// invoices (série 2) of 1–5 items issued from today − 6 to today, spread over the first demo carriers.
// Dates are São Paulo calendar days, so a seed at 00:04 dates nothing before yesterday's window.

export const OS_DEMO = 60;
export const NOTAS_OS_DEMO = 80;
const CARRIERS = 6;
const CLIENTES = 40;
const SERIE = 2;

interface Produto {
  id: string;
  descricao: string;
  /** Commercial unit of the invoice item. */
  un: string;
  rendimentoM2: number;
  preco: number;
  pesoKg: number;
  embalagem: UnidadeItem;
}
const produto = (id: string, descricao: string, un: string, rendimentoM2: number, preco: number, pesoKg: number, embalagem: UnidadeItem): Produto => ({ id, descricao, un, rendimentoM2, preco, pesoKg, embalagem });
export const PRODUTOS_DEMO: Produto[] = [
  produto('TIN-1018', 'Tinta acrílica fosca branco neve 18 L', 'GL', 380, 289.9, 25, 'CAIXA'),
  produto('TIN-2036', 'Tinta esmalte sintético brilhante 3,6 L', 'UN', 45, 98.5, 4.6, 'CAIXA'),
  produto('RES-0200', 'Resina acrílica base água 200 kg', 'BD', 900, 2150, 205, 'BARRICA'),
  produto('RES-0050', 'Resina epóxi bicomponente 50 kg', 'BD', 160, 1380, 52, 'BARRICA'),
  produto('VER-0036', 'Verniz marítimo brilhante 3,6 L', 'UN', 50, 121.4, 3.9, 'CAIXA'),
  produto('VER-0180', 'Verniz PU fosco 18 L', 'GL', 240, 612.0, 19, 'CAIXA'),
  produto('MAS-0025', 'Massa corrida PVA 25 kg', 'SC', 60, 74.9, 25.5, 'PALLET'),
  produto('SEL-0180', 'Selador acrílico pigmentado 18 L', 'GL', 200, 156.3, 22, 'PALLET'),
];

interface Parceiros {
  carriers: string[];
  clientes: { clienteId: string; codigo: number; uf: string }[];
}

/** Seeds the demo O.S. and invoices once, while vw_ordem_servico is empty and the demo carriers exist. */
export async function seedOrdensServicoDemo(banco: CompanyDatabase, agora = relogio.agora()): Promise<void> {
  const { db, empresa, erpSchema } = banco;
  const t = erpTabelas(erpSchema);
  if ((await db.select({ x: sql`1` }).from(t.vwOrdemServico).limit(1)).length) return;
  const carriers = await db.select({ id: t.vwTransportadora.fornecedorId }).from(t.vwTransportadora).where(isNotNull(t.vwTransportadora.cnpj)).orderBy(asc(t.vwTransportadora.fornecedorId)).limit(CARRIERS);
  const clientes = await db
    .select({ clienteId: t.vwCliente.clienteId, codigo: municipio.codigo, uf: municipio.siglaUf })
    .from(t.vwCliente)
    .innerJoin(municipio, and(eq(municipio.nome, t.vwCliente.cidade), eq(municipio.siglaUf, t.vwCliente.estado)))
    .where(eq(t.vwCliente.posicao, 'ATIVO'))
    .orderBy(asc(t.vwCliente.clienteId))
    .limit(CLIENTES);
  if (!carriers.length || !clientes.length) return;
  const dados = montarOrdensServicoDemo({ carriers: carriers.map((c) => c.id), clientes }, dataSaoPaulo(agora)!, EMPRESAS_DEMO[empresa].plantas[0].cnpj, aleatorio(empresa === 'RRE' ? 1515 : 15));
  await db.insert(t.vwPedido).values(dados.pedidos).onConflictDoNothing();
  await db.insert(t.vwNotaFiscalExpedicao).values(dados.notas).onConflictDoNothing();
  await db.insert(t.vwNotaFiscalItem).values(dados.itensNotas);
  await db.insert(t.vwOrdemServico).values(dados.ordens);
  await db.insert(t.vwOrdemServicoLinha).values(dados.linhas);
}

type Tabelas = ReturnType<typeof erpTabelas>;
const dinheiro = (n: number) => n.toFixed(2);
const peso = (n: number) => n.toFixed(3);

interface LinhaPlano {
  p: Produto;
  quantidade: number;
}
interface Pedido {
  pedidoId: string;
  clienteId: string;
  codigo: number;
  uf: string;
  carrier: string;
}

/** Weights, volumes, unit and freight of a set of product lines. */
function carga(linhas: LinhaPlano[]) {
  const valor = linhas.reduce((s, l) => s + l.quantidade * l.p.preco, 0);
  const liquido = linhas.reduce((s, l) => s + l.quantidade * l.p.pesoKg, 0);
  const volumes = linhas.reduce((s, l) => s + (l.p.embalagem === 'CAIXA' ? Math.ceil(l.quantidade / 4) : l.quantidade), 0);
  const tipos = new Set(linhas.map((l) => l.p.embalagem));
  const unidade: UnidadeItem = volumes > 24 ? 'PALLET' : tipos.size === 1 ? [...tipos][0] : 'DESCONHECIDO';
  return { valor, liquido, bruto: liquido * 1.06, volumes, unidade, frete: Math.max(85, valor * 0.035) };
}

/** The demo rows, deterministic for a company and a day. */
export function montarOrdensServicoDemo(parceiros: Parceiros, hoje: string, cnpjEmitente: string, r: Aleatorio) {
  const pedidos: { pedidoId: string; clienteId: string; status: string; dataPedido: string; valorTotal: string }[] = [];
  const notas: ReturnType<typeof nota>[] = [];
  const itensNotas: { notaFiscalId: string; itemId: number; produtoId: string; descricao: string; quantidade: string; unidade: string; valorTotalItem: string }[] = [];
  let numero = 300_000 + r.inteiro(1000);
  const linhasDe = (max: number): LinhaPlano[] => Array.from({ length: 1 + r.inteiro(max) }, () => ({ p: r.de(PRODUTOS_DEMO), quantidade: 1 + r.inteiro(24) }));
  const novoPedido = (i: number, data: string, status: string, linhas: LinhaPlano[]): Pedido => {
    const c = r.de(parceiros.clientes);
    const pedidoId = `PE${String(pedidos.length + 1).padStart(5, '0')}`;
    pedidos.push({ pedidoId, clienteId: c.clienteId, status, dataPedido: somarDias(data, -(4 + r.inteiro(10))), valorTotal: dinheiro(carga(linhas).valor) });
    return { pedidoId, clienteId: c.clienteId, codigo: c.codigo, uf: c.uf, carrier: parceiros.carriers[i % parceiros.carriers.length] };
  };
  const faturar = (pedido: Pedido, data: string, linhas: LinhaPlano[]) => {
    const n = ++numero;
    notas.push(nota(pedido, n, data, cnpjEmitente, linhas, r));
    linhas.forEach((l, k) =>
      itensNotas.push({ notaFiscalId: String(n), itemId: k + 1, produtoId: l.p.id, descricao: l.p.descricao, quantidade: peso(l.quantidade), unidade: l.p.un, valorTotalItem: dinheiro(l.quantidade * l.p.preco) }),
    );
    return String(n);
  };
  const { ordens, linhas } = ordensDemo(parceiros, hoje, r, linhasDe, novoPedido, faturar);
  for (let i = notas.length; i < NOTAS_OS_DEMO; i++) {
    const itens = linhasDe(5);
    const data = somarDias(hoje, -r.inteiro(7));
    faturar(novoPedido(i, data, 'FATURADO', itens), data, itens);
  }
  return { pedidos, notas, itensNotas, ordens, linhas };
}

function nota(pedido: Pedido, numero: number, data: string, cnpjEmitente: string, linhas: LinhaPlano[], r: Aleatorio) {
  const c = carga(linhas);
  return {
    notaFiscalId: String(numero),
    chave: chaveAcesso('35', data, cnpjEmitente, '55', SERIE, numero, 10_000_000 + r.inteiro(89_999_999)),
    numero,
    serie: String(SERIE),
    dataEmissao: data,
    tipo: 'SAIDA',
    pedidoId: pedido.pedidoId,
    clienteId: pedido.clienteId,
    pesoBruto: peso(c.bruto),
    pesoLiquido: peso(c.liquido),
    valorTotalProdutos: dinheiro(c.valor),
    valor: dinheiro(c.valor),
    transportadoraId: pedido.carrier,
    frete: dinheiro(c.frete),
    volumes: c.volumes,
    unidade: c.unidade,
    codigoMunicipio: pedido.codigo,
    uf: pedido.uf,
  };
}

/** The O.S. and their lines; those delivered by today are invoiced two times in three. */
function ordensDemo(
  parceiros: Parceiros,
  hoje: string,
  r: Aleatorio,
  linhasDe: (max: number) => LinhaPlano[],
  novoPedido: (i: number, data: string, status: string, linhas: LinhaPlano[]) => Pedido,
  faturar: (pedido: Pedido, data: string, linhas: LinhaPlano[]) => string,
) {
  const base = 50_000 + r.inteiro(1000);
  const ordens: Tabelas['vwOrdemServico']['$inferInsert'][] = [];
  const linhas: Tabelas['vwOrdemServicoLinha']['$inferInsert'][] = [];
  for (let i = 0; i < OS_DEMO; i++) {
    const ordemServico = base + i + 1;
    const dataEntrega = somarDias(hoje, -3 + r.inteiro(14));
    const plano = linhasDe(4);
    const faturada = dataEntrega <= hoje && r.proximo() < 0.67;
    const pedido = novoPedido(i, dataEntrega, faturada ? 'FATURADO' : 'APROVADO', plano);
    const notaFiscalId = faturada ? faturar(pedido, dataEntrega, plano) : null;
    const c = carga(plano);
    ordens.push({
      ordemServico,
      pedidoId: pedido.pedidoId,
      clienteId: pedido.clienteId,
      transportadoraId: pedido.carrier,
      dataEntrega,
      codigoMunicipio: pedido.codigo,
      uf: pedido.uf,
      frete: dinheiro(c.frete),
      pesoBruto: peso(c.bruto),
      pesoLiquido: peso(c.liquido),
      volumes: c.volumes,
      unidade: c.unidade,
      notaFiscalId,
    });
    plano.forEach((l, k) => {
      const valor = l.quantidade * l.p.preco;
      const produzida = dataEntrega <= hoje ? l.quantidade : Math.floor(l.quantidade * r.proximo());
      linhas.push({
        ordemServico,
        linha: k + 1,
        itemPedidoId: `${pedido.pedidoId}-${k + 1}`,
        produtoId: l.p.id,
        produtoDescricao: l.p.descricao,
        quantidade: peso(l.quantidade),
        quantidadeProduzida: peso(produzida),
        quantidadeM2: peso(l.quantidade * l.p.rendimentoM2),
        frete: dinheiro((c.frete * valor) / c.valor),
        valorNotaFiscalItem: notaFiscalId ? dinheiro(valor) : null,
      });
    });
  }
  return { ordens, linhas };
}
