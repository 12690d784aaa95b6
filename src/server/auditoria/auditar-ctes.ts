import { MSG_APROVADO_MANTIDO, MSG_CTE_ALTERADO_DURANTE_AUDITORIA, MSG_CTE_NAO_ENCONTRADO, resumoAuditoria, resumoVeredictos, type ResultadoLote } from '../../contracts/ctes';
import type { ResultadoAuditoria } from '../../contracts/cte-status';
import type { TabelaFrete } from '../../contracts/tabelas-frete';
import { vereditoAuditoria } from '../../domain/auditoria/veredito-auditoria';
import { mensagemTransicaoIlegal, proximoStatus } from '../../../machines/cte-audit';
import type { CompanyDatabase } from '../db/database';
import { cte } from '../db/schema/cte';
import { naLista } from '../tabelas-frete/resolver-tabela-frete';
import { calcular, montarEnvio } from './envio-auditoria';
import { gravarAuditorias, type AuditoriaCalculada } from './gravar-auditorias';
import { selecionarCtes, type LinhaCteAuditoria } from './linha-cte-auditoria';
import { ratearGrupo } from './ratear-grupo';
import { lerTolerancia, Referencias } from './referencias-auditoria';

// The audit of CT-es (spec 03 §4, freight-calculation.md "Audit verdict of a CT-e"): the engine's freight for
// the CT-e's carrier, dispatch date, customer, route, weight, cargo value, vehicle type and ICMS rate,
// compared with what the carrier charged. Built for volume (the benchmark audits 100,000 CT-es): CT-es are
// read in chunks; reference data is read once per chunk for what the chunk lacks and kept for the whole
// call (referencias-auditoria.ts); each chunk is written in one transaction (gravar-auditorias.ts).

export type EventoAuditoria = 'AUDITAR' | 'REFAZER_AUDITORIA' | 'TROCAR_TABELA';

export interface OpcoesAuditoria {
  /** AUDITAR (Audit Selected, default), REFAZER_AUDITORIA (review dialog) or TROCAR_TABELA. */
  evento?: EventoAuditoria;
  /** TROCAR_TABELA: the only table the engine may use (the caller checked carrier and validity). */
  tabela?: TabelaFrete;
  /**
   * AUDITAR of an approved CT-e (AUDITADO_REVISADO) replaces its approval: only when the user confirmed it
   * (POST /auditorias-cte/auditar {reauditarAprovados: true}); otherwise approved CT-es are skipped.
   */
  reauditarAprovados?: boolean;
  /** CT-es read and written per chunk (default 500; tests use small chunks). */
  tamanhoLote?: number;
}

const TAMANHO_LOTE = 500;
type Motivos = Map<number, { numero: number | null; motivo: string }>;

/** The CT-es of the chunk that may take the event; the others get their reason. */
function auditaveisDo(lote: readonly number[], linhas: readonly LinhaCteAuditoria[], evento: EventoAuditoria, opcoes: OpcoesAuditoria, motivos: Motivos) {
  const porId = new Map(linhas.map((l) => [l.id, l]));
  const auditaveis: LinhaCteAuditoria[] = [];
  for (const id of lote) {
    const l = porId.get(id);
    if (!l) motivos.set(id, { numero: null, motivo: MSG_CTE_NAO_ENCONTRADO });
    else if (proximoStatus(l.status, { type: evento, resultado: 'SUCESSO' }) === null) motivos.set(id, { numero: l.numero, motivo: mensagemTransicaoIlegal(l.status, evento) });
    else if (l.status === 'AUDITADO_REVISADO' && !opcoes.reauditarAprovados) motivos.set(id, { numero: l.numero, motivo: MSG_APROVADO_MANTIDO });
    else auditaveis.push(l);
  }
  return auditaveis;
}

const grupoDe = (l: LinhaCteAuditoria) => (l.grupoId !== null && l.agrupamento === 'AGRUPADO' ? l.grupoId : null);

