import { eq } from 'drizzle-orm';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/database';
import { proximaVolta } from '../db/ceder-vez';
import { cte, cteNota, cteXml } from '../db/schema/cte';
import { moverArquivo as mover, registrarErroNoLog } from './mover-arquivo';
import { lerCteXml, TAMANHO_MAXIMO_XML, type CteLido, type LeituraCte } from './cte-xml';
import type { TipoEventoEntrega } from '../../contracts/ocorrencias';
import { gravarEventoEntrega } from './eventos-entrega';
import { resolverReferencias } from './referencias-cte';
import { recalcularSituacaoPagamento } from '../pagamentos/recalcular-situacao';
import { inconsistenciasDoDocumento } from '../../domain/cte/componentes-total';
import { cancelamentoDoCte, cancelarCte, colunasCancelamento } from './cancelar-cte';
import { substituirCteDaMinuta } from './substituir-cte-minuta';
import { valoresCobranca } from '../../domain/auditoria/valor-cobrado';
import { notaDaChave } from '../../domain/cte/chave-nfe';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';

// GET /ctes/ler-arquivos (spec 03 §7): every XML of the input folder becomes a CT-e (LIDO, or
// CANCELADO when its protocol, or a cancellation its cteProc carries, says so: docs/decisoes.md §12; a CT-e read before
// is cancelled by its cteProc read again with the cancellation) or applies a cancellation event, then moves
// to the output folder; an unreadable file moves to the error folder and a line in its log says why. One
// transaction a file: a failure leaves nothing half-written, and the file stays where a new reading finds it.

export interface PastasCte {
  entrada: string;
  saida: string;
  erro: string;
}

export interface ResultadoLeituraArquivos {
  /** CT-es added. */
  lidos: number;
  /** Files whose CT-e (same chave) or delivery event was already read: nothing duplicated, the file goes to the output. */
  duplicados: number;
  /** Issue 31: CT-e delivery events stored as occurrences (110180, 110181, 110190, 110191); only when there are some. */
  eventos?: number;
  /** CT-es read before marked CANCELADO: by an event file, or by their cteProc carrying the cancellation now. */
  cancelados: number;
  /** Files moved to the error folder, with the reason. */
  erros: { arquivo: string; motivo: string }[];
  /** Files read whose cancellation did not count (another key, refused by the SEFAZ, no return); only when there are some. */
  avisos?: { arquivo: string; motivo: string }[];
  /** São Paulo dates of the first and last issue among the CT-es added (null when none was), for "Ver os CT-es lidos". */
  periodo: { dataIni: string; dataFim: string } | null;
}

/** The input folder is missing or unreadable: nothing was read. */
export class PastaInacessivel extends Error {
  constructor(readonly pasta: string) {
    super(`pasta inacessível: ${pasta}`);
  }
}

/** The log of the error folder: one line a refused file. */
export const LOG_ERROS = 'leitura-cte.log';

const soDigitos = (p: { cnpj: string | null; cpf: string | null } | null) => p?.cnpj ?? p?.cpf ?? null;

/** The columns a read CT-e fills (also when its stored XML is read again); the status is the caller's. */
export function colunasCte(lido: CteLido) {
  return {
    chave: lido.chave,
    numero: lido.identificacao.numeroCte,
    serie: lido.identificacao.serie,
    dataEmissao: new Date(lido.identificacao.dataEmissao),
    tipoCte: lido.identificacao.tipoCte,
    tomador: lido.identificacao.tomador,
    codigoMunicipioOrigem: lido.identificacao.codigoMunicipioOrigem,
    codigoMunicipioDestino: lido.identificacao.codigoMunicipioDestino,
    ufOrigem: lido.identificacao.ufOrigem,
    ufDestino: lido.identificacao.ufDestino,
    emitenteDocumento: soDigitos(lido.emitente),
    remetenteDocumento: soDigitos(lido.remetente),
    destinatarioDocumento: soDigitos(lido.destinatario),
    tomadorDocumento: soDigitos(lido.tomador),
    ...valoresCobranca(lido),
    // vCarga 0.00 is "not given" (the notes' value, or nothing, stands in for it).
    valorCarga: lido.carga.valorTotal !== null && Number(lido.carga.valorTotal) > 0 ? lido.carga.valorTotal : null,
    // Issue 31: the CT-e it complements, annuls or substitutes; the document's own inconsistency (components ≠ total).
    // Processing adds its notes' inconsistencies to these.
    chaveReferenciada: lido.referencia?.chave ?? null,
    inconsistencias: inconsistenciasDoDocumento(lido),
    documento: lido,
  };
}

