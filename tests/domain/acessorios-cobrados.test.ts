import { describe, expect, it } from 'vitest';
import { mensagemAcessorioSemOcorrencia } from '../../src/contracts/ocorrencias';
import {
  acessoriosCobrados,
  decidirAcessorios,
  ocorrenciaQueJustifica,
  textoJustificativa,
  tracoDosCobrados,
  vereditoComAcessorios,
  type OcorrenciaAuditoria,
} from '../../src/domain/auditoria/acessorios-cobrados';
import type { VereditoAuditoria } from '../../src/domain/auditoria/veredito-auditoria';
import { conferirFatura, conferirLinha, type LinhaConferencia } from '../../src/domain/faturas/conferencia-fatura';
import { motivoNaoPagavel } from '../../src/domain/faturas/pagavel';

// Issue 31 (task C): which accessorials a CT-e charges, which occurrence justifies each, the verdict without one;
// whether a CT-e is payable.

const ocorrencia = (id: number, codigo: string, sentido: OcorrenciaAuditoria['sentido'], iso: string, linha: number | null = 3): OcorrenciaAuditoria => ({
  id,
  origem: 'OCOREN',
  codigo,
  sentido,
  dataHora: new Date(iso),
  arquivo: 'OCOREN_1105.txt',
  linha,
});

describe('acessoriosCobrados', () => {
  it('reads the component names, accent- and case-insensitive', () => {
    expect(acessoriosCobrados(['FRETE PESO', 'Taxa de Reentrega'], null)).toEqual(['REENTREGA']);
    expect(acessoriosCobrados(['DEVOLUÇÃO'], null)).toEqual(['DEVOLUCAO']);
    expect(acessoriosCobrados(['Frete retorno'], null)).toEqual(['DEVOLUCAO']);
    expect(acessoriosCobrados(['DIÁRIA'], null)).toEqual(['DIARIA']);
    expect(acessoriosCobrados(['Estadia do veículo', 'PERMANÊNCIA'], null)).toEqual(['DIARIA']);
    expect(acessoriosCobrados(['TDE'], null)).toEqual(['TDE']);
    expect(acessoriosCobrados(['Taxa dificuldade entrega'], null)).toEqual(['TDE']);
    expect(acessoriosCobrados(['AGENDAMENTO', 'reentrega'], null)).toEqual(['REENTREGA', 'AGENDAMENTO']);
    // Not a word "tde": no TDE.
    expect(acessoriosCobrados(['FRETE VALOR', 'PEDAGIO', 'GRIS', 'STDEX'], null)).toEqual([]);
  });

  it('and the ERP order\'s additional-charge code when it names one', () => {
    expect(acessoriosCobrados(['FRETE'], 'REENTREGA')).toEqual(['REENTREGA']);
    expect(acessoriosCobrados(['FRETE'], 'DEVOLUCAO')).toEqual(['DEVOLUCAO']);
    expect(acessoriosCobrados([], 'TDE')).toEqual(['TDE']);
    expect(acessoriosCobrados([], 'PALETIZACAO')).toEqual([]);
    expect(acessoriosCobrados([], 'DESCARGA')).toEqual([]);
  });
});

describe('the justification', () => {
  const entrega = ocorrencia(1, '01', 'ENTREGA', '2026-11-04T12:00:00Z');
  const reentrega = ocorrencia(2, '24', 'REENTREGA', '2026-11-05T17:30:00Z');
  const insucesso = ocorrencia(3, '06', 'INSUCESSO', '2026-11-03T12:00:00Z', null);

  it('the earliest occurrence that justifies it; a failed attempt justifies a re-delivery', () => {
    expect(ocorrenciaQueJustifica('REENTREGA', [entrega, reentrega])).toBe(reentrega);
    expect(ocorrenciaQueJustifica('REENTREGA', [entrega, reentrega, insucesso])).toBe(insucesso);
    expect(ocorrenciaQueJustifica('DEVOLUCAO', [entrega, reentrega, insucesso])).toBeNull();
  });

  it('names code, text, São Paulo date and time, file and line', () => {
    expect(textoJustificativa('REENTREGA', reentrega)).toBe('Reentrega justificada pela ocorrência 24 "Mercadoria reentregue ao cliente destino" de 05/11/2026 14:30 (OCOREN_1105.txt, linha 3).');
    expect(textoJustificativa('REENTREGA', insucesso, true)).toBe('Reentrega justificada pela ocorrência 06 "Endereço do cliente destino não localizado" de 03/11/2026 09:00 (OCOREN_1105.txt), do CT-e original.');
  });

  it('decidirAcessorios: justified → priced; without → priced only as an observation', () => {
    expect(decidirAcessorios(['REENTREGA', 'TDE'], [reentrega], [], 'FALHA')).toMatchObject({ precificar: ['REENTREGA'], semOcorrencia: ['TDE'] });
    expect(decidirAcessorios(['REENTREGA', 'TDE'], [], [reentrega], 'OBSERVACAO')).toMatchObject({ precificar: ['REENTREGA', 'TDE'], semOcorrencia: ['TDE'] });
  });
});

