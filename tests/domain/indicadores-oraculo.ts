import { arredondarFracao, dividirFracao, ehZero, fracao, multiplicar, somar, subtrair, type Fracao } from './fracao-exata';

// What each indicator figure must be (spec 03 §5 and the reading in src/domain/indicadores), computed on
// exact fractions and rounded half-up once: the oracle of tests/domain/dinheiro.test.ts and of
// tests/server/indicadores-centavos.test.ts.

export interface NotaOraculo {
  valorCte: string;
  pesoCte: string;
  pesoNf: string;
  valorNf: string;
  valorAuditoria: string | null;
  valorIcms: string | null;
}

export interface FigurasOraculo {
  nfFretePagar: string;
  indicadorFretePeso: string;
  indicadorFreteValor: string | null;
  valorFretePrevisto: string | null;
  difFrete: string | null;
  valorImposto: string | null;
  percentualImposto: string | null;
  valorLiquido: string | null;
}

const CEM = fracao(100);

/** The figures of one note of a CT-e whose weight is not zero. */
export function figurasOraculo(e: NotaOraculo): FigurasOraculo {
  const pesoCte = fracao(e.pesoCte);
  const parte = (valor: string) => arredondarFracao(dividirFracao(multiplicar(fracao(e.pesoNf), fracao(valor)), pesoCte), 2);
  const pagar = parte(e.valorCte);
  const valorNf = fracao(e.valorNf);
  const previsto = e.valorAuditoria === null ? null : parte(e.valorAuditoria);
  const imposto = e.valorIcms === null ? null : parte(e.valorIcms);
  const menos = (a: string, b: string) => arredondarFracao(subtrair(fracao(a), fracao(b)), 2);
  return {
    nfFretePagar: pagar,
    indicadorFretePeso: arredondarFracao(dividirFracao(fracao(pagar), pesoCte), 4),
    indicadorFreteValor: ehZero(valorNf) ? null : arredondarFracao(dividirFracao(multiplicar(fracao(pagar), CEM), valorNf), 4),
    valorFretePrevisto: previsto,
    difFrete: previsto === null ? null : menos(pagar, previsto),
    valorImposto: imposto,
    percentualImposto: imposto === null || ehZero(fracao(pagar)) ? null : arredondarFracao(dividirFracao(multiplicar(fracao(imposto), CEM), fracao(pagar)), 4),
    valorLiquido: imposto === null ? null : menos(pagar, imposto),
  };
}

/** The mean of rounded indicators (the chart's figure), rounded half-up to 4 decimals; null when none. */
export function mediaOraculo(valores: readonly (string | null)[]): string | null {
  const presentes = valores.filter((v): v is string => v !== null);
  if (!presentes.length) return null;
  const soma = presentes.reduce<Fracao>((s, v) => somar(s, fracao(v)), fracao(0));
  return arredondarFracao(dividirFracao(soma, fracao(presentes.length)), 4);
}

/**
 * Fixed cases where the exact figure ends on half a cent (or half a unit of the 4th decimal) and a rounded
 * quotient falls on the wrong side: the 857,545 (R$ 1.715,09 over 218 kg, a note of 109 kg) and
 * others of the same kind, with a previsto and an ICMS that end on half a cent too.
 */
export const CASOS_MEIO_CENTAVO: NotaOraculo[] = [
  { valorCte: '1715.09', pesoCte: '218.000', pesoNf: '109.000', valorNf: '10000.00', valorAuditoria: '1715.09', valorIcms: '205.81' },
  { valorCte: '1395.69', pesoCte: '640.504', pesoNf: '320.252', valorNf: '6978.45', valorAuditoria: '1300.01', valorIcms: '167.49' },
  { valorCte: '1193.91', pesoCte: '2731.662', pesoNf: '1633.641', valorNf: '7140.05', valorAuditoria: null, valorIcms: null },
  { valorCte: '704.89', pesoCte: '2264.312', pesoNf: '1132.156', valorNf: '3524.50', valorAuditoria: '704.89', valorIcms: '84.59' },
  { valorCte: '1327.67', pesoCte: '1007.316', pesoNf: '503.658', valorNf: '0.00', valorAuditoria: '1400.03', valorIcms: '159.33' },
  { valorCte: '1700.43', pesoCte: '566.656', pesoNf: '283.328', valorNf: '4251.07', valorAuditoria: '1600.00', valorIcms: '0.00' },
  { valorCte: '853.11', pesoCte: '354.834', pesoNf: '256.269', valorNf: '12000.00', valorAuditoria: null, valorIcms: '102.39' },
];
