import { describe, expect, it } from 'vitest';
import { escolherPesoCarga, type ItemCarga } from '../../src/domain/cte/escolher-peso-carga';

const q = (tipoMedida: string, quantidade: string, unidade = '01'): ItemCarga => ({ tipoMedida, quantidade, unidade });

describe('escolherPesoCarga: the CT-e weight from its infQ lines', () => {
  it('the billed weight beats the declared one wherever it comes', () => {
    expect(escolherPesoCarga([q('PESO DECLARADO', '400'), q('PESO BASE DE CALCULO', '650')])).toEqual({
      kg: '650',
      tipoMedida: 'PESO BASE DE CALCULO',
      unidade: '01',
      quantidade: '650',
      indice: 1,
    });
  });

  it('order: base de cálculo, taxado, cubado, bruto, declarado/aferido, then any weight line', () => {
    const linhas = [q('VOLUMES', '12', '03'), q('PESO AFERIDO', '410'), q('PESO BRUTO', '500'), q('PESO CUBADO', '700'), q('PESO TAXADO', '720'), q('PESO BASE DE CALCULO', '730')];
    const ordem: string[] = [];
    for (let resto = linhas; ; ) {
      const p = escolherPesoCarga(resto);
      if (!p) break;
      ordem.push(p.tipoMedida);
      resto = resto.filter((l) => l.tipoMedida !== p.tipoMedida);
    }
    expect(ordem).toEqual(['PESO BASE DE CALCULO', 'PESO TAXADO', 'PESO CUBADO', 'PESO BRUTO', 'PESO AFERIDO']);
    expect(escolherPesoCarga([q('PESO LIQUIDO', '90'), q('PESO DECLARADO', '95')])?.tipoMedida).toBe('PESO DECLARADO');
    expect(escolherPesoCarga([q('ESTRADO', '18145')])).toMatchObject({ kg: '18145', tipoMedida: 'ESTRADO' });
  });

  it('tpMed without case, accents or extra spaces', () => {
    expect(escolherPesoCarga([q('PESO BRUTO', '100'), q('Peso Base de Cálculo', '120')])?.kg).toBe('120');
    expect(escolherPesoCarga([q('PESO BRUTO', '100'), q('  peso   taxado ', '130')])?.kg).toBe('130');
    expect(escolherPesoCarga([q('PESO DECLARADO', '100'), q('PESO-BRUTO', '110')])?.kg).toBe('110');
    expect(escolherPesoCarga([q('PESO BRUTO', '100'), q('PESO BASE CALCULO', '140')])?.kg).toBe('140');
  });

  it('a zero line is skipped, even the preferred one', () => {
    expect(escolherPesoCarga([q('PESO BRUTO', '0.0000'), q('PESO DECLARADO', '320.5')])).toMatchObject({ kg: '320.5', tipoMedida: 'PESO DECLARADO' });
    expect(escolherPesoCarga([q('PESO BASE DE CALCULO', '0'), q('PESO BRUTO', '90')])?.tipoMedida).toBe('PESO BRUTO');
    expect(escolherPesoCarga([q('QUALQUER', '0'), q('OUTRA', '15')])?.tipoMedida).toBe('OUTRA');
  });

  it('tons become kg exactly; M3, units and litres never count', () => {
    expect(escolherPesoCarga([q('PESO BRUTO', '15.3475', '02')])).toMatchObject({ kg: '15347.5', unidade: '02', quantidade: '15.3475' });
    expect(escolherPesoCarga([q('PESO BRUTO', '0.0001', 'TON')])?.kg).toBe('0.1');
    expect(escolherPesoCarga([q('PESO CUBADO', '3.2', '00'), q('PESO BRUTO', '800')])).toMatchObject({ kg: '800', tipoMedida: 'PESO BRUTO' });
    expect(escolherPesoCarga([q('PESO BRUTO', '10.0000', '03'), q('M3', '2', '00'), q('LITROS', '50', '04')])).toBeNull();
    expect(escolherPesoCarga([q('PESO BRUTO', '1000.000', 'KG')])?.kg).toBe('1000');
  });

  it('no lines, unreadable or negative quantities: null', () => {
    expect(escolherPesoCarga([])).toBeNull();
    expect(escolherPesoCarga([q('PESO BRUTO', '1.000,5'), q('PESO BRUTO', '-10')])).toBeNull();
  });

  it('a huge weight in tons stays exact (no float)', () => {
    expect(escolherPesoCarga([q('PESO BRUTO', '123456789012345.123456', '02')])?.kg).toBe('123456789012345123.456');
  });
});
