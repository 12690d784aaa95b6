import type { DadosTabelas } from './tabelas-frete-dados';

// The freight tables of carrier "Ávila" the audit tests price CT-es São Paulo → Rio de Janeiro with (bodies
// of POST /tabelas-frete).

/**
 * In force from 2017: "Despacho" 20,00 without ICMS; route São Paulo → RJ: "Frete peso" 0,50/kg with ICMS;
 * `incidencias` on the RJ destination. For 200 kg and ICMS 12 %: 100,00 / 0,88 = 113,64 + 20,00 = 133,64.
 */
export const corpoTabelaAvila = (d: DadosTabelas, incidencias: unknown[] = []) => ({
  transportadora: { id: d.transportadoras.avila },
  inicio: '2017-01-01',
  fim: null,
  elementosCusto: [{ descricao: 'Despacho', modalidade: 'FIXO', valorMinimo: '20.00', flags: [] }],
  percursos: [
    {
      descricao: 'São Paulo → RJ',
      origens: [{ municipio: { id: d.municipios.saoPaulo } }],
      destinos: [{ uf: { id: d.ufs.RJ }, ...(incidencias.length ? { incidencias } : {}) }],
      elementosCusto: [{ descricao: 'Frete peso', modalidade: 'CALCULADO_KG_INTEGRAL', faixas: [{ valor: '0.50', faixaLimite: '9999999' }] }],
    },
  ],
});

/**
 * Also in force in May 2017 but with an earlier start, so only chosen by hand ("Trocar tabela"): 200 kg ×
 * 0,66 = 132,00; / 0,88 = 150,00 (ICMS 18,00).
 */
export const corpoTabelaAlternativa = (d: DadosTabelas) => ({
  transportadora: { id: d.transportadoras.avila },
  inicio: '2016-01-01',
  fim: null,
  elementosCusto: [],
  percursos: [
    {
      descricao: 'SP → RJ',
      origens: [{ uf: { id: d.ufs.SP } }],
      destinos: [{ uf: { id: d.ufs.RJ } }],
      elementosCusto: [{ descricao: 'Frete peso', modalidade: 'CALCULADO_KG_INTEGRAL', faixas: [{ valor: '0.66', faixaLimite: '9999999' }] }],
    },
  ],
});
