import { describe, expect, it } from 'vitest';
import { notaDaChave } from '../../src/domain/cte/chave-nfe';
import { formatarCep, formatarCnpjCpf, formatarDataHora, formatarPesoKg, formatarQuantidade, formatarTelefone } from '../../src/domain/cte/formatar-cte';
import { ROTULO_STATUS_CTE, rotuloGrupoIcms, rotuloUnidade, simboloUnidade } from '../../src/domain/cte/rotulos-cte';
import { STATUS_CTE } from '../../src/contracts/cte-status';

describe('CT-e identifiers as people read them', () => {
  it('CNPJ (also alphanumeric), CPF; anything else as written', () => {
    expect(formatarCnpjCpf('06539526000392')).toBe('06.539.526/0003-92');
    expect(formatarCnpjCpf('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatarCnpjCpf(null, '01234567890')).toBe('012.345.678-90');
    expect(formatarCnpjCpf('123', null)).toBe('123');
    expect(formatarCnpjCpf(null, null)).toBeNull();
  });

  it('CEP and phones (with area code, 0800, with country code, local), else as written', () => {
    expect(formatarCep('85863070')).toBe('85863-070');
    expect(formatarCep('8586')).toBe('8586');
    expect(formatarTelefone('4535221216')).toBe('(45) 3522-1216');
    expect(formatarTelefone('11987654321')).toBe('(11) 98765-4321');
    expect(formatarTelefone('08001234567')).toBe('0800 123 4567');
    expect(formatarTelefone('5511987654321')).toBe('+55 11 98765-4321');
    expect(formatarTelefone('35242132')).toBe('3524-2132');
    expect(formatarTelefone('123')).toBe('123');
    expect(formatarTelefone(null)).toBeNull();
  });

  it('weights and quantities in pt-BR with the unit', () => {
    expect(formatarPesoKg('15347.5')).toBe('15.347,500 kg');
    expect(formatarPesoKg(null)).toBeNull();
    expect(formatarQuantidade('15000.0000', '01')).toBe('15.000,000 kg');
    expect(formatarQuantidade('15.3475', 'TON')).toBe('15,3475 t');
    expect(formatarQuantidade('120', '03')).toBe('120 un');
    expect(formatarQuantidade('1,5', '01')).toBe('1,5');
  });

  it('date and time in São Paulo', () => {
    expect(formatarDataHora('2018-10-31T17:47:28-03:00')).toBe('31/10/2018 17:47');
    expect(formatarDataHora('2025-03-10T13:05:00Z')).toBe('10/03/2025 10:05');
    expect(formatarDataHora(null)).toBeNull();
  });

  it('NF-e key: series, number and issuer', () => {
    expect(notaDaChave('41181022545265000108550270000004041610511676')).toEqual({ serie: '27', numero: 404, cnpjEmitente: '22545265000108' });
    expect(notaDaChave('4118102254526500010855027000000404161051167X')).toBeNull();
  });
});

describe('labels of the CT-e codes', () => {
  it('every status has a Portuguese label', () => {
    for (const s of STATUS_CTE) expect(ROTULO_STATUS_CTE[s]).toMatch(/^[A-ZÁÉ]/);
  });

  it('units by code or name (CT-e manual: 00 M3, 01 KG, 02 TON, 03 UNIDADE, 04 LITROS, 05 MMBTU)', () => {
    expect(['00', '01', '02', '03', '04', '05'].map(rotuloUnidade)).toEqual(['Metro cúbico (m³)', 'Quilograma (kg)', 'Tonelada (t)', 'Unidade (un)', 'Litro (L)', 'Milhão de BTU (MMBTU)']);
    expect(['KG', 'kg', 'TON', 'UNIDADE', 'LITROS', 'M3'].map(simboloUnidade)).toEqual(['kg', 'kg', 't', 'un', 'L', 'm³']);
    expect(rotuloUnidade('99')).toBe('99');
  });

  it('ICMS groups with a short description', () => {
    expect(rotuloGrupoIcms('ICMS60')).toBe('ICMS60 — Cobrado anteriormente por substituição tributária');
    expect(rotuloGrupoIcms('ICMS51')).toBe('ICMS51');
  });
});
