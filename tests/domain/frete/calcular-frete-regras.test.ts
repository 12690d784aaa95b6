import { describe, expect, it } from 'vitest';
import type { ElementoCusto } from '../../../src/contracts/tabela-frete-modelo';
import { BH, CAMPINAS, NITEROI, RIO, RJ, SP, destino, elemento, faixas, incidencia, origem, percurso, tabela } from './fixtures';
import { calcular, linha, soElementos, valores } from './calculo';

// freight-calculation.md steps 1 to 10, one worked example per rule. Default request (fixtures.entrada):
// 10/06/2024, customer 100, Campinas/SP → Rio de Janeiro/RJ, 1 000 kg, R$ 10 000,00, 430 km, ICMS 0.

const fixo = (descricao: string, valorMinimo: string, campos: Partial<ElementoCusto> = {}) => elemento(descricao, { valorMinimo, ...campos });

describe('step 1: table in force', () => {
  const antiga = tabela({ id: 1, inicio: '2024-01-01', fim: null, elementosCusto: [fixo('Frete', '100')] });
  const nova = tabela({ id: 2, inicio: '2024-05-01', fim: '2024-12-31', elementosCusto: [fixo('Frete', '200')] });

  it('several in force: the latest inicio', () => {
    // 10/06/2024: both in force; 01/05 > 01/01 → table 2 → 200.00.
    const r = calcular([antiga, nova]);
    expect(r.tabelaFrete).toEqual({ id: 2, inicio: '2024-05-01', fim: '2024-12-31' });
    expect(r.valorTotal).toBe('200.00');
    expect(r.traco[0]).toContain('vale a de início mais recente');
  });

  it('fim is inclusive; after it the older open-ended table applies', () => {
    expect(calcular([antiga, nova], { dataDespacho: '2024-12-31' }).valorTotal).toBe('200.00');
    expect(calcular([antiga, nova], { dataDespacho: '2025-01-01' }).valorTotal).toBe('100.00');
  });

  it('equal inicio: the highest id', () => {
    const gemea = tabela({ id: 3, inicio: '2024-05-01', fim: null, elementosCusto: [fixo('Frete', '300')] });
    expect(calcular([gemea, nova]).tabelaFrete?.id).toBe(3);
  });

  it('none: FALHA naming the carrier and the date', () => {
    const r = calcular([antiga, nova], { dataDespacho: '2023-12-31' });
    expect(r).toMatchObject({ status: 'FALHA', valorTotal: '0.00', elementosCusto: [], tabelaFrete: null, percurso: null });
    expect(r.mensagens).toEqual(['Nenhuma tabela de frete vigente para Rápido Paulista Ltda em 31/12/2023']);
    expect(calcular([], {}).status).toBe('FALHA');
  });
});

