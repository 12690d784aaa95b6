import { describe, expect, it } from 'vitest';
import type { ResultadoCalculo } from '../../src/contracts/calculo-frete';
import { valoresCobranca } from '../../src/domain/auditoria/valor-cobrado';
import { vereditoAuditoria } from '../../src/domain/auditoria/veredito-auditoria';

const calculo = (valorTotal: string, campos: Partial<ResultadoCalculo> = {}): ResultadoCalculo => ({
  transportadora: { id: 1, razaoSocial: 'Transportes Teste Ltda' },
  tabelaFrete: { id: 1, inicio: '2026-01-01', fim: null },
  percurso: { id: 1, descricao: 'SP - Sul' },
  status: 'SUCESSO',
  elementosCusto: [],
  valorTotal,
  mensagens: [],
  traco: [],
  ...campos,
});
/** The charged amount of a CT-e whose vTPrest is `valorTotal` (valoresCobranca decides vTPrest or vRec). */
const cobrado = (valorTotal: string, extra: { valorReceber?: string; icmsPorSubstituicao?: boolean } = {}) =>
  valoresCobranca({
    prestacao: { valorTotal, valorReceber: extra.valorReceber ?? valorTotal, componentes: [] },
    icms: extra.icmsPorSubstituicao ? { grupo: 'ICMS60', cst: '60', simplesNacional: false, baseCalculo: null, aliquota: null, valor: null, substituicao: null } : null,
  }).valorTotal;
const PADRAO = { valor: '0.10', percentual: '0' };

describe('audit verdict (freight-calculation.md)', () => {
  it('SUCESSO within the absolute tolerance: charged 198.95, expected 198.86, |0.09| <= 0.10', () => {
    expect(vereditoAuditoria(cobrado('198.95'), calculo('198.86'), PADRAO)).toEqual({
      resultado: 'SUCESSO',
      valorCobrado: '198.95',
      valorEsperado: '198.86',
      diferenca: '0.09',
      tolerancia: '0.10',
      mensagens: [],
    });
    // Exactly at the tolerance is still a success: 198.96 - 198.86 = 0.10.
    expect(vereditoAuditoria(cobrado('198.96'), calculo('198.86'), PADRAO).resultado).toBe('SUCESSO');
  });

  it('FALHA, an overcharge: charged 3334.32, expected 3100.00 -> +234.32 > 0.10', () => {
    expect(vereditoAuditoria(cobrado('3334.32'), calculo('3100.00'), PADRAO)).toMatchObject({ resultado: 'FALHA', diferenca: '234.32', tolerancia: '0.10' });
    // One cent past the tolerance: 198.97 - 198.86 = 0.11 > 0.10.
    expect(vereditoAuditoria(cobrado('198.97'), calculo('198.86'), PADRAO).resultado).toBe('FALHA');
  });

  it('OBSERVACOES, charged less than the table: 180.00 against 198.86 -> -18.86', () => {
    expect(vereditoAuditoria(cobrado('180.00'), calculo('198.86'), PADRAO)).toMatchObject({ resultado: 'OBSERVACOES', diferenca: '-18.86' });
  });

  it('the percentage wins when larger: 2 % of 3100.00 = 62.00 > 0.10, so +50.00 is a success and +62.01 a failure', () => {
    const tol = { valor: '0.10', percentual: '2' };
    expect(vereditoAuditoria(cobrado('3150.00'), calculo('3100.00'), tol)).toMatchObject({ resultado: 'SUCESSO', tolerancia: '62.00' });
    expect(vereditoAuditoria(cobrado('3162.01'), calculo('3100.00'), tol).resultado).toBe('FALHA');
    expect(vereditoAuditoria(cobrado('3037.99'), calculo('3100.00'), tol).resultado).toBe('OBSERVACOES');
  });

  it('under tax substitution the charged amount is vRec: vTPrest 3334.32, vRec 2934.20 against 2934.25 -> SUCESSO', () => {
    expect(vereditoAuditoria(cobrado('3334.32', { valorReceber: '2934.20', icmsPorSubstituicao: true }), calculo('2934.25'), PADRAO)).toMatchObject({
      resultado: 'SUCESSO',
      valorCobrado: '2934.20',
      diferenca: '-0.05',
    });
  });

  it('ERRO when the engine fails or data is missing, with the messages', () => {
    const falha = calculo('0', { status: 'FALHA', mensagens: ['Nenhum percurso da tabela atende Foz do Iguaçu/PR -> Itu/SP'] });
    expect(vereditoAuditoria(cobrado('3334.32'), falha, PADRAO)).toEqual({
      resultado: 'ERRO',
      valorCobrado: '3334.32',
      valorEsperado: null,
      diferenca: null,
      tolerancia: null,
      mensagens: ['Nenhum percurso da tabela atende Foz do Iguaçu/PR -> Itu/SP'],
    });
    expect(vereditoAuditoria(cobrado('3334.32'), null, PADRAO, ['O peso bruto das notas fiscais é zero.']).mensagens).toEqual(['O peso bruto das notas fiscais é zero.']);
    expect(vereditoAuditoria(cobrado('3334.32'), null, PADRAO).mensagens).toEqual(['Não foi possível calcular o frete deste CT-e.']);
  });
});
