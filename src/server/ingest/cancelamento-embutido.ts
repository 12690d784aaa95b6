import type { CancelamentoCte } from '../../contracts/cte-documento';
import { instanteXml } from '../../domain/cte/instante-xml';
import { lista, no, texto, type No } from './campos-xml';

// docs/decisoes.md §12: a cteProc may carry the CT-e's cancellation in the same file, after its protCTe: a
// procEventoCTe (layouts 3.00/4.00: the signed eventoCTe and the SEFAZ's retEventoCTe), a retEventoCTe alone (with or
// without its eventoCTe beside it), or the old layout's procCancCTe (1.04: cancCTe and retCancCTe). Such a
// CT-e is cancelled when one of them is a cancellation (tpEvento 110111) of this very key homologated by the
// SEFAZ (cStat 135, 136 or 155; 101 in the old layout). Any other event (CC-e 110110, EPEC...) changes
// nothing; a cancellation of another key, refused by the SEFAZ or without its return changes nothing either,
// but is told: the user may think the CT-e cancelled. Pure, like the reader.

export const EVENTO_CANCELAMENTO = '110111';
/** Event registered and linked (135), registered but not linked (136), cancellation homologated out of time (155). */
const CSTAT_EVENTO_HOMOLOGADO = new Set(['135', '136', '155']);
/** Old layout (retCancCTe): cancellation homologated. */
const CSTAT_CANCELAMENTO_HOMOLOGADO = new Set(['101']);

/** One cancellation request and its return as the file holds them (either may be missing). */
interface Candidato {
  pedido: No | null;
  retorno: No | null;
  leiauteAntigo: boolean;
}

export interface CancelamentoEmbutido {
  /** The homologated cancellation of this CT-e, when the file carries one. */
  cancelamento: CancelamentoCte | null;
  /** What the file carries that looks like a cancellation but does not cancel it, and why. */
  avisos: string[];
}

const semCancelamento = (chave: string) => `o CT-e ${chave} foi lido sem cancelamento.`;
export const avisoCancelamentoDeOutroCte = (outra: string, chave: string) =>
  `O arquivo traz o cancelamento de outro CT-e (chave ${outra.slice(0, 60)}): ignorado; ${semCancelamento(chave)}`;
export const avisoCancelamentoNaoHomologado = (cStat: string | null, motivo: string | null, chave: string) =>
  `O cancelamento que o arquivo traz não foi homologado pela SEFAZ (cStat ${cStat?.slice(0, 10) ?? 'ausente'}${motivo ? `: ${motivo.slice(0, 255)}` : ''}): ${semCancelamento(chave)}`;
export const avisoCancelamentoSemRetorno = (chave: string) => `O cancelamento que o arquivo traz não tem o retorno da SEFAZ, que o homologa: ${semCancelamento(chave)}`;

/** A loose eventoCTe and a loose retEventoCTe are of the same event when what the return says agrees with it. */
const mesmoEvento = (pedido: No | null, retorno: No | null) =>
  ['tpEvento', 'chCTe'].every((campo) => texto(retorno, campo) === null || texto(retorno, campo) === texto(pedido, campo));

/** Every request/return pair of the cteProc's children, whatever the event. */
function candidatos(proc: No): Candidato[] {
  const infEvento = (v: No) => no(v.infEvento);
  const eventos = lista(proc.procEventoCTe).map((p) => ({ pedido: no(no(p.eventoCTe)?.infEvento), retorno: no(no(p.retEventoCTe)?.infEvento), leiauteAntigo: false }));
  const soltos = lista(proc.eventoCTe).map(infEvento);
  const retornos = lista(proc.retEventoCTe).map((r) => {
    const retorno = infEvento(r);
    return { pedido: soltos.find((p) => mesmoEvento(p, retorno)) ?? null, retorno, leiauteAntigo: false };
  });
  const semRetorno = soltos.filter((p) => !retornos.some((r) => r.pedido === p)).map((pedido) => ({ pedido, retorno: null, leiauteAntigo: false }));
  const antigos = lista(proc.procCancCTe).map((p) => ({ pedido: no(no(p.cancCTe)?.infCanc), retorno: no(no(p.retCancCTe)?.infCanc), leiauteAntigo: true }));
  return [...eventos, ...retornos, ...semRetorno, ...antigos];
}

type Avaliacao = { tipo: 'CANCELA'; cancelamento: CancelamentoCte } | { tipo: 'OUTRO_CTE' | 'NAO_CANCELA'; aviso: string } | null;

/** The cancellation one candidate proves, or the warning it deserves; null when it is no cancellation. */
function avaliar(c: Candidato, chave: string): Avaliacao {
  const tipo = texto(c.retorno, 'tpEvento') ?? texto(c.pedido, 'tpEvento') ?? (c.leiauteAntigo ? EVENTO_CANCELAMENTO : null);
  if (tipo !== EVENTO_CANCELAMENTO) return null;
  const chaves = [texto(c.pedido, 'chCTe'), texto(c.retorno, 'chCTe')].filter((x): x is string => x !== null);
  const outra = chaves.find((x) => x !== chave) ?? (chaves.length === 0 ? 'não informada' : null);
  if (outra !== null) return { tipo: 'OUTRO_CTE', aviso: avisoCancelamentoDeOutroCte(outra, chave) };
  if (!c.retorno) return { tipo: 'NAO_CANCELA', aviso: avisoCancelamentoSemRetorno(chave) };
  const cStat = texto(c.retorno, 'cStat');
  const aceitos = c.leiauteAntigo ? CSTAT_CANCELAMENTO_HOMOLOGADO : CSTAT_EVENTO_HOMOLOGADO;
  if (cStat === null || !aceitos.has(cStat)) return { tipo: 'NAO_CANCELA', aviso: avisoCancelamentoNaoHomologado(cStat, texto(c.retorno, 'xMotivo'), chave) };
  const justificativa = c.leiauteAntigo ? texto(c.pedido, 'xJust') : texto(no(no(c.pedido?.detEvento)?.evCancCTe), 'xJust');
  const data = texto(c.pedido, 'dhEvento') ?? texto(c.retorno, 'dhRegEvento') ?? texto(c.retorno, 'dhRecbto');
  return { tipo: 'CANCELA', cancelamento: { chave, dataCancelamento: instanteXml(data), motivoCancelamento: justificativa } };
}

/** The cancellation of CT-e `chave` the cteProc carries, if any, and the warnings about those that do not count. */
export function lerCancelamentoEmbutido(proc: No, chave: string): CancelamentoEmbutido {
  const avaliados = candidatos(proc).map((c) => avaliar(c, chave));
  const achado = avaliados.find((a) => a?.tipo === 'CANCELA');
  // Cancelled, a refused or unanswered attempt is no news; another CT-e's cancellation in the file still is.
  const avisos = avaliados.flatMap((a) => (a && a.tipo !== 'CANCELA' && (a.tipo === 'OUTRO_CTE' || !achado) ? [a.aviso] : []));
  return { cancelamento: achado?.tipo === 'CANCELA' ? achado.cancelamento : null, avisos };
}
