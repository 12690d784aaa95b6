import { MSG_REGISTRO_NAO_ENCONTRADO } from '../../contracts/erros';
import {
  MAX_DIAS_REAJUSTE,
  MSG_REAJUSTE_CTE_FORA,
  MSG_REAJUSTE_OUTRA_TRANSPORTADORA,
  MSG_REAJUSTE_PERIODO_INVERTIDO,
  MSG_REAJUSTE_PERIODO_LONGO,
  MSG_REAJUSTE_SEM_CTES,
  MSG_REAJUSTE_SEM_PROPOSTA,
  type CteReajuste,
  type ReajusteParametros,
  type ResultadoReajuste,
  type TracoReajuste,
} from '../../contracts/reajuste';
import { diasEntre } from '../../contracts/relatorios';
import type { TabelaFrete } from '../../contracts/tabela-frete-modelo';
import { lerConfiguracaoAuditoria, Referencias } from '../auditoria/referencias-auditoria';
import type { Db } from '../db/database';
import { ApiError, badRequest } from '../http/api-error';
import { lerTabelaFrete } from '../tabelas-frete/tabela-frete-do-banco';
import { ApuracaoReajuste, cteReajuste } from './apuracao-reajuste';
import { ctesDoPeriodo, linhasEsperadas, type CteDoPeriodo } from './ctes-reajuste';
import type { PedidoReajuste, TabelaProposta } from './pedido-reajuste';
import { PrecificadorReajuste } from './precificar-ctes';
import { descreverProposta, reajustarTabela, reajusteDe } from './reajustar-tabela';

// Issue 32: "what would the period have cost under the proposed readjustment". The period's CT-es audited with the
// table are read in chunks and priced by the audit's engine with the readjusted table (precificar-ctes.ts); nothing
// is written. A chunk's reads (the CT-es, their references, their stored audit lines) are a handful of queries
// whatever its size, and the CPU work yields to the event loop between CT-es (cederVez).

export const TAMANHO_LOTE_REAJUSTE = 500;


/** The body's own rules (400), before anything is read. */
function validarParametros(p: ReajusteParametros, arquivo: TabelaProposta | null) {
  if (p.dataFim < p.dataIni) throw badRequest(MSG_REAJUSTE_PERIODO_INVERTIDO);
  if (diasEntre(p.dataIni, p.dataFim) > MAX_DIAS_REAJUSTE) throw badRequest(MSG_REAJUSTE_PERIODO_LONGO);
  if (!arquivo && p.percentualGeral === null && p.percentuais.length === 0) throw badRequest(MSG_REAJUSTE_SEM_PROPOSTA);
}

/**
 * The table the percentages apply to: the stored one, or the proposed workbook's in its place — same id, carrier
 * and validity (the proposal is priced over the period being simulated, whatever vigência the file names).
 */
function base(tabela: TabelaFrete, arquivo: TabelaProposta | null): TabelaFrete {
  if (!arquivo) return tabela;
  if (arquivo.tabela.transportadora?.id !== tabela.transportadora?.id) throw badRequest(MSG_REAJUSTE_OUTRA_TRANSPORTADORA);
  return { ...arquivo.tabela, id: tabela.id, versao: tabela.versao, transportadora: tabela.transportadora, inicio: tabela.inicio, fim: tabela.fim };
}

interface Preparo {
  tabela: TabelaFrete;
  proposta: TabelaFrete;
  ctes: CteDoPeriodo[];
  outrasTabelas: number;
}

