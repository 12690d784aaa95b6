import type { CteLido } from '../../contracts/cte-documento';
import { Dec } from '../frete/decimal-exato';

// Which of the cargo's quantity lines (infCarga/infQ) is the CT-e's weight. tpMed is free text (20
// characters) the carrier types, so it is compared without case, accents or extra spaces; only weight units
// count (cUnid 01 kg, 02 t; the names KG/TON are accepted too, as some issuers and the demo write them).

export type ItemCarga = CteLido['carga']['itens'][number];

export interface PesoEscolhido {
  /** The weight in kg, an exact decimal string (tons × 1000; no float, no rounding). */
  kg: string;
  /** The chosen line as written: its tpMed, cUnid and qCarga, and its position among the lines. */
  tipoMedida: string;
  unidade: string;
  quantidade: string;
  indice: number;
}

const FATOR_KG: Record<string, number> = { '01': 1, KG: 1, '02': 1000, TON: 1000 };

const normalizar = (t: string) =>
  t
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();

/**
 * Preference, best first: the billed weight (base de cálculo, then taxado, then cubado: what the price was
 * computed on), the gross weight, the declared or measured weight; then any weight line.
 */
const PREFERENCIAS: RegExp[] = [
  /\bPESO BASE (DE )?CALCULO\b/,
  /\bPESO TAXADO\b/,
  /\bPESO CUBADO\b/,
  /\bPESO BRUTO\b/,
  /\bPESO (DECLARADO|AFERIDO)\b/,
  /.*/,
];

/** The kg of a line, or null when it is no weight, not a number, or zero. */
function kgDaLinha(item: ItemCarga): Dec | null {
  const fator = FATOR_KG[item.unidade.trim().toUpperCase()];
  if (!fator || !/^\d{1,15}(\.\d{1,6})?$/.test(item.quantidade.trim())) return null;
  const kg = new Dec(item.quantidade.trim()).times(fator);
  return kg.gt(0) ? kg : null;
}

/** The CT-e's cargo weight from its quantity lines (infQ), with the line it came from; null when none is a weight. */
export function escolherPesoCarga(itens: readonly ItemCarga[]): PesoEscolhido | null {
  const pesos = itens.flatMap((item, indice) => {
    const kg = kgDaLinha(item);
    return kg ? [{ item, indice, kg, medida: normalizar(item.tipoMedida) }] : [];
  });
  for (const preferencia of PREFERENCIAS) {
    const achado = pesos.find((p) => preferencia.test(p.medida));
    if (achado) return { kg: achado.kg.toFixed(), tipoMedida: achado.item.tipoMedida, unidade: achado.item.unidade, quantidade: achado.item.quantidade, indice: achado.indice };
  }
  return null;
}
