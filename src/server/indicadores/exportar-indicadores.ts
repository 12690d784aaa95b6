import { nomeArquivoExportacao, type FormatoExportacao } from '../../contracts/exportacao';
import { MSG_NENHUM_INDICADOR, type IndicadorBaseLinha, type IndicadorLinha } from '../../contracts/indicadores';
import { relogio } from '../../domain/relogio';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';
import type { Db } from '../db/database';
import type { ColunaExportacao } from '../exportacao/colunas-exportacao';
import type { Exportacao } from '../exportacao/responder-exportacao';
import { ApiError } from '../http/api-error';
import { lotes } from './csv-indicadores';
import type { FiltroValido } from './filtro-indicadores';
import { contarLinhas, paraBase, paraIndicador } from './linhas-indicadores';

// Issue 32: the indicator exports as workbooks (formato=xlsx beside their CSVs): the same rows, read by the same
// keyset batches as the CSVs (csv-indicadores.ts), the same headers, typed cells (R$, kg, %, dates).

const SITUACAO = { VERDE: 'abaixo do limite', VERMELHO: 'acima do limite', SEM_LIMITE: 'UF sem limite', INDEFINIDO: '' } as const;

/** The /indicadores screen's rows (its CSV is indicadores.csv). */
export const COLUNAS_XLSX_INDICADORES: readonly ColunaExportacao<IndicadorLinha>[] = [
  { titulo: 'Fatura', tipo: 'texto', valor: (l) => l.numeroFatura, largura: 14 },
  { titulo: 'CT-e', tipo: 'inteiro', valor: (l) => l.cte },
  { titulo: 'Data do CT-e', tipo: 'data', valor: (l) => l.dataEmissaoCte },
  { titulo: 'Transportadora', tipo: 'texto', valor: (l) => l.transportadora, largura: 32 },
  { titulo: 'NF', tipo: 'inteiro', valor: (l) => l.notaFiscal },
  { titulo: 'Data da NF', tipo: 'data', valor: (l) => l.dataEmissaoNf },
  { titulo: 'Valor da NF', tipo: 'dinheiro', valor: (l) => l.notaFiscalValor },
  { titulo: 'Destinatário', tipo: 'texto', valor: (l) => l.empresaDestinataria, largura: 32 },
  { titulo: 'Cidade de destino', tipo: 'texto', valor: (l) => l.cidadeDestinoTrecho },
  { titulo: 'UF de destino', tipo: 'texto', valor: (l) => l.ufDestinoTrecho },
  { titulo: 'Peso da NF (kg)', tipo: 'decimal', casas: 3, valor: (l) => l.notaFiscalPesoBruto },
  { titulo: 'Frete a pagar', tipo: 'dinheiro', valor: (l) => l.nfFretePagar },
  { titulo: 'Indicador frete peso (R$/kg)', tipo: 'decimal', casas: 4, valor: (l) => l.indicadorFretePeso },
  { titulo: 'Limite frete peso (R$/kg)', tipo: 'decimal', casas: 4, valor: (l) => l.limiteFretePeso },
  { titulo: 'Situação frete peso', tipo: 'texto', valor: (l) => SITUACAO[l.situacaoFretePeso] },
  { titulo: 'Indicador frete valor (%)', tipo: 'percentual', casas: 4, valor: (l) => l.indicadorFreteValor },
  { titulo: 'Limite frete valor (%)', tipo: 'percentual', casas: 4, valor: (l) => l.limiteFreteValor },
  { titulo: 'Situação frete valor', tipo: 'texto', valor: (l) => SITUACAO[l.situacaoFreteValor] },
  { titulo: 'Valor do CT-e', tipo: 'dinheiro', valor: (l) => l.valorCte },
  { titulo: 'Peso do CT-e (kg)', tipo: 'decimal', casas: 3, valor: (l) => l.pesoCte },
];

