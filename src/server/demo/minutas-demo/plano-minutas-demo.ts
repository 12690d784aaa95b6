import type { OrigemMinuta, StatusMinuta } from '../../../contracts/minutas';
import { Dec } from '../../../domain/frete/decimal-exato';
import { mesSaoPaulo, dataSaoPaulo } from '../../../domain/sao-paulo-date';
import type { minuta } from '../../db/schema/minuta';
import { somarDias } from '../../../domain/sao-paulo-date';

// The demo minutas, pure: what each one is and what it lacks. Every one repeats the route,
// client, parties, weight and freight of a demo CT-e of its carrier (its "modelo", audited with success:
// a shipment the demo freight tables cover); its número is above every CT-e the carrier issued, so
// "Converter CT-es" makes a new CT-e of it, never links it to another freight. The PROCESSADO ones are
// linked to demo CT-es read from XML (same carrier, série and número). The CONEMB ones look like what
// "Converter Minutas" leaves but point at no conemb_conhecimento: the demo reads no CONEMB itself.

/** What kind of demo minuta an entry is; the incomplete kinds name what they lack. */
export type TipoMinutaDemo = 'COMPLETA' | 'SEM_CLIENTE' | 'SEM_NOTA' | 'SEM_ELEMENTO' | 'CONEMB' | 'CONEMB_ERP' | 'VINCULADA';

/** What faltasMinuta (src/domain/minutas/completude-minuta.ts) says each kind lacks. */
export const FALTAS_MINUTA_DEMO: Record<TipoMinutaDemo, string[]> = {
  COMPLETA: [],
  /** Typed by hand, client not chosen yet. */
  SEM_CLIENTE: ['cliente'],
  /** Typed by hand, notes not typed yet. */
  SEM_NOTA: ['ao menos uma nota fiscal'],
  /** Typed by hand with the freight value, cost elements not itemised yet. */
  SEM_ELEMENTO: ['ao menos um elemento de custo'],
  /** As "Converter Minutas" leaves a CONEMB 3.x conhecimento whose notes the ERP does not know. */
  CONEMB: ['origem', 'destino', 'cliente', 'nº da fatura'],
  /** As it leaves one whose notes the ERP knows (client and destination from them). */
  CONEMB_ERP: ['origem', 'nº da fatura'],
  VINCULADA: [],
};

export interface EntradaMinutaDemo {
  tipo: TipoMinutaDemo;
  status: StatusMinuta;
  origemMinuta: OrigemMinuta;
  /** Index of its carrier among the modelos' carriers (VINCULADA: of its CT-e among the linked ones). */
  transportadora: number;
  /** Days before today (never before the first of the month). */
  diasAtras: number;
}

const e = (transportadora: number, status: StatusMinuta, tipo: TipoMinutaDemo, diasAtras: number): EntradaMinutaDemo => ({
  tipo,
  status,
  origemMinuta: tipo === 'CONEMB' || tipo === 'CONEMB_ERP' ? 'CONEMB' : 'MANUAL',
  transportadora,
  diasAtras,
});

/** The demo minutas, in the order they are inserted (ids ascending). */
export const PLANO_MINUTAS_DEMO: readonly EntradaMinutaDemo[] = [
  // Ready to confirm.
  e(0, 'PENDENTE', 'COMPLETA', 0),
  e(0, 'PENDENTE', 'COMPLETA', 1),
  e(1, 'PENDENTE', 'COMPLETA', 1),
  e(1, 'PENDENTE', 'COMPLETA', 2),
  e(2, 'PENDENTE', 'COMPLETA', 2),
  e(2, 'PENDENTE', 'COMPLETA', 3),
  // Incomplete, a few days back: not among the newest PENDENTE (bench/minutas-lista.ts confirms those).
  e(1, 'PENDENTE', 'SEM_CLIENTE', 3),
  e(2, 'PENDENTE', 'SEM_NOTA', 4),
  e(0, 'PENDENTE', 'SEM_ELEMENTO', 4),
  e(3, 'PENDENTE', 'CONEMB', 5),
  e(3, 'PENDENTE', 'CONEMB_ERP', 5),
  // Confirmed, waiting for "Converter CT-es".
  e(3, 'PREENCHIDO', 'COMPLETA', 6),
  e(0, 'PREENCHIDO', 'COMPLETA', 7),
  e(1, 'PREENCHIDO', 'COMPLETA', 8),
  // Converted: linked to the two newest demo CT-es PROCESSADO (diasAtras unused: the CT-e's day).
  e(0, 'PROCESSADO', 'VINCULADA', 0),
  e(1, 'PROCESSADO', 'VINCULADA', 0),
];

/** Carriers and modelos per carrier the plan needs, and the linked CT-es. */
export const TRANSPORTADORAS_MINUTAS_DEMO = 4;
export const MODELOS_POR_TRANSPORTADORA = Math.max(
  ...Array.from({ length: TRANSPORTADORAS_MINUTAS_DEMO }, (_, t) => PLANO_MINUTAS_DEMO.filter((m) => m.tipo !== 'VINCULADA' && m.transportadora === t).length),
);
export const CTES_VINCULADOS_DEMO = PLANO_MINUTAS_DEMO.filter((m) => m.tipo === 'VINCULADA').length;

/** The fatura each carrier's minutas were billed in (typed from the carrier's invoice). */
export const FATURAS_MINUTAS_DEMO = ['61842', '73015', '58327', '90456'] as const;
/** The linked CT-es' fatura when no demo fatura bills them. */
const FATURAS_VINCULADAS_DEMO = ['48213', '50977'] as const;
/** How far above the carrier's highest CT-e número its demo minutas start. */
const SALTO_NUMERO = 20;

