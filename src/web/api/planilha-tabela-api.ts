import { z } from 'zod';
import { ARQUIVO_PLANILHA_MODELO, ARQUIVO_PLANILHA_TABELA, resultadoImportacaoSchema, resumoImportacaoSchema, type ResultadoImportacao } from '../../contracts/planilha-tabela';
import { api, apiRaw } from './api-client';
import { baixarArquivo, nomeDoArquivo } from './tabelas-frete-api';

// Issue 32: a freight table as a workbook. The browser only moves the file: exceljs lives on the server.

const TIPO_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A GET that answers a file, handed to the browser as a download; answers the name saved. */
async function baixar(caminho: string, padrao: string): Promise<string> {
  const resposta = await apiRaw(caminho, { headers: { Accept: `${TIPO_XLSX}, application/json` }, responseType: 'blob' });
  const nome = nomeDoArquivo(resposta.headers.get('content-disposition'), padrao);
  baixarArquivo(resposta._data as Blob, nome);
  return nome;
}

/** GET /tabelas-frete/{id}/planilha: the saved table as .xlsx. */
export const baixarPlanilhaTabela = (id: number) => baixar(`/tabelas-frete/${id}/planilha`, ARQUIVO_PLANILHA_TABELA);

/** GET /tabelas-frete/planilha/modelo: the empty template with its example row. */
export const baixarModeloPlanilha = () => baixar('/tabelas-frete/planilha/modelo', ARQUIVO_PLANILHA_MODELO);

const corpoDe = (arquivo: File) => {
  const corpo = new FormData();
  corpo.append('arquivo', arquivo, arquivo.name);
  return corpo;
};

/** POST /tabelas-frete/planilha?simular=true: the dry run (200 even with errors: they come listed). */
export const simularImportacao = (arquivo: File): Promise<ResultadoImportacao> =>
  api('/tabelas-frete/planilha', resultadoImportacaoSchema, { method: 'POST', query: { simular: true }, body: corpoDe(arquivo) });

const importadaSchema = z.object({
  tabela: z.object({ id: z.number().int(), versao: z.number().int() }),
  resumo: resumoImportacaoSchema.nullish(),
});
export type TabelaImportada = z.infer<typeof importadaSchema>;

/** POST /tabelas-frete/planilha: saves the table (a 400 with the reasons goes to the message popup). */
export const confirmarImportacao = (arquivo: File): Promise<TabelaImportada> =>
  api('/tabelas-frete/planilha', importadaSchema, { method: 'POST', body: corpoDe(arquivo) });
