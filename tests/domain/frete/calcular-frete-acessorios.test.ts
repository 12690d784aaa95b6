import { describe, expect, it } from 'vitest';
import { calcularFrete, type DetalheCalculo } from '../../../src/domain/frete/calcular-frete';
import { MSG_ELEMENTO_FAIXA, MSG_ELEMENTO_PERCENTUAL_INVALIDO, MSG_ELEMENTO_PERCENTUAL_SEM_EVENTO, validarElementoCusto } from '../../../src/domain/frete/validar-tabela-frete';
import { CAMPINAS, RIO, TRANSPORTADORA, destino, elemento, entrada, faixas, origem, percurso, tabela } from './fixtures';
import { calcular, linha, soElementos, valores } from './calculo';

// Issue 31: cost elements tied to an event (reentrega, devolução, diária, TDE, agendamento). Default request:
// Campinas → Rio, 1 000 kg, R$ 10 000,00, ICMS 0 (fixtures.entrada).

const fretePeso = elemento('Frete peso', { modalidade: 'CALCULADO_KG_INTEGRAL', faixas: faixas(['9999999', '0.25']) }); // 250.00
const reentrega = elemento('Reentrega', { evento: 'REENTREGA', percentualFrete: '50' });
const tde = elemento('TDE', { evento: 'TDE', modalidade: 'CALCULADO_KG_INTEGRAL', faixas: faixas(['9999999', '0.03']) }); // 30.00

