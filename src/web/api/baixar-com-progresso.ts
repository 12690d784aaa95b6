import { useRef, useState } from 'react';
import { erroSchema } from '../../contracts/common';
import { MSG_SEM_PERMISSAO } from '../../contracts/erros';
import type { FormatoExportacao } from '../../contracts/exportacao';
import { formatNumberBr } from '../../domain/format-number-br';
import { API_BASE_POR_EMPRESA } from './api-config';
import { buildQuery } from './build-query';
import { failureBus } from './failure-bus';
import { inFlight } from './in-flight';
import { DocumentoNaoEncontrado } from './romaneios-api';
import { lerEmpresa, lerSessao } from './session-storage';
import { baixarArquivo, nomeDoArquivo } from './tabelas-frete-api';

/** How far a download is: CSV rows received (the header line not counted) of the X-Total-Linhas announced. */
export interface ProgressoDownload {
  linhas: number;
  /** X-Total-Linhas; null when the answer does not say. */
  total: number | null;
  bytes: number;
  /** xlsx: a zip, whose rows cannot be counted as it passes; only its bytes are. */
  formato?: FormatoExportacao;
}

export interface PedidoDownload {
  caminho: string;
  method?: 'GET' | 'POST';
  query?: Record<string, unknown>;
  /** The file name when the answer names none. */
  nomePadrao: string;
  aoProgredir?: (p: ProgressoDownload) => void;
  signal?: AbortSignal;
  /** What the answer is: the Accept header and the file's type (default csv). */
  formato?: FormatoExportacao;
}

const LF = 10;

export const TIPO_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ACEITAR: Record<FormatoExportacao, string> = { csv: 'text/csv, application/json', xlsx: `${TIPO_XLSX}, application/json` };
const TIPO_PADRAO: Record<FormatoExportacao, string> = { csv: 'text/csv; charset=utf-8', xlsx: TIPO_XLSX };

/** "845 bytes", "12,3 KB", "1,2 MB" (binary units, one decimal, the Brazilian way). */
export function textoBytes(bytes: number): string {
  if (bytes < 1024) return `${formatNumberBr(bytes)} bytes`;
  const kb = bytes / 1024;
  // Judged after rounding: 1023,96 KB is "1,0 MB", not "1.024,0 KB".
  if (Math.round(kb * 10) < 1024 * 10) return `${formatNumberBr(kb, { decimals: 1 })} KB`;
  return `${formatNumberBr(kb / 1024, { decimals: 1 })} MB`;
}

/**
 * "Baixando… 12.345 de 1.000.000 linhas" (or without the total when the server gave none); a workbook:
 * "Gerando planilha de 12.345 linhas… 1,2 MB recebidos".
 */
export function textoProgresso(p: ProgressoDownload): string {
  if (p.formato === 'xlsx') {
    const de = p.total === null ? '' : ` de ${formatNumberBr(p.total)} ${p.total === 1 ? 'linha' : 'linhas'}`;
    return `Gerando planilha${de}… ${textoBytes(p.bytes)} recebidos`;
  }
  const recebidas = formatNumberBr(p.linhas);
  return p.total === null ? `Baixando… ${recebidas} linhas` : `Baixando… ${recebidas} de ${formatNumberBr(p.total)} linhas`;
}

/** Counts bytes and CRLF-ended lines as the body passes, reporting each chunk; the bytes go through untouched. */
function contador(total: number | null, formato: FormatoExportacao, aoProgredir?: (p: ProgressoDownload) => void): TransformStream<Uint8Array, Uint8Array> {
  let quebras = 0;
  let bytes = 0;
  let ultimo = LF;
  const informar = (extra = 0) => aoProgredir?.({ linhas: formato === 'xlsx' ? 0 : Math.max(0, quebras + extra - 1), total, bytes, formato });
  return new TransformStream({
    transform(pedaco, controle) {
      for (let i = 0; i < pedaco.length; i++) if (pedaco[i] === LF) quebras++;
      bytes += pedaco.length;
      if (pedaco.length > 0) ultimo = pedaco[pedaco.length - 1];
      informar();
      controle.enqueue(pedaco);
    },
    // A last row without its CRLF still counts.
    flush() {
      informar(ultimo === LF ? 0 : 1);
    },
  });
}

async function mensagensDaResposta(resposta: Response): Promise<string[]> {
  try {
    const lido = erroSchema.safeParse(await resposta.json());
    return lido.success ? lido.data.mensagens : [];
  } catch {
    return [];
  }
}

