import { describe, expect, it } from 'vitest';
import type { Minuta } from '../../src/contracts/minutas';
import { dadosCompletude, dicaCompletude, faltasMinuta, minutaCompleta, type DadosCompletudeMinuta } from '../../src/domain/minutas/completude-minuta';

// Spec 03 §4: complete = PENDENTE; origin, destination, carrier, client, number, invoice, sender CNPJ, taker
// CNPJ, weight and freight value filled; at least one nota fiscal and one cost element.
const completa: DadosCompletudeMinuta = {
  status: 'PENDENTE',
  origem: { nome: 'Campo Mourão', siglaUf: 'PR' },
  destino: { nome: 'São Paulo', siglaUf: 'SP' },
  transportadora: { id: 1, razaoSocial: 'DLB' },
  cliente: { id: 2, razaoSocial: 'Cliente' },
  numero: '89135',
  fatura: '1234',
  cnpjRemetente: '89850341001212',
  cnpjTomador: '89850341001212',
  peso: '3.000',
  valorTotalFrete: '33.38',
  quantidadeNotasFiscais: 1,
  quantidadeElementosCusto: 2,
};

describe('minuta completeness (one function for list, tooltip, modal and server)', () => {
  it('a minuta with everything is complete and selectable', () => {
    expect(faltasMinuta(completa)).toEqual([]);
    expect(minutaCompleta(completa)).toBe(true);
    expect(dicaCompletude(completa)).toBe('Minuta completa: pode ser confirmada.');
  });

  it.each([
    ['origem', { origem: null }],
    ['destino', { destino: null }],
    ['transportadora', { transportadora: null }],
    ['cliente', { cliente: null }],
    ['nº da minuta', { numero: '' }],
    ['nº da fatura', { fatura: null }],
    ['CNPJ do remetente', { cnpjRemetente: null }],
    ['CNPJ do tomador', { cnpjTomador: '  ' }],
    ['peso bruto', { peso: '0.000' }],
    ['valor do frete', { valorTotalFrete: null }],
    ['ao menos uma nota fiscal', { quantidadeNotasFiscais: 0 }],
    ['ao menos um elemento de custo', { quantidadeElementosCusto: 0 }],
  ] as const)('lacking %s, it is not complete and the tooltip says so', (falta, mudanca) => {
    const m = { ...completa, ...mudanca };
    expect(faltasMinuta(m)).toEqual([falta]);
    expect(minutaCompleta(m)).toBe(false);
    expect(dicaCompletude(m)).toBe(`Falta: ${falta}.`);
  });

  it('an imported CONEMB minuta lacks origin, destination, client and invoice, listed in the spec order', () => {
    const m = { ...completa, origem: null, destino: null, cliente: null, fatura: null };
    expect(dicaCompletude(m)).toBe('Falta: origem, destino, cliente, nº da fatura.');
  });

  it('only PENDENTE minutas are complete: confirmed and converted ones are not selectable', () => {
    expect(minutaCompleta({ ...completa, status: 'PREENCHIDO' })).toBe(false);
    expect(dicaCompletude({ ...completa, status: 'PREENCHIDO' })).toBe('Minuta já confirmada.');
    expect(dicaCompletude({ ...completa, status: 'PROCESSADO' })).toBe('Minuta já convertida em CT-e.');
  });

  it('a whole minuta counts its notes and cost elements', () => {
    const minuta: Minuta = {
      id: 1, status: 'PENDENTE', fatura: '1', numero: '2', serie: '1', chave: null, dataEmissao: '2026-11-01',
      transportadora: { id: 1, razaoSocial: 'T', cnpjFormatado: null },
      origem: { id: 1, codigo: 4104303, nome: 'Campo Mourão', siglaUf: 'PR' },
      destino: { id: 2, codigo: 3550308, nome: 'São Paulo', siglaUf: 'SP' },
      cliente: { id: 3, vwCliente: { razaoSocial: 'C', cpfCnpjFormatado: null } },
      peso: '1', percentualIcms: '12', valorTotalFrete: '10.00', cnpjTomador: '89850341001212', cnpjRemetente: '89850341001212',
      notasFiscais: [], elementosCusto: [{ nome: 'Frete peso', valor: '10.00' }], origemMinuta: 'MANUAL', cteId: null, versao: 0,
    };
    expect(faltasMinuta(dadosCompletude(minuta))).toEqual(['ao menos uma nota fiscal']);
    expect(minutaCompleta(dadosCompletude({ ...minuta, notasFiscais: [{ serie: '1', numero: '5' }] }))).toBe(true);
  });
});