async function preparar(db: Db, tabelaId: number, { parametros: p, proposta: arquivo }: PedidoReajuste, cteId?: number): Promise<Preparo> {
  validarParametros(p, arquivo);
  const tabela = await lerTabelaFrete(db, tabelaId);
  if (!tabela?.transportadora) throw new ApiError(404, [MSG_REGISTRO_NAO_ENCONTRADO]);
  const inicial = base(tabela, arquivo);
  const proposta = reajustarTabela(inicial, reajusteDe(inicial, p));
  const periodo = { transportadoraId: tabela.transportadora.id, dataIni: p.dataIni, dataFim: p.dataFim };
  const { ctes, outrasTabelas } = await ctesDoPeriodo(db, tabelaId, periodo, cteId);
  if (!ctes.length) throw new ApiError(404, [cteId === undefined ? MSG_REAJUSTE_SEM_CTES : MSG_REAJUSTE_CTE_FORA]);
  return { tabela, proposta, ctes, outrasTabelas };
}

async function precificador(db: Db, proposta: TabelaFrete): Promise<PrecificadorReajuste> {
  const configuracao = await lerConfiguracaoAuditoria(db);
  return new PrecificadorReajuste(db, new Referencias(db, configuracao.tolerancia, configuracao.ocorrenciaAusente), proposta);
}

export interface Simulacao {
  resultado: ResultadoReajuste;
  /** Every CT-e, in the answer's order (largest difference first). */
  todos: CteReajuste[];
}

/** POST /tabelas-frete/{id}/reajuste. */
export async function simularReajuste(db: Db, tabelaId: number, pedido: PedidoReajuste, tamanhoLote = TAMANHO_LOTE_REAJUSTE): Promise<Simulacao> {
  const { tabela, proposta, ctes, outrasTabelas } = await preparar(db, tabelaId, pedido);
  const p = pedido.parametros;
  const motor = await precificador(db, proposta);
  const apuracao = new ApuracaoReajuste();
  const lotes: CteDoPeriodo[][] = [];
  for (let i = 0; i < ctes.length; i += tamanhoLote) lotes.push(ctes.slice(i, i + tamanhoLote));
  // Pipelined: the next chunk is read while this one is computed (the database works while this process computes).
  const ler = (lote: CteDoPeriodo[]) => {
    const leitura = Promise.all([motor.ler(lote.map((c) => c.id)), linhasEsperadas(db, lote)]);
    leitura.catch(() => {}); // awaited below; until then a failure must not count as unhandled
    return leitura;
  };
  let proxima = ler(lotes[0]);
  for (let i = 0; i < lotes.length; i++) {
    const [lido, esperadas] = await proxima;
    if (i + 1 < lotes.length) proxima = ler(lotes[i + 1]);
    const precificados = await motor.calcular(lido);
    for (const c of lotes[i]) apuracao.somar(c, precificados.get(c.id)!, esperadas.get(c.id) ?? []);
  }
  const todos = apuracao.ordenados();
  const cabeca = {
    tabela: { id: tabelaId, versao: tabela.versao ?? 0, transportadora: tabela.transportadora! },
    dataIni: p.dataIni,
    dataFim: p.dataFim,
    proposta: descreverProposta(p, pedido.proposta?.nome ?? null),
    outrasTabelas,
  };
  return { resultado: apuracao.resultado(cabeca, todos), todos };
}

/** POST /tabelas-frete/{id}/reajuste/ctes/{cteId}: one CT-e under the readjusted table, with the engine's trace. */
export async function tracarReajuste(db: Db, tabelaId: number, cteId: number, pedido: PedidoReajuste): Promise<TracoReajuste> {
  const { proposta, ctes } = await preparar(db, tabelaId, pedido, cteId);
  const motor = await precificador(db, proposta);
  const precificado = (await motor.precificar([cteId])).get(cteId)!;
  const [c] = ctes;
  const calculo = precificado.calculo ?? {
    transportadora: proposta.transportadora!,
    tabelaFrete: { id: tabelaId, inicio: proposta.inicio, fim: proposta.fim },
    percurso: null,
    status: 'FALHA' as const,
    elementosCusto: [],
    valorTotal: '0.00',
    mensagens: [precificado.falha ?? ''],
    traco: [],
  };
  return { cte: cteReajuste(c, precificado), calculo };
}
