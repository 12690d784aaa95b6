import { eq } from 'drizzle-orm';
import { MSG_CHAVE_SEGREDOS_AUSENTE, MSG_FONTE_NAO_CONFIGURADA } from '../../../contracts/recebimento';
import type { CompanyDatabase } from '../../db/database';
import { recebimentoFonte } from '../../db/schema/recebimento';
import { ApiError } from '../../http/api-error';
import { chaveRecebida, type Execucao, type ItemParaRegistrar } from '../execucao';
import { hashDe, receberDocumentos } from '../receber-documento';
import { decifrar } from '../segredos';
import { lerCertificado } from './certificado';
import { chamarSefaz } from './chamada';
import { configGravada, type ConfigSefazGravada, type SegredoSefaz } from './config-sefaz';
import { montarEnvelope, nsu15, URL_SEFAZ } from './envelope';
import { lerResposta, type DocZip, type RespostaDistribuicao } from './resposta';

// The SEFAZ job (issue 30; NT 2015.002): asks for the documents after the last NSU, batch after batch while
// ultNSU < maxNSU, sends each procCTe / procEventoCTe to the project's readers and keeps ult_nsu / max_nsu after every
// batch. The service's rules: 137 (nothing new) or caught up → no call for an hour; 656 (consumo indevido) → blocked
// an hour, said on screen, the run fails. bloqueada_ate holds that hour, so "Ler agora" does not call before it.

export const UMA_HORA_MS = 60 * 60 * 1000;
export const MAX_LOTES_PADRAO = 10;

/** What the job uses of the agendador's ContextoTrabalho (structurally the same fields). */
export interface ContextoSefaz {
  banco: CompanyDatabase;
  execucao: Execucao;
  agora: () => number;
  chaveSegredos: Buffer | null;
  sinal: AbortSignal;
  log: (m: string) => void;
}

export interface OpcoesDistribuicao {
  /** Another endpoint (the tests' double); default by the configured environment. */
  url?: string;
  ca?: Buffer;
  timeoutMs?: number;
  maxLotes?: number;
}

const formatoHora = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
export const horaSp = (ms: number) => formatoHora.format(new Date(ms)).replace(',', ' às');

export const mensagemSefaz656 = (ate: number) =>
  `A SEFAZ bloqueou as consultas desta empresa por consumo indevido (656): nenhuma nova consulta antes de ${horaSp(ate)}.`;
export const mensagemSefazAguardando = (ate: number) => `A SEFAZ só aceita nova consulta a partir de ${horaSp(ate)}: nada foi pedido agora.`;

interface Estado {
  config: ConfigSefazGravada;
  segredo: SegredoSefaz;
  ultNsu: bigint;
  maxNsu: bigint;
  bloqueadaAte: Date | null;
}

async function lerEstado(ctx: ContextoSefaz): Promise<Estado> {
  const [linha] = await ctx.banco.db.select().from(recebimentoFonte).where(eq(recebimentoFonte.fonte, 'SEFAZ'));
  const config = configGravada(linha);
  if (!linha?.segredo || !config.cnpj || !config.uf) throw new Error(MSG_FONTE_NAO_CONFIGURADA);
  if (!ctx.chaveSegredos) throw new Error(MSG_CHAVE_SEGREDOS_AUSENTE);
  const segredo = JSON.parse(decifrar(ctx.chaveSegredos, linha.segredo)) as SegredoSefaz;
  try {
    // Real time, as the TLS handshake checks it.
    lerCertificado(Buffer.from(segredo.pfx, 'base64'), segredo.senha);
  } catch (e) {
    throw new Error(e instanceof ApiError ? `Certificado A1 da SEFAZ: ${e.message}` : String(e));
  }
  return { config, segredo, ultNsu: linha.ultNsu, maxNsu: linha.maxNsu, bloqueadaAte: linha.bloqueadaAte };
}

const gravar = (ctx: ContextoSefaz, valores: Partial<typeof recebimentoFonte.$inferInsert>) =>
  ctx.banco.db.update(recebimentoFonte).set(valores).where(eq(recebimentoFonte.fonte, 'SEFAZ'));

const TRATADOS = /^(procCTe|cteProc|procCTeOS|procEventoCTe)/i;

/** One docZip: skipped when this NSU was stored before with the same content; else read or said ignored. */
async function tratarDocumento(ctx: ContextoSefaz, d: DocZip, recebidos: Set<string>): Promise<ItemParaRegistrar[]> {
  const origem = `NSU ${d.nsu}`;
  const chaveOrigem = d.nsu.toString();
  const arquivo = `${d.schema.replace(/\.xsd$/i, '') || 'documento'}-${nsu15(d.nsu)}.xml`;
  const hash = hashDe(d.xml ?? Buffer.from(`${d.schema}:${d.nsu}:${d.erro}`));
  if (recebidos.has(chaveRecebida(chaveOrigem, hash))) return [];
  if (!d.xml) return [{ arquivo, tipo: 'DESCONHECIDO', resultado: 'RECUSADO', motivo: d.erro, referencia: null, hash, origem, chaveOrigem }];
  if (!TRATADOS.test(d.schema)) {
    const motivo = `Documento da SEFAZ de um tipo não lido pelo console (${d.schema.slice(0, 60) || 'sem schema'}): ignorado.`;
    return [{ arquivo, tipo: 'DESCONHECIDO', resultado: 'IGNORADO', motivo, referencia: null, hash, origem, chaveOrigem }];
  }
  const tratados = await receberDocumentos(ctx.banco.db, [{ nome: arquivo, bytes: d.xml }]);
  return tratados.map((t) => ({ ...t, origem, chaveOrigem }));
}

