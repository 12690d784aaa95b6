import type { TabelaFrete } from '../../../contracts/tabela-frete-modelo';
import type { ResultadoCalculo } from '../../../contracts/calculo-frete';
import type { ToleranciaAuditoria, VereditoAuditoria } from '../../../domain/auditoria/veredito-auditoria';
import { calcularFrete, type EntradaCalculo } from '../../../domain/frete/calcular-frete';
import { Dec } from '../../../domain/frete/decimal-exato';
import { carregarTabelasVigentes } from '../../tabelas-frete/carregar-tabelas-vigentes';
import type { Db } from '../../db/database';
import type { Aleatorio } from './aleatorio';
import { aliquotaIcms } from './aliquota-icms';
import { OBSERVACOES_REVISAO } from './constantes-demo';
import { dataHoraLocal } from './datas-demo';
import { rota, type Municipio, type Plano } from './tipos-demo';

/**
 * The engine over the tables in force on the CT-e's day, read as a re-audit reads the CT-e (one query per
 * distinct day; the tables are cached). No draws.
 */
export function calculadoraDemo(db: Db, plantas: Municipio[]): (p: Plano) => Promise<ResultadoCalculo> {
  const tabelasDoDia = new Map<string, Map<number, TabelaFrete[]>>();
  const tabelasEm = async (dia: string) => {
    let m = tabelasDoDia.get(dia);
    if (!m) {
      const grupos = await carregarTabelasVigentes(db, dia);
      tabelasDoDia.set(dia, (m = new Map(grupos.map((g) => [g.transportadora.id, g.tabelas]))));
    }
    return m;
  };
  return async (p) => {
    const { origem, destino } = rota(p, plantas);
    const data = dataHoraLocal(p.ms);
    const entrada: EntradaCalculo = {
      dataDespacho: data.slice(0, 10),
      clienteIds: p.cliente.ids,
      valor: new Dec(p.valorNotas).toFixed(2),
      peso: new Dec(p.pesoBruto).toString(),
      origem,
      destino,
      tipoVeiculo: null,
      icms: new Dec(aliquotaIcms(origem.siglaUf, destino.siglaUf)).div(100).toFixed(),
      distancia: null,
      entregas: 1,
    };
    const tabelas = (await tabelasEm(entrada.dataDespacho)).get(p.transportadora.id) ?? [];
    return calcularFrete({ id: p.transportadora.id, razaoSocial: p.transportadora.razaoSocial }, tabelas, entrada);
  };
}

/**
 * The value the carrier charged, set on purpose against the engine's total and the tolerance:
 * SUCESSO equal (or a few cents off, within it), OBSERVACOES below it, FALHA above it (an overcharge).
 */
export function cobrar(r: Aleatorio, resultado: 'SUCESSO' | 'OBSERVACOES' | 'FALHA' | 'ERRO', calculo: ResultadoCalculo, tol: ToleranciaAuditoria, peso: string): string {
  if (resultado === 'ERRO')
    // No table price: a believable freight for the weight (R$ 0.90–2.20 a kg, at least R$ 85).
    return Dec.max(new Dec(peso).times(0.9 + r.proximo() * 1.3), new Dec(85)).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);
  const esperado = new Dec(calculo.valorTotal);
  const limite = Dec.max(new Dec(tol.valor), esperado.times(tol.percentual).div(100)).toDecimalPlaces(2, Dec.ROUND_DOWN);
  if (resultado === 'SUCESSO') {
    if (r.proximo() < 0.85) return esperado.toFixed(2);
    const centavos = r.inteiro(limite.times(100).toNumber() + 1);
    return esperado.plus(new Dec(centavos).div(100).times(r.proximo() < 0.5 ? -1 : 1)).toFixed(2);
  }
  const margem = Dec.max(esperado.times(resultado === 'FALHA' ? 0.03 + r.proximo() * 0.22 : 0.01 + r.proximo() * 0.08), new Dec('0.50')).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
  const valor = resultado === 'FALHA' ? esperado.plus(limite).plus(margem) : esperado.minus(limite).minus(margem);
  return Dec.max(valor, new Dec('1.00')).toFixed(2);
}

/** Approval of an overcharge: half by the carrier's value (a negotiated extra), half by the table's. */
export function aprovacao(p: Plano, v: VereditoAuditoria, j: number) {
  const pelaTransportadora = j % 2 === 0;
  return {
    valorCorreto: pelaTransportadora ? v.valorCobrado : v.valorEsperado!,
    observacoes: OBSERVACOES_REVISAO[(p.notas[0].numero + j) % OBSERVACOES_REVISAO.length],
  };
}
