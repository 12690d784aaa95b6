import type { PercursoPreparado, TabelaPreparada } from './preparar-tabela';

export interface CandidatoPercurso {
  percurso: PercursoPreparado;
  pontosOrigem: number;
  pontosDestino: number;
  /** Destination entries that gave the best destination score (their incidences apply, step 3). */
  destinos: number[];
}

export type EscolhaPercurso =
  | { tipo: 'ESCOLHIDO'; escolhido: CandidatoPercurso; outros: CandidatoPercurso[] }
  | { tipo: 'NENHUM' }
  | { tipo: 'EMPATE'; empatados: CandidatoPercurso[] };

const MUNICIPIO = 2;
const UF = 1;
const total = (c: CandidatoPercurso) => c.pontosOrigem + c.pontosDestino;

/**
 * freight-calculation.md step 2: a match scores 2 for the municipality, 1 for its UF; the route with the
 * highest origin + destination score wins; a tie is a failure. Looked up through the prepared indexes,
 * so the work is proportional to the matching entries, not to the table.
 */
export function escolherPercurso(t: TabelaPreparada, origem: { id: number; ufId: number }, destino: { id: number; ufId: number }): EscolhaPercurso {
  const pontosOrigem = new Map<number, number>();
  for (const r of t.origensPorMunicipio.get(origem.id) ?? []) pontosOrigem.set(r, MUNICIPIO);
  for (const r of t.origensPorUf.get(origem.ufId) ?? []) if (!pontosOrigem.has(r)) pontosOrigem.set(r, UF);
  if (pontosOrigem.size === 0) return { tipo: 'NENHUM' };

  const candidatos = new Map<number, CandidatoPercurso>();
  const anotar = ([r, d]: [number, number], pontos: number) => {
    const po = pontosOrigem.get(r);
    if (po === undefined) return;
    const c = candidatos.get(r);
    if (!c || pontos > c.pontosDestino) candidatos.set(r, { percurso: t.percursos[r], pontosOrigem: po, pontosDestino: pontos, destinos: [d] });
    else if (pontos === c.pontosDestino && !c.destinos.includes(d)) c.destinos.push(d);
  };
  for (const rd of t.destinosPorMunicipio.get(destino.id) ?? []) anotar(rd, MUNICIPIO);
  for (const rd of t.destinosPorUf.get(destino.ufId) ?? []) anotar(rd, UF);
  if (candidatos.size === 0) return { tipo: 'NENHUM' };

  // Best first; equal scores in table order, so a tie names the routes as the table lists them.
  const ordenados = [...candidatos.entries()].sort(([ra, a], [rb, b]) => total(b) - total(a) || ra - rb).map(([, c]) => c);
  const empatados = ordenados.filter((c) => total(c) === total(ordenados[0]));
  if (empatados.length > 1) return { tipo: 'EMPATE', empatados };
  return { tipo: 'ESCOLHIDO', escolhido: ordenados[0], outros: ordenados.slice(1) };
}