describe('step 2: route', () => {
  const ufUf = percurso('SP → RJ', { id: 21, origens: [origem(SP)], destinos: [destino(RJ)], elementosCusto: [fixo('Frete', '100')] });
  const munUf = percurso('Campinas → RJ', { id: 22, origens: [origem(CAMPINAS)], destinos: [destino(RJ)], elementosCusto: [fixo('Frete', '200')] });
  const ufMun = percurso('SP → Rio', { id: 23, origens: [origem(SP)], destinos: [destino(RIO)], elementosCusto: [fixo('Frete', '300')] });

  it('the highest origin + destination score wins', () => {
    // SP → RJ: 1 + 1 = 2; Campinas → RJ: 2 + 1 = 3 → Campinas → RJ, 200.00.
    const r = calcular(tabela({ percursos: [ufUf, munUf] }));
    expect(r.percurso).toEqual({ id: 22, descricao: 'Campinas → RJ' });
    expect(r.valorTotal).toBe('200.00');
    expect(r.traco).toContain('Percurso "Campinas → RJ" (origem 2 + destino 1 = 3) para Campinas/SP -> Rio de Janeiro/RJ (município vale 2, UF vale 1).');
    expect(r.traco).toContain('Percurso "SP → RJ" (origem 1 + destino 1 = 2) também atende, com pontuação menor.');
  });

  it('a municipality entry beats the UF entry of the same route', () => {
    // Origins SP and Campinas: best origin 2; destination RJ: 1 → 3, not 2.
    const r = calcular(tabela({ percursos: [percurso('Misto', { origens: [origem(SP), origem(CAMPINAS)], destinos: [destino(RJ)] })] }));
    expect(r.traco[1]).toContain('(origem 2 + destino 1 = 3)');
  });

  it('a tie is a FALHA naming the routes', () => {
    // Campinas → RJ = 3 and SP → Rio = 1 + 2 = 3.
    const r = calcular(tabela({ percursos: [ufUf, munUf, ufMun] }));
    expect(r.status).toBe('FALHA');
    expect(r.mensagens).toEqual([
      'Mais de um percurso atende Campinas/SP -> Rio de Janeiro/RJ com a mesma pontuação: "Campinas → RJ" (origem 2 + destino 1 = 3), "SP → Rio" (origem 1 + destino 2 = 3)',
    ]);
    expect(r.tabelaFrete?.id).toBe(1);
  });

  it('none: FALHA', () => {
    const r = calcular(tabela({ percursos: [ufUf, munUf] }), { destino: BH });
    expect(r.mensagens).toEqual(['Nenhum percurso da tabela atende Campinas/SP -> Belo Horizonte/MG']);
    // Origin matches, destination does not (and vice versa).
    expect(calcular(tabela({ percursos: [ufUf] }), { origem: BH }).status).toBe('FALHA');
  });
});

