import fc from 'fast-check';
import Base from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { ratearFrete, type ItemRateio } from '../../src/domain/romaneios/ratear-frete';

// The checks recompute exact shares; 60 digits keep them exact, as in the domain code.
const Decimal = Base.clone({ precision: 60, rounding: Base.ROUND_HALF_UP });
type Decimal = InstanceType<typeof Decimal>;

// Spec 03 §5: "Freight allocation across lines: freight value divided by total weight. Each line's share
// is proportional to weight and item value. Shares are rounded to cents, and a rounding remainder under
// 0.03 is added to the first line." Reading: see src/domain/romaneios/ratear-frete.ts.

const item = (peso: string, ...valores: string[]): ItemRateio => ({ peso, detalhes: valores.map((v) => ({ valorTotalItem: v })) });
const soItens = (frete: string, ...pesos: string[]) => ratearFrete(frete, pesos.map((p) => item(p))).map((r) => r.item);

describe('ratearFrete: worked numbers', () => {
  it('100.00 over weights 1, 1, 1: remainder +0.01 to the first item', () => {
    // 100 × 1/3 = 33.333… → 33.33 each (99.99); remainder 0.01 → first 33.34.
    expect(soItens('100.00', '1', '1', '1')).toEqual(['33.34', '33.33', '33.33']);
  });

  it('negative remainder: 0.05 over weights 1, 1, 1 takes a cent off the first item', () => {
    // 0.05 / 3 = 0.01666… → 0.02 each (0.06); remainder −0.01 → first 0.01.
    expect(soItens('0.05', '1', '1', '1')).toEqual(['0.01', '0.02', '0.02']);
  });

  it('by weight, the rate freight ÷ total weight is not rounded', () => {
    // 1000.00 / 7 kg = 142.857…/kg; 2 kg → 285.714… → 285.71; 5 kg → 714.285… → 714.29; sum exact.
    expect(soItens('1000.00', '2', '5')).toEqual(['285.71', '714.29']);
  });

  it('an item split over its detail lines by item value', () => {
    // Items: 100 × 2/3 = 66.666… → 66.67; 100 × 1/3 = 33.33; sum 100.00.
    // Item 1 (66.67) over values 1, 1, 1: 22.2233… → 22.22 each (66.66); +0.01 → first 22.23.
    // Item 2 (33.33) over values 300, 100: 24.9975 → 25.00 (half-up); 8.3325 → 8.33; sum 33.33.
    expect(ratearFrete('100.00', [item('2', '1', '1', '1'), item('1', '300.00', '100.00')])).toEqual([
      { item: '66.67', detalhes: ['22.23', '22.22', '22.22'] },
      { item: '33.33', detalhes: ['25.00', '8.33'] },
    ]);
  });

  it('remainder of 0.03 or more: largest remainder instead of the first line', () => {
    // 0.35 / 10 = 0.035 → 0.04 each (0.40); remainder −0.05 (≥ 0.03). Cut down: 0.03 each (0.30);
    // 5 cents missing, all fractions 0.005 tie → the first five lines get one cent.
    const pesos = Array.from({ length: 10 }, () => '1');
    expect(soItens('0.35', ...pesos)).toEqual([...Array(5).fill('0.04'), ...Array(5).fill('0.03')]);
  });

  it('first line would go negative: largest remainder instead', () => {
    // 0.05 over 0, 1, 1, 1: rounded 0, 0.02, 0.02, 0.02 (0.06); first + (−0.01) < 0. Cut down:
    // 0, 0.01, 0.01, 0.01; 2 cents missing; fractions 0, 0.00666…×3 → lines 2 and 3.
    expect(soItens('0.05', '0', '1', '1', '1')).toEqual(['0.00', '0.02', '0.02', '0.01']);
  });

  it('remainder below 0.03 with 6 lines still goes to the first line', () => {
    // 0.10 / 6 = 0.01666… → 0.02 each (0.12); remainder −0.02 → first 0.00.
    expect(soItens('0.10', '1', '1', '1', '1', '1', '1')).toEqual(['0.00', '0.02', '0.02', '0.02', '0.02', '0.02']);
  });
});