/** A confirmed group audited as one shipment (CANCELADO and DESCONSIDERADO members left out): each member's share. */
function auditarGrupo(ref: Referencias, grupoId: number, membros: readonly LinhaCteAuditoria[], forcada: TabelaFrete | undefined): Map<number, AuditoriaCalculada> {
  const doGrupo = membros
    .filter((m) => m.grupoId === grupoId && m.status !== 'CANCELADO' && m.status !== 'DESCONSIDERADO')
    .sort((a, b) => a.dataEmissao.getTime() - b.dataEmissao.getTime() || a.id - b.id);
  const envio = montarEnvio(ref, doGrupo, forcada, ref.gruposTipo.get(grupoId) ?? null);
  const calculo = calcular(envio);
  const partes = calculo?.status === 'SUCESSO' ? ratearGrupo(calculo, doGrupo, envio.tabelas) : null;
  return new Map(
    doGrupo.map((m) => {
      const meu = partes?.get(m.id) ?? calculo;
      const veredito = vereditoAuditoria(m.valorTotal, meu, ref.tolerancia, envio.faltando);
      return [m.id, { calculo: meu, veredito, transportadoraId: ref.transportadoraNova(m), tabelaEscolhida: envio.tabelaEscolhida }];
    }),
  );
}

/** The audits of one chunk's auditable CT-es (groups computed once per call, in `grupos`). */
async function calcularLote(ref: Referencias, db: CompanyDatabase['db'], auditaveis: LinhaCteAuditoria[], grupos: Map<number, Map<number, AuditoriaCalculada>>, forcada?: TabelaFrete) {
  const novos = [...new Set(auditaveis.map(grupoDe).filter((g): g is number => g !== null && !grupos.has(g)))];
  const membros = novos.length ? await selecionarCtes(db).where(naLista(cte.grupoId, novos)) : [];
  await ref.carregar([...auditaveis, ...membros]);
  for (const g of novos) grupos.set(g, auditarGrupo(ref, g, membros, forcada));
  const calculadas = new Map<number, AuditoriaCalculada>();
  for (const l of auditaveis) {
    const doGrupo = grupoDe(l) !== null ? grupos.get(grupoDe(l)!)?.get(l.id) : undefined;
    if (doGrupo) {
      calculadas.set(l.id, doGrupo);
      continue;
    }
    const envio = montarEnvio(ref, [l], forcada, null);
    const calculo = calcular(envio);
    const veredito = vereditoAuditoria(l.valorTotal, calculo, ref.tolerancia, envio.faltando);
    calculadas.set(l.id, { calculo, veredito, transportadoraId: ref.transportadoraNova(l), tabelaEscolhida: envio.tabelaEscolhida });
  }
  return calculadas;
}

/**
 * Audits the CT-es `ids` in the given order (spec 03 §4 "Audit Selected"): statuses the machine refuses
 * the event from are skipped into `ignorados` with the machine's message, unknown ids too, and approved
 * CT-es unless `reauditarAprovados`. Grouped CT-es (AGRUPADO) are audited as one shipment with their
 * confirmed group and get their share of its freight; only the selected CT-es are recorded.
 */
export async function auditarCtes(banco: CompanyDatabase, ids: readonly number[], usuarioId: number | null, opcoes: OpcoesAuditoria = {}): Promise<ResultadoLote> {
  const { db } = banco;
  const evento = opcoes.evento ?? 'AUDITAR';
  const unicos = [...new Set(ids)];
  const ref = new Referencias(db, await lerTolerancia(db));
  const ignorados: ResultadoLote['ignorados'] = [];
  const contagem: Record<ResultadoAuditoria, number> = { SUCESSO: 0, OBSERVACOES: 0, FALHA: 0, ERRO: 0 };
  let processados = 0;
  const grupos = new Map<number, Map<number, AuditoriaCalculada>>();
  const tamanho = opcoes.tamanhoLote ?? TAMANHO_LOTE;
  for (let inicio = 0; inicio < unicos.length; inicio += tamanho) {
    const lote = unicos.slice(inicio, inicio + tamanho);
    const motivos: Motivos = new Map();
    const auditaveis = auditaveisDo(lote, await selecionarCtes(db).where(naLista(cte.id, lote)), evento, opcoes, motivos);
    const calculadas = await calcularLote(ref, db, auditaveis, grupos, opcoes.tabela);
    const gravadas = await gravarAuditorias(db, auditaveis, calculadas, evento, usuarioId);
    // Not written: changed since it was read (its versao moved).
    for (const l of auditaveis) if (!gravadas.has(l.id)) motivos.set(l.id, { numero: l.numero, motivo: MSG_CTE_ALTERADO_DURANTE_AUDITORIA });
    for (const id of lote) {
      const r = gravadas.get(id);
      if (r) {
        processados++;
        contagem[r]++;
      } else ignorados.push({ id, ...motivos.get(id)! });
    }
  }
  const mensagens = [resumoAuditoria(processados, ignorados.length)];
  if (processados) mensagens.push(resumoVeredictos(contagem));
  return { processados, ignorados, mensagens };
}