describe('step 3: elements', () => {
  function niveis() {
    const t = tabela({ elementosCusto: [fixo('Frete peso', '100'), fixo('GRIS', '30')] });
    t.percursos[0].elementosCusto = [fixo('FRETE PESO', '120')];
    t.percursos[0].destinos[0].incidencias = [incidencia([100, 101], [fixo('frete peso', '90')]), incidencia([300], [fixo('Desconto', '1')])];
    return t;
  }

  it('table < route < incidence, by description without case or accents', () => {
    // Customer 100: incidence "frete peso" 90 replaces route "FRETE PESO" 120 which replaced table 100;
    // GRIS 30 stays from the table. 90 + 30 = 120.00.
    const r = calcular(niveis());
    expect(r.elementosCusto).toEqual([
      { descricao: 'frete peso', valor: '90.00', tipo: 'ELEMENTO', nivel: 'INCIDENCIA' },
      { descricao: 'GRIS', valor: '30.00', tipo: 'ELEMENTO', nivel: 'TABELA' },
    ]);
    expect(r.valorTotal).toBe('120.00');
    expect(r.traco).toContain('"frete peso" (incidência) substitui o elemento de mesma descrição do nível percurso.');
  });

  it('another customer gets the route element (incidences match on clienteIds)', () => {
    // Customer 200: no incidence → route 120 + GRIS 30 = 150.00.
    const r = calcular(niveis(), { clienteIds: [200] });
    expect(linha(r, 'FRETE PESO')).toEqual({ descricao: 'FRETE PESO', valor: '120.00', tipo: 'ELEMENTO', nivel: 'PERCURSO' });
    expect(r.valorTotal).toBe('150.00');
    // Any of the CNPJ's register ids matches.
    expect(calcular(niveis(), { clienteIds: [200, 101] }).valorTotal).toBe('120.00');
  });

  it('only the incidences of the best-scoring destination entry apply', () => {
    // Route destinations: Rio (2 points) with incidence "Taxa Rio" 10, and RJ (1 point) with "Taxa RJ" 5.
    // The route's destination score comes from Rio → only "Taxa Rio": 10.00.
    const t = tabela({
      percursos: [
        percurso('Campinas → RJ', {
          origens: [origem(CAMPINAS)],
          destinos: [destino(RJ, [incidencia([100], [fixo('Taxa RJ', '5')])]), destino(RIO, [incidencia([100], [fixo('Taxa Rio', '10')])])],
        }),
      ],
    });
    expect(valores(calcular(t))).toEqual({ 'Taxa Rio': '10.00' });
    // To Niterói only the RJ entry matches → "Taxa RJ" 5.00.
    expect(valores(calcular(t, { destino: NITEROI }))).toEqual({ 'Taxa RJ': '5.00' });
  });

  describe('vehicle types', () => {
    const truck = { id: 2, descricao: 'Truck' };
    const carreta = { id: 3, descricao: 'Carreta' };
    function veiculos() {
      const t = tabela({ elementosCusto: [fixo('Frete peso', '100'), fixo('Adicional carreta', '50', { tiposVeiculo: [carreta] })] });
      t.percursos[0].elementosCusto = [fixo('Frete peso', '80', { tiposVeiculo: [truck] })];
      return t;
    }

    it('a restricted element applies only to its vehicle types', () => {
      // Carreta: table Frete peso 100 (the route's is Truck only) + Adicional carreta 50 = 150.00.
      expect(valores(calcular(veiculos(), { tipoVeiculo: carreta }))).toEqual({ 'Frete peso': '100.00', 'Adicional carreta': '50.00' });
      // Truck: route Frete peso 80 replaces the table's; no Adicional carreta → 80.00.
      const r = calcular(veiculos(), { tipoVeiculo: truck });
      expect(r.elementosCusto).toEqual([{ descricao: 'Frete peso', valor: '80.00', tipo: 'ELEMENTO', nivel: 'PERCURSO' }]);
      expect(r.traco).toContain('"Adicional carreta" (tabela): não se aplica ao tipo de veículo Truck.');
    });

    it('"Qualquer" skips every restricted element', () => {
      // null = Qualquer: only the unrestricted table Frete peso 100 → 100.00.
      const r = calcular(veiculos(), { tipoVeiculo: null });
      expect(valores(r)).toEqual({ 'Frete peso': '100.00' });
      expect(r.traco).toContain('"Frete peso" (percurso): restrito a tipos de veículo; com "Qualquer" não se aplica.');
    });
  });

  it('desdeEntrega above entregas is skipped', () => {
    // "Entrega adicional" from the 2nd delivery: 1 delivery → 100.00; 2 deliveries → 100 + 30 = 130.00.
    const t = soElementos(fixo('Frete', '100'), fixo('Entrega adicional', '30', { desdeEntrega: 2 }));
    expect(calcular(t).valorTotal).toBe('100.00');
    expect(calcular(t, { entregas: 2 }).valorTotal).toBe('130.00');
  });

  it('an EXCLUSIVO flag keeps only the EXCLUSIVO elements (closed freight)', () => {
    // Table Frete 100 and GRIS 30; route "Frete fechado" 500 with EXCLUSIVO → 500.00 alone.
    const t = soElementos(fixo('Frete', '100'), fixo('GRIS', '30'));
    t.percursos[0].elementosCusto = [fixo('Frete fechado', '500', { flags: ['INCIDE_IMPOSTO', 'EXCLUSIVO'] })];
    const r = calcular(t);
    expect(r.elementosCusto).toEqual([{ descricao: 'Frete fechado', valor: '500.00', tipo: 'ELEMENTO', nivel: 'PERCURSO' }]);
    expect(r.valorTotal).toBe('500.00');
  });
});

