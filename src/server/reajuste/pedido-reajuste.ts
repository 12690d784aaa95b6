import type { Context } from 'hono';
import { LIMITES_PLANILHA, MSG_PLANILHA_GRANDE, MSG_PLANILHA_ILEGIVEL, textoErroPlanilha } from '../../contracts/planilha-tabela';
import { reajusteParametrosSchema, type ReajusteParametros } from '../../contracts/reajuste';
import type { TabelaFrete } from '../../contracts/tabela-frete-modelo';
import type { Db } from '../db/database';
import { ApiError, badRequest } from '../http/api-error';
import { parseOrBadRequest } from '../http/parse-or-bad-request';
import { readJsonBody } from '../http/read-json-body';
import { lerPlanilhaTabela } from '../tabelas-frete/planilha/ler-planilha';
import { referenciasPlanilha } from '../tabelas-frete/planilha/resolver-planilha';

// Issue 32: what a simulation request brings. JSON: the parameters. Multipart: `arquivo`, a proposed table as a
// workbook (or CSV) in the import's layout, read by the import's own reader (every problem by sheet, row and column:
// 400), and the parameters as form fields (`percentuais` as JSON text); percentages given too apply on top of it.

const MULTIPART = /^multipart\/form-data\s*(;|$)/i;

export interface TabelaProposta {
  nome: string;
  tabela: TabelaFrete;
}

export interface PedidoReajuste {
  parametros: ReajusteParametros;
  proposta: TabelaProposta | null;
}

function camposDoFormulario(corpo: Record<string, unknown>): Record<string, unknown> {
  const texto = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
  let percentuais: unknown = undefined;
  const bruto = texto(corpo.percentuais);
  if (bruto !== undefined) {
    try {
      percentuais = JSON.parse(bruto);
    } catch {
      throw badRequest('Percentuais por elemento: envie uma lista JSON de {descricao, percentual}.');
    }
  }
  return { dataIni: texto(corpo.dataIni), dataFim: texto(corpo.dataFim), percentualGeral: texto(corpo.percentualGeral), percentuais };
}

async function propostaDoArquivo(db: Db, valor: unknown): Promise<TabelaProposta | null> {
  const arquivo = (Array.isArray(valor) ? valor : [valor]).find((v): v is File => v instanceof File);
  if (!arquivo) return null;
  if (arquivo.size > LIMITES_PLANILHA.bytes) throw new ApiError(413, [MSG_PLANILHA_GRANDE]);
  const nome = arquivo.name || 'tabela-proposta.xlsx';
  const lida = await lerPlanilhaTabela(new Uint8Array(await arquivo.arrayBuffer()), nome, referenciasPlanilha(db));
  if (lida.erros.length || !lida.tabela) throw badRequest(...(lida.erros.length ? lida.erros.map(textoErroPlanilha) : [MSG_PLANILHA_ILEGIVEL]));
  return { nome, tabela: lida.tabela };
}

/** The request's parameters and proposed table (400 with the reader's or the schema's messages). */
export async function lerPedidoReajuste(c: Context, db: Db): Promise<PedidoReajuste> {
  if (!MULTIPART.test(c.req.header('Content-Type') ?? '')) return { parametros: parseOrBadRequest(reajusteParametrosSchema, await readJsonBody(c)), proposta: null };
  let corpo: Record<string, unknown>;
  try {
    corpo = await c.req.parseBody({ all: true });
  } catch {
    throw badRequest(MSG_PLANILHA_ILEGIVEL);
  }
  const parametros = parseOrBadRequest(reajusteParametrosSchema, camposDoFormulario(corpo));
  return { parametros, proposta: await propostaDoArquivo(db, corpo.arquivo) };
}