describe('accessorial elements', () => {
  it('not named by the request: skipped with one trace line; the freight is as without it', () => {
    const r = calcular(soElementos(fretePeso, reentrega, tde));
    expect(valores(r)).toEqual({ 'Frete peso': '250.00' });
    expect(r.valorTotal).toBe('250.00');
    expect(r.traco.filter((t) => t.includes('não cobrada neste cálculo'))).toEqual([
      '"Reentrega" (tabela): cobrança acessória de Reentrega, não cobrada neste cálculo: não entra no valor.',
      '"TDE" (tabela): cobrança acessória de TDE (taxa de dificuldade de entrega), não cobrada neste cálculo: não entra no valor.',
    ]);
  });

  it('a percentage of the ordinary freight after the route bounds, before ICMS', () => {
    // Route minimum 300: ordinary freight 250 → 300; reentrega 50 % = 150; ICMS 12 % on 450 → 511.36.
    const t = tabela({
      elementosCusto: [fretePeso, reentrega],
      percursos: [percurso('Campinas → Rio', { id: 10, valorMinimo: '300', origens: [origem(CAMPINAS)], destinos: [destino(RIO)] })],
    });
    const r = calcular(t, { acessorios: ['REENTREGA'], icms: '0.12' });
    expect(valores(r)).toMatchObject({ 'Frete peso': '250.00', 'Ajuste ao valor mínimo do percurso': '50.00', Reentrega: '150.00', ICMS: '61.36' });
    expect(r.valorTotal).toBe('511.36');
    expect(r.traco).toContain('"Reentrega" (tabela): 50 % do frete dos elementos ordinários após os limites do percurso e antes do ICMS (R$ 300,00) = R$ 150,00.');
  });

  it('the percentage rounded once, half-up, then its minimum and limit', () => {
    // 250 × 33.333 % = 83.3325 → 83.33; 250 × 0.002 % = 0.005 → 0.01 (half-up) → minimum 5; 250 × 80 % = 200 → limit 120.
    const r = calcular(
      soElementos(
        fretePeso,
        elemento('Reentrega', { evento: 'REENTREGA', percentualFrete: '33.333' }),
        elemento('Devolução', { evento: 'DEVOLUCAO', percentualFrete: '0.002', valorMinimo: '5' }),
        elemento('Diária', { evento: 'DIARIA', percentualFrete: '80', valorLimite: '120', acoesLimite: 'EXCLUSIVO' }),
      ),
      { acessorios: ['REENTREGA', 'DEVOLUCAO', 'DIARIA'] },
    );
    expect(valores(r)).toEqual({ 'Frete peso': '250.00', Reentrega: '83.33', 'Devolução': '5.00', 'Diária': '120.00' });
    expect(r.valorTotal).toBe('458.33');
  });

  it('by its own modalidade and bands, with its own ICMS flag', () => {
    const semIcms = elemento('TDE', { evento: 'TDE', modalidade: 'CALCULADO_KG_INTEGRAL', faixas: faixas(['9999999', '0.03']), flags: [] });
    const r = calcular(soElementos(fretePeso, semIcms), { acessorios: ['TDE'], icms: '0.12' });
    // ICMS on 250 only: 250 / 0.88 − 250 = 34.09; TDE 30.00 untaxed.
    expect(valores(r)).toEqual({ 'Frete peso': '250.00', TDE: '30.00', ICMS: '34.09' });
    expect(r.valorTotal).toBe('314.09');
    expect(calcular(soElementos(fretePeso, tde), { acessorios: ['TDE'], icms: '0.12' }).valorTotal).toBe('318.18'); // 280 / 0.88
  });

  it('somenteAcessorios: only the accessorials make the value, the ordinary freight is their base', () => {
    const r = calcular(soElementos(fretePeso, reentrega, tde), { acessorios: ['REENTREGA'], somenteAcessorios: true });
    expect(valores(r)).toEqual({ Reentrega: '125.00' });
    expect(r.valorTotal).toBe('125.00');
  });

  it('the engine tells which events the effective elements are tied to', () => {
    const detalhe: DetalheCalculo = { eventos: new Set() };
    calcularFrete(TRANSPORTADORA, [soElementos(fretePeso, reentrega)], entrada(), detalhe);
    expect([...detalhe.eventos]).toEqual(['REENTREGA']);
  });

  it('an EXCLUSIVO closing freight keeps the accessorials', () => {
    const fechado = elemento('Lotação', { valorMinimo: '900', valorLimite: '800', acoesLimite: 'EXCLUSIVO', flags: ['INCIDE_IMPOSTO', 'EXCLUSIVO'] });
    const r = calcular(soElementos(fechado, reentrega), { acessorios: ['REENTREGA'] });
    expect(linha(r, 'Lotação')?.valor).toBe('800.00');
    expect(linha(r, 'Reentrega')?.valor).toBe('400.00');
  });

  it('a table without accessorials computes as before, whatever the request names', () => {
    const t = soElementos(fretePeso);
    expect(calcular(t, { acessorios: ['REENTREGA'] })).toEqual(calcular(t));
  });
});

describe('validation of accessorial elements', () => {
  it('percentualFrete only with an event, a non-negative number with up to 5 decimals', () => {
    expect(validarElementoCusto(elemento('X', { percentualFrete: '50' }))).toEqual([MSG_ELEMENTO_PERCENTUAL_SEM_EVENTO]);
    expect(validarElementoCusto(elemento('X', { evento: 'TDE', percentualFrete: '-1' }))).toEqual([MSG_ELEMENTO_PERCENTUAL_INVALIDO]);
    expect(validarElementoCusto(elemento('X', { evento: 'TDE', percentualFrete: '1.123456' }))).toEqual([MSG_ELEMENTO_PERCENTUAL_INVALIDO]);
    expect(validarElementoCusto(elemento('X', { evento: 'TDE', percentualFrete: '100.12345' }))).toEqual([]);
    expect(validarElementoCusto(elemento('X', { evento: 'TDE', percentualFrete: '0' }))).toEqual([]);
  });

  it('a percentage element needs no band; an event element by bands does', () => {
    expect(validarElementoCusto(elemento('X', { evento: 'TDE', percentualFrete: '100', modalidade: 'CALCULADO_KG' }))).toEqual([]);
    expect(validarElementoCusto(elemento('X', { evento: 'TDE', modalidade: 'CALCULADO_KG' }))).toEqual([MSG_ELEMENTO_FAIXA]);
  });
});