describe('steps 4 and 5: quantity and band', () => {
  const pedagio = (arredondamento: 'PARA_CIMA' | 'PARA_BAIXO') =>
    elemento('Pedágio', { modalidade: 'CALCULADO_KG_INTEGRAL', arredondamento, valorArredondamento: '100', faixas: faixas(['9999999', '0.05']) });

  it('pedágio per fraction of 100 kg: PARA_CIMA', () => {
    // 1 030 kg → up to a multiple of 100: 1 100 kg × R$ 0,05 = 55.00.
    const r = calcular(soElementos(pedagio('PARA_CIMA')), { peso: '1030' });
    expect(r.valorTotal).toBe('55.00');
    expect(r.traco).toContain('"Pedágio" (tabela): quantidade arredondada para cima a múltiplo de 100: 1.100 kg.');
  });

  it('PARA_BAIXO', () => {
    // 1 030 kg → down to 1 000 kg × 0.05 = 50.00.
    expect(calcular(soElementos(pedagio('PARA_BAIXO')), { peso: '1030' }).valorTotal).toBe('50.00');
  });

  it('the rounded quantity also picks the band', () => {
    // 1 030 kg → 1 100 kg: band up to 1 000 (0.10) is passed, band up to 2 000 (0.05): 1 100 × 0.05 = 55.00.
    const e = elemento('Pedágio', { modalidade: 'CALCULADO_KG_INTEGRAL', arredondamento: 'PARA_CIMA', valorArredondamento: '100', faixas: faixas(['1000', '0.1'], ['2000', '0.05']) });
    expect(calcular(soElementos(e), { peso: '1030' }).valorTotal).toBe('55.00');
  });

  it('faixaComponente picks the band by another quantity', () => {
    // Ad valorem banded by weight: 1 000 kg → band up to 2 000 (0.5 %) → 10 000 × 0.5 % = 50.00.
    const e = elemento('Ad valorem', { modalidade: 'CALCULADO_VALOR_INTEGRAL', faixaComponente: 'PESO', faixas: faixas(['500', '1'], ['2000', '0.5']) });
    const r = calcular(soElementos(e));
    expect(r.valorTotal).toBe('50.00');
    expect(r.traco).toContain('"Ad valorem" (tabela): faixa escolhida por Peso taxado: 1.000 kg.');
  });

  it('faixaComponente on a progressive element: the whole quantity at the chosen band (decided rule)', () => {
    // Frete peso banded by distance: 430 km → band up to 600 (0.20/kg) → 1 000 kg × 0.20 = 200.00.
    const e = elemento('Frete peso', { modalidade: 'CALCULADO_KG', faixaComponente: 'DISTANCIA', faixas: faixas(['300', '0.3'], ['600', '0.2']) });
    expect(calcular(soElementos(e)).valorTotal).toBe('200.00');
  });

  it('faixaComponente VALOR on a fixed band by km', () => {
    // Cargo R$ 10 000 → band up to 20 000 → 40.00.
    const e = elemento('Escolta', { modalidade: 'FIXO_FAIXA_KM', faixaComponente: 'VALOR', faixas: faixas(['5000', '25'], ['20000', '40']) });
    expect(calcular(soElementos(e)).valorTotal).toBe('40.00');
  });

  it('above the last band: the last band, said in the trace', () => {
    // Integral: 1 000 kg > 800 → last band 0.25: 1 000 × 0.25 = 250.00.
    const integral = calcular(soElementos(elemento('Frete peso', { modalidade: 'CALCULADO_KG_INTEGRAL', faixas: faixas(['500', '0.3'], ['800', '0.25']) })));
    expect(integral.valorTotal).toBe('250.00');
    expect(integral.traco).toContain('"Frete peso" (tabela): 1.000 kg está acima da última faixa (até 800 kg): vale a última faixa.');
    // Fixed band: 100.00.
    expect(calcular(soElementos(elemento('Frete peso', { modalidade: 'FIXO_FAIXA_KG', faixas: faixas(['500', '80'], ['800', '100']) }))).valorTotal).toBe('100.00');
    // Progressive: 500 × 0.30 = 150 + 300 × 0.25 = 75 + the 200 kg above at the last rate 0.25 = 50 → 275.00.
    expect(calcular(soElementos(elemento('Frete peso', { modalidade: 'CALCULADO_KG', faixas: faixas(['500', '0.3'], ['800', '0.25']) }))).valorTotal).toBe('275.00');
  });

  it('a band limit equal to the quantity is that band', () => {
    // 1 000 kg, bands up to 1 000 (0.10) and 2 000 (0.05): 1 000 × 0.10 = 100.00.
    expect(calcular(soElementos(elemento('Frete peso', { modalidade: 'CALCULADO_KG_INTEGRAL', faixas: faixas(['1000', '0.1'], ['2000', '0.05']) }))).valorTotal).toBe('100.00');
  });

  it('a priced element without bands is a FALHA', () => {
    const r = calcular(soElementos(elemento('Frete peso', { modalidade: 'CALCULADO_KG' })));
    expect(r.mensagens).toEqual(['O elemento de custo "Frete peso" não tem faixa de preço.']);
    expect(r.percurso?.descricao).toBe('Campinas → Rio');
  });

  it('_INDICE: an indexed description absent from the calculation counts 0; values after the minimum', () => {
    // GRIS 10 000 × 0.1 % = 10 → minimum 25.00; Seguro absent (0). Index 25 × 10 % = 2.50.
    // Total 25 + 2.50 = 27.50.
    const gris = elemento('GRIS', { modalidade: 'CALCULADO_VALOR_INTEGRAL', valorMinimo: '25', faixas: faixas(['9999999', '0.1']) });
    const taxa = elemento('Taxa', { modalidade: 'CALCULADO_INDICE_INTEGRAL', elementosIndexados: ['GRIS', 'Seguro'], faixas: faixas(['9999999', '10']) });
    const r = calcular(soElementos(taxa, gris));
    expect(valores(r)).toEqual({ Taxa: '2.50', GRIS: '25.00' });
    expect(r.valorTotal).toBe('27.50');
    expect(r.traco).toContain('"Taxa" (tabela): o elemento indexado "Seguro" não faz parte deste cálculo: conta 0.');
  });
});

