import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Empresa } from '../../contracts/common';
import { INTERVALO_PADRAO_MINUTOS, type FonteAgendada, type FonteRecebimento } from '../../contracts/recebimento';
import type { CompanyDatabase } from '../db/database';
import { recebimentoFonte } from '../db/schema/recebimento';
import { contaDaEmpresa, trabalhoCaixaPostal } from './caixa-postal/config-caixa-postal';
import { vigiar } from './caixa-postal/vigiar';
import { Agendador, type FontePronta } from './agendador';
import { lerPastas, pastasXml } from './leituras-pasta';
import { consultarDistribuicao, mensagemSefazAguardando, UMA_HORA_MS, type OpcoesDistribuicao } from './sefaz/distribuicao';

// Which sources a company has and how each runs (issue 30): the folders (PASTA: the XML folder of the settings and
// EDI_DIR's DOCCOB and CONEMB folders; automatic when switched on in Configuração › Recebimento), the mailbox
// (IMAP_URL_<EMPRESA> or the saved one), SEFAZ (the saved CNPJ and certificate).

export interface OpcoesRecebimento {
  bancos: Record<Empresa, CompanyDatabase>;
  chaveSegredos: Buffer | null;
  imapUrls: Partial<Record<Empresa, string>>;
  ediDir: string | undefined;
  agora: () => number;
  log: (mensagem: string) => void;
  /** SEFAZ endpoint and CA (the tests' double); default by the configured environment. */
  sefaz?: OpcoesDistribuicao;
  tickMs?: number;
  /** The mailbox's IDLE connection (default on); off, it is read on its interval only. */
  idle?: boolean;
}

const linhaDe = async (banco: CompanyDatabase, fonte: FonteAgendada) => (await banco.db.select().from(recebimentoFonte).where(eq(recebimentoFonte.fonte, fonte)))[0];

const intervaloDe = (config: Record<string, unknown> | undefined) => {
  const minutos = Number(config?.intervaloMinutos);
  return (Number.isInteger(minutos) && minutos > 0 ? minutos : INTERVALO_PADRAO_MINUTOS) * 60_000;
};

type LinhaFonte = typeof recebimentoFonte.$inferSelect | undefined;

/**
 * Whether a company's source is set up and switched on (the intake screen's cards, the runner), from its row as read
 * and whether the settings name the three XML folders.
 */
export function estadoDaFonte(o: Pick<OpcoesRecebimento, 'imapUrls' | 'ediDir'>, empresa: Empresa, fonte: FonteRecebimento, linha: LinhaFonte, temPastasXml: boolean) {
  if (fonte === 'ENVIO') return { configurada: true, ativa: false };
  if (fonte === 'PASTA') return { configurada: Boolean(o.ediDir) || temPastasXml, ativa: linha?.ativa ?? false };
  if (fonte === 'CAIXA_POSTAL') {
    if (o.imapUrls[empresa]) return { configurada: true, ativa: true };
    const c = linha?.config as { host?: string } | undefined;
    return { configurada: Boolean(c?.host && linha?.segredo), ativa: linha?.ativa ?? false };
  }
  return { configurada: Boolean(linha?.segredo), ativa: linha?.ativa ?? false };
}

export function resolverFonte(o: OpcoesRecebimento) {
  return async (banco: CompanyDatabase, fonte: FonteAgendada): Promise<FontePronta | null> => {
    const linha = await linhaDe(banco, fonte);
    if (fonte === 'PASTA') {
      const { configurada } = estadoDaFonte(o, banco.empresa, fonte, linha, !o.ediDir && (await pastasXml(banco.db)) !== null);
      return configurada ? { ativa: linha?.ativa ?? false, intervaloMs: intervaloDe(linha?.config), trabalho: (ctx) => lerPastas(ctx, o.ediDir) } : null;
    }
    if (fonte === 'CAIXA_POSTAL') {
      const url = o.imapUrls[banco.empresa];
      // A bad IMAP_URL or a key that cannot read the stored password: the runs fail and say why (never silence).
      const conta = await contaDaEmpresa(banco.db, o.chaveSegredos, url).catch((e: Error) => e);
      if (conta instanceof Error) return { ativa: url !== undefined || (linha?.ativa ?? false), intervaloMs: intervaloDe(linha?.config), trabalho: () => Promise.reject(conta) };
      if (!conta) return null;
      const chave = `${conta.usuario}@${conta.host}:${conta.porta}/${conta.pasta}${conta.tls ? ' tls' : ''}:${createHash('sha256').update(conta.senha).digest('hex').slice(0, 12)}`;
      return { ativa: true, intervaloMs: conta.intervaloMs, trabalho: trabalhoCaixaPostal(url), vigia: o.idle === false ? undefined : { chave, iniciar: (aoChegar) => vigiar(conta, aoChegar, o.log) } };
    }
    if (!linha?.segredo) return null;
    const ate = linha.bloqueadaAte?.getTime() ?? 0;
    return {
      ativa: linha.ativa,
      intervaloMs: UMA_HORA_MS,
      trabalho: (ctx) => consultarDistribuicao(ctx, o.sefaz),
      // SEFAZ's rule: after 137, 656 or catching up, no call before the hour; "Ler agora" respects it too.
      naoAntesDe: ate > o.agora() ? { instante: new Date(ate), mensagem: mensagemSefazAguardando(ate) } : null,
    };
  };
}

export const criarAgendador = (o: OpcoesRecebimento) =>
  new Agendador({ bancos: o.bancos, resolver: resolverFonte(o), agora: o.agora, chaveSegredos: o.chaveSegredos, log: o.log, tickMs: o.tickMs });