type CampoBase = Exclude<keyof IndicadorBaseLinha, 'id'>;
/** Spec §3's base row fields, in its order (as the CSVs), with each field's type. */
const CAMPOS_BASE: [CampoBase, string, ColunaExportacao<IndicadorBaseLinha>['tipo'], number?][] = [
  ['dataEmissao', 'Data de emissão da NF', 'data'],
  ['dataEmissaoCte', 'Data de emissão do CT-e', 'data'],
  ['numeroFatura', 'Nº da fatura', 'texto'],
  ['notaFiscalId', 'Identificador da NF', 'texto'],
  ['tipoNota', 'Tipo da nota', 'texto'],
  ['transportadora', 'Transportadora', 'texto'],
  ['cte', 'CT-e', 'inteiro'],
  ['valorNotaFiscal', 'Valor da NF', 'dinheiro'],
  ['difFrete', 'Diferença de frete', 'dinheiro'],
  ['valorImposto', 'Valor do imposto', 'dinheiro'],
  ['valorFretePrevisto', 'Frete previsto', 'dinheiro'],
  ['valorFretePagar', 'Frete a pagar', 'dinheiro'],
  ['percentualFrete', 'Percentual de frete (%)', 'percentual', 4],
  ['percentualImposto', 'Percentual de imposto (%)', 'percentual', 4],
  ['valorLiquido', 'Valor líquido', 'dinheiro'],
  ['tipoCte', 'Tipo do CT-e', 'inteiro'],
  ['notaFiscal', 'NF', 'inteiro'],
  ['pesoNotaFiscal', 'Peso da NF (kg)', 'decimal', 3],
  ['valorCte', 'Valor do CT-e', 'dinheiro'],
  ['pesoCte', 'Peso do CT-e (kg)', 'decimal', 3],
  ['ufDestino', 'UF de destino', 'texto'],
  ['cidadeDestino', 'Cidade de destino', 'texto'],
];
const colunasBase = (titulos: 'campo' | 'portugues'): ColunaExportacao<IndicadorBaseLinha>[] =>
  CAMPOS_BASE.map(([campo, titulo, tipo, casas]) => ({ titulo: titulos === 'campo' ? campo : titulo, tipo, casas, valor: (l) => l[campo] }));
/** 'Indicadores-Frete' (the view's field names as headers) and 'Indicadores' (Portuguese headers). */
export const COLUNAS_XLSX_BASE_VIEW = colunasBase('campo');
export const COLUNAS_XLSX_BASE = colunasBase('portugues');

/** How many rows; nothing matching is spec §8's 404 (the screens' own message, as their CSVs answer). */
async function contar(db: Db, f: FiltroValido): Promise<number> {
  const total = await contarLinhas(db, f);
  if (total === 0) throw new ApiError(404, [MSG_NENHUM_INDICADOR]);
  return total;
}

/** GET /indicadores/exportar: the /indicadores screen's rows (the workbook of its indicadores.csv). */
export async function exportacaoIndicadores(db: Db, f: FiltroValido, formato: FormatoExportacao, agora = relogio.agora()): Promise<Exportacao<IndicadorLinha>> {
  const total = await contar(db, f);
  return { formato, total, arquivo: nomeArquivoExportacao('indicadores', dataSaoPaulo(agora)!), aba: 'Indicadores', colunas: COLUNAS_XLSX_INDICADORES, lotes: () => lotes(db, f, paraIndicador) };
}

/** The base rows: 'campo' headers (Indicadores-Frete, the view's) or Portuguese ones (Indicadores, POST /frete-base). */
export async function exportacaoIndicadoresBase(db: Db, f: FiltroValido, titulos: 'campo' | 'portugues', formato: FormatoExportacao, agora = relogio.agora()): Promise<Exportacao<IndicadorBaseLinha>> {
  const total = await contar(db, f);
  return {
    formato,
    total,
    arquivo: nomeArquivoExportacao(titulos === 'campo' ? 'indicadores-frete' : 'indicadores', dataSaoPaulo(agora)!),
    aba: 'Indicadores',
    colunas: titulos === 'campo' ? COLUNAS_XLSX_BASE_VIEW : COLUNAS_XLSX_BASE,
    lotes: () => lotes(db, f, paraBase),
  };
}
