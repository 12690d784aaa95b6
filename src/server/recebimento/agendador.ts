import { eq } from 'drizzle-orm';
import type { Empresa } from '../../contracts/common';
import { EMPRESAS } from '../../contracts/common';
import { MSG_RECEBIMENTO_EM_ANDAMENTO, type ExecucaoRecebimento, type FonteAgendada } from '../../contracts/recebimento';
import type { CompanyDatabase } from '../db/database';
import { recebimentoFonte } from '../db/schema/recebimento';
import { ApiError } from '../http/api-error';
import { encerrarExecucoesOrfas, execucaoDaLinha } from './consultar-recebimento';
import { abrirExecucao, type Execucao } from './execucao';

// The runner of the sources that read by themselves (issue 30; docs/decisoes.md §37): every `tickMs` it looks, per
// company, at each scheduled source whose next run is due and runs it; "Ler agora" runs one at once. One runner per
// source and company across every server process on the database (CompanyDatabase.travar: a PostgreSQL advisory
// lock); the next run is kept in recebimento_fonte.proxima_em, so it survives restarts.

export interface ContextoTrabalho {
  banco: CompanyDatabase;
  execucao: Execucao;
  agora: () => number;
  chaveSegredos: Buffer | null;
  sinal: AbortSignal;
  log: (mensagem: string) => void;
}

export type Trabalho = (ctx: ContextoTrabalho) => Promise<{ proximaEm?: Date | null } | void>;

/** A source as it is set up now: null when it is not (nothing runs). */
export interface FontePronta {
  ativa: boolean;
  intervaloMs: number;
  trabalho: Trabalho;
  /** "Ler agora" is refused before this instant (SEFAZ: the service's own rule after 137 and 656), with this message. */
  naoAntesDe?: { instante: Date; mensagem: string } | null;
  /** Push instead of waiting for the interval (the mailbox's IDLE): `chave` names the connection (a new one when it changes). */
  vigia?: { chave: string; iniciar: (aoChegar: () => void) => Promise<() => Promise<void>> };
}

export type ResolverFonte = (banco: CompanyDatabase, fonte: FonteAgendada) => Promise<FontePronta | null>;

export const chaveTrava = (fonte: FonteAgendada) => `recebimento:${fonte}`;
/** A push connection that could not be made is tried again after this long. */
const NOVA_ESPERA_MS = 5 * 60_000;
export const MSG_EXECUCAO_INTERROMPIDA = 'Leitura interrompida: o servidor parou antes do fim (os documentos já gravados ficam; os outros são lidos na próxima vez).';

export interface OpcoesAgendador {
  bancos: Record<Empresa, CompanyDatabase>;
  resolver: ResolverFonte;
  agora: () => number;
  chaveSegredos: Buffer | null;
  log: (mensagem: string) => void;
  /** How often due sources are looked for (default 15 s). */
  tickMs?: number;
}

export class Agendador {
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly controle = new AbortController();
  private readonly emCurso = new Set<Promise<unknown>>();
  private ticando = false;
  private readonly vigias = new Map<string, { chave: string; parar: Promise<(() => Promise<void>) | null>; falhouEm: number | null }>();

  constructor(private readonly o: OpcoesAgendador) {}

