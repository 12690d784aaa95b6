import { resultadoReajusteSchema, tracoReajusteSchema, type ReajusteParametros, type ResultadoReajuste, type TracoReajuste } from '../../contracts/reajuste';
import { api, apiRaw } from './api-client';
import { baixarArquivo, nomeDoArquivo } from './tabelas-frete-api';

// Issue 32: what a carrier's proposed readjustment would have cost over a past period. Nothing is stored.

/** The simulation's request: the parameters, and the proposed table's workbook when one was chosen. */
export interface PedidoReajuste {
  tabela: number;
  parametros: ReajusteParametros;
  arquivo: File | null;
}

export type FormatoReajuste = 'pdf' | 'xlsx';

const PADRAO: Record<FormatoReajuste, string> = { pdf: 'reajuste.pdf', xlsx: 'reajuste.xlsx' };
const TIPO: Record<FormatoReajuste, string> = { pdf: 'application/pdf', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/** JSON, or multipart with `arquivo` and the same fields as form fields (percentuais as JSON text). */
function corpo({ parametros, arquivo }: PedidoReajuste): unknown {
  if (!arquivo) return parametros;
  const form = new FormData();
  form.append('arquivo', arquivo, arquivo.name);
  form.append('dataIni', parametros.dataIni);
  form.append('dataFim', parametros.dataFim);
  if (parametros.percentualGeral !== null) form.append('percentualGeral', parametros.percentualGeral);
  form.append('percentuais', JSON.stringify(parametros.percentuais));
  return form;
}

/** POST /tabelas-frete/{id}/reajuste: totals, per UF, per element and the CT-es (largest difference first). */
export const simularReajuste = (p: PedidoReajuste): Promise<ResultadoReajuste> =>
  api(`/tabelas-frete/${p.tabela}/reajuste`, resultadoReajusteSchema, { method: 'POST', query: { formato: 'json' }, body: corpo(p) });

/** POST /tabelas-frete/{id}/reajuste/ctes/{cteId}: one CT-e priced again, with the engine's lines and trace. */
export const tracoReajuste = (p: PedidoReajuste, cteId: number): Promise<TracoReajuste> =>
  api(`/tabelas-frete/${p.tabela}/reajuste/ctes/${cteId}`, tracoReajusteSchema, { method: 'POST', body: corpo(p) });

/** POST /tabelas-frete/{id}/reajuste?formato=pdf|xlsx: the report as a download; answers the name saved. */
export async function baixarReajuste(p: PedidoReajuste, formato: FormatoReajuste): Promise<string> {
  const resposta = await apiRaw(`/tabelas-frete/${p.tabela}/reajuste`, {
    method: 'POST',
    query: { formato },
    body: corpo(p),
    headers: { Accept: `${TIPO[formato]}, application/json` },
    responseType: 'blob',
  });
  const nome = nomeDoArquivo(resposta.headers.get('content-disposition'), PADRAO[formato]);
  baixarArquivo(resposta._data as Blob, nome);
  return nome;
}
