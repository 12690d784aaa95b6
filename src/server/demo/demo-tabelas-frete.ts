import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { tabelaFreteCadastroSchema } from '../../contracts/tabela-frete-modelo';

type TabelaEntrada = z.input<typeof tabelaFreteCadastroSchema>;
type ElementoEntrada = NonNullable<TabelaEntrada['elementosCusto']>[number];

export interface RefsDemo {
  /** Register ids of the demo carriers that get tables. */
  transportadoras: number[];
  /** UF id by sigla. */
  ufs: Map<string, number>;
  /** The "Carreta" vehicle type (full-truck-load freight). */
  carreta: number | null;
  /** A customer in the South with a hard-to-deliver address (TDE incidence), and its UF. */
  clienteTde: { id: number; uf: string } | null;
  ano: number;
}

// Regions served from the shipping origin (São Paulo state). Destinations never repeat across routes
// (spec 02 §5: two routes may not share an origin and a destination).
const ROTAS = [
  { descricao: 'SP - SP (capital e interior)', destinos: ['SP'], kg: ['0.92', '0.74', '0.61', '0.49', '0.41'], minimo: '48.00' },
  { descricao: 'SP - Sul (PR, SC, RS)', destinos: ['PR', 'SC', 'RS'], kg: ['1.38', '1.12', '0.94', '0.78', '0.66'], minimo: '72.00' },
  { descricao: 'SP - Sudeste (RJ, MG, ES)', destinos: ['RJ', 'MG', 'ES'], kg: ['1.29', '1.05', '0.88', '0.72', '0.61'], minimo: '68.00' },
  { descricao: 'SP - Centro-Oeste (GO, DF, MT, MS)', destinos: ['GO', 'DF', 'MT', 'MS'], kg: ['1.86', '1.52', '1.27', '1.05', '0.89'], minimo: '95.00' },
  { descricao: 'SP - Nordeste', destinos: ['BA', 'SE', 'AL', 'PE', 'PB', 'RN', 'CE', 'PI', 'MA'], kg: ['2.45', '1.98', '1.66', '1.38', '1.17'], minimo: '130.00' },
] as const;
/** Upper limits (kg) of the frete-peso bands. */
const LIMITES_KG = ['100', '500', '1000', '5000', '9999999'];
/** Price level per carrier, so the quotation ranks them. */
const FATORES = ['1.00', '0.93', '1.08', '1.15', '0.97', '1.04'];

const vezes = (valor: string, fator: string, casas: number) => new Decimal(valor).times(fator).toDecimalPlaces(casas, Decimal.ROUND_HALF_UP).toFixed();

function fretePeso(kg: readonly string[], minimo: string, fator: string): ElementoEntrada {
  // Frete peso: the whole weight at the rate of its band (R$/kg), with the route's minimum charge.
  return {
    descricao: 'Frete peso',
    modalidade: 'CALCULADO_KG_INTEGRAL',
    valorMinimo: vezes(minimo, fator, 2),
    faixas: kg.map((v, i) => ({ valor: vezes(v, fator, 5), faixaLimite: LIMITES_KG[i] })),
  };
}

function elementosGlobais(fator: string, carreta: number | null): ElementoEntrada[] {
  const elementos: ElementoEntrada[] = [
    { descricao: 'Despacho', modalidade: 'FIXO', valorMinimo: vezes('32.50', fator, 2) },
    // Ad valorem and GRIS: percentages of the cargo value (band values of _VALOR are percentages).
    { descricao: 'Ad valorem', modalidade: 'CALCULADO_VALOR_INTEGRAL', faixas: [{ valor: vezes('0.30', fator, 5), faixaLimite: '9999999' }] },
    { descricao: 'GRIS', modalidade: 'CALCULADO_VALOR_INTEGRAL', valorMinimo: '4.50', faixas: [{ valor: '0.20', faixaLimite: '9999999' }] },
    // Pedágio: R$ per fraction of 100 kg (weight rounded UP to a multiple of 100 before pricing).
    {
      descricao: 'Pedágio',
      modalidade: 'CALCULADO_KG_INTEGRAL',
      arredondamento: 'PARA_CIMA',
      valorArredondamento: '100',
      faixas: [{ valor: vezes('0.069', fator, 5), faixaLimite: '9999999' }],
    },
  ];
  if (carreta !== null)
    // Full truck load: with a Carreta the freight is closed (EXCLUSIVO) at a rate per km, capped.
    elementos.push({
      descricao: 'Frete lotação (carreta)',
      modalidade: 'CALCULADO_KM_INTEGRAL',
      tiposVeiculo: [{ id: carreta }],
      flags: ['INCIDE_IMPOSTO', 'EXCLUSIVO'],
      valorMinimo: vezes('1450.00', fator, 2),
      valorLimite: vezes('18500.00', fator, 2),
      acoesLimite: 'LIMITAR',
      faixas: [{ valor: vezes('7.85', fator, 5), faixaLimite: '9999999' }],
    });
  return elementos;
}

/**
 * The demo freight tables: one per demo carrier for the current year, and an expired one for the first
 * carrier (so "the table in force" visibly matters). Believable Brazilian LTL pricing: frete peso by
 * bands, ad valorem, GRIS, pedágio per 100 kg fraction, despacho, TDE for one customer, full-truck-load
 * per km for a Carreta, and an administrative fee indexed on the freight.
 */
export function tabelasFreteDemo(refs: RefsDemo): TabelaEntrada[] {
  const uf = (sigla: string) => {
    const id = refs.ufs.get(sigla);
    if (id === undefined) throw new Error(`UF ${sigla} ausente na carga inicial`);
    return { uf: { id } };
  };
  const tabela = (transportadora: number, fator: string, inicio: string, fim: string | null, indice: boolean): TabelaEntrada => ({
    transportadora: { id: transportadora },
    inicio,
    fim,
    descricaoIcms: 'ICMS',
    descricaoPesoTaxado: 'Peso taxado',
    elementosCusto: [
      ...elementosGlobais(fator, refs.carreta),
      ...(indice
        ? [{ descricao: 'Taxa administrativa', modalidade: 'CALCULADO_INDICE_INTEGRAL' as const, elementosIndexados: ['Frete peso', 'Despacho'], faixas: [{ valor: '2.5', faixaLimite: '9999999' }] }]
        : []),
    ],
    percursos: ROTAS.map((r) => ({
      descricao: r.descricao,
      valorMinimo: vezes('85.00', fator, 2),
      origens: [uf('SP')],
      destinos: r.destinos.map((d) => ({
        ...uf(d),
        incidencias:
          refs.clienteTde && refs.clienteTde.uf === d
            ? [{ clientes: [{ id: refs.clienteTde.id }], elementosCusto: [{ descricao: 'TDE (dificuldade de entrega)', modalidade: 'FIXO' as const, valorMinimo: vezes('95.00', fator, 2) }] }]
            : [],
      })),
      elementosCusto: [fretePeso(r.kg, r.minimo, fator)],
    })),
  });
  const ano = refs.ano;
  return refs.transportadoras.flatMap((id, i) => {
    const fator = FATORES[i % FATORES.length];
    const atual = tabela(id, fator, `${ano}-01-01`, null, i % 3 === 1);
    return i === 0 ? [tabela(id, vezes(fator, '0.9', 4), `${ano - 1}-01-01`, `${ano - 1}-12-31`, false), atual] : [atual];
  });
}
