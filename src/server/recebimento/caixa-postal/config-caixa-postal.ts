import { and, eq, sql } from 'drizzle-orm';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../../contracts/common';
import {
  INTERVALO_PADRAO_MINUTOS,
  MSG_CHAVE_SEGREDOS_AUSENTE,
  MSG_FONTE_NAO_CONFIGURADA,
  type CaixaPostalConfig,
  type CaixaPostalSalvar,
} from '../../../contracts/recebimento';
import { relogio } from '../../../domain/relogio';
import type { Db } from '../../db/database';
import { recebimentoFonte } from '../../db/schema/recebimento';
import { ApiError } from '../../http/api-error';
import { cifrar, decifrar } from '../segredos';
import { contaDaUrl, type ContaImap } from './conta';
import { lerCaixaPostal, type ContextoCaixaPostal, type OpcoesLeitura } from './ler-caixa-postal';

// Configuração › Recebimento › Caixa postal (admin): the row CAIXA_POSTAL of recebimento_fonte keeps the server, user,
// folder and interval in `config` and the password, encrypted with CHAVE_SEGREDOS, in `segredo` (never returned).
// IMAP_URL_<EMPRESA> wins over the form when set.

export const MSG_SENHA_CAIXA_POSTAL_AUSENTE = 'Informe a senha da caixa postal antes de ativá-la.';

/** What `config` holds for the mailbox. */
type ConfigGravada = Pick<CaixaPostalConfig, 'host' | 'porta' | 'tls' | 'usuario' | 'pasta' | 'intervaloMinutos'>;

type Linha = typeof recebimentoFonte.$inferSelect;

function configGravada(linha: Pick<Linha, 'config'> | undefined): ConfigGravada {
  const c = (linha?.config ?? {}) as Partial<ConfigGravada>;
  return {
    host: typeof c.host === 'string' ? c.host : '',
    porta: typeof c.porta === 'number' ? c.porta : 993,
    tls: typeof c.tls === 'boolean' ? c.tls : true,
    usuario: typeof c.usuario === 'string' ? c.usuario : '',
    pasta: typeof c.pasta === 'string' && c.pasta ? c.pasta : 'INBOX',
    intervaloMinutos: typeof c.intervaloMinutos === 'number' ? c.intervaloMinutos : INTERVALO_PADRAO_MINUTOS,
  };
}

const linhaCaixaPostal = async (db: Db): Promise<Linha | undefined> =>
  (await db.select().from(recebimentoFonte).where(eq(recebimentoFonte.fonte, 'CAIXA_POSTAL')))[0];

/** The form (never the password); with IMAP_URL_<EMPRESA> set, its values, read only (origem AMBIENTE). */
export async function lerConfigCaixaPostal(db: Db, urlAmbiente?: string): Promise<CaixaPostalConfig> {
  const linha = await linhaCaixaPostal(db);
  const c = configGravada(linha);
  const base: CaixaPostalConfig = {
    ativa: linha?.ativa ?? false,
    ...c,
    senhaDefinida: Boolean(linha?.segredo),
    origem: c.host ? 'CONFIGURACAO' : 'NENHUMA',
    versao: linha?.versao ?? 0,
  };
  if (!urlAmbiente) return base;
  const conta = contaDaUrl(urlAmbiente);
  if ('erro' in conta) return { ...base, origem: 'AMBIENTE' };
  const { host, porta, tls, usuario, pasta } = conta;
  return { ...base, ativa: true, host, porta, tls, usuario, pasta, intervaloMinutos: Math.max(1, Math.round(conta.intervaloMs / 60_000)), senhaDefinida: true, origem: 'AMBIENTE' };
}

/** Saves the form: 409 on a stale versao, or on a new password without CHAVE_SEGREDOS; empty senha keeps the stored one. */
export async function salvarConfigCaixaPostal(db: Db, chave: Buffer | null, dados: CaixaPostalSalvar): Promise<CaixaPostalConfig> {
  const atual = await linhaCaixaPostal(db);
  if ((atual?.versao ?? 0) !== dados.versao) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
  const senhaNova = dados.senha ? dados.senha : null;
  if (senhaNova !== null && !chave) throw new ApiError(409, [MSG_CHAVE_SEGREDOS_AUSENTE]);
  const segredo = senhaNova !== null ? cifrar(chave!, senhaNova) : (atual?.segredo ?? null);
  if (dados.ativa && !segredo) throw new ApiError(400, [MSG_SENHA_CAIXA_POSTAL_AUSENTE]);
  const config: ConfigGravada = {
    host: dados.host,
    porta: dados.porta,
    tls: dados.tls,
    usuario: dados.usuario,
    pasta: dados.pasta,
    intervaloMinutos: dados.intervaloMinutos,
  };
  // Turned on: the first run comes at once.
  const proximaEm = dados.ativa ? relogio.agora() : null;
  if (!atual) {
    // The first save; a concurrent first save loses on the primary key.
    const [nova] = await db
      .insert(recebimentoFonte)
      .values({ fonte: 'CAIXA_POSTAL', ativa: dados.ativa, config: { ...config }, segredo, versao: 1, proximaEm })
      .onConflictDoNothing()
      .returning();
    if (!nova) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
    return lerConfigCaixaPostal(db);
  }
  const [gravada] = await db
    .update(recebimentoFonte)
    .set({ ativa: dados.ativa, config: { ...config }, segredo, versao: sql`${recebimentoFonte.versao} + 1`, proximaEm })
    .where(and(eq(recebimentoFonte.fonte, 'CAIXA_POSTAL'), eq(recebimentoFonte.versao, dados.versao)))
    .returning({ versao: recebimentoFonte.versao });
  if (!gravada) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
  return lerConfigCaixaPostal(db);
}

/**
 * The mailbox to read: IMAP_URL_<EMPRESA> when set (an invalid one throws its message), else the saved one when
 * active; null when there is none. A stored password without the key, or under another key, throws.
 */
export async function contaDaEmpresa(db: Db, chave: Buffer | null, urlAmbiente?: string): Promise<ContaImap | null> {
  if (urlAmbiente) {
    const conta = contaDaUrl(urlAmbiente);
    if ('erro' in conta) throw new Error(conta.erro);
    return conta;
  }
  const linha = await linhaCaixaPostal(db);
  if (!linha?.ativa) return null;
  const c = configGravada(linha);
  if (!c.host || !c.usuario || !linha.segredo) return null;
  if (!chave) throw new Error(MSG_CHAVE_SEGREDOS_AUSENTE);
  return { host: c.host, porta: c.porta, tls: c.tls, usuario: c.usuario, senha: decifrar(chave, linha.segredo), pasta: c.pasta, intervaloMs: c.intervaloMinutos * 60_000 };
}

/** What the agendador's mailbox job needs of its context (ContextoTrabalho has it). */
export interface ContextoTrabalhoCaixaPostal extends ContextoCaixaPostal {
  chaveSegredos: Buffer | null;
  agora: () => number;
}

/** The mailbox job of a company: reads once and asks for the next run after the mailbox's own interval. */
export function trabalhoCaixaPostal(urlAmbiente?: string, opcoes?: OpcoesLeitura) {
  return async (ctx: ContextoTrabalhoCaixaPostal): Promise<{ proximaEm?: Date | null }> => {
    const conta = await contaDaEmpresa(ctx.banco.db, ctx.chaveSegredos, urlAmbiente);
    if (!conta) throw new Error(MSG_FONTE_NAO_CONFIGURADA);
    await lerCaixaPostal(ctx, conta, opcoes);
    return { proximaEm: new Date(ctx.agora() + conta.intervaloMs) };
  };
}
