import { z } from 'zod';
import type { CodigoPermissao } from './permissoes';

// GET /busca?q= (docs/decisoes.md §31): the palette's record search in one round trip. The server answers every kind
// the user may open whose records the text could name; the web shows one group per kind, in this order.

/** Spec 01 §9: searches start at the third character. */
export const MINIMO_BUSCA = 3;
/** A CT-e key with its punctuation fits; anything longer is no search a person types. */
export const MAXIMO_BUSCA = 100;
/**
 * The palette's pause after the last keystroke before it searches, in ms (was 200, with one request per
 * kind). None: one request per keystroke, and the next keystroke aborts the one in flight (the server then
 * skips the kinds it has not searched yet). Measured in Chromium (bench/paleta.ts): 60 ms of pause added
 * ~55 ms to every keystroke and saved no request at a quick typist's 120 ms between keys.
 */
export const ATRASO_BUSCA_MS = 0;
export const MSG_BUSCA_CURTA = `Digite ao menos ${MINIMO_BUSCA} caracteres para buscar.`;
export const MSG_BUSCA_LONGA = `O texto da busca é longo demais (máximo ${MAXIMO_BUSCA} caracteres).`;

/** Hits per kind (keyboard.md: a few hits each; cmdk stays small); profiles keep the spec's autocomplete size 10. */
export const HITS_POR_GRUPO = 5;
export const HITS_PERFIS = 10;

export const TIPOS_BUSCA = [
  'ctes',
  'faturas',
  'minutas',
  'romaneios',
  'romaneios-os',
  'perfis',
  'transportadoras',
  'motoristas',
  'veiculos',
  'tabelas-frete',
  'usuarios',
] as const;
export type TipoBusca = (typeof TIPOS_BUSCA)[number];

export interface TipoBuscaDef {
  titulo: string;
  /** The menu code that opens the kind's screen (ADMIN opens everything). */
  codigo: CodigoPermissao;
  /** The typed (trimmed) text could name one of these records: only then is the kind searched (a word is no CT-e number). */
  aceita: (texto: string) => boolean;
  limite: number;
}

const qualquerTexto = () => true;
const digitos = (texto: string) => texto.replace(/\D/g, '');
/** CT-e number or key: digits only (spaces, dots and dashes of a pasted key are ignored), at least 3 and at most 44. */
const pareceCte = (texto: string) => /^[\d\s.-]+$/.test(texto) && digitos(texto).length >= MINIMO_BUSCA && digitos(texto).length <= 44;
/** A número of at most `n` digits (fatura 10, minuta 9, romaneio 10, romaneio de O.S. 9). */
const numeroAte = (n: number) => (texto: string) => new RegExp(`^\\d{1,${n}}$`).test(texto);
/** A plate being typed: letters and digits only, at most 7 (spec 01 §5), a dash allowed. */
const parecePlaca = (texto: string) => /^[A-Za-z0-9-]{1,8}$/.test(texto) && texto.replace('-', '').length <= 7;

export const TIPOS_BUSCA_DEF: Record<TipoBusca, TipoBuscaDef> = {
  ctes: { titulo: 'CT-es', codigo: 'FRETE_CTE_M', aceita: pareceCte, limite: HITS_POR_GRUPO },
  faturas: { titulo: 'Faturas', codigo: 'FRETE_FAT_M', aceita: numeroAte(10), limite: HITS_POR_GRUPO },
  minutas: { titulo: 'Minutas', codigo: 'FRETE_MINU_M', aceita: numeroAte(9), limite: HITS_POR_GRUPO },
  romaneios: { titulo: 'Romaneios de frete', codigo: 'FRETE_ROMA_M', aceita: numeroAte(10), limite: HITS_POR_GRUPO },
  'romaneios-os': { titulo: 'Romaneios de O.S.', codigo: 'FRETE_ROMA_M', aceita: numeroAte(9), limite: HITS_POR_GRUPO },
  perfis: { titulo: 'Perfis', codigo: '____PERF_M', aceita: qualquerTexto, limite: HITS_PERFIS },
  transportadoras: { titulo: 'Transportadoras', codigo: 'FRETE_TRANS_M', aceita: qualquerTexto, limite: HITS_POR_GRUPO },
  // A name, or a CPF (digits, formatted or not).
  motoristas: { titulo: 'Motoristas', codigo: 'FRETE_MOTO_M', aceita: qualquerTexto, limite: HITS_POR_GRUPO },
  veiculos: { titulo: 'Veículos', codigo: 'FRETE_VEIC_M', aceita: parecePlaca, limite: HITS_POR_GRUPO },
  'tabelas-frete': { titulo: 'Tabelas de frete', codigo: 'FRETE_TABFR_M', aceita: qualquerTexto, limite: HITS_POR_GRUPO },
  usuarios: { titulo: 'Usuários', codigo: '____USER_M', aceita: qualquerTexto, limite: HITS_POR_GRUPO },
};

/**
 * The kinds searched for `texto` (trimmed) by a user: permitted (`pode(codigo)`, the caller's permission check)
 * and able to name the text. The same on both sides: the web skips the call when none is left.
 */
export function tiposDaBusca(texto: string, pode: (codigo: CodigoPermissao) => boolean): TipoBusca[] {
  if (texto.length < MINIMO_BUSCA || texto.length > MAXIMO_BUSCA) return [];
  return TIPOS_BUSCA.filter((t) => pode(TIPOS_BUSCA_DEF[t].codigo) && TIPOS_BUSCA_DEF[t].aceita(texto));
}

export const buscaQuerySchema = z.object({
  q: z
    .string({ error: MSG_BUSCA_CURTA })
    .max(MAXIMO_BUSCA * 2, MSG_BUSCA_LONGA)
    .transform((v) => v.trim())
    .refine((v) => v.length >= MINIMO_BUSCA, MSG_BUSCA_CURTA)
    .refine((v) => v.length <= MAXIMO_BUSCA, MSG_BUSCA_LONGA),
});

export interface HitBusca {
  id: number;
  /** What the palette shows: "CT-e 123", "Fatura 55", a carrier's name… */
  rotulo: string;
  /** The second, smaller line: carrier, date, value, status, CNPJ, login… */
  detalhe?: string;
}

export interface GrupoBusca {
  tipo: TipoBusca;
  hits: HitBusca[];
  /** This kind's search failed on the server (logged there); the others still answer. */
  falhou?: boolean;
}

/** One group per kind searched, in TIPOS_BUSCA order (kinds without hits included, with hits []). */
export interface RespostaBusca {
  grupos: GrupoBusca[];
}
