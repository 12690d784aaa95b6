import type { ResultadoAuditoria } from '../../contracts/cte-status';
import type { ResultadoCalculo } from '../../contracts/calculo-frete';
import { Dec } from '../frete/decimal-exato';

// The audit verdict of a CT-e (../shared/design/freight-calculation.md, "Audit verdict of a CT-e").

export interface ToleranciaAuditoria {
  /** Absolute, in reais (default 0.10). */
  valor: string;
  /** Percent of the expected value (default 0). */
  percentual: string;
}

export interface VereditoAuditoria {
  resultado: ResultadoAuditoria;
  valorCobrado: string;
  /** The engine's total; null on ERRO. */
  valorEsperado: string | null;
  /** cobrado - esperado (positive: overcharge); null on ERRO. */
  diferenca: string | null;
  /** The tolerance applied: the larger of the absolute amount and the percentage of the expected. */
  tolerancia: string | null;
  mensagens: string[];
}

/**
 * SUCESSO when |cobrado - esperado| <= tolerance; OBSERVACOES when charged less than that; FALHA when
 * charged more (an overcharge); ERRO when the engine failed or data was missing (`faltando`). `valor` is the
 * charged amount (valoresCobranca in valor-cobrado.ts).
 */
export function vereditoAuditoria(valor: string, calculo: ResultadoCalculo | null, tolerancia: ToleranciaAuditoria, faltando: string[] = []): VereditoAuditoria {
  if (faltando.length > 0 || !calculo || calculo.status === 'FALHA') {
    const mensagens = [...faltando, ...(calculo?.mensagens ?? [])];
    return { resultado: 'ERRO', valorCobrado: valor, valorEsperado: null, diferenca: null, tolerancia: null, mensagens: mensagens.length ? mensagens : ['Não foi possível calcular o frete deste CT-e.'] };
  }
  const esperado = new Dec(calculo.valorTotal);
  const diferenca = new Dec(valor).minus(esperado);
  const limite = Dec.max(new Dec(tolerancia.valor), esperado.times(tolerancia.percentual).div(100));
  const resultado: ResultadoAuditoria = diferenca.abs().lte(limite) ? 'SUCESSO' : diferenca.isNegative() ? 'OBSERVACOES' : 'FALHA';
  return {
    resultado,
    valorCobrado: valor,
    valorEsperado: calculo.valorTotal,
    diferenca: diferenca.toFixed(2),
    tolerancia: limite.toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2),
    mensagens: calculo.mensagens,
  };
}
