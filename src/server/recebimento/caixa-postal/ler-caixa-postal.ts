import { ImapFlow } from 'imapflow';
import { PASTA_COM_ERRO, PASTA_PROCESSADOS } from '../../../contracts/recebimento';
import type { CompanyDatabase } from '../../db/database';
import { ehPglite } from '../../db/open-pglite';
import { classificar, ehZip } from '../classificar';
import type { Execucao } from '../execucao';
import type { ContaImap } from './conta';
import { mensagemErroImap } from './erros-imap';
import { analisarMensagem, tratarMensagem, type MensagemLida } from './mensagem';

// The mailbox job (issue 30): the UNSEEN messages of the folder, in bounded batches; a message is flagged \Seen and
// moved to "Processados" (or "Com erro") only after its documents are stored and logged, so a crash in between reads
// it again and the log (Message-ID + attachment hash) keeps anything from being stored twice. imapflow hangs when a
// command is sent inside a fetch loop: each batch is fetched whole first, then read, flagged and moved.

/** What the job needs of the scheduler's context (agendador.ts's ContextoTrabalho has it all). */
export interface ContextoCaixaPostal {
  banco: Pick<CompanyDatabase, 'db'>;
  execucao: Execucao;
  sinal: AbortSignal;
}

export interface OpcoesLeitura {
  /** Messages fetched at a time (memory stays bounded by one batch). */
  lote?: number;
  /** Tests: called after a message's documents are stored and logged, before it is flagged and moved. */
  aposGravar?: (messageId: string) => Promise<void>;
}

export interface ResumoCaixaPostal {
  lidas: number;
  processados: number;
  comErro: number;
  interrompida: boolean;
}

/** A message above this is not downloaded: it goes to "Com erro" with the reason. */
export const TAMANHO_MAXIMO_MENSAGEM = 60 * 1024 * 1024;
export const mensagemGrandeDemais = (mb: string) =>
  `A mensagem tem ${mb} MB; o máximo lido da caixa postal é ${TAMANHO_MAXIMO_MENSAGEM / 1024 / 1024} MB: nenhum anexo foi lido.`;
export const mensagensLidas = (n: number) => (n === 1 ? '1 mensagem lida' : `${n} mensagens lidas`);
export const MSG_LEITURA_INTERROMPIDA = 'Leitura interrompida: as mensagens restantes ficam para a próxima.';

export function clienteImap(conta: ContaImap, opcoes: { idle?: boolean } = {}): ImapFlow {
  const cliente = new ImapFlow({
    host: conta.host,
    port: conta.porta,
    secure: conta.tls,
    auth: { user: conta.usuario, pass: conta.senha },
    logger: false,
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 120_000,
    disableAutoIdle: !opcoes.idle,
    // IDLE restarted well inside the socket timeout.
    ...(opcoes.idle ? { maxIdleTime: 60_000 } : {}),
  });
  // An error after connect (socket closed) would otherwise be unhandled; the pending command rejects with it.
  cliente.on('error', () => {});
  return cliente;
}

async function garantirPastas(cliente: ImapFlow): Promise<void> {
  const existentes = new Set((await cliente.list()).map((p) => p.path));
  for (const pasta of [PASTA_PROCESSADOS, PASTA_COM_ERRO]) if (!existentes.has(pasta)) await cliente.mailboxCreate(pasta);
}

/** A batch's messages together stay under this (a batch of large messages is cut short). */
export const TAMANHO_MAXIMO_LOTE = 100 * 1024 * 1024;

type Buscada = { uid: number; fonte: Buffer | null; tamanho: number };

/**
 * One batch: sizes first, then the sources of the first messages that fit in TAMANHO_MAXIMO_LOTE (one at least; one
 * above TAMANHO_MAXIMO_MENSAGEM is not downloaded). No other command inside a fetch loop. `consumidos`: UIDs done.
 */
async function buscarLote(cliente: ImapFlow, candidatos: number[]): Promise<{ mensagens: Buscada[]; consumidos: number }> {
  const tamanhos = new Map<number, number>();
  for await (const m of cliente.fetch(candidatos.join(','), { uid: true, size: true }, { uid: true })) tamanhos.set(m.uid, m.size ?? 0);
  let soma = 0;
  let consumidos = 0;
  for (const uid of candidatos) {
    const tamanho = tamanhos.get(uid);
    if (tamanho !== undefined && tamanho <= TAMANHO_MAXIMO_MENSAGEM) {
      if (soma > 0 && soma + tamanho > TAMANHO_MAXIMO_LOTE) break;
      soma += tamanho;
    }
    consumidos++;
  }
  // UIDs gone meanwhile (another client moved them) are left out.
  const escolhidos = candidatos.slice(0, consumidos).filter((u) => tamanhos.has(u));
  const pequenas = escolhidos.filter((u) => tamanhos.get(u)! <= TAMANHO_MAXIMO_MENSAGEM);
  const fontes = new Map<number, Buffer>();
  if (pequenas.length) for await (const m of cliente.fetch(pequenas.join(','), { uid: true, source: true }, { uid: true })) if (m.source) fontes.set(m.uid, m.source);
  return { mensagens: escolhidos.map((uid) => ({ uid, fonte: fontes.get(uid) ?? null, tamanho: tamanhos.get(uid)! })), consumidos };
}

/** Flags and moves a batch's messages, once each folder (after the fetch loop: imapflow hangs otherwise). */
async function moverLote(cliente: ImapFlow, destinos: Map<number, string>): Promise<void> {
  for (const destino of [PASTA_PROCESSADOS, PASTA_COM_ERRO]) {
    const uids = [...destinos].filter(([, d]) => d === destino).map(([u]) => u);
    if (!uids.length) continue;
    await cliente.messageFlagsAdd(uids.join(','), ['\\Seen'], { uid: true });
    await cliente.messageMove(uids.join(','), destino, { uid: true });
  }
}