describe('vereditoComAcessorios', () => {
  const v = (resultado: VereditoAuditoria['resultado']): VereditoAuditoria => ({ resultado, valorCobrado: '10.00', valorEsperado: '10.00', diferenca: '0.00', tolerancia: '0.10', mensagens: [] });
  const mensagem = mensagemAcessorioSemOcorrencia('REENTREGA');

  it('FALHA forces FALHA even within tolerance; OBSERVACAO turns a SUCESSO into OBSERVACOES', () => {
    expect(vereditoComAcessorios(v('SUCESSO'), ['REENTREGA'], new Set(['REENTREGA']), 'FALHA')).toMatchObject({ resultado: 'FALHA', mensagens: [mensagem] });
    expect(vereditoComAcessorios(v('SUCESSO'), ['REENTREGA'], new Set(['REENTREGA']), 'OBSERVACAO')).toMatchObject({ resultado: 'OBSERVACOES', mensagens: [mensagem] });
    expect(vereditoComAcessorios(v('FALHA'), ['REENTREGA'], new Set(['REENTREGA']), 'OBSERVACAO')).toMatchObject({ resultado: 'FALHA', mensagens: [mensagem] });
  });

  it('an ERRO stays; a charge the table does not price changes nothing', () => {
    expect(vereditoComAcessorios(v('ERRO'), ['REENTREGA'], new Set(['REENTREGA']), 'FALHA')).toEqual(v('ERRO'));
    expect(vereditoComAcessorios(v('SUCESSO'), ['REENTREGA'], new Set(), 'FALHA')).toEqual(v('SUCESSO'));
    expect(tracoDosCobrados(['AGENDAMENTO'], ['AGENDAMENTO'], new Set(), 'FALHA')).toEqual([
      'Agendamento cobrado no CT-e, mas a tabela de frete não tem elemento de custo com esse evento: o valor esperado não inclui essa cobrança.',
    ]);
    expect(mensagemAcessorioSemOcorrencia('AGENDAMENTO')).toBe('Agendamento cobrado sem ocorrência que o justifique.');
  });
});

describe('the payable reading', () => {
  it('an anulação, an annulled or a substituted CT-e are not payable', () => {
    expect(motivoNaoPagavel(0, null)).toBeNull();
    expect(motivoNaoPagavel(3, null)).toBeNull();
    expect(motivoNaoPagavel(2, null)).toBe('CT-e de anulação: não há frete a pagar.');
    expect(motivoNaoPagavel(0, { tipoCte: 3, numero: 123 })).toBe('Substituído pelo CT-e 123.');
    expect(motivoNaoPagavel(0, { tipoCte: 2, numero: 124 })).toBe('Anulado pelo CT-e 124.');
  });

  it('in the fatura check: a divergence with the reason, nothing to pay for it', () => {
    const linha: LinhaConferencia = { valorFrete: '100.00', cteId: 1, statusCte: 'AUDITADO_SUCESSO', valorCobrado: '100.00', valorAuditoria: '100.00', valorCorreto: null, jaCobradoEm: null };
    expect(conferirLinha(linha)).toMatchObject({ divergente: false, motivos: [] });
    const substituida = { ...linha, naoPagavel: 'Substituído pelo CT-e 123.' };
    expect(conferirLinha(substituida)).toMatchObject({ situacao: 'AUDITADO', divergente: true, motivos: ['Substituído pelo CT-e 123.'] });
    expect(conferirFatura([linha, substituida])).toMatchObject({ conferida: false, divergencias: 1, valorAPagar: '100.00' });
  });
});
