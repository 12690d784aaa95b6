import type { CteLido } from '../../contracts/cte-documento';
import { referenciaDoTipo } from '../../contracts/ocorrencias';
import { falha, lista, no, texto, type No } from './campos-xml';

// Issue 31: the CT-e a complemento, anulação or substituto refers to (schemas cteTiposBasico 3.00 and 4.00):
// - complemento (tpCTe 1): infCteComp/chCTe, beside infCTeNorm; 4.00 allows up to 10 infCteComp: the first is the one
//   linked, the others are told;
// - anulação (tpCTe 2, layout 3.00 only): infCteAnu/chCte (lower-case "e", as the schema writes it);
// - substituto (tpCTe 3): infCTeNorm/infCteSub/chCte (lower-case "e" too).
// The other spelling is accepted as well. A group missing is told, not refused: the CT-e is still read.

export interface ReferenciaLida {
  referencia: CteLido['referencia'];
  avisos: string[];
}

export const avisoVariosComplementados = (quantos: number, chave: string) =>
  `O CT-e complementa ${quantos} CT-es (infCteComp); só o primeiro, chave ${chave}, fica ligado a ele.`;
export const avisoSemReferencia = (grupo: string, tipo: string) => `O CT-e de ${tipo} não informa o CT-e a que se refere (${grupo}).`;

const chaveDe = (grupo: No | null) => texto(grupo, 'chCTe') ?? texto(grupo, 'chCte');

const validar = (chave: string, onde: string) => {
  if (!/^\d{44}$/.test(chave)) falha(`Chave de acesso inválida em ${onde}: "${chave.slice(0, 60)}".`);
  return chave;
};

/** The reference of a CT-e of type `tipoCte` (none for a normal one), with what the reader tolerated. */
export function lerReferencia(inf: No, tipoCte: number): ReferenciaLida {
  const tipo = referenciaDoTipo(tipoCte);
  if (tipo === null) return { referencia: null, avisos: [] };
  if (tipo === 'COMPLEMENTO') {
    const chaves = [...new Set(lista(inf.infCteComp).map(chaveDe).filter((c): c is string => c !== null))].map((c) => validar(c, 'infCteComp/chCTe'));
    if (!chaves.length) return { referencia: null, avisos: [avisoSemReferencia('infCteComp/chCTe', 'complemento')] };
    return { referencia: { tipo, chave: chaves[0] }, avisos: chaves.length > 1 ? [avisoVariosComplementados(chaves.length, chaves[0])] : [] };
  }
  const [grupo, nome] = tipo === 'ANULACAO' ? [no(inf.infCteAnu), 'infCteAnu/chCte'] : [no(no(inf.infCTeNorm)?.infCteSub), 'infCTeNorm/infCteSub/chCte'];
  const chave = chaveDe(grupo);
  if (chave === null) return { referencia: null, avisos: [avisoSemReferencia(nome, tipo === 'ANULACAO' ? 'anulação' : 'substituição')] };
  return { referencia: { tipo, chave: validar(chave, nome) }, avisos: [] };
}