/** A refused download: 404 is the caller's (DocumentoNaoEncontrado); the session and permission go to the shell. */
async function recusar(resposta: Response): Promise<never> {
  const mensagens = await mensagensDaResposta(resposta);
  const status = resposta.status;
  if (status === 404) throw new DocumentoNaoEncontrado(mensagens);
  if (status === 401) failureBus.publicar({ tipo: 'sessao-perdida', status });
  else if (status === 403) failureBus.publicar({ tipo: 'sem-permissao', mensagens: mensagens.length > 0 ? mensagens : [MSG_SEM_PERMISSAO] });
  else if (status === 400) failureBus.publicar({ tipo: 'mensagens', mensagens: mensagens.length > 0 ? mensagens : ['A requisição foi recusada pelo servidor.'] });
  else {
    console.error(`Download recusado: ${status}`, mensagens);
    failureBus.publicar({ tipo: 'indisponivel' });
  }
  throw Object.assign(new Error(`HTTP ${status}`), { status, mensagens });
}

const abortado = (e: unknown) => (e as { name?: string } | null)?.name === 'AbortError';

/** The connection failing (before the answer or while the body streams) is logged and goes to the shell. */
async function semFalhaDeRede<T>(passo: () => Promise<T>): Promise<T> {
  try {
    return await passo();
  } catch (e) {
    if (!abortado(e)) {
      console.error(e);
      failureBus.publicar({ tipo: 'indisponivel' });
    }
    throw e;
  }
}

/**
 * Streams a file from the API (company base address and the session's Authorization, as apiRaw), counting
 * its rows as they arrive; the browser assembles the file from the stream (the page never holds it twice)
 * and receives it as a download. Answers the name saved. A 404 rejects with DocumentoNaoEncontrado (the
 * server's mensagens); 401/403/400 go to the shell like every call; the rest is logged and reported.
 */
export async function baixarComProgresso(p: PedidoDownload): Promise<string> {
  const sessao = lerSessao();
  const empresa = sessao?.empresa ?? lerEmpresa();
  const formato = p.formato ?? 'csv';
  const headers: Record<string, string> = { Accept: ACEITAR[formato] };
  if (sessao) headers.Authorization = `Bearer ${sessao.token}`;
  inFlight.iniciar();
  try {
    const resposta = await semFalhaDeRede(() =>
      fetch(`${API_BASE_POR_EMPRESA[empresa]}${p.caminho}${buildQuery(p.query)}`, { method: p.method ?? 'GET', headers, signal: p.signal }),
    );
    if (!resposta.ok || !resposta.body) return await recusar(resposta);
    const totalBruto = resposta.headers.get('X-Total-Linhas');
    const total = totalBruto !== null && /^\d+$/.test(totalBruto.trim()) ? Number(totalBruto) : null;
    p.aoProgredir?.({ linhas: 0, total, bytes: 0, formato });
    const tipo = resposta.headers.get('Content-Type') ?? TIPO_PADRAO[formato];
    // The signal also stops the body's stream (not only the request): a cancelled download saves nothing.
    const corpo = resposta.body.pipeThrough(contador(total, formato, p.aoProgredir), { signal: p.signal });
    const arquivo = await semFalhaDeRede(() => new Response(corpo, { headers: { 'Content-Type': tipo } }).blob());
    const nome = nomeDoArquivo(resposta.headers.get('Content-Disposition'), p.nomePadrao);
    baixarArquivo(arquivo, nome);
    return nome;
  } finally {
    inFlight.terminar();
  }
}

export const MSG_DOWNLOAD_CANCELADO = 'Download cancelado.';

/**
 * One download at a time for a screen: `progresso` while it runs (the buttons disable on `ocupado`), then
 * `salvo` (the file name) for the status line. A 404 calls `naoEncontrado` with the server's messages.
 * `cancelar` aborts the one running (the request and its stream); the status line then says so.
 */
export function useDownloadComProgresso() {
  const [progresso, setProgresso] = useState<ProgressoDownload | null>(null);
  const [fim, setFim] = useState<{ salvo: string } | { cancelado: true } | null>(null);
  const emCurso = useRef<AbortController | null>(null);
  const baixar = async (p: PedidoDownload, naoEncontrado: (mensagens: string[]) => void): Promise<string | null> => {
    if (emCurso.current) return null;
    const controle = new AbortController();
    emCurso.current = controle;
    p.signal?.addEventListener('abort', () => controle.abort());
    setFim(null);
    setProgresso({ linhas: 0, total: null, bytes: 0, formato: p.formato });
    try {
      const nome = await baixarComProgresso({ ...p, signal: controle.signal, aoProgredir: setProgresso });
      setFim({ salvo: nome });
      return nome;
    } catch (e) {
      if (e instanceof DocumentoNaoEncontrado) naoEncontrado(e.mensagens);
      else if (controle.signal.aborted) setFim({ cancelado: true });
      return null;
    } finally {
      emCurso.current = null;
      setProgresso(null);
    }
  };
  const cancelar = () => emCurso.current?.abort();
  const final = fim === null ? '' : 'salvo' in fim ? `Arquivo salvo: ${fim.salvo}` : MSG_DOWNLOAD_CANCELADO;
  const texto = progresso ? textoProgresso(progresso) : final;
  return { baixar, cancelar, ocupado: progresso !== null, progresso, texto };
}
