import type { NivelElemento } from '../../contracts/calculo-frete';
import type { CandidatoPercurso } from './escolher-percurso';
import type { ElementoPreparado, TabelaPreparada } from './preparar-tabela';
import { rotuloLocal } from './validar-tabela-frete';

export interface ElementoEfetivo {
  elemento: ElementoPreparado;
  nivel: NivelElemento;
}

export const NOME_NIVEL: Record<NivelElemento, string> = { TABELA: 'tabela', PERCURSO: 'percurso', INCIDENCIA: 'incidência' };

interface Pedido {
  clienteIds: readonly number[];
  tipoVeiculo: { id: number; descricao: string } | null;
  entregas: number;
}

/**
 * freight-calculation.md step 3: the table's elements, then the route's, then those of the matched
 * destination's incidences for the customer; a higher level replaces an equal description.
 * Decided here (the design is silent):
 * - the vehicle-type and desdeEntrega filters run BEFORE the override: an element that does not apply to
 *   this request replaces nothing (a route price for one vehicle type leaves the table's price for others);
 * - incidences come from the destination entries that gave the route its destination score (the
 *   municipality entry over its UF entry), not from every entry that matches;
 * - two elements with the same description on the same level (two incidences of one customer): the first
 *   in table order counts, the other is ignored with a trace line.
 */
export function elementosEfetivos(t: TabelaPreparada, c: CandidatoPercurso, pedido: Pedido, traco: string[]): ElementoEfetivo[] {
  const incidencia: ElementoPreparado[] = [];
  for (const d of c.destinos)
    for (const inc of c.percurso.incidencias[d])
      if (pedido.clienteIds.some((id) => inc.clientes.has(id))) {
        incidencia.push(...inc.elementos);
        traco.push(`Incidência do cliente no destino ${rotuloLocal(c.percurso.percurso.destinos[d])}: ${inc.elementos.length} elemento(s) de custo.`);
      }

  const efetivos = new Map<string, ElementoEfetivo>();
  const niveis: Array<[NivelElemento, ElementoPreparado[]]> = [
    ['TABELA', t.elementos],
    ['PERCURSO', c.percurso.elementos],
    ['INCIDENCIA', incidencia],
  ];
  for (const [nivel, elementos] of niveis) {
    const doNivel = new Set<string>();
    for (const e of elementos) {
      const nome = `"${e.descricao}" (${NOME_NIVEL[nivel]})`;
      if (e.tiposVeiculo && !pedido.tipoVeiculo) {
        traco.push(`${nome}: restrito a tipos de veículo; com "Qualquer" não se aplica.`);
        continue;
      }
      if (e.tiposVeiculo && !e.tiposVeiculo.has(pedido.tipoVeiculo!.id)) {
        traco.push(`${nome}: não se aplica ao tipo de veículo ${pedido.tipoVeiculo!.descricao}.`);
        continue;
      }
      if (e.desdeEntrega > pedido.entregas) {
        traco.push(`${nome}: vale a partir da ${e.desdeEntrega}ª entrega; este cálculo tem ${pedido.entregas} entrega(s).`);
        continue;
      }
      if (doNivel.has(e.chave)) {
        traco.push(`${nome}: descrição repetida no mesmo nível; vale o primeiro.`);
        continue;
      }
      doNivel.add(e.chave);
      const anterior = efetivos.get(e.chave);
      if (anterior) traco.push(`${nome} substitui o elemento de mesma descrição do nível ${NOME_NIVEL[anterior.nivel]}.`);
      efetivos.set(e.chave, { elemento: e, nivel });
    }
  }

  const todos = [...efetivos.values()];
  const exclusivos = todos.filter((e) => e.elemento.exclusivo);
  if (exclusivos.length === 0) return todos;
  traco.push(`Frete fechado: há elemento com a opção EXCLUSIVO; só contam ${exclusivos.map((e) => `"${e.elemento.descricao}"`).join(', ')}.`);
  // Accessorial elements (issue 31) are charges beyond the freight: a closed freight keeps them.
  return [...exclusivos, ...todos.filter((e) => e.elemento.evento)];
}