describe('distance', () => {
  const porKm = elemento('Frete km', { modalidade: 'CALCULADO_KM_INTEGRAL', faixas: faixas(['9999999', '1']) });

  it('estimated from coordinates when not given, rounded up', () => {
    // Campinas (-22.9053, -47.0659) → Rio (-22.9129, -43.2003), haversine with R = 6 371 km:
    // Δφ = -0.0076°, Δλ = 3.8656°; a = sin²(Δφ/2) + cos φ1 cos φ2 sin²(Δλ/2) ≈ 0.0009655;
    // d = 2R·asin(√a) ≈ 395.92 km (the spherical law of cosines gives the same) → 396 km × R$ 1 = 396.00.
    const r = calcular(soElementos(porKm), { distancia: null });
    expect(r.valorTotal).toBe('396.00');
    expect(r.traco).toContain(
      'Distância estimada em linha reta entre Campinas/SP e Rio de Janeiro/RJ: 396 km (estimativa, arredondada para cima; informe a distância para um valor exato).',
    );
  });

  it('a given distance wins', () => {
    expect(calcular(soElementos(porKm), { distancia: '512.5' }).valorTotal).toBe('512.50');
  });

  it('no coordinates and no distance: FALHA, only when an element needs it', () => {
    const t = (...elementosCusto: ElementoCusto[]) => tabela({ elementosCusto, percursos: [percurso('SP → RJ', { origens: [origem(SP)], destinos: [destino(RJ)] })] });
    const r = calcular(t(porKm), { destino: NITEROI, distancia: null });
    expect(r.status).toBe('FALHA');
    expect(r.mensagens).toEqual(['Distância entre Campinas/SP e Niterói/RJ indisponível: informe a distância']);
    expect(calcular(t(fixo('Frete', '100')), { destino: NITEROI, distancia: null }).valorTotal).toBe('100.00');
  });
});

