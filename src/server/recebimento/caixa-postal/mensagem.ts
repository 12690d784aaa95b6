import { createHash } from 'node:crypto';
import { simpleParser, type ParsedMail } from 'mailparser';
import { MSG_MENSAGEM_SEM_ANEXO } from '../../../contracts/recebimento';
import { nomeSeguro } from '../../faturas/ler-arquivo-doccob';
import { chaveRecebida, type Execucao, type ItemParaRegistrar } from '../execucao';
import { hashDe, receberDocumentos, type DocumentoRecebido, type DocumentoTratado } from '../receber-documento';
import type { Db } from '../../db/database';

// One mail message of the mailbox (issue 30): its attachments go to the readers (a .zip expanded by them), each
// document is logged under the message's Message-ID and the attachment's hash, so the run after a crash skips what
// was already stored.

/** An attachment above this is refused without reading it. */
export const TAMANHO_MAXIMO_ANEXO = 20 * 1024 * 1024;
export const mensagemAnexoGrandeDemais = (mb: string) =>
  `O anexo tem ${mb} MB; o máximo aceito da caixa postal é ${TAMANHO_MAXIMO_ANEXO / 1024 / 1024} MB.`;
export const MSG_ANEXO_JA_LIDO = 'Já lido de uma leitura anterior desta mensagem (a leitura foi interrompida antes de movê-la).';
export const MSG_MENSAGEM_ILEGIVEL = 'A mensagem não pôde ser lida (MIME inválido).';

const sha256 = (texto: string) => createHash('sha256').update(texto).digest('hex');
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1).replace('.', ',');

export interface CabecalhoMensagem {
  origem: string;
  chaveOrigem: string;
}

/** "De: … — Assunto: …" and the Message-ID (absent: a hash of Date + From + Subject). */
export function cabecalho(m: Pick<ParsedMail, 'from' | 'subject' | 'messageId' | 'date'>): CabecalhoMensagem {
  const de = m.from?.text || '(sem remetente)';
  const assunto = m.subject || '(sem assunto)';
  const origem = `De: ${de} — Assunto: ${assunto}`.slice(0, 500);
  const chaveOrigem = m.messageId?.trim() || `sem-message-id:${sha256(`${m.date?.toISOString() ?? ''}\n${de}\n${assunto}`)}`;
  return { origem, chaveOrigem: chaveOrigem.slice(0, 500) };
}

/** Safe, distinct names: two "cte.xml" become "cte.xml" and "cte (2).xml" (the log tells them apart). */
function nomesDistintos(nomes: string[]): string[] {
  const vistos = new Set<string>();
  return nomes.map((n) => {
    let nome = nomeSeguro(n);
    for (let i = 2; vistos.has(nome); i++) nome = nomeSeguro(n).replace(/(\.[^.]*)?$/, ` (${i})$1`);
    vistos.add(nome);
    return nome;
  });
}

const item = (arquivo: string, resultado: 'IGNORADO' | 'RECUSADO' | 'REPETIDO', motivo: string, hash: string): DocumentoTratado => ({
  arquivo,
  tipo: 'DESCONHECIDO',
  resultado,
  motivo,
  referencia: null,
  hash,
});

/** A message parsed: where it came from and its attachments; null when it is not readable MIME. */
export interface MensagemLida {
  origem: string;
  chaveOrigem: string;
  anexos: { nome: string; bytes: Uint8Array; hash: string }[];
}

export async function analisarMensagem(fonte: Buffer): Promise<MensagemLida | null> {
  let m: ParsedMail;
  try {
    m = await simpleParser(fonte, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  } catch {
    return null;
  }
  const anexos = m.attachments ?? [];
  const nomes = nomesDistintos(anexos.map((a, i) => a.filename || `anexo-${i + 1}`));
  return {
    ...cabecalho(m),
    anexos: anexos.map((a, i) => {
      const bytes = new Uint8Array(a.content.buffer, a.content.byteOffset, a.content.byteLength);
      return { nome: nomes[i], bytes, hash: hashDe(bytes) };
    }),
  };
}

export interface ResultadoMensagem {
  itens: ItemParaRegistrar[];
  /** Some document was refused: the message goes to "Com erro". */
  comErro: boolean;
}

/** Reads a message's attachments (skipping those logged before) and logs them in the run. */
export async function tratarMensagem(db: Db, execucao: Execucao, fonte: Buffer, m: MensagemLida | null, recebidos: Set<string>): Promise<ResultadoMensagem> {
  if (!m) {
    const itens = [{ ...item('(mensagem)', 'RECUSADO', MSG_MENSAGEM_ILEGIVEL, hashDe(fonte)), origem: 'Mensagem ilegível', chaveOrigem: null }];
    await execucao.registrar(itens);
    return { itens, comErro: true };
  }
  const { origem, chaveOrigem } = m;
  const tratados: DocumentoTratado[] = [];
  const aLer: (DocumentoRecebido & { hash: string })[] = [];
  if (!m.anexos.length) tratados.push(item('(mensagem)', 'IGNORADO', MSG_MENSAGEM_SEM_ANEXO, sha256('')));
  for (const a of m.anexos) {
    if (a.bytes.byteLength > TAMANHO_MAXIMO_ANEXO) tratados.push(item(a.nome, 'RECUSADO', mensagemAnexoGrandeDemais(mb(a.bytes.byteLength)), a.hash));
    else if (recebidos.has(chaveRecebida(chaveOrigem, a.hash))) tratados.push(item(a.nome, 'REPETIDO', MSG_ANEXO_JA_LIDO, a.hash));
    else aLer.push(a);
  }
  if (aLer.length) {
    const lidos = await receberDocumentos(db, aLer);
    // A .zip's entries are logged under the attachment's hash: the re-read skips the whole attachment.
    const doAnexo = (arquivo: string) => aLer.find((a) => arquivo === a.nome || arquivo.startsWith(`${a.nome}/`));
    for (const d of lidos) tratados.push({ ...d, hash: doAnexo(d.arquivo)?.hash ?? d.hash });
  }
  const itens = tratados.map((d) => ({ ...d, origem, chaveOrigem }));
  await execucao.registrar(itens);
  return { itens, comErro: tratados.some((d) => d.resultado === 'RECUSADO') };
}
