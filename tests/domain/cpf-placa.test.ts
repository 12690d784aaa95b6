import { describe, expect, it } from 'vitest';
import { motoristaCadastroSchema, MSG_CPF_INVALIDO } from '../../src/contracts/motoristas';
import { veiculoCadastroSchema } from '../../src/contracts/veiculos';
import { cpfValido, formatarCpf, somenteDigitos } from '../../src/domain/cpf';
import { normalizarPlaca, paisDaPlaca } from '../../src/domain/placa';

describe('cpfValido (spec 01 §5, Driver save)', () => {
  it('accepts valid CPFs, formatted or not', () => {
    for (const cpf of ['52998224725', '529.982.247-25', '111.444.777-35', '39053344705', ' 390.533.447-05 ']) expect(cpfValido(cpf), cpf).toBe(true);
  });
  it('refuses a wrong check digit', () => {
    for (const cpf of ['52998224724', '529.982.247-26', '11144477736']) expect(cpfValido(cpf), cpf).toBe(false);
  });
  it('refuses repeated digits, formatted or not', () => {
    for (let d = 0; d <= 9; d++) {
      const repetido = String(d).repeat(11);
      expect(cpfValido(repetido), repetido).toBe(false);
      expect(cpfValido(formatarCpf(repetido))).toBe(false);
    }
  });
  it('refuses the well-known sample 123.456.789-09 (its checksum is valid)', () => {
    expect(cpfValido('12345678909')).toBe(false);
    expect(cpfValido('123.456.789-09')).toBe(false);
  });
  it('refuses wrong lengths and empty input', () => {
    for (const cpf of ['', '5299822472', '529982247250', 'abc']) expect(cpfValido(cpf), cpf).toBe(false);
  });
  it('formats and strips', () => {
    expect(formatarCpf('52998224725')).toBe('529.982.247-25');
    expect(formatarCpf('529.982.247-25')).toBe('529.982.247-25');
    expect(somenteDigitos('529.982.247-25')).toBe('52998224725');
  });
  it('the driver contract stores digits and answers the verbatim message', () => {
    const base = { nome: 'A', rg: '1', rntnc: '2', logradouro: 'R', cep: '01001-000', cidade: 'C', uf: 'sp' };
    const ok = motoristaCadastroSchema.parse({ ...base, cpf: '529.982.247-25' });
    expect(ok).toMatchObject({ cpf: '52998224725', cep: '01001000', uf: 'SP', status: 'ATIVO' });
    for (const cpf of ['11111111111', '12345678909', '52998224724']) {
      const r = motoristaCadastroSchema.safeParse({ ...base, cpf });
      expect(r.success).toBe(false);
      expect(r.error!.issues.map((i) => i.message)).toEqual([MSG_CPF_INVALIDO]);
    }
  });
});

describe('plates (spec 01 §5, Vehicle)', () => {
  it('normalises to upper case letters and digits, at most 7', () => {
    expect(normalizarPlaca('abc-1234')).toBe('ABC1234');
    expect(normalizarPlaca(' bra 2e19 ')).toBe('BRA2E19');
    expect(normalizarPlaca('abcd12345')).toBe('ABCD123');
    expect(veiculoCadastroSchema.parse({ placa: 'rst-4j22' }).placa).toBe('RST4J22');
  });
  it('guesses the country by pattern', () => {
    expect(paisDaPlaca('ABC1234')).toBe('Brasil');
    expect(paisDaPlaca('abc-1234')).toBe('Brasil');
    expect(paisDaPlaca('ABC123')).toBe('Argentina');
    expect(paisDaPlaca('A123456')).toBe('Uruguai');
    expect(paisDaPlaca('123ABC')).toBe('Paraguai');
    expect(paisDaPlaca('BRA2E19')).toBe('Mercosul');
    expect(paisDaPlaca('AB12')).toBe('Mercosul');
  });
  it('refuses an empty plate', () => {
    expect(veiculoCadastroSchema.safeParse({ placa: '  ' }).success).toBe(false);
    expect(veiculoCadastroSchema.safeParse({ placa: '---' }).success).toBe(false);
  });
});
