import type { IndicadorBaseLinha, IndicadorLinha } from '../../contracts/indicadores';
import { formatDateBr } from '../../domain/format-date-br';
import { csvStream, decimalCsv, type ColunaCsv } from '../csv/csv-stream';
import type { Db } from '../db/database';
import { lotesPorCursor } from '../exportacao/lotes-cursor';
import { contadorDeColeta } from '../memoria/coletar-lixo';
import type { FiltroValido } from './filtro-indicadores';
import { consultaLinhas, paraBase, paraIndicador, type LinhaIndicadorBanco } from './linhas-indicadores';

// The three indicator CSVs (spec 03 §2.6, §7, §9; docs/decisoes.md §29) and their workbooks (§40), one stream each:
// the rows read by a cursor in batches of LOTE (exportacao/lotes-cursor.ts, as every list's export), the next batch
// fetched only when the writer asks (back-pressure from the socket to the database), the CSV written by the one
// streamed writer (csv/csv-stream.ts, which asks for a collection every 16 MB: memoria/coletar-lixo.ts). Issue 33:
// the keyset batches read before (a query of their own each) grew the server by 79–141 MB over 1.1 million rows.

const LOTE = 500;

const SITUACAO = { VERDE: 'abaixo do limite', VERMELHO: 'acima do limite', SEM_LIMITE: 'UF sem limite', INDEFINIDO: '' } as const;

/** The /indicadores export (indicadores.csv): the screen's columns, in its order, and the situations. */
export const COLUNAS_INDICADORES: readonly ColunaCsv<IndicadorLinha>[] = [
  { titulo: 'Fatura', valor: (l) => l.numeroFatura },
  { titulo: 'CT-e', valor: (l) => l.cte },
  { titulo: 'Data do CT-e', valor: (l) => formatDateBr(l.dataEmissaoCte) },
  { titulo: 'Transportadora', valor: (l) => l.transportadora },
  { titulo: 'NF', valor: (l) => l.notaFiscal },
  { titulo: 'Data da NF', valor: (l) => formatDateBr(l.dataEmissaoNf) },
  { titulo: 'Valor da NF', valor: (l) => decimalCsv(l.notaFiscalValor) },
  { titulo: 'Destinatário', valor: (l) => l.empresaDestinataria },
  { titulo: 'Cidade de destino', valor: (l) => l.cidadeDestinoTrecho },
  { titulo: 'UF de destino', valor: (l) => l.ufDestinoTrecho },
  { titulo: 'Peso da NF (kg)', valor: (l) => decimalCsv(l.notaFiscalPesoBruto) },
  { titulo: 'Frete a pagar', valor: (l) => decimalCsv(l.nfFretePagar) },
  { titulo: 'Indicador frete peso (R$/kg)', valor: (l) => decimalCsv(l.indicadorFretePeso) },
  { titulo: 'Limite frete peso (R$/kg)', valor: (l) => decimalCsv(l.limiteFretePeso) },
  { titulo: 'Situação frete peso', valor: (l) => SITUACAO[l.situacaoFretePeso] },
  { titulo: 'Indicador frete valor (%)', valor: (l) => decimalCsv(l.indicadorFreteValor) },
  { titulo: 'Limite frete valor (%)', valor: (l) => decimalCsv(l.limiteFreteValor) },
  { titulo: 'Situação frete valor', valor: (l) => SITUACAO[l.situacaoFreteValor] },
  { titulo: 'Valor do CT-e', valor: (l) => decimalCsv(l.valorCte) },
  { titulo: 'Peso do CT-e (kg)', valor: (l) => decimalCsv(l.pesoCte) },
];

type CampoBase = Exclude<keyof IndicadorBaseLinha, 'id'>;
const DATAS: CampoBase[] = ['dataEmissao', 'dataEmissaoCte'];
const DECIMAIS: CampoBase[] = ['valorNotaFiscal', 'pesoNotaFiscal', 'valorCte', 'pesoCte', 'valorFretePrevisto', 'valorFretePagar', 'difFrete', 'valorImposto', 'percentualFrete', 'percentualImposto', 'valorLiquido'];
const coluna = (campo: CampoBase, titulo: string): ColunaCsv<IndicadorBaseLinha> => ({
  titulo,
  valor: (l) => (DATAS.includes(campo) ? formatDateBr(l[campo] as string | null) : DECIMAIS.includes(campo) ? decimalCsv(l[campo] as string | null) : l[campo]),
});

/** Spec §3's base row fields, in its order, then the others. */
const CAMPOS_BASE: [CampoBase, string][] = [
  ['dataEmissao', 'Data de emissão da NF'],
  ['dataEmissaoCte', 'Data de emissão do CT-e'],
  ['numeroFatura', 'Nº da fatura'],
  ['notaFiscalId', 'Identificador da NF'],
  ['tipoNota', 'Tipo da nota'],
  ['transportadora', 'Transportadora'],
  ['cte', 'CT-e'],
  ['valorNotaFiscal', 'Valor da NF'],
  ['difFrete', 'Diferença de frete'],
  ['valorImposto', 'Valor do imposto'],
  ['valorFretePrevisto', 'Frete previsto'],
  ['valorFretePagar', 'Frete a pagar'],
  ['percentualFrete', 'Percentual de frete (%)'],
  ['percentualImposto', 'Percentual de imposto (%)'],
  ['valorLiquido', 'Valor líquido'],
  ['tipoCte', 'Tipo do CT-e'],
  ['notaFiscal', 'NF'],
  ['pesoNotaFiscal', 'Peso da NF (kg)'],
  ['valorCte', 'Valor do CT-e'],
  ['pesoCte', 'Peso do CT-e (kg)'],
  ['ufDestino', 'UF de destino'],
  ['cidadeDestino', 'Cidade de destino'],
];
/** 'Indicadores-Frete.csv' (GET /vw/frete-indicadores-base): the view's field names as headers, as the JSON says them. */
export const COLUNAS_BASE_VIEW = CAMPOS_BASE.map(([campo]) => coluna(campo, campo));
/** 'Indicadores.csv' (POST /indicadores/frete-base): the same fields with Portuguese headers. */
export const COLUNAS_BASE = CAMPOS_BASE.map(([campo, titulo]) => coluna(campo, titulo));

/** Rows between two collections: each row's exact decimal arithmetic leaves garbage (memoria/coletar-lixo.ts). */
const LINHAS_POR_COLETA = 5000;

/** The filter's rows, batch after batch, in index order, until the end or the reader stops. */
export function lotes<T>(db: Db, f: FiltroValido, mapa: (l: LinhaIndicadorBanco) => T): AsyncGenerator<T[]> {
  const coletar = contadorDeColeta(LINHAS_POR_COLETA);
  return lotesPorCursor<LinhaIndicadorBanco, T>(db, consultaLinhas(f), {
    tamanho: LOTE,
    mapa: (_tx, linhas) => {
      coletar(linhas.length);
      return linhas.map(mapa);
    },
  });
}

export const csvIndicadores = (db: Db, f: FiltroValido) => csvStream(COLUNAS_INDICADORES, lotes(db, f, paraIndicador));
export const csvIndicadoresBase = (db: Db, f: FiltroValido, colunas: readonly ColunaCsv<IndicadorBaseLinha>[]) => csvStream(colunas, lotes(db, f, paraBase));
