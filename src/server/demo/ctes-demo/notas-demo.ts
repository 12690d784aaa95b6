import type { Empresa } from '../../../contracts/common';
import { Dec } from '../../../domain/frete/decimal-exato';
import { notaDaChave } from '../../../domain/cte/chave-nfe';
import type { Aleatorio } from './aleatorio';
import { chaveAcesso } from './chave-acesso';
import { EMPRESAS_DEMO } from './constantes-demo';
import { dataHoraLocal } from './datas-demo';
import type { Cliente, Municipio, NotaPlano } from './tipos-demo';

export type NotasDe = (ms: number, tipo: 'SAIDA' | 'ENTRADA', c: Cliente, planta: number) => NotaPlano[];

/**
 * The notes of a CT-e: weights and values (LTL: a few hundred kg, R$ 12–45 a kg of adhesives/packaging).
 * Creating it draws the first note and order numbers, so it is created before any plan is drawn.
 */
export function notasDemo(r: Aleatorio, empresa: Empresa, plantas: Municipio[]): NotasDe {
  const demo = EMPRESAS_DEMO[empresa];
  let numeroNf = 40_000 + r.inteiro(10_000);
  let pedidoSeq = 120_000 + r.inteiro(10_000);
  return (ms, tipo, c, planta) => {
    const qtd = r.peso([65, 25, 10]) + 1;
    const total = Math.max(4, Math.round(Math.exp(Math.log(320) + (r.proximo() + r.proximo() + r.proximo() - 1.5) * 1.6) * 1000) / 1000);
    const porKg = 12 + r.proximo() * 33;
    const pedidoId = `PV${++pedidoSeq}`;
    return Array.from({ length: qtd }, (_, i) => {
      const peso = new Dec(total).div(qtd).toDecimalPlaces(3, Dec.ROUND_HALF_UP);
      const valor = peso.times(porKg * (0.9 + r.proximo() * 0.2)).toDecimalPlaces(2, Dec.ROUND_HALF_UP).plus('0.01');
      const dataNf = dataHoraLocal(ms - (1 + r.inteiro(36)) * 3_600_000).slice(0, 10);
      // SAIDA: the company's note; ENTRADA: the customer's (its CNPJ and UF).
      const emitente = tipo === 'SAIDA' ? demo.plantas[planta].cnpj : c.documento.padStart(14, '0');
      const uf = tipo === 'SAIDA' ? plantas[planta].cUf : c.municipio.cUf;
      const numero = tipo === 'SAIDA' ? ++numeroNf : 1000 + r.inteiro(900_000);
      const chave = chaveAcesso(uf, dataNf, emitente, '55', 1, numero, 10_000_000 + r.inteiro(89_999_999));
      return {
        chave,
        numero: notaDaChave(chave)!.numero,
        notaFiscalId: `NF${chave.slice(6, 20)}${chave.slice(25, 34)}`,
        pedidoId: i === 0 || r.proximo() < 0.7 ? pedidoId : `PV${++pedidoSeq}`,
        dataEmissao: dataNf,
        pesoBruto: peso.toFixed(3),
        pesoLiquido: peso.times('0.94').toDecimalPlaces(3, Dec.ROUND_HALF_UP).toFixed(3),
        valor: valor.toFixed(2),
        valorTotalProdutos: valor.times('0.91').toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2),
      };
    });
  };
}

/** The notes' sum of one field, as the CT-e's columns keep it. */
export const somar = (notas: NotaPlano[], campo: 'pesoBruto' | 'valor', casas: number) => notas.reduce((s, n) => s.plus(n[campo]), new Dec(0)).toFixed(casas);