/**
 * Inserts a read CT-e with its notes and XML, or gives it to the CT-e a minuta made of the same freight
 * (substituir-cte-minuta.ts): NOVO. Its chave already there: CANCELADO when this file proves a cancellation
 * the stored CT-e does not have yet (then this file is its XML), else REPETIDO.
 */
async function gravarCte(db: Db, leitura: Extract<LeituraCte, { tipo: 'CTE' }>, xml: string, nomeArquivo: string): Promise<'NOVO' | 'CANCELADO' | 'REPETIDO'> {
  const lido = leitura.cte;
  return db.transaction(async (tx) => {
    const colunas = colunasCte(lido);
    const cancelamento = lido.cancelado ? cancelamentoDoCte(lido, leitura.cancelamento) : null;
    if (await substituirCteDaMinuta(tx, lido, colunas, cancelamento, { xml, nome: nomeArquivo })) {
      // Updated in place, not inserted: the insert trigger did not resolve its reference (nor the references to its new key).
      await resolverReferencias(tx, [lido.chave]);
      return 'NOVO';
    }
    const [novo] = await tx
      .insert(cte)
      .values({ ...colunas, ...(cancelamento ? { status: 'CANCELADO' as const, ...cancelamento } : { status: 'LIDO' as const }) })
      .onConflictDoNothing({ target: cte.chave })
      .returning({ id: cte.id });
    if (!novo) {
      // Read before: this file cancels it when it proves a cancellation the CT-e does not have yet.
      if (!cancelamento) return 'REPETIDO';
      const recusa = await cancelarCte(tx, lido.chave, cancelamento, { lido, xml, nome: nomeArquivo });
      return recusa === null ? 'CANCELADO' : 'REPETIDO';
    }
    await tx.insert(cteXml).values({ cteId: novo.id, nomeArquivo: nomeArquivo.slice(0, 255), xml });
    if (lido.notas.length) await tx.insert(cteNota).values(lido.notas.map((n) => ({ cteId: novo.id, chave: n.chave, numero: notaDaChave(n.chave)?.numero ?? null })));
    // An anulação or a substitute takes its original out of the payable set: the faturas that bill it are checked again.
    if (lido.referencia && lido.referencia.tipo !== 'COMPLEMENTO') await reverPagamentoDoOriginal(tx, lido.referencia.chave);
    return 'NOVO';
  });
}

async function reverPagamentoDoOriginal(tx: Db, chave: string): Promise<void> {
  const [original] = await tx.select({ id: cte.id }).from(cte).where(eq(cte.chave, chave));
  if (original) await recalcularSituacaoPagamento(tx, { cteIds: [original.id] });
}

/** The period widened to the São Paulo date of `dataEmissao` (ISO dates compare as text). */
function ampliarPeriodo(periodo: ResultadoLeituraArquivos['periodo'], dataEmissao: string): ResultadoLeituraArquivos['periodo'] {
  const dia = dataSaoPaulo(dataEmissao);
  if (!dia) return periodo;
  if (!periodo) return { dataIni: dia, dataFim: dia };
  return { dataIni: dia < periodo.dataIni ? dia : periodo.dataIni, dataFim: dia > periodo.dataFim ? dia : periodo.dataFim };
}

/** What one XML became: the folder, the upload and the mailbox read it the same way (recebimento/receber-documento.ts). */
export type ConteudoCteLido =
  | { resultado: 'NOVO' | 'REPETIDO' | 'CANCELADO'; chave: string; dataEmissao: string | null; avisos: string[]; evento?: TipoEventoEntrega }
  | { resultado: 'RECUSADO'; motivo: string; chave: null; avisos: string[] };

