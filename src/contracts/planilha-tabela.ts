import { z } from 'zod';

// Issue 32: a freight table as a workbook (.xlsx; the same columns as CSV are read too). Export:
// GET /tabelas-frete/{id}/planilha (and GET /tabelas-frete/planilha/modelo, the empty template with an example
// row). Import: POST /tabelas-frete/planilha, multipart, field `arquivo`; `?simular=true` is the dry run.
// The layout itself (sheets, columns, keys) is src/domain/planilha-tabela/ (the server reads and writes it).

/** The very hidden sheet's layout id and version: a workbook of another layout is refused. */
export const LAYOUT_PLANILHA_TABELA = 'frete-console/tabela-frete';
export const VERSAO_LAYOUT_PLANILHA_TABELA = 1;

/** What an upload may hold (zip bombs and giant sheets are refused before they are read). */
export const LIMITES_PLANILHA = {
  /** The uploaded file. */
  bytes: 10 * 1024 * 1024,
  /** Entries of the .xlsx zip. */
  entradasZip: 200,
  /** Sum of the zip entries' uncompressed sizes. */
  bytesDescompactados: 100 * 1024 * 1024,
  abas: 20,
  /** Rows of one sheet (header rows included). */
  linhasPorAba: 200_000,
} as const;

/** One problem of the workbook, where it is; `aba`/`linha`/`coluna` null when the problem is the whole file. */
export const erroPlanilhaSchema = z.object({
  aba: z.string().nullable(),
  linha: z.number().int().nullable(),
  coluna: z.string().nullable(),
  mensagem: z.string(),
});
export type ErroPlanilha = z.infer<typeof erroPlanilhaSchema>;

/** "Faixas, linha 14, coluna Limite superior: deve ser maior que o limite inferior (500,000)." */
export function textoErroPlanilha(e: ErroPlanilha): string {
  const onde = [e.aba, e.linha === null ? null : `linha ${e.linha}`, e.coluna === null ? null : `coluna ${e.coluna}`].filter(Boolean).join(', ');
  return onde ? `${onde}: ${e.mensagem}` : e.mensagem;
}

/** What the import would do (dry run) or did (confirmed). */
export const resumoImportacaoSchema = z.object({
  /** NOVA: a new table; NOVA_VERSAO: a new version of `tabelaAnterior` (which is kept, its vigência closed). */
  acao: z.enum(['NOVA', 'NOVA_VERSAO']),
  transportadora: z.object({ id: z.number().int(), razaoSocial: z.string() }),
  /** YYYY-MM-DD. */
  inicio: z.string(),
  fim: z.string().nullable(),
  tabelaAnterior: z
    .object({ id: z.number().int(), versao: z.number().int(), inicio: z.string(), fim: z.string().nullable(), fimNovo: z.string().nullable() })
    .nullable(),
  contagens: z.object({
    percursos: z.number().int(),
    origens: z.number().int(),
    destinos: z.number().int(),
    incidencias: z.number().int(),
    elementos: z.number().int(),
    faixas: z.number().int(),
  }),
  /** pt-BR lines of what differs from the previous version ("Percurso SP-RJ, elemento Frete peso, faixa 2: valor 1,20 → 1,32."); at most 200. */
  alteracoes: z.array(z.string()),
  /** How many differences there are in all (alteracoes may be cut). */
  totalAlteracoes: z.number().int(),
});
export type ResumoImportacao = z.infer<typeof resumoImportacaoSchema>;

/** The answer of POST /tabelas-frete/planilha (dry run: 200 always, errors listed; confirmed: 200 with `tabela`). */
export const resultadoImportacaoSchema = z.object({
  erros: z.array(erroPlanilhaSchema),
  avisos: z.array(z.string()),
  resumo: resumoImportacaoSchema.nullable(),
  /** Confirmed only: the table saved. */
  tabela: z.object({ id: z.number().int(), versao: z.number().int() }).nullable(),
});
export type ResultadoImportacao = z.infer<typeof resultadoImportacaoSchema>;

export const ARQUIVO_PLANILHA_MODELO = 'modelo-tabela-frete.xlsx';
/** tabela-frete-<carrier CNPJ or id>-<inicio>.xlsx is built by the server; this is the fallback name. */
export const ARQUIVO_PLANILHA_TABELA = 'tabela-frete.xlsx';

export const MSG_PLANILHA_AUSENTE = 'Envie a planilha no campo "arquivo".';
export const MSG_PLANILHA_GRANDE = `A planilha passa de ${LIMITES_PLANILHA.bytes / 1024 / 1024} MB.`;
export const MSG_PLANILHA_ILEGIVEL = 'O arquivo não é uma planilha .xlsx nem um CSV legível.';
export const MSG_PLANILHA_OUTRO_LAYOUT = 'Esta planilha não é uma tabela de frete exportada pelo console (aba de layout ausente ou alterada).';
export const MSG_PLANILHA_COM_ERROS = 'A planilha tem erros; nada foi gravado. Corrija-os e envie de novo.';

// Limits of one upload, by the limit in force (the server passes LIMITES_PLANILHA; tests a smaller one).
export const msgPlanilhaEntradasZip = (limite: number) => `A planilha tem mais de ${limite} partes internas: não parece uma planilha .xlsx comum.`;
export const msgPlanilhaDescompactada = (bytes: number) => `A planilha descompactada passa de ${Math.round(bytes / 1024 / 1024)} MB.`;
export const msgPlanilhaAbas = (limite: number) => `A planilha tem mais de ${limite} abas.`;
export const msgPlanilhaLinhas = (aba: string, limite: number) => `A aba ${aba} passa de ${limite.toLocaleString('pt-BR')} linhas.`;
