import { describe, expect, it } from 'vitest';
import type { StatusCte } from '../../src/contracts/cte-status';
import { mensagemJaCobrado, MSG_CTE_NAO_ENCONTRADO_FATURA } from '../../src/contracts/conferencia-fatura';
import { conferirFatura, conferirLinha, type LinhaConferencia } from '../../src/domain/faturas/conferencia-fatura';

// docs/decisoes.md §15: the check of a fatura against the CT-es (pure rules; the server mirrors them in SQL for the list).

const linha = (status: StatusCte | null, valorFrete: string | null = '100.00', valores: Partial<LinhaConferencia> = {}): LinhaConferencia => ({
  valorFrete,
  cteId: status ? 1 : null,
  statusCte: status,
  valorCobrado: status ? '100.00' : null,
  valorAuditoria: status ? '95.00' : null,
  valorCorreto: status === 'AUDITADO_REVISADO' ? '98.00' : null,
  jaCobradoEm: null,
  ...valores,
});

describe('one line of a fatura', () => {
  it.each([
    [null, 'NAO_ENCONTRADO', true],
    ['LIDO', 'NAO_AUDITADO', true],
    ['PROCESSADO', 'NAO_AUDITADO', true],
    ['AUDITADO_SUCESSO', 'AUDITADO', false],
    ['AUDITADO_OBSERVACOES', 'AUDITADO', false],
    ['AUDITADO_REVISADO', 'APROVADO', false],
    ['AUDITADO_FALHA', 'FALHA', true],
    ['AUDITADO_ERRO', 'ERRO', true],
    ['CANCELADO', 'CANCELADO', true],
    ['DESCONSIDERADO', 'CANCELADO', true],
  ] as const)('CT-e %s → %s (divergent: %s)', (status, situacao, divergente) => {
    expect(conferirLinha(linha(status))).toMatchObject({ situacao, divergente });
  });

  it('compares the billed value with the charged one exactly (100.10 vs 100.1 is the same; 0.01 apart is not)', () => {
    expect(conferirLinha(linha('AUDITADO_SUCESSO', '100.1', { valorCobrado: '100.10' }))).toEqual({ situacao: 'AUDITADO', valorDivergente: false, divergente: false, motivos: [] });
    const cobrado = conferirLinha(linha('AUDITADO_SUCESSO', '100.01'));
    expect(cobrado).toEqual({
      situacao: 'AUDITADO',
      valorDivergente: true,
      divergente: true,
      motivos: ['Valor faturado (R$ 100,01) diferente do valor cobrado no CT-e (R$ 100,00).'],
    });
  });

  it('a line without a billed value is not divergent by value; a billed line with no CT-e is', () => {
    expect(conferirLinha(linha('AUDITADO_REVISADO', null))).toMatchObject({ valorDivergente: false, divergente: false });
    expect(conferirLinha(linha(null))).toEqual({ situacao: 'NAO_ENCONTRADO', valorDivergente: true, divergente: true, motivos: [`${MSG_CTE_NAO_ENCONTRADO_FATURA} no sistema.`] });
    expect(conferirLinha(linha(null, null)).valorDivergente).toBe(false);
  });
});

describe('the whole fatura', () => {
  it('counts each situation, sums billed, charged and what should be paid', () => {
    const c = conferirFatura([
      linha('AUDITADO_SUCESSO'),
      linha('AUDITADO_REVISADO', '120.00', { valorCobrado: '120.00', valorCorreto: '110.00' }),
      linha('AUDITADO_SUCESSO', '130.00'),
      linha(null, '40.00'),
      linha('LIDO'),
      linha('AUDITADO_FALHA'),
      linha('AUDITADO_ERRO'),
      linha('CANCELADO'),
    ]);
    expect(c).toEqual({
      conferida: false,
      divergencias: 6,
      ctes: 8,
      encontrados: 7,
      naoEncontrados: 1,
      naoAuditados: 1,
      auditados: 2,
      aprovados: 1,
      falhas: 1,
      erros: 1,
      cancelados: 1,
      jaCobrados: 0,
      valorDivergente: 2,
      valorFaturado: '790.00',
      valorCobrado: '720.00',
      // 95.00 + 95.00 (audit value of the two AUDITADO) + 110.00 (correct value of the APROVADO).
      valorAPagar: '300.00',
    });
  });

  it('is conferida only with lines, all audited or approved, billed as charged', () => {
    expect(conferirFatura([linha('AUDITADO_SUCESSO'), linha('AUDITADO_REVISADO')])).toMatchObject({ conferida: true, divergencias: 0, valorAPagar: '193.00' });
    expect(conferirFatura([])).toMatchObject({ conferida: false, divergencias: 0, valorFaturado: '0.00' });
  });
});

describe('a CT-e billed before (docs/decisoes.md §17)', () => {
  const antes = { faturaId: 7, numero: '104233', dataEmissao: '2026-11-03' };

  it('is JA_COBRADO whatever its audit says: a divergence with its reason, out of what to pay', () => {
    const l = conferirLinha(linha('AUDITADO_SUCESSO', '100.00', { jaCobradoEm: antes }));
    expect(l).toEqual({ situacao: 'JA_COBRADO', valorDivergente: false, divergente: true, motivos: [mensagemJaCobrado('104233', '03/11/2026')] });
    expect(l.motivos[0]).toBe('Já cobrado na fatura 104233 de 03/11/2026.');
    const c = conferirFatura([linha('AUDITADO_SUCESSO'), linha('AUDITADO_SUCESSO', '100.00', { jaCobradoEm: antes }), linha(null, '40.00', { jaCobradoEm: antes })]);
    expect(c).toMatchObject({ conferida: false, divergencias: 2, jaCobrados: 2, auditados: 1, encontrados: 2, naoEncontrados: 1, valorAPagar: '95.00' });
  });
});

