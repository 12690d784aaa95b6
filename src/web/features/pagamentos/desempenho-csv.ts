import type { DesempenhoTransportadora } from '../../../contracts/pagamentos';
import { BOM, linhasCsv } from '../../../domain/csv-excel';
import { formatNumberBr } from '../../../domain/format-number-br';

const CABECALHO = ['CNPJ da transportadora', 'Transportadora', 'Mês', 'CT-es cobrados', '% divergente', 'Cobrado a mais', 'Recuperado', 'Dias p/ resposta'];

const decimal = (v: string | null) => (v === null ? '' : formatNumberBr(v, { decimals: 2 }));

/**
 * The scorecard as shown, in the project's Excel dialect (src/domain/csv-excel.ts: BOM, ";", decimal comma, CRLF,
 * quoting by papaparse); a carrier name from a DOCCOB or the ERP that looks like a formula leaves neutralised.
 */
export function desempenhoCsv(linhas: readonly DesempenhoTransportadora[]): string {
  const corpo = linhas.map((l) => [
    l.transportadoraCnpj,
    l.transportadora,
    l.mes,
    String(l.ctesCobrados),
    formatNumberBr(l.percentualDivergente, { decimals: 1 }),
    decimal(l.valorCobradoAMais),
    decimal(l.valorRecuperado),
    decimal(l.diasMediosResposta),
  ]);
  return BOM + linhasCsv([CABECALHO, ...corpo]);
}
