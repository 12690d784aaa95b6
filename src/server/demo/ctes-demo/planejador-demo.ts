import type { StatusCte } from '../../../contracts/cte-status';
import type { Tomador } from '../../../contracts/cte-documento';
import { emissao } from './datas-demo';
import { somar, type NotasDe } from './notas-demo';
import type { Cliente, ContextoDemo, Plano, Transportadora } from './tipos-demo';

/** COBERTA: a route the tables price; ERRO: one they do not (no table, or a region out of them). */
export type ExigeRota = 'COBERTA' | 'ERRO' | 'QUALQUER';
export type NovoPlano = (status: StatusCte, exigeRota: ExigeRota, ms?: number, fixo?: Partial<Plano>) => Plano;

/**
 * Draws one CT-e's plan: carrier, direction, customer, day, plant, payer and notes (fixo pins some of them,
 * ms the instant). No audit yet: the caller prices it.
 */
export function planejadorDemo(ctx: ContextoDemo, notasDe: NotasDe): NovoPlano {
  const { r, hoje, dados } = ctx;
  const { clientes, plantas } = dados;
  const escolher = escolhaDemo(ctx);
  const pesosClientes = pesosDosClientes(clientes);
  const mesDe = (status: StatusCte) => (status === 'LIDO' ? r.peso([80, 15, 5]) : status === 'PROCESSADO' ? r.peso([60, 30, 10]) : r.peso([42, 33, 25]));
  return (status, exigeRota, ms, fixo) => {
    let { t, tipo, c } = escolher(exigeRota);
    if (fixo?.transportadora) t = fixo.transportadora;
    if (fixo?.cliente) c = fixo.cliente;
    if (fixo?.tipo) tipo = fixo.tipo;
    const quando = ms ?? emissao(r, hoje, mesDe(status));
    const planta = fixo?.planta ?? r.inteiro(plantas.length);
    const tomador: Tomador =
      tipo === 'ENTRADA' ? (r.proximo() < 0.7 ? 'DESTINATARIO' : 'REMETENTE') : (['REMETENTE', 'DESTINATARIO', 'OUTROS', 'EXPEDIDOR', 'RECEBEDOR'] as const)[r.peso([88, 5, 3, 2, 2])];
    const notas = notasDe(quando, tipo, c, planta);
    return {
      status,
      ms: quando,
      transportadora: t,
      tipo,
      cliente: c,
      planta,
      tomador,
      terceiro: ['OUTROS', 'EXPEDIDOR', 'RECEBEDOR'].includes(tomador) ? clientes[r.peso(pesosClientes)] : null,
      notas,
      pesoBruto: somar(notas, 'pesoBruto', 3),
      valorNotas: somar(notas, 'valor', 2),
      inconsistencias: [],
      agrupamento: null,
      grupo: null,
      codigoCobranca: null,
      canceladoNaLeitura: false,
      calculo: null,
      cobrado: null,
    };
  };
}

/** Customers: a few big accounts receive most shipments (weights fall with the position). */
const pesosDosClientes = (clientes: Cliente[]) => clientes.map((_, i) => 1 / (1 + i * 0.08));

/** Carrier, direction and customer for the route wanted (the direction is drawn first). */
function escolhaDemo({ r, dados }: ContextoDemo) {
  const { clientes, tabeladas, semTabela } = dados;
  const pesosClientes = pesosDosClientes(clientes);
  const cobertos = (c: Cliente) => !['AM', 'PA', 'AC', 'RO', 'RR', 'AP', 'TO', 'EX'].includes(c.municipio.siglaUf);
  const clientesSp = clientes.filter((c) => c.municipio.siglaUf === 'SP');
  const clientesCobertos = clientes.filter(cobertos);
  const clientesNorte = clientes.filter((c) => !cobertos(c));
  const clientesForaSp = clientes.filter((c) => c.municipio.siglaUf !== 'SP');
  const pesosTabeladas = tabeladas.map((_, i) => [30, 22, 16, 12, 12, 8][i] ?? 5);
  const deLista = (lista: Cliente[]) => (lista.length ? lista[r.inteiro(lista.length)] : clientes[r.peso(pesosClientes)]);
  return (exigeRota: ExigeRota): { t: Transportadora; tipo: 'SAIDA' | 'ENTRADA'; c: Cliente } => {
    let tipo: 'SAIDA' | 'ENTRADA' = r.proximo() < 0.9 ? 'SAIDA' : 'ENTRADA';
    if (exigeRota === 'COBERTA') {
      const t = tabeladas[r.peso(pesosTabeladas)];
      return { t, tipo, c: tipo === 'ENTRADA' ? deLista(clientesSp) : r.proximo() < 0.75 ? clientes[r.peso(pesosClientes)] : deLista(clientesCobertos) };
    }
    if (exigeRota === 'ERRO') {
      const semTabelaAgora = semTabela.length > 0 && r.proximo() < 0.3;
      const t = semTabelaAgora ? r.de(semTabela) : tabeladas[r.peso(pesosTabeladas)];
      let c: Cliente;
      if (semTabelaAgora) c = clientes[r.peso(pesosClientes)];
      else if (clientesNorte.length && r.proximo() < 0.6) c = r.de(clientesNorte);
      else ((tipo = 'ENTRADA'), (c = deLista(clientesForaSp)));
      return { t, tipo, c };
    }
    const t = semTabela.length && r.proximo() < 0.12 ? r.de(semTabela) : tabeladas[r.peso(pesosTabeladas)];
    return { t, tipo, c: clientes[r.peso(pesosClientes)] };
  };
}
