import Decimal from 'decimal.js';
import { eq, inArray, sql } from 'drizzle-orm';
import type { ClienteRef } from '../../contracts/tabela-frete-modelo';
import type { PedidoCalculo, ResultadoCalculo } from '../../contracts/calculo-frete';
import { TIPO_VEICULO_QUALQUER } from '../../contracts/calculo-frete';
import { calcularFrete, type EntradaCalculo, type MunicipioCalculo } from '../../domain/frete/calcular-frete';
import type { Db } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { municipio } from '../db/schema/municipio';
import { tipoVeiculo } from '../db/schema/veiculo';
import { badRequest } from '../http/api-error';
import { carregarTabelasVigentes } from './carregar-tabelas-vigentes';
import { mensagemTipoVeiculoDesconhecido, mensagemTransportadoraDesconhecida } from './resolver-tabela-frete';

export const mensagemOrigemDesconhecida = (codigo: number) => `Município de origem não encontrado (código ${codigo}).`;
export const mensagemDestinoDesconhecido = (codigo: number) => `Município de destino não encontrado (código ${codigo}).`;

export interface CalculoPedido {
  /** One per carrier: cheapest first, FALHA last (spec 02 §4 "results are listed one per carrier"). */
  resultados: ResultadoCalculo[];
  origem: MunicipioCalculo;
  destino: MunicipioCalculo;
  tipoVeiculo: { id: number; descricao: string } | null;
  /** Registers whose CPF/CNPJ is the request's (usually one). */
  clientes: ClienteRef[];
}

const ordemResultados = (a: ResultadoCalculo, b: ResultadoCalculo) =>
  Number(a.status === 'FALHA') - Number(b.status === 'FALHA') ||
  (a.status === 'FALHA' ? 0 : new Decimal(a.valorTotal).comparedTo(b.valorTotal)) ||
  a.transportadora.razaoSocial.localeCompare(b.transportadora.razaoSocial, 'pt-BR') ||
  a.transportadora.id - b.transportadora.id;

/**
 * POST /tabelas-frete/calcular and /imprimir (spec 02 §3, freight-calculation.md): the request's
 * municipalities, vehicle type, customer registers and tables in force, read in parallel (one query
 * each), then the engine once per carrier.
 */
export async function calcularPedido(db: Db, pedido: PedidoCalculo): Promise<CalculoPedido> {
  const qualquer = pedido.tipoVeiculo === TIPO_VEICULO_QUALQUER;
  const [municipios, tipos, clientes, grupos] = await Promise.all([
    db
      .select({ id: municipio.id, codigo: municipio.codigo, nome: municipio.nome, siglaUf: municipio.siglaUf, ufId: municipio.ufId, latitude: municipio.latitude, longitude: municipio.longitude })
      .from(municipio)
      .where(inArray(municipio.codigo, [pedido.codigoOrigem, pedido.codigoDestino])),
    qualquer ? [] : db.select({ id: tipoVeiculo.id, descricao: tipoVeiculo.descricao }).from(tipoVeiculo).where(eq(tipoVeiculo.id, pedido.tipoVeiculo)),
    // Spec 02 §3: the request names the customer by CNPJ; incidences name registers, so every register
    // with that CNPJ counts (none: no incidence applies, not an error).
    db
      .select({ id: cliente.id, nome: sql<string>`coalesce(${cliente.descricaoAmigavel}, ${cliente.razaoSocial})`, cpfCnpjFormatado: cliente.cpfCnpjFormatado })
      .from(cliente)
      .where(eq(cliente.cpfCnpj, pedido.cliente))
      .orderBy(cliente.id),
    carregarTabelasVigentes(db, pedido.dataDespacho, pedido.transportadora ?? undefined),
  ]);
  const origem = municipios.find((m) => m.codigo === pedido.codigoOrigem);
  const destino = municipios.find((m) => m.codigo === pedido.codigoDestino);
  const mensagens = [
    ...(origem ? [] : [mensagemOrigemDesconhecida(pedido.codigoOrigem)]),
    ...(destino ? [] : [mensagemDestinoDesconhecido(pedido.codigoDestino)]),
    ...(qualquer || tipos.length ? [] : [mensagemTipoVeiculoDesconhecido(pedido.tipoVeiculo)]),
    ...(pedido.transportadora !== null && grupos.length === 0 ? [mensagemTransportadoraDesconhecida(pedido.transportadora)] : []),
  ];
  if (mensagens.length) throw badRequest(...mensagens);

  const entrada: EntradaCalculo = {
    dataDespacho: pedido.dataDespacho,
    clienteIds: clientes.map((c) => c.id),
    valor: pedido.valor,
    peso: pedido.peso,
    origem: origem!,
    destino: destino!,
    tipoVeiculo: tipos[0] ?? null,
    icms: pedido.icms,
    distancia: pedido.distancia,
    entregas: pedido.entregas,
  };
  const resultados = grupos.map((g) => calcularFrete(g.transportadora, g.tabelas, entrada)).sort(ordemResultados);
  return { resultados, origem: origem!, destino: destino!, tipoVeiculo: entrada.tipoVeiculo, clientes };
}