/** An IMAP step: its failure becomes the pt-BR message (our own code's errors pass as they are). */
type Imap = <T>(passo: () => Promise<T>) => Promise<T>;

/** Stores one fetched message's documents; answers whether it goes to "Com erro". */
async function lerMensagem(ctx: ContextoCaixaPostal, m: Buscada, lida: MensagemLida | null, recebidos: Set<string>, opcoes: OpcoesLeitura) {
  if (!m.fonte) {
    const motivo = mensagemGrandeDemais((m.tamanho / 1024 / 1024).toFixed(1).replace('.', ','));
    await ctx.execucao.registrar([{ arquivo: '(mensagem)', tipo: 'DESCONHECIDO', resultado: 'RECUSADO', motivo, referencia: null, hash: '', origem: `Mensagem UID ${m.uid}`, chaveOrigem: null }]);
    await opcoes.aposGravar?.('');
    return true;
  }
  const r = await tratarMensagem(ctx.banco.db, ctx.execucao, m.fonte, lida, recebidos);
  await opcoes.aposGravar?.(lida?.chaveOrigem ?? '');
  return r.comErro;
}

/** Messages read side by side on PostgreSQL (their CT-es are independent transactions); PGlite has one connection. */
const paralelas = (ctx: ContextoCaixaPostal) => (ehPglite(ctx.banco) ? 1 : 3);

/** Only CT-e XMLs and their events: nothing in it depends on what an earlier message brings. */
const soCtes = (l: MensagemLida | null) => l !== null && l.anexos.length > 0 && l.anexos.every((a) => !ehZip(a.bytes) && ['CTE', 'EVENTO_CTE'].includes(classificar(a.bytes)));

/**
 * The batch's messages in reading order, grouped: consecutive CT-e-only messages up to `n` at a time, every other
 * message alone, so a DOCCOB or CONEMB is read after all the messages before it, as in a reading one by one.
 */
export function gruposDoLote(mensagens: readonly unknown[], lidas: readonly (MensagemLida | null)[], n: number): number[][] {
  const grupos: number[][] = [];
  for (let k = 0; k < mensagens.length; k++) {
    const ultimo = grupos.at(-1);
    if (soCtes(lidas[k]) && ultimo && ultimo.length < n && soCtes(lidas[ultimo[0]])) ultimo.push(k);
    else grupos.push([k]);
  }
  return grupos;
}

async function lerLotes(cliente: ImapFlow, imap: Imap, ctx: ContextoCaixaPostal, uids: number[], opcoes: OpcoesLeitura): Promise<ResumoCaixaPostal> {
  const lote = Math.max(1, opcoes.lote ?? 50);
  const resumo: ResumoCaixaPostal = { lidas: 0, processados: 0, comErro: 0, interrompida: false };
  await ctx.execucao.progresso(0, uids.length);
  for (let i = 0; i < uids.length && !resumo.interrompida; ) {
    const { mensagens, consumidos } = await imap(() => buscarLote(cliente, uids.slice(i, i + lote)));
    i += consumidos;
    const lidas = await Promise.all(mensagens.map((m) => (m.fonte ? analisarMensagem(m.fonte) : null)));
    const recebidos = await ctx.execucao.jaRecebidos(lidas.flatMap((l) => (l ? [l.chaveOrigem] : [])));
    const destinos = new Map<number, string>();
    try {
      for (const grupo of gruposDoLote(mensagens, lidas, paralelas(ctx))) {
        if (ctx.sinal.aborted) {
          resumo.interrompida = true;
          break;
        }
        const erros = await Promise.all(grupo.map((k) => lerMensagem(ctx, mensagens[k], lidas[k], recebidos, opcoes)));
        for (const [j, k] of grupo.entries()) {
          destinos.set(mensagens[k].uid, erros[j] ? PASTA_COM_ERRO : PASTA_PROCESSADOS);
          resumo.lidas++;
          if (erros[j]) resumo.comErro++;
          else resumo.processados++;
        }
      }
    } finally {
      // What was stored is moved even when the run stops here (a failure in a message, the server stopping).
      if (destinos.size && cliente.usable) await imap(() => moverLote(cliente, destinos));
    }
    await ctx.execucao.progresso(resumo.lidas, uids.length);
  }
  return resumo;
}

/** Reads the mailbox's unseen messages once. Connection and login failures throw an Error with a pt-BR message. */
export async function lerCaixaPostal(ctx: ContextoCaixaPostal, conta: ContaImap, opcoes: OpcoesLeitura = {}): Promise<ResumoCaixaPostal> {
  const cliente = clienteImap(conta);
  const imap: Imap = async (passo) => {
    try {
      return await passo();
    } catch (e) {
      throw new Error(mensagemErroImap(e, conta), { cause: e });
    }
  };
  try {
    const uids = await imap(async () => {
      await cliente.connect();
      await garantirPastas(cliente);
      await cliente.mailboxOpen(conta.pasta);
      return (await cliente.search({ seen: false }, { uid: true })) || [];
    });
    uids.sort((a, b) => a - b);
    const resumo = await lerLotes(cliente, imap, ctx, uids, opcoes);
    ctx.execucao.mensagem(mensagensLidas(resumo.lidas));
    if (resumo.interrompida) ctx.execucao.mensagem(MSG_LEITURA_INTERROMPIDA);
    return resumo;
  } finally {
    if (cliente.usable) await cliente.logout().catch(() => cliente.close());
    else cliente.close();
  }
}
