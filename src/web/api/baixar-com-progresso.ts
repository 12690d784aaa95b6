import { useRef, useState } from 'react';
import { erroSchema } from '../../contracts/common';
import { MSG_SEM_PERMISSAO } from '../../contracts/erros';
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
}

export interface PedidoDownload {
  caminho: string;
  method?: 'GET' | 'POST';
  query?: Record<string, unknown>;
  /** The file name when the answer names none. */
  nomePadrao: string;
  aoProgredir?: (p: ProgressoDownload) => void;
  signal?: AbortSignal;
}

const LF = 10;

/** "Baixando… 12.345 de 1.000.000 linhas" (or without the total when the server gave none). */
export function textoProgresso(p: ProgressoDownload): string {
  const recebidas = formatNumberBr(p.linhas);
  return p.total === null ? `Baixando… ${recebidas} linhas` : `Baixando… ${recebidas} de ${formatNumberBr(p.total)} linhas`;
}

/** Counts bytes and CRLF-ended lines as the body passes, reporting each chunk; the bytes go through untouched. */
function contador(total: number | null, aoProgredir?: (p: ProgressoDownload) => void): TransformStream<Uint8Array, Uint8Array> {
  let quebras = 0;
  let bytes = 0;
  let ultimo = LF;
  const informar = (extra = 0) => aoProgredir?.({ linhas: Math.max(0, quebras + extra - 1), total, bytes });
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
  const headers: Record<string, string> = { Accept: 'text/csv, application/json' };
  if (sessao) headers.Authorization = `Bearer ${sessao.token}`;
  inFlight.iniciar();
  try {
    const resposta = await semFalhaDeRede(() =>
      fetch(`${API_BASE_POR_EMPRESA[empresa]}${p.caminho}${buildQuery(p.query)}`, { method: p.method ?? 'GET', headers, signal: p.signal }),
    );
    if (!resposta.ok || !resposta.body) return await recusar(resposta);
    const totalBruto = resposta.headers.get('X-Total-Linhas');
    const total = totalBruto !== null && /^\d+$/.test(totalBruto.trim()) ? Number(totalBruto) : null;
    p.aoProgredir?.({ linhas: 0, total, bytes: 0 });
    const tipo = resposta.headers.get('Content-Type') ?? 'text/csv; charset=utf-8';
    const corpo = resposta.body.pipeThrough(contador(total, p.aoProgredir));
    const arquivo = await semFalhaDeRede(() => new Response(corpo, { headers: { 'Content-Type': tipo } }).blob());
    const nome = nomeDoArquivo(resposta.headers.get('Content-Disposition'), p.nomePadrao);
    baixarArquivo(arquivo, nome);
    return nome;
  } finally {
    inFlight.terminar();
  }
}

/**
 * One download at a time for a screen: `progresso` while it runs (the buttons disable on `ocupado`), then
 * `salvo` (the file name) for the status line. A 404 calls `naoEncontrado` with the server's messages.
 */
export function useDownloadComProgresso() {
  const [progresso, setProgresso] = useState<ProgressoDownload | null>(null);
  const [salvo, setSalvo] = useState<string | null>(null);
  const emCurso = useRef(false);
  const baixar = async (p: PedidoDownload, naoEncontrado: (mensagens: string[]) => void): Promise<string | null> => {
    if (emCurso.current) return null;
    emCurso.current = true;
    setSalvo(null);
    setProgresso({ linhas: 0, total: null, bytes: 0 });
    try {
      const nome = await baixarComProgresso({ ...p, aoProgredir: setProgresso });
      setSalvo(nome);
      return nome;
    } catch (e) {
      if (e instanceof DocumentoNaoEncontrado) naoEncontrado(e.mensagens);
      return null;
    } finally {
      emCurso.current = false;
      setProgresso(null);
    }
  };
  const texto = progresso ? textoProgresso(progresso) : salvo ? `Arquivo salvo: ${salvo}` : '';
  return { baixar, ocupado: progresso !== null, progresso, texto };
}