describe('ratearFrete: edge cases', () => {
  it('total weight zero: equal shares', () => {
    expect(soItens('10.00', '0', '0', '0')).toEqual(['3.34', '3.33', '3.33']);
  });

  it('an item with no detail lines keeps its share on the item', () => {
    expect(ratearFrete('50.00', [item('1'), item('1', '10')])).toEqual([
      { item: '25.00', detalhes: [] },
      { item: '25.00', detalhes: ['25.00'] },
    ]);
  });

  it('detail values adding up to zero: equal shares', () => {
    expect(ratearFrete('10.00', [item('5', '0', '0.00', '0')])).toEqual([{ item: '10.00', detalhes: ['3.34', '3.33', '3.33'] }]);
  });

  it('freight zero: all zeros', () => {
    expect(ratearFrete('0', [item('3', '1', '2'), item('0')])).toEqual([
      { item: '0.00', detalhes: ['0.00', '0.00'] },
      { item: '0.00', detalhes: [] },
    ]);
  });

  it('refuses negative or invalid input and an empty manifest', () => {
    expect(() => ratearFrete('-1.00', [item('1')])).toThrow(new RangeError('O valor do frete não pode ser negativo.'));
    expect(() => ratearFrete('1.00', [item('1'), item('-2')])).toThrow(new RangeError('O peso do item 2 não pode ser negativo.'));
    expect(() => ratearFrete('1.00', [item('1', '5', '-0.01')])).toThrow(new RangeError('O valor da linha 2 do item 1 não pode ser negativo.'));
    expect(() => ratearFrete('abc', [item('1')])).toThrow(RangeError);
    expect(() => ratearFrete('1.005', [item('1')])).toThrow(new RangeError('O valor do frete deve ter no máximo duas casas decimais.'));
    expect(() => ratearFrete('1.00', [])).toThrow(new RangeError('O romaneio deve ter ao menos um item.'));
  });

  it('1,000 items: the shares add up exactly', () => {
    const itens = Array.from({ length: 1000 }, (_, i) => item(String((i % 17) + 0.5), '1', String(i)));
    const r = ratearFrete('123456.78', itens);
    expect(r).toHaveLength(1000);
    expect(r.reduce((s, x) => s.plus(x.item), new Decimal(0)).toFixed(2)).toBe('123456.78');
    for (const x of r) expect(x.detalhes.reduce((s, d) => s.plus(d), new Decimal(0)).toFixed(2)).toBe(x.item);
  });
});

/**
 * Asserts the documented rule for one group: `cotas` share `alvo` over `pesos`. Either the spec's rule
 * applied (remainder < 0.03 and first line non-negative: every line but the first is its half-up share,
 * the first is its half-up share plus the remainder), or the largest-remainder fallback (each share is
 * its exact value cut down or up to the adjacent cent, so off by < 0.01).
 */
function conferirGrupo(alvo: Decimal, pesos: Decimal[], cotas: string[]): void {
  const d = cotas.map((c) => new Decimal(c));
  expect(d.reduce((s, c) => s.plus(c), new Decimal(0)).eq(alvo)).toBe(true);
  for (const c of d) {
    expect(c.isNegative()).toBe(false);
    expect(c.decimalPlaces()).toBeLessThanOrEqual(2);
  }
  const soma = pesos.reduce((s, p) => s.plus(p), new Decimal(0));
  const exatas = pesos.map((p) => (soma.isZero() ? alvo.div(pesos.length) : alvo.times(p).div(soma)));
  const meio = exatas.map((e) => e.toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  const resto = alvo.minus(meio.reduce((s, c) => s.plus(c), new Decimal(0)));
  if (resto.abs().lt('0.03') && !meio[0].plus(resto).isNegative()) {
    expect(d[0].eq(meio[0].plus(resto))).toBe(true);
    expect(d[0].minus(exatas[0]).abs().lt('0.03')).toBe(true);
    for (let i = 1; i < d.length; i++) expect(d[i].eq(meio[i])).toBe(true);
  } else {
    for (let i = 0; i < d.length; i++) expect(d[i].minus(exatas[i]).abs().lt('0.01')).toBe(true);
  }
}

describe('ratearFrete: properties', () => {
  const centavos = (max: number) => fc.integer({ min: 0, max }).map((c) => new Decimal(c).div(100).toFixed(2));
  const peso = fc.oneof(fc.constant('0'), fc.integer({ min: 0, max: 50_000_000 }).map((g) => new Decimal(g).div(1000).toString()));
  const itemArb = fc.record({ peso, detalhes: fc.array(fc.record({ valorTotalItem: centavos(10_000_000) }), { maxLength: 8 }) });

  it('shares add up exactly at both levels, none negative, the remainder rule holds', () => {
    fc.assert(
      fc.property(centavos(100_000_000), fc.array(itemArb, { minLength: 1, maxLength: 60 }), (frete, itens) => {
        const r = ratearFrete(frete, itens);
        expect(r).toHaveLength(itens.length);
        conferirGrupo(new Decimal(frete), itens.map((it) => new Decimal(it.peso)), r.map((x) => x.item));
        r.forEach((x, i) => {
          expect(x.detalhes).toHaveLength(itens[i].detalhes.length);
          if (x.detalhes.length > 0) conferirGrupo(new Decimal(x.item), itens[i].detalhes.map((d) => new Decimal(d.valorTotalItem)), x.detalhes);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('small freights over many equal lines reach the fallback and still add up', () => {
    fc.assert(
      fc.property(centavos(200), fc.integer({ min: 1, max: 40 }), (frete, n) => {
        const pesos = Array.from({ length: n }, () => new Decimal(1));
        conferirGrupo(new Decimal(frete), pesos, soItens(frete, ...pesos.map(String)));
      }),
    );
  });
});