async function processarLote(ctx: ContextoSefaz, r: RespostaDistribuicao): Promise<void> {
  const recebidos = await ctx.execucao.jaRecebidos(r.documentos.map((d) => d.nsu.toString()));
  for (const d of [...r.documentos].sort((a, b) => (a.nsu < b.nsu ? -1 : a.nsu > b.nsu ? 1 : 0))) {
    if (ctx.sinal.aborted) throw new Error('A leitura da SEFAZ foi interrompida.');
    await ctx.execucao.registrar(await tratarDocumento(ctx, d, recebidos));
  }
}

/** The hour SEFAZ asks for: kept in bloqueada_ate (no call before it) and as the next run. */
async function esperarUmaHora(ctx: ContextoSefaz, ultNsu: bigint, maxNsu: bigint): Promise<{ proximaEm: Date }> {
  const proximaEm = new Date(ctx.agora() + UMA_HORA_MS);
  await gravar(ctx, { ultNsu, maxNsu, bloqueadaAte: proximaEm, proximaEm });
  return { proximaEm };
}

/** The job: see the file's comment. Network and answer failures throw an Error with a pt-BR message. */
export async function consultarDistribuicao(ctx: ContextoSefaz, opcoes: OpcoesDistribuicao = {}): Promise<{ proximaEm?: Date | null }> {
  const estado = await lerEstado(ctx);
  if (estado.bloqueadaAte && estado.bloqueadaAte.getTime() > ctx.agora()) {
    ctx.execucao.mensagem(mensagemSefazAguardando(estado.bloqueadaAte.getTime()));
    return { proximaEm: estado.bloqueadaAte };
  }
  const pfx = Buffer.from(estado.segredo.pfx, 'base64');
  const url = opcoes.url ?? URL_SEFAZ[estado.config.ambiente];
  const inicio = estado.ultNsu;
  let { ultNsu, maxNsu } = estado;
  for (let lote = 1; ; lote++) {
    if (ctx.sinal.aborted) throw new Error('A leitura da SEFAZ foi interrompida.');
    const corpo = montarEnvelope({ ambiente: estado.config.ambiente, uf: estado.config.uf, cnpj: estado.config.cnpj, ultNsu });
    ctx.log(`SEFAZ: consulta após o NSU ${ultNsu}`);
    const r = lerResposta(await chamarSefaz(corpo, { url, pfx, senha: estado.segredo.senha, ca: opcoes.ca, timeoutMs: opcoes.timeoutMs, sinal: ctx.sinal }));
    if (r.cStat === '656') {
      const ate = ctx.agora() + UMA_HORA_MS;
      await gravar(ctx, { bloqueadaAte: new Date(ate), proximaEm: new Date(ate) });
      const texto = mensagemSefaz656(ate);
      ctx.execucao.mensagem(texto);
      throw new Error(texto);
    }
    if (r.cStat === '137') {
      ctx.execucao.mensagem(`SEFAZ: nenhum documento novo (137). Próxima consulta a partir de ${horaSp(ctx.agora() + UMA_HORA_MS)}.`);
      return esperarUmaHora(ctx, r.ultNsu > ultNsu ? r.ultNsu : ultNsu, r.maxNsu > maxNsu ? r.maxNsu : maxNsu);
    }
    if (r.cStat !== '138') throw new Error(`A SEFAZ recusou a consulta (cStat ${r.cStat}): ${r.xMotivo || 'sem motivo informado'}.`);
    await processarLote(ctx, r);
    const andou = r.ultNsu > ultNsu;
    if (andou) ultNsu = r.ultNsu;
    maxNsu = r.maxNsu;
    await gravar(ctx, { ultNsu, maxNsu });
    await ctx.execucao.progresso(Number(ultNsu - inicio), maxNsu > inicio ? Number(maxNsu - inicio) : null);
    if (!andou) {
      ctx.execucao.mensagem(`A SEFAZ respondeu 138 sem avançar o NSU (${ultNsu}): a consulta parou e recomeça em uma hora.`);
      return { proximaEm: new Date(ctx.agora() + UMA_HORA_MS) };
    }
    if (ultNsu >= maxNsu) {
      ctx.execucao.mensagem(`SEFAZ: documentos em dia até o NSU ${ultNsu}. Próxima consulta a partir de ${horaSp(ctx.agora() + UMA_HORA_MS)}.`);
      return esperarUmaHora(ctx, ultNsu, maxNsu);
    }
    if (lote >= (opcoes.maxLotes ?? MAX_LOTES_PADRAO)) {
      // Not caught up: the service allows going on, so the next run is due at once (the agendador's next look).
      ctx.execucao.mensagem(`SEFAZ: ${lote} lotes lidos nesta vez (NSU ${ultNsu} de ${maxNsu}); o restante vem na próxima leitura.`);
      return { proximaEm: new Date(ctx.agora()) };
    }
  }
}
