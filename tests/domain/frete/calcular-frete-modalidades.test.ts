import { describe, expect, it } from 'vitest';
import { elemento, faixas } from './fixtures';
import { calcular, soElementos, valores } from './calculo';

// One worked example per modalidade (freight-calculation.md steps 4 to 6). Request: 1 000 kg, cargo
// R$ 10 000,00, 430 km, ICMS 0, no route bounds: the total is the sum of the element lines.

const fretePesoIntegral = elemento('Frete peso', { modalidade: 'CALCULADO_KG_INTEGRAL', faixas: faixas(['9999999', '0.25']) }); // 1000 × 0.25 = 250.00

describe('modalidades', () => {
  it('FIXO: value 0, so the valorMinimo', () => {
    // 0 → max(0, 150.00) = 150.00.
    const r = calcular(soElementos(elemento('Taxa de coleta', { valorMinimo: '150.00' })));
    expect(r.status).toBe('SUCESSO');
    expect(r.valorTotal).toBe('150.00');
  });

  it('CALCULADO_KG: progressive by weight', () => {
    // 100 × 0.50 = 50 + (500 − 100) × 0.30 = 120 + (1000 − 500) × 0.20 = 100 → 270.00.
    const r = calcular(soElementos(elemento('Frete peso', { modalidade: 'CALCULADO_KG', faixas: faixas(['500', '0.3'], ['100', '0.5'], ['2000', '0.2']) })));
    expect(r.valorTotal).toBe('270.00');
  });

  it('CALCULADO_KM: progressive by distance', () => {
    // 100 × 2.00 = 200 + (430 − 100) × 1.50 = 495 → 695.00.
    const r = calcular(soElementos(elemento('Frete km', { modalidade: 'CALCULADO_KM', faixas: faixas(['100', '2'], ['1000', '1.5']) })));
    expect(r.valorTotal).toBe('695.00');
  });

  it('CALCULADO_VALOR: progressive percentage of the cargo value', () => {
    // 5 000 × 0.3 % = 15 + (10 000 − 5 000) × 0.2 % = 10 → 25.00.
    const r = calcular(soElementos(elemento('Ad valorem', { modalidade: 'CALCULADO_VALOR', faixas: faixas(['5000', '0.3'], ['9999999', '0.2']) })));
    expect(r.valorTotal).toBe('25.00');
  });

  it('CALCULADO_INDICE: progressive percentage of the indexed elements', () => {
    // Frete peso 250.00; index 250: 100 × 10 % = 10 + 150 × 5 % = 7.50 → 17.50; total 267.50.
    const r = calcular(
      soElementos(fretePesoIntegral, elemento('Taxa sobre frete', { modalidade: 'CALCULADO_INDICE', elementosIndexados: ['FRETE PESO'], faixas: faixas(['100', '10'], ['9999999', '5']) })),
    );
    expect(valores(r)).toEqual({ 'Frete peso': '250.00', 'Taxa sobre frete': '17.50' });
    expect(r.valorTotal).toBe('267.50');
  });

  it('CALCULADO_KG_INTEGRAL: whole weight at its band rate', () => {
    // 1 000 kg falls in the band up to 2 000: 1 000 × 0.20 = 200.00.
    const r = calcular(soElementos(elemento('Frete peso', { modalidade: 'CALCULADO_KG_INTEGRAL', faixas: faixas(['500', '0.3'], ['2000', '0.2']) })));
    expect(r.valorTotal).toBe('200.00');
  });

  it('CALCULADO_KM_INTEGRAL: whole distance at its band rate', () => {
    // 430 km in the band up to 600: 430 × 1.80 = 774.00.
    const r = calcular(soElementos(elemento('Frete km', { modalidade: 'CALCULADO_KM_INTEGRAL', faixas: faixas(['300', '2'], ['600', '1.8']) })));
    expect(r.valorTotal).toBe('774.00');
  });

  it('CALCULADO_VALOR_INTEGRAL: whole cargo value at its band percentage', () => {
    // 10 000 in the band up to 20 000: 10 000 × 0.25 % = 25.00.
    const r = calcular(soElementos(elemento('Ad valorem', { modalidade: 'CALCULADO_VALOR_INTEGRAL', faixas: faixas(['5000', '0.3'], ['20000', '0.25']) })));
    expect(r.valorTotal).toBe('25.00');
  });

  it('CALCULADO_INDICE_INTEGRAL: the whole index at its band percentage', () => {
    // Frete peso 250.00 + GRIS 10 000 × 0.1 % = 10.00 → index 260, band up to 1 000: 260 × 5 % = 13.00.
    // Total 250 + 10 + 13 = 273.00.
    const gris = elemento('GRIS', { modalidade: 'CALCULADO_VALOR_INTEGRAL', faixas: faixas(['9999999', '0.1']) });
    const indice = elemento('Taxa sobre frete', { modalidade: 'CALCULADO_INDICE_INTEGRAL', elementosIndexados: ['Frete peso', 'Gris'], faixas: faixas(['200', '10'], ['1000', '5']) });
    const r = calcular(soElementos(indice, fretePesoIntegral, gris));
    expect(valores(r)).toEqual({ 'Taxa sobre frete': '13.00', 'Frete peso': '250.00', GRIS: '10.00' });
    expect(r.valorTotal).toBe('273.00');
  });

  it('FIXO_FAIXA_KG: the band value as an amount', () => {
    // 1 000 kg in the band up to 1 500 → 120.00.
    expect(calcular(soElementos(elemento('Frete peso', { modalidade: 'FIXO_FAIXA_KG', faixas: faixas(['500', '80'], ['1500', '120']) }))).valorTotal).toBe('120.00');
  });

  it('FIXO_FAIXA_KM: the band value as an amount', () => {
    // 430 km in the band up to 600 → 750.00.
    expect(calcular(soElementos(elemento('Frete km', { modalidade: 'FIXO_FAIXA_KM', faixas: faixas(['300', '500'], ['600', '750']) }))).valorTotal).toBe('750.00');
  });

  it('FIXO_FAIXA_VALOR: the band value as an amount, not a percentage', () => {
    // R$ 10 000 in the band up to 50 000 → 35.00.
    expect(calcular(soElementos(elemento('Seguro', { modalidade: 'FIXO_FAIXA_VALOR', faixas: faixas(['5000', '20'], ['50000', '35']) }))).valorTotal).toBe('35.00');
  });

  it('FIXO_FAIXA_INDICE: the band of the index gives an amount', () => {
    // Frete peso 250.00 → index 250 in the band up to 300 → 25.00; total 275.00.
    const r = calcular(soElementos(fretePesoIntegral, elemento('Taxa', { modalidade: 'FIXO_FAIXA_INDICE', elementosIndexados: ['Frete peso'], faixas: faixas(['100', '15'], ['300', '25']) })));
    expect(valores(r)).toEqual({ 'Frete peso': '250.00', Taxa: '25.00' });
    expect(r.valorTotal).toBe('275.00');
  });
});
