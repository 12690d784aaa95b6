import type { EfeitoExclusaoConemb, ExclusaoConemb } from './conemb';

// The three admin batches of the Minutas screen (spec 03 §2.5 "For login admin only", §7 "Admin";
// docs/decisoes.md §20). The spec sends them under /public with an empty Authorization header; the server
// requires an ADMIN-level token for them and the client sends it. Each is idempotent and answers a summary.

/** Folders of one company's CONEMB files: <EDI_DIR>/<empresa>/conemb/{entrada,saida,erro}. */
export interface PastasConemb {
  entrada: string;
  saida: string;
  erro: string;
}

/** GET /public/txts/conhecimentos ("Ler ConEmb's"): the input folder's files into conhecimentos. */
export interface ResultadoLeituraConemb {
  /** Files read and stored (each in its own transaction). */
  arquivos: number;
  /** Files byte for byte identical to one read before: nothing changed. */
  jaLidos: number;
  /** Conhecimentos stored, and those already stored with the same values (same carrier, série and número) that were skipped. */
  conhecimentos: number;
  repetidos: number;
  /** Conhecimentos cancelled by a record with ação E. */
  excluidos: number;
  /** Every ação E record of the files read and what it did (minuta deleted or kept, or why it was not applied). */
  exclusoes: (ExclusaoConemb & { arquivo: string })[];
  /** Files refused (moved to the error folder, with the reason naming line and field). */
  erros: { arquivo: string; motivo: string }[];
  /** Warnings the reader recorded, prefixed with the file name. */
  avisos: string[];
  mensagens: string[];
}

type ResumoConemb = Pick<ResultadoLeituraConemb, 'arquivos' | 'jaLidos' | 'conhecimentos' | 'repetidos' | 'erros'> & { exclusoes?: ResultadoLeituraConemb['exclusoes'] };

/** The ação E part of the summary: how many minutas were deleted, conhecimentos cancelled, records not applied. */
function resumoExclusoes(exclusoes: ResultadoLeituraConemb['exclusoes']): string {
  const contar = (...efeitos: EfeitoExclusaoConemb[]) => exclusoes.filter((e) => efeitos.includes(e.efeito)).length;
  const cancelados = contar('MINUTA_EXCLUIDA', 'CONHECIMENTO_EXCLUIDO', 'MINUTA_MANTIDA');
  const naoAplicadas = contar('NAO_ENCONTRADO', 'JA_EXCLUIDO');
  return ` Ação E: ${cancelados} conhecimento(s) cancelado(s), ${contar('MINUTA_EXCLUIDA')} minuta(s) excluída(s), ${contar('MINUTA_MANTIDA')} minuta(s) mantida(s), ${naoAplicadas} exclusão(ões) não aplicada(s).`;
}

export const resumoLeituraConemb = (r: ResumoConemb) =>
  `Leitura concluída: ${r.arquivos} arquivo(s) CONEMB lido(s), ${r.conhecimentos} conhecimento(s) novo(s), ${r.repetidos} já lido(s) antes com os mesmos valores, ` +
  `${r.jaLidos} arquivo(s) repetido(s) (idêntico(s) a um já lido), ${r.erros.length} arquivo(s) com erro.` +
  (r.exclusoes?.length ? resumoExclusoes(r.exclusoes) : '');

/** Lines of one kind the summary shows before saying how many more there are. */
export const LINHAS_POR_TIPO_LEITURA_CONEMB = 50;
const primeiras = (linhas: string[], oQue: string) =>
  linhas.length > LINHAS_POR_TIPO_LEITURA_CONEMB
    ? [...linhas.slice(0, LINHAS_POR_TIPO_LEITURA_CONEMB), `… e mais ${linhas.length - LINHAS_POR_TIPO_LEITURA_CONEMB} ${oQue}.`]
    : linhas;

/** What the screen shows after a reading (and the server's `mensagens`): the summary, each refused file, each ação E, the warnings. */
export const linhasLeituraConemb = (r: ResumoConemb & Partial<Pick<ResultadoLeituraConemb, 'avisos'>>): string[] => [
  resumoLeituraConemb(r),
  ...primeiras(r.erros.map((e) => `${e.arquivo}: ${e.motivo}`), 'arquivo(s) com erro'),
  ...primeiras((r.exclusoes ?? []).map((e) => `${e.arquivo}: ${e.mensagem}`), 'registro(s) de exclusão (ação E)'),
  ...primeiras(r.avisos ?? [], 'aviso(s)'),
];

/** GET /public/conhecimentos/minutas ("Converter Minutas"): conhecimentos not converted yet into PENDENTE minutas. */
export interface ResultadoConversaoMinutas {
  minutas: number;
  /** Of those, the ones whose client and destination the ERP's notes gave. */
  comCliente: number;
  /** Conhecimentos whose issuer CNPJ names no registered carrier: still converted, carrier left blank. */
  semTransportadora: number;
  mensagens: string[];
}
export const resumoConversaoMinutas = (r: ResultadoConversaoMinutas) =>
  `Conversão concluída: ${r.minutas} minuta(s) criada(s), ${r.comCliente} com cliente e destino das notas do ERP` +
  (r.semTransportadora ? `; ${r.semTransportadora} sem transportadora cadastrada para o CNPJ emissor.` : '.');

/** GET /public/minutas/ctes ("Converter CT-es"): confirmed (PREENCHIDO) minutas into CT-es; each becomes PROCESSADO. */
export interface ResultadoConversaoCtes {
  /** CT-es created from minutas (PROCESSADO, ready to audit). */
  criados: number;
  /** Minutas linked to a CT-e already read from its XML (same carrier, série and número, or the same key). */
  vinculados: number;
  /** Ids of the CT-es created or linked ("Ver no Fretes"). */
  ctes: number[];
  mensagens: string[];
}
export const resumoConversaoCtes = (r: ResultadoConversaoCtes) =>
  `Conversão concluída: ${r.criados} CT-e(s) criado(s) a partir de minutas, ${r.vinculados} minuta(s) vinculada(s) a CT-e(s) já lido(s).`;