  iniciar(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.o.tickMs ?? 15_000);
    this.timer.unref();
    void this.tick();
  }

  /** Stops looking, asks the running jobs to stop between documents and waits for them. */
  async parar(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.controle.abort();
    const vigias = [...this.vigias.values()];
    this.vigias.clear();
    await Promise.allSettled([...vigias.map((v) => v.parar.then((parar) => parar?.())), ...this.emCurso]);
  }

  /** Runs every due source of every company (scheduled runs; errors are logged, never thrown). */
  async tick(): Promise<void> {
    if (this.ticando || this.controle.signal.aborted) return;
    this.ticando = true;
    try {
      for (const empresa of EMPRESAS)
        for (const fonte of ['PASTA', 'CAIXA_POSTAL', 'SEFAZ'] as const)
          await this.rodarSeDevida(empresa, fonte).catch((e: unknown) => this.o.log(`Recebimento ${empresa}/${fonte}: ${(e as Error).message}`));
    } finally {
      this.ticando = false;
    }
  }

  private async rodarSeDevida(empresa: Empresa, fonte: FonteAgendada): Promise<void> {
    const banco = this.o.bancos[empresa];
    const pronta = await this.o.resolver(banco, fonte);
    await this.vigiar(empresa, fonte, pronta?.ativa ? pronta : null);
    if (!pronta?.ativa) return;
    if (!(await this.devida(banco, fonte))) return;
    const corrida = await this.comecar(banco, fonte, pronta, null, true);
    if (corrida) await corrida.fim;
  }

  /** Keeps one push connection per active source that has one; news runs the source at once (or at the next look, if busy). */
  private async vigiar(empresa: Empresa, fonte: FonteAgendada, pronta: FontePronta | null): Promise<void> {
    const nome = `${empresa}:${fonte}`;
    const atual = this.vigias.get(nome);
    // The same connection wanted: kept; one that could not be made is tried again after a while (the server came back).
    if (atual && atual.chave === pronta?.vigia?.chave && !(atual.falhouEm !== null && this.o.agora() - atual.falhouEm > NOVA_ESPERA_MS)) return;
    if (atual) {
      this.vigias.delete(nome);
      await atual.parar.then((parar) => parar?.());
    }
    if (!pronta?.vigia || this.controle.signal.aborted) return;
    const banco = this.o.bancos[empresa];
    const aoChegar = () =>
      void this.comecar(banco, fonte, pronta, null, false)
        .then((corrida) => corrida ?? banco.db.update(recebimentoFonte).set({ proximaEm: new Date(this.o.agora()) }).where(eq(recebimentoFonte.fonte, fonte)))
        .catch((e: unknown) => this.o.log(`Recebimento ${empresa}/${fonte}: ${(e as Error).message}`));
    const vigia: { chave: string; parar: Promise<(() => Promise<void>) | null>; falhouEm: number | null } = { chave: pronta.vigia.chave, parar: Promise.resolve(null), falhouEm: null };
    vigia.parar = pronta.vigia.iniciar(aoChegar).catch((e: unknown) => {
      vigia.falhouEm = this.o.agora();
      this.o.log(`Recebimento ${empresa}/${fonte}: sem espera (IDLE), segue pelo intervalo: ${(e as Error).message}`);
      return null;
    });
    this.vigias.set(nome, vigia);
    const { parar } = vigia;
    await parar;
  }

  private async devida(banco: CompanyDatabase, fonte: FonteAgendada): Promise<boolean> {
    const [linha] = await banco.db.select({ proximaEm: recebimentoFonte.proximaEm, bloqueadaAte: recebimentoFonte.bloqueadaAte }).from(recebimentoFonte).where(eq(recebimentoFonte.fonte, fonte));
    const agora = this.o.agora();
    if (linha?.bloqueadaAte && linha.bloqueadaAte.getTime() > agora) return false;
    return !linha?.proximaEm || linha.proximaEm.getTime() <= agora;
  }

  /**
   * "Ler agora": starts the source's run and answers it as started (the screen follows its progress); 409 when the
   * source is not set up, already running here or in another process, or SEFAZ's rules forbid a call yet.
   */
  async lerAgora(empresa: Empresa, fonte: FonteAgendada, usuarioId: number | null, naoConfigurada: string): Promise<{ execucao: ExecucaoRecebimento; fim: Promise<ExecucaoRecebimento> }> {
    const banco = this.o.bancos[empresa];
    const pronta = await this.o.resolver(banco, fonte);
    if (!pronta) throw new ApiError(409, [naoConfigurada]);
    if (pronta.naoAntesDe && pronta.naoAntesDe.instante.getTime() > this.o.agora()) throw new ApiError(409, [pronta.naoAntesDe.mensagem]);
    const corrida = await this.comecar(banco, fonte, pronta, usuarioId, false);
    if (!corrida) throw new ApiError(409, [MSG_RECEBIMENTO_EM_ANDAMENTO]);
    return corrida;
  }

  /** Takes the source's lock and starts its run; null when another runner holds it (or, scheduled, it is no longer due). */
  private async comecar(banco: CompanyDatabase, fonte: FonteAgendada, pronta: FontePronta, usuarioId: number | null, agendada: boolean) {
    const liberar = await banco.travar(chaveTrava(fonte));
    if (!liberar) return null;
    try {
      // Another process may have run it between the look and the lock.
      if (agendada && !(await this.devida(banco, fonte))) {
        await liberar();
        return null;
      }
      await encerrarExecucoesOrfas(banco.db, fonte, MSG_EXECUCAO_INTERROMPIDA);
      const execucao = await abrirExecucao(banco.db, fonte, usuarioId);
      const inicial = await execucaoDaLinha(banco.db, execucao.id);
      const fim = this.rodar(banco, fonte, pronta, execucao).finally(liberar);
      this.emCurso.add(fim);
      void fim.finally(() => this.emCurso.delete(fim)).catch(() => undefined);
      return { execucao: inicial, fim };
    } catch (erro) {
      await liberar();
      throw erro;
    }
  }

  private async rodar(banco: CompanyDatabase, fonte: FonteAgendada, pronta: FontePronta, execucao: Execucao): Promise<ExecucaoRecebimento> {
    const ctx: ContextoTrabalho = { banco, execucao, agora: this.o.agora, chaveSegredos: this.o.chaveSegredos, sinal: this.controle.signal, log: this.o.log };
    let proximaEm: Date | null | undefined;
    let fim: ExecucaoRecebimento;
    try {
      proximaEm = (await pronta.trabalho(ctx))?.proximaEm;
      fim = await execucao.concluir();
    } catch (erro) {
      fim = await execucao.falhar((erro as Error).message || String(erro));
    }
    const proxima = proximaEm ?? new Date(this.o.agora() + pronta.intervaloMs);
    await banco.db
      .insert(recebimentoFonte)
      .values({ fonte, proximaEm: proxima })
      .onConflictDoUpdate({ target: recebimentoFonte.fonte, set: { proximaEm: proxima } });
    return fim;
  }
}

/** Runs `fazer` holding the source's lock (the manual folder readings share the PASTA runner's): 409 `mensagem` when held. */
export async function comTravaDaFonte<T>(banco: CompanyDatabase, fonte: FonteAgendada, mensagem: string, fazer: () => Promise<T>): Promise<T> {
  const liberar = await banco.travar(chaveTrava(fonte));
  if (!liberar) throw new ApiError(409, [mensagem]);
  try {
    return await fazer();
  } finally {
    await liberar();
  }
}