describe('steps 7 and 8: bounds and cents', () => {
  const gris = elemento('GRIS', { modalidade: 'CALCULADO_VALOR_INTEGRAL', faixas: faixas(['9999999', '0.3']), flags: [] }); // 30.00, no ICMS
  const fretePeso = (campos: Partial<ElementoCusto>) => elemento('Frete peso', { modalidade: 'CALCULADO_KG_INTEGRAL', faixas: faixas(['9999999', '0.5']), ...campos }); // 500.00

  it('valorMinimo raises the value', () => {
    // 10 000 × 0.1 % = 10.00 < 25.50 → 25.50.
    const e = elemento('GRIS', { modalidade: 'CALCULADO_VALOR_INTEGRAL', valorMinimo: '25.50', faixas: faixas(['9999999', '0.1']) });
    expect(calcular(soElementos(e)).valorTotal).toBe('25.50');
  });

  it('valorLimite LIMITAR caps the value', () => {
    // 1 000 × 0.50 = 500 > 350 → 350.00; + GRIS 30 = 380.00.
    expect(calcular(soElementos(fretePeso({ valorLimite: '350' }), gris)).valorTotal).toBe('380.00');
  });

  it('a valorLimite of 0 is no limit', () => {
    expect(calcular(soElementos(fretePeso({ valorLimite: '0' }))).valorTotal).toBe('500.00');
  });

  it('valorLimite EXCLUSIVO closes the freight at the limit, before tax and without route bounds', () => {
    // 500 > 350 with EXCLUSIVO → the freight is Frete peso 350.00 alone (GRIS and route minimum 1 000
    // dropped); ICMS 12 %: 350 / 0.88 = 397.7272… → ICMS 47.73, total 397.73.
    const t = soElementos(fretePeso({ valorLimite: '350', acoesLimite: 'EXCLUSIVO' }), gris);
    t.percursos[0].valorMinimo = '1000';
    const r = calcular(t, { icms: '0.12' });
    expect(r.elementosCusto).toEqual([
      { descricao: 'Frete peso', valor: '350.00', tipo: 'ELEMENTO', nivel: 'TABELA' },
      { descricao: 'ICMS', valor: '47.73', tipo: 'IMPOSTO', nivel: null },
    ]);
    expect(r.valorTotal).toBe('397.73');
  });

  it('two EXCLUSIVO limits exceeded: the lowest limit closes the freight', () => {
    // Frete peso 500 > 350; GRIS 30 > 20 (EXCLUSIVO) → GRIS at 20.00, no ICMS flag → 20.00.
    const g = elemento('GRIS', { modalidade: 'CALCULADO_VALOR_INTEGRAL', faixas: faixas(['9999999', '0.3']), flags: [], valorLimite: '20', acoesLimite: 'EXCLUSIVO' });
    const r = calcular(soElementos(fretePeso({ valorLimite: '350', acoesLimite: 'EXCLUSIVO' }), g), { icms: '0.12' });
    expect(valores(r)).toEqual({ GRIS: '20.00' });
    expect(r.valorTotal).toBe('20.00');
  });

  it('an EXCLUSIVO limit not exceeded changes nothing', () => {
    // 500 <= 600 → 500 + 30 = 530.00.
    expect(calcular(soElementos(fretePeso({ valorLimite: '600', acoesLimite: 'EXCLUSIVO' }), gris)).valorTotal).toBe('530.00');
  });

  it('HALF_UP and HALF_DOWN on an exact half cent', () => {
    // 123.45 kg × R$ 0,10 = 12.345 → HALF_UP 12.35, HALF_DOWN 12.34.
    const e = (roundingMode: 'HALF_UP' | 'HALF_DOWN') => elemento('Frete peso', { modalidade: 'CALCULADO_KG_INTEGRAL', roundingMode, faixas: faixas(['9999999', '0.1']) });
    expect(calcular(soElementos(e('HALF_UP')), { peso: '123.45' }).valorTotal).toBe('12.35');
    expect(calcular(soElementos(e('HALF_DOWN')), { peso: '123.45' }).valorTotal).toBe('12.34');
    // Not a half: 123.456 × 0.1 = 12.3456 → 12.35 either way.
    expect(calcular(soElementos(e('HALF_DOWN')), { peso: '123.456' }).valorTotal).toBe('12.35');
  });
});

describe('step 9: route bounds', () => {
  const t = (valorMinimo: string, valorMaximo: string) => {
    const x = soElementos(fixo('Frete', '100'), fixo('GRIS', '50'));
    Object.assign(x.percursos[0], { valorMinimo, valorMaximo });
    return x;
  };

  it('raised to the route minimum, the difference as its own line', () => {
    // 100 + 50 = 150 < 200 → +50.00; total 200.00.
    const r = calcular(t('200', '0'));
    expect(linha(r, 'Ajuste ao valor mínimo do percurso')).toEqual({ descricao: 'Ajuste ao valor mínimo do percurso', valor: '50.00', tipo: 'AJUSTE_PERCURSO', nivel: null });
    expect(r.valorTotal).toBe('200.00');
  });

  it('capped at the route maximum', () => {
    // 150 > 120 → -30.00; total 120.00.
    const r = calcular(t('0', '120'));
    expect(linha(r, 'Ajuste ao valor máximo do percurso')?.valor).toBe('-30.00');
    expect(r.valorTotal).toBe('120.00');
  });

  it('within the bounds: no line', () => {
    const r = calcular(t('100', '200'));
    expect(r.elementosCusto.map((l) => l.tipo)).toEqual(['ELEMENTO', 'ELEMENTO']);
    expect(r.valorTotal).toBe('150.00');
  });
});