/** Reads one CT-e XML, cancellation event or delivery event (an occurrence, eventos-entrega.ts) and stores it (one transaction). */
export async function lerConteudoCte(db: Db, nome: string, bytes: Uint8Array): Promise<ConteudoCteLido> {
  // Issue 33: a turn of the event loop before each document, whoever reads them (a folder yields at each file, but a
  // zip or a mailbox's documents come from memory, and PGlite's queries resolve without one).
  await proximaVolta();
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const leitura = lerCteXml(buffer);
  if (leitura.tipo === 'ERRO') return { resultado: 'RECUSADO', motivo: leitura.motivo, chave: null, avisos: [] };
  if (leitura.tipo === 'CANCELAMENTO') {
    const { cancelamento } = leitura;
    const motivo = (await db.transaction((tx) => cancelarCte(tx, cancelamento.chave, colunasCancelamento(cancelamento))))?.motivo;
    return motivo ? { resultado: 'RECUSADO', motivo, chave: null, avisos: [] } : { resultado: 'CANCELADO', chave: cancelamento.chave, dataEmissao: null, avisos: [] };
  }
  if (leitura.tipo === 'EVENTO_ENTREGA') {
    const resultado = await gravarEventoEntrega(db, leitura.evento, nome);
    return { resultado, chave: leitura.evento.chave, dataEmissao: null, avisos: [], evento: leitura.evento.tipoEvento };
  }
  const gravado = await gravarCte(db, leitura, buffer.toString('utf8').replace(/^\uFEFF/, ''), nome);
  const resultado = gravado === 'NOVO' ? 'NOVO' : gravado === 'CANCELADO' ? 'CANCELADO' : 'REPETIDO';
  // The cancellations the file carries that do not count, and what the reader repaired in the document (issue 31).
  const avisos = [...(leitura.avisos ?? []), ...(leitura.cte.avisos ?? [])];
  return { resultado, chave: leitura.cte.chave, dataEmissao: leitura.cte.identificacao.dataEmissao, avisos };
}

/** Reads every *.xml of the input folder (by name order). */
export async function lerArquivosCte(db: Db, pastas: PastasCte): Promise<ResultadoLeituraArquivos> {
  const resultado: ResultadoLeituraArquivos = { lidos: 0, duplicados: 0, cancelados: 0, erros: [], periodo: null };
  let nomes: string[];
  try {
    nomes = (await readdir(pastas.entrada, { withFileTypes: true })).filter((d) => d.isFile() && /\.xml$/i.test(d.name)).map((d) => d.name);
  } catch {
    throw new PastaInacessivel(pastas.entrada);
  }
  nomes.sort();
  for (const nome of nomes) {
    const arquivo = join(pastas.entrada, nome);
    const recusar = async (motivo: string) => {
      await registrarErroNoLog(pastas.erro, LOG_ERROS, nome, motivo);
      await mover(arquivo, pastas.erro);
      resultado.erros.push({ arquivo: nome, motivo });
    };
    // Too large: refused without reading it into memory.
    const { size } = await stat(arquivo);
    if (size > TAMANHO_MAXIMO_XML) {
      await recusar(`O arquivo tem ${(size / 1024 / 1024).toFixed(1)} MB; o máximo aceito para um CT-e é ${TAMANHO_MAXIMO_XML / 1024 / 1024} MB.`);
      continue;
    }
    const bytes = await readFile(arquivo);
    const lido = await lerConteudoCte(db, nome, bytes);
    if (lido.resultado === 'RECUSADO') {
      await recusar(lido.motivo);
      continue;
    }
    if (lido.evento && lido.resultado === 'NOVO') resultado.eventos = (resultado.eventos ?? 0) + 1;
    else if (lido.resultado === 'NOVO') {
      resultado.lidos++;
      if (lido.dataEmissao) resultado.periodo = ampliarPeriodo(resultado.periodo, lido.dataEmissao);
    } else if (lido.resultado === 'CANCELADO') resultado.cancelados++;
    else resultado.duplicados++;
    for (const motivo of lido.avisos) (resultado.avisos ??= []).push({ arquivo: nome, motivo });
    await mover(arquivo, pastas.saida);
  }
  return resultado;
}
