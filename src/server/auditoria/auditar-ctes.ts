import { mensagemAuditoriaAnulacao } from '../../contracts/ocorrencias';
import { MSG_APROVADO_MANTIDO, MSG_CTE_ALTERADO_DURANTE_AUDITORIA, MSG_CTE_NAO_ENCONTRADO, resumoAuditoria, resumoVeredictos, type ResultadoLote } from '../../contracts/ctes';
import type { ResultadoAuditoria } from '../../contracts/cte-status';
import type { TabelaFrete } from '../../contracts/tabela-frete-modelo';
import { vereditoAuditoria } from '../../domain/auditoria/veredito-auditoria';
import { mensagemTransicaoIlegal, proximoStatus } from '../../../machines/cte-audit';
import type { CompanyDatabase, Db } from '../db/database';
import { cte } from '../db/schema/cte';
import { naLista } from '../tabelas-frete/resolver-tabela-frete';
import { auditarEmParalelo, conexaoPostgres, MINIMO_EM_PARALELO } from './auditoria-em-paralelo';
import { cederVez, proximaVolta } from '../db/ceder-vez';
import { calcular, montarEnvio } from './envio-auditoria';
import { gravarAuditorias, type AuditoriaCalculada } from './gravar-auditorias';
import { selecionarCtes, type LinhaCteAuditoria } from './linha-cte-auditoria';
import { ratearGrupo } from './ratear-grupo';
import type { EventoAuditoria, OpcoesAuditoria } from './opcoes-auditoria';
import { lerConfiguracaoAuditoria, Referencias } from './referencias-auditoria';
import { auditarCte } from './acessorios-auditoria';
import { auditarComplemento } from './complemento-auditoria';

// The audit of CT-es (spec 03 §4, freight-calculation.md "Audit verdict of a CT-e"): the engine's freight for
// the CT-e's carrier, dispatch date, customer, route, weight, cargo value, vehicle type and ICMS rate,
// compared with what the carrier charged. Built for volume (the benchmark audits 100,000 CT-es): CT-es are
// read in chunks; reference data is read once per chunk for what the chunk lacks and kept for the whole
// call (referencias-auditoria.ts); each chunk is written in one statement (gravar-auditorias.ts) while the
// next one is computed; the CPU work yields to the event loop in slices (ceder-vez.ts), and on PostgreSQL a
// large call runs in a worker thread (auditoria-em-paralelo.ts).

export type { EventoAuditoria, OpcoesAuditoria } from './opcoes-auditoria';

/**
 * In the server's thread a chunk's write is one statement the API's requests wait behind (on PGlite the
 * database itself runs in this thread): small chunks. The worker thread takes larger ones (fewer statements).
 */
const TAMANHO_LOTE = 50;
export const TAMANHO_LOTE_TRABALHADOR = 250;
const PONTA = 50;

/**
 * Where the chunks start (and the end): small chunks at both ends of a call, where the pipeline has nothing
 * to overlap (the first chunk is computed while the database idles, the last one written while this
 * process idles); 1000 CT-es by 250 are 50, 250, 250, 250, 150 and 50.
 */
function cortes(n: number, tamanho: number): number[] {
  const r = [0];
  if (n > tamanho && tamanho > PONTA) {
    for (let i = PONTA; i < n - PONTA; i += tamanho) r.push(i);
    r.push(n - PONTA);
  } else for (let i = tamanho; i < n; i += tamanho) r.push(i);
  if (n > 0) r.push(n);
  return r;
}
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
    // Issue 31: an anulação (tpCTe 2) has no freight to pay or audit.
    else if (l.tipoCte === 2) motivos.set(id, { numero: l.numero, motivo: mensagemAuditoriaAnulacao(l.numeroReferenciado) });
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
async function calcularLote(ref: Referencias, db: Db, auditaveis: LinhaCteAuditoria[], grupos: Map<number, Map<number, AuditoriaCalculada>>, forcada?: TabelaFrete) {
  const novos = [...new Set(auditaveis.map(grupoDe).filter((g): g is number => g !== null && !grupos.has(g)))];
  const membros = novos.length ? await selecionarCtes(db).where(naLista(cte.grupoId, novos)) : [];
  const originais = await ref.carregarOriginais(auditaveis);
  await proximaVolta();
  await ref.carregar([...auditaveis, ...membros, ...originais]);
  for (const g of novos) grupos.set(g, auditarGrupo(ref, g, membros, forcada));

  const calculadas = new Map<number, AuditoriaCalculada>();
  const ceder = cederVez();
  for (const l of auditaveis) {
    await ceder();
    const doGrupo = grupoDe(l) !== null ? grupos.get(grupoDe(l)!)?.get(l.id) : undefined;
    if (doGrupo) {
      calculadas.set(l.id, doGrupo);
      continue;
    }
    // Issue 31: a complement against its original; any other CT-e with the accessorials it charges.
    calculadas.set(l.id, l.tipoCte === 1 ? auditarComplemento(ref, l, forcada) : auditarCte(ref, l, forcada));
  }
  return calculadas;
}