describe('step 10: ICMS por dentro', () => {
  it('100.00 at 12 % gives ICMS 13.64 and total 113.64', () => {
    // 100 / (1 − 0.12) = 113.6363… → ICMS 13.6363… → 13.64; total 100 + 13.64 = 113.64.
    const r = calcular(soElementos(fixo('Frete', '100.00')), { icms: '0.12' });
    expect(r.elementosCusto).toEqual([
      { descricao: 'Frete', valor: '100.00', tipo: 'ELEMENTO', nivel: 'TABELA' },
      { descricao: 'ICMS', valor: '13.64', tipo: 'IMPOSTO', nivel: null },
    ]);
    expect(r.valorTotal).toBe('113.64');
  });

  it('only INCIDE_IMPOSTO elements are grossed up; the line uses descricaoIcms', () => {
    // Frete 100 taxed, Pedágio 50 untaxed: ICMS 13.64 on 100 only → 100 + 50 + 13.64 = 163.64.
    const t = soElementos(fixo('Frete', '100'), fixo('Pedágio', '50', { flags: [] }));
    t.descricaoIcms = 'ICMS (7 % ou 12 %)';
    const r = calcular(t, { icms: '0.12' });
    expect(linha(r, 'ICMS (7 % ou 12 %)')?.valor).toBe('13.64');
    expect(r.valorTotal).toBe('163.64');
  });

  it('a base reduced by pRedBC 50 % grosses up at the effective rate 12 % × 0.5 = 6 %, and the trace says so', () => {
    // Worked by hand: 100 / (1 − 0.06) = 106.3829… → ICMS 6.3829… → 6.38; total 106.38 (the full 12 % would give 113.64).
    const r = calcular(soElementos(fixo('Frete', '100.00')), { icms: '0.12', reducaoBaseIcms: '50.00' });
    expect(linha(r, 'ICMS')?.valor).toBe('6.38');
    expect(r.valorTotal).toBe('106.38');
    expect(r.traco).toContain('Base do ICMS reduzida em 50 % (pRedBC): alíquota efetiva 12 % × (1 − 50 %) = 6 %.');
  });

  it('a reduction of 0 or none changes nothing; one above 100 % is refused', () => {
    expect(calcular(soElementos(fixo('Frete', '100.00')), { icms: '0.12', reducaoBaseIcms: '0' }).valorTotal).toBe('113.64');
    expect(calcular(soElementos(fixo('Frete', '100.00')), { icms: '0.12', reducaoBaseIcms: null }).valorTotal).toBe('113.64');
    expect(calcular(soElementos(fixo('Frete', '100.00')), { icms: '0.12', reducaoBaseIcms: '120' }).status).toBe('FALHA');
  });

  it('ICMS_INCLUSO: no gross-up and no ICMS line', () => {
    const t = soElementos(fixo('Frete', '100'));
    t.flags = ['ICMS_INCLUSO'];
    const r = calcular(t, { icms: '0.12' });
    expect(r.elementosCusto.map((l) => l.tipo)).toEqual(['ELEMENTO']);
    expect(r.valorTotal).toBe('100.00');
    expect(r.traco).toContain('A tabela tem a opção "Preços já incluem o ICMS": o ICMS não é acrescentado.');
  });

  it('icms 0: no ICMS line', () => {
    const r = calcular(soElementos(fixo('Frete', '100')), { icms: '0' });
    expect(r.elementosCusto).toHaveLength(1);
    expect(r.valorTotal).toBe('100.00');
  });

  it('a route minimum adjustment is taxed in the proportion of the taxed elements (decided rule)', () => {
    // Frete 100 taxed + Pedágio 50 untaxed = 150; minimum 300 → adjustment +150.00, taxed share
    // 150 × 100 / 150 = 100.00 → base 200 → 200 / 0.88 = 227.2727… → ICMS 27.27.
    // Total 100 + 50 + 150 + 27.27 = 327.27.
    const t = soElementos(fixo('Frete', '100'), fixo('Pedágio', '50', { flags: [] }));
    t.percursos[0].valorMinimo = '300';
    const r = calcular(t, { icms: '0.12' });
    expect(valores(r)).toEqual({ Frete: '100.00', Pedágio: '50.00', 'Ajuste ao valor mínimo do percurso': '150.00', ICMS: '27.27' });
    expect(r.valorTotal).toBe('327.27');
  });

  it('a route maximum never makes the taxed base negative', () => {
    // Frete 10 taxed + Pedágio 200 untaxed = 210; maximum 100 → adjustment −110.00, taxed share
    // −110 × 10 / 210 = −5.238… → −5.24; base 10 − 5.24 = 4.76 → 4.76 / 0.88 = 5.40909… → ICMS 0.65.
    // Total 100 + 0.65 = 100.65.
    const t = soElementos(fixo('Frete', '10'), fixo('Pedágio', '200', { flags: [] }));
    t.percursos[0].valorMaximo = '100';
    const r = calcular(t, { icms: '0.12' });
    expect(linha(r, 'ICMS')?.valor).toBe('0.65');
    expect(r.valorTotal).toBe('100.65');
  });

  it('a route minimum over no elements is taxed', () => {
    // No element, minimum 100 → adjustment 100.00, taxed → ICMS 13.64, total 113.64.
    const t = tabela();
    t.percursos[0].valorMinimo = '100';
    expect(calcular(t, { icms: '0.12' }).valorTotal).toBe('113.64');
  });

  it('an invalid rate is a FALHA', () => {
    expect(calcular(soElementos(fixo('Frete', '100')), { icms: '1' }).mensagens).toEqual(['Alíquota de ICMS inválida: 100 %']);
  });
});

