// The three admin batches of the Minutas screen (spec 03 §2.5 "For login admin only", §7 "Admin"; issue 14).
// The spec sends them under /public with an empty Authorization header; the server requires an ADMIN-level
// token for them and the client sends it. Each is idempotent and answers a summary.

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
  /** Files read before (same content): nothing changed. */
  jaLidos: number;
  /** Conhecimentos stored, and those already stored (same carrier, série and número) that were skipped. */
  conhecimentos: number;
  repetidos: number;
  /** Conhecimentos cancelled by a record with ação E. */
  excluidos: number;
  /** Files refused (moved to the error folder, with the reason naming line and field). */
  erros: { arquivo: string; motivo: string }[];
  /** Warnings the reader recorded, prefixed with the file name. */
  avisos: string[];
  mensagens: string[];
}
export const resumoLeituraConemb = (r: Pick<ResultadoLeituraConemb, 'arquivos' | 'jaLidos' | 'conhecimentos' | 'repetidos' | 'erros'>) =>
  `Leitura concluída: ${r.arquivos} arquivo(s) CONEMB lido(s), ${r.conhecimentos} conhecimento(s) novo(s), ${r.repetidos} já lido(s) antes, ${r.jaLidos} arquivo(s) repetido(s), ${r.erros.length} arquivo(s) com erro.`;

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
