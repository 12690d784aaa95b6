import Decimal from 'decimal.js';

// Money and rates are decimal strings (contracts/tabelas-frete.ts). 60 significant digits keep every
// intermediate product exact (10-digit amounts × 5-decimal rates × percentages), so the only rounding
// is the one a rule asks for (freight-calculation.md step 8, spec 02 §4).
export const Dec = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;