describe('result', () => {
  it('the trace tells every step', () => {
    const t = soElementos(elemento('Frete peso', { modalidade: 'CALCULADO_KG', faixas: faixas(['100', '0.5'], ['2000', '0.2']) }));
    t.descricaoPesoTaxado = 'Peso cubado';
    const r = calcular(t, { icms: '0.12' });
    // 100 × 0.50 = 50 + 900 × 0.20 = 180 → 230.00; 230 / 0.88 = 261.3636… → ICMS 31.36; total 261.36.
    expect(r.valorTotal).toBe('261.36');
    expect(r.traco).toEqual([
      'Tabela de frete nº 1, vigente de 01/01/2024 em diante.',
      'Percurso "Campinas → Rio" (origem 2 + destino 2 = 4) para Campinas/SP -> Rio de Janeiro/RJ (município vale 2, UF vale 1).',
      'Peso cubado: 1.000 kg; Valor da carga: R$ 10.000,00.',
      '"Frete peso" (tabela): Calculado por Kg (progressivo); Peso cubado: 1.000 kg.',
      '"Frete peso" (tabela): progressivo por faixas: 100 kg × R$ 0,50000 por kg + 900 kg × R$ 0,20000 por kg = R$ 230,00.',
      '"Frete peso" (tabela): valor R$ 230,00.',
      'ICMS por dentro de 12 %: R$ 230,00 ÷ (1 − 0,12) = R$ 261,36; ICMS R$ 31,36.',
      'Valor total do frete: R$ 261,36.',
    ]);
  });

  it('a table that breaks the engine fails that carrier only', () => {
    const r = calcular(soElementos(fixo('Frete', 'abc')));
    expect(r.status).toBe('FALHA');
    expect(r.mensagens[0]).toMatch(/^Não foi possível calcular com a tabela de frete/);
  });
});