export interface ComponenteDemo {
  nome: string;
  valor: string;
}

/** A demo CT-e whose shipment a demo minuta repeats (SAIDA, paid by the sender, success audit). */
export interface ModeloMinutaDemo {
  transportadoraId: number;
  serie: string;
  /** The carrier's highest CT-e número in the database. */
  maiorNumero: number;
  origemId: number;
  destinoId: number;
  clienteId: number;
  cnpjRemetente: string;
  cnpjTomador: string;
  peso: string;
  valor: string;
  icms: string;
  /** The CT-e's components: they sum to valor. */
  componentes: ComponenteDemo[];
}

/** A demo CT-e PROCESSADO a PROCESSADO minuta is linked to. */
export interface CteVinculadoDemo extends Omit<ModeloMinutaDemo, 'maiorNumero'> {
  cteId: number;
  numero: number;
  chave: string;
  /** Its São Paulo day (YYYY-MM-DD). */
  dataEmissao: string;
  fatura: string | null;
  notas: { serie: string; numero: string }[];
}

export type LinhaMinutaDemo = typeof minuta.$inferInsert;
export interface MinutaDemo {
  linha: LinhaMinutaDemo;
  notas: { serie: string; numero: string }[];
  elementos: ComponenteDemo[];
}

/**
 * Frete peso and frete valor, as a CONEMB 3.x itemises them (total = frete peso + frete valor) and with the
 * names "Converter Minutas" gives them (ELEMENTOS_CONEMB in src/server/minutas/converter-conhecimentos.ts).
 */
function componentesConemb(m: ModeloMinutaDemo): ComponenteDemo[] {
  const peso = new Dec(m.componentes.find((c) => c.nome === 'FRETE PESO')?.valor ?? m.valor);
  const valor = new Dec(m.valor).minus(peso);
  return [{ nome: 'Frete peso', valor: peso.toFixed(2) }, ...(valor.gt(0) ? [{ nome: 'Frete valor', valor: valor.toFixed(2) }] : [])];
}

interface Contexto {
  hoje: string;
  mesIni: string;
  /** The next NF número to use (série 1, above every note of the ERP). */
  proximaNota: () => number;
}

function deModelo(p: EntradaMinutaDemo, m: ModeloMinutaDemo, numero: number, c: Contexto): MinutaDemo {
  const dia = somarDias(c.hoje, -p.diasAtras);
  const conemb = p.origemMinuta === 'CONEMB';
  const notas = p.tipo === 'SEM_NOTA' ? [] : Array.from({ length: numero % 3 === 0 ? 2 : 1 }, () => ({ serie: '1', numero: String(c.proximaNota()) }));
  const elementos = p.tipo === 'SEM_ELEMENTO' ? [] : conemb ? componentesConemb(m) : m.componentes;
  const linha: LinhaMinutaDemo = {
    status: p.status,
    fatura: conemb ? null : FATURAS_MINUTAS_DEMO[p.transportadora],
    numero: String(numero),
    serie: m.serie,
    dataEmissao: dia < c.mesIni ? c.mesIni : dia,
    transportadoraId: m.transportadoraId,
    origemId: conemb ? null : m.origemId,
    destinoId: p.tipo === 'CONEMB' ? null : m.destinoId,
    clienteId: p.tipo === 'CONEMB' || p.tipo === 'SEM_CLIENTE' ? null : m.clienteId,
    peso: m.peso,
    percentualIcms: m.icms,
    valorTotalFrete: m.valor,
    cnpjTomador: m.cnpjTomador,
    cnpjRemetente: m.cnpjRemetente,
    quantidadeNotasFiscais: notas.length,
    quantidadeElementosCusto: elementos.length,
    origemMinuta: p.origemMinuta,
  };
  return { linha, notas, elementos };
}

function vinculada(p: EntradaMinutaDemo, v: CteVinculadoDemo): MinutaDemo {
  const { cteId, numero, chave, dataEmissao, fatura, notas, componentes, icms, peso, valor, ...partes } = v;
  return {
    linha: {
      ...partes,
      status: 'PROCESSADO',
      fatura: fatura ?? FATURAS_VINCULADAS_DEMO[p.transportadora],
      numero: String(numero),
      chave,
      dataEmissao,
      peso,
      percentualIcms: icms,
      valorTotalFrete: valor,
      origemMinuta: p.origemMinuta,
      cteId,
      quantidadeNotasFiscais: notas.length,
      quantidadeElementosCusto: componentes.length,
    },
    notas,
    elementos: componentes,
  };
}

/**
 * The demo minutas of PLANO_MINUTAS_DEMO, in its order: `modelos` grouped by carrier (each group in the
 * order used), `vinculados` the CT-es to link, `notaBase` the highest NF número of série 1 in the ERP.
 */
export function montarMinutasDemo(modelos: ModeloMinutaDemo[][], vinculados: CteVinculadoDemo[], notaBase: number, agora: Date): MinutaDemo[] {
  let nota = notaBase + 1000;
  const c: Contexto = { hoje: dataSaoPaulo(agora)!, mesIni: mesSaoPaulo(agora).dataIni, proximaNota: () => ++nota };
  const usados = modelos.map(() => 0);
  return PLANO_MINUTAS_DEMO.map((p) => {
    if (p.tipo === 'VINCULADA') return vinculada(p, vinculados[p.transportadora]);
    const k = usados[p.transportadora]++;
    const m = modelos[p.transportadora][k];
    return deModelo(p, m, m.maiorNumero + SALTO_NUMERO + k, c);
  });
}
