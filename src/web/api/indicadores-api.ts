import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ARQUIVO_CSV_INDICADORES,
  ARQUIVO_CSV_INDICADORES_FRETE,
  ARQUIVO_CSV_INDICADORES_SERVIDOR,
  type FiltroIndicadores,
  type IndicadoresPage,
  type ResumoIndicadores,
} from '../../contracts/indicadores';
import { api } from './api-client';
import type { PedidoDownload } from './baixar-com-progresso';

// The freight indicator calls (spec 03 §7 "Indicators and reports"). Answers are read as typed JSON
// (the contracts give them as interfaces, like the minuta and manifest answers).

export type FiltroIndicadoresEntrada = Partial<FiltroIndicadores>;
export interface ConsultaIndicadores extends FiltroIndicadoresEntrada {
  page: number;
  size: number;
}

/** The filter as the query sends it: empty parameters left out; `comCte` false drops numeroCte (the /ctes panel). */
export function paramsIndicadores(f: FiltroIndicadoresEntrada, comCte = true): Record<string, string | number> {
  const p: Record<string, string | number> = {};
  const por = (chave: keyof FiltroIndicadores, valor: string | number | undefined) => {
    if (valor !== undefined && String(valor).trim() !== '') p[chave] = typeof valor === 'string' ? valor.trim() : valor;
  };
  por('filtroRadioGroup', f.filtroRadioGroup ?? 'NF');
  por('dataEmissao_inicio', f.dataEmissao_inicio);
  por('dataEmissao_fim', f.dataEmissao_fim);
  por('transportadora', f.transportadora);
  por('numeroFatura', f.numeroFatura);
  if (comCte) por('numeroCte', f.numeroCte);
  return p;
}

const PESO_VALOR = '/vw/frete-indicadores-peso-valor';

export const indicadoresKeys = {
  pagina: (c: ConsultaIndicadores) => ['indicadores', 'peso-valor', c] as const,
  resumo: (f: FiltroIndicadoresEntrada) => ['indicadores', 'resumo', f] as const,
};

/** GET /vw/frete-indicadores-peso-valor: one page (50) of the indicator rows. */
export const listarIndicadores = ({ page, size, ...f }: ConsultaIndicadores, signal?: AbortSignal) =>
  api<IndicadoresPage>(PESO_VALOR, null, { query: { ...paramsIndicadores(f), page, size }, signal });

export const useIndicadores = (c: ConsultaIndicadores) =>
  useQuery(queryOptions({ queryKey: indicadoresKeys.pagina(c), queryFn: ({ signal }) => listarIndicadores(c, signal), placeholderData: keepPreviousData }));

/** GET /vw/frete-indicadores-resumo: the charts' groups (by destination UF, by carrier) of the same filter. */
export const buscarResumoIndicadores = (f: FiltroIndicadoresEntrada, signal?: AbortSignal) =>
  api<ResumoIndicadores>('/vw/frete-indicadores-resumo', null, { query: paramsIndicadores(f), signal });

export const useResumoIndicadores = (f: FiltroIndicadoresEntrada) =>
  useQuery(queryOptions({ queryKey: indicadoresKeys.resumo(f), queryFn: ({ signal }) => buscarResumoIndicadores(f, signal) }));

/** GET /vw/frete-indicadores-base?…&formato=csv: the panel's "CSV Indicadores-Frete" (no CT-e number). */
export const pedidoIndicadoresFrete = (f: FiltroIndicadoresEntrada): PedidoDownload => ({
  caminho: '/vw/frete-indicadores-base',
  query: { ...paramsIndicadores(f, false), formato: 'csv' },
  nomePadrao: ARQUIVO_CSV_INDICADORES_FRETE,
});

/** POST /indicadores/frete-base?…: the panel's "CSV Indicadores", written by the server. */
export const pedidoIndicadoresServidor = (f: FiltroIndicadoresEntrada): PedidoDownload => ({
  caminho: '/indicadores/frete-base',
  method: 'POST',
  query: paramsIndicadores(f, false),
  nomePadrao: ARQUIVO_CSV_INDICADORES_SERVIDOR,
});

/** GET /vw/frete-indicadores-peso-valor?…&formato=csv as a download request (for useDownloadComProgresso). */
export const pedidoIndicadoresCsv = (f: FiltroIndicadoresEntrada): PedidoDownload => ({
  caminho: PESO_VALOR,
  query: { ...paramsIndicadores(f), formato: 'csv' },
  nomePadrao: ARQUIVO_CSV_INDICADORES,
});