/** The call's tally: each chunk's CT-es, written or skipped with their reason, in the order given. */
class Apuracao {
  readonly ignorados: ResultadoLote['ignorados'] = [];
  readonly contagem: Record<ResultadoAuditoria, number> = { SUCESSO: 0, OBSERVACOES: 0, FALHA: 0, ERRO: 0 };
  processados = 0;

  somar(lote: readonly number[], auditaveis: readonly LinhaCteAuditoria[], gravadas: Map<number, ResultadoAuditoria>, motivos: Motivos) {
    // Not written: changed since it was read (its versao moved).
    for (const l of auditaveis) if (!gravadas.has(l.id)) motivos.set(l.id, { numero: l.numero, motivo: MSG_CTE_ALTERADO_DURANTE_AUDITORIA });
    for (const id of lote) {
      const r = gravadas.get(id);
      if (r) {
        this.processados++;
        this.contagem[r]++;
      } else this.ignorados.push({ id, ...motivos.get(id)! });
    }
  }

  resultado(): ResultadoLote {
    const mensagens = [resumoAuditoria(this.processados, this.ignorados.length)];
    if (this.processados) mensagens.push(resumoVeredictos(this.contagem));
    return { processados: this.processados, ignorados: this.ignorados, mensagens };
  }
}

/**
 * Audits the CT-es `ids` in the given order (spec 03 §4 "Audit Selected"): statuses the machine refuses
 * the event from are skipped into `ignorados` with the machine's message, unknown ids too, and approved
 * CT-es unless `reauditarAprovados`. Grouped CT-es (AGRUPADO) are audited as one shipment with their
 * confirmed group and get their share of its freight; only the selected CT-es are recorded.
 * Pipelined: a chunk is read and computed while the previous one is written (the database works while
 * this process computes); writes stay one at a time and in order, so audits are numbered as the CT-es come.
 */
export async function auditarCtesAqui(db: Db, ids: readonly number[], usuarioId: number | null, opcoes: OpcoesAuditoria = {}): Promise<ResultadoLote> {
  const evento = opcoes.evento ?? 'AUDITAR';
  const unicos = [...new Set(ids)];
  const configuracao = await lerConfiguracaoAuditoria(db);
  const ref = new Referencias(db, configuracao.tolerancia, configuracao.ocorrenciaAusente);
  const apuracao = new Apuracao();
  const grupos = new Map<number, Map<number, AuditoriaCalculada>>();
  const limites = cortes(unicos.length, opcoes.tamanhoLote ?? TAMANHO_LOTE);
  let escrita: Promise<void> = Promise.resolve();
  try {
    for (let i = 1; i < limites.length; i++) {
      const lote = unicos.slice(limites[i - 1], limites[i]);
      const motivos: Motivos = new Map();
      await proximaVolta();
      const auditaveis = auditaveisDo(lote, await selecionarCtes(db).where(naLista(cte.id, lote)), evento, opcoes, motivos);
      const calculadas = await calcularLote(ref, db, auditaveis, grupos, opcoes.tabela);
      await escrita;
      await proximaVolta();
      escrita = gravarAuditorias(db, auditaveis, calculadas, evento, usuarioId).then((gravadas) => apuracao.somar(lote, auditaveis, gravadas, motivos));
      // Awaited on the next turn or below; until then a failure must not count as unhandled.
      escrita.catch(() => {});
    }
    await escrita;
  } catch (erro) {
    // Nothing left running against the database when the call fails.
    await escrita.catch(() => {});
    throw erro;
  }
  return apuracao.resultado();
}

/**
 * Audits the CT-es `ids` (auditarCtesAqui). On PostgreSQL a large call runs in the audit worker thread
 * (auditoria-em-paralelo.ts), so its CPU work does not hold up the API's other requests; PGlite lives in
 * this thread, and small calls are not worth a hop: both run here, in slices (cederVez).
 */
export async function auditarCtes(banco: CompanyDatabase, ids: readonly number[], usuarioId: number | null, opcoes: OpcoesAuditoria = {}): Promise<ResultadoLote> {
  const conexao = ids.length >= MINIMO_EM_PARALELO ? conexaoPostgres(banco.db) : null;
  if (conexao) {
    const r = await auditarEmParalelo(conexao, ids, usuarioId, opcoes);
    if (r) return r;
  }
  return auditarCtesAqui(banco.db, ids, usuarioId, opcoes);
}
