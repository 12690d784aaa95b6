import type { DesempenhoTransportadora } from '../../../contracts/pagamentos';
import { formatNumberBr } from '../../../domain/format-number-br';

const CABECALHO = ['CNPJ da transportadora', 'Transportadora', 'Mês', 'CT-es cobrados', '% divergente', 'Cobrado a mais', 'Recuperado', 'Dias p/ resposta'];

/** A CSV field: quoted when it holds the separator, a quote or a line break. */
const campo = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const decimal = (v: string | null) => (v === null ? '' : formatNumberBr(v, { decimals: 2 }));

/** The scorecard as shown, in the Brazilian spreadsheet dialect (";" and decimal comma), CRLF lines. */
export function desempenhoCsv(linhas: readonly DesempenhoTransportadora[]): string {
  const corpo = linhas.map((l) =>
    [l.transportadoraCnpj, l.transportadora, l.mes, String(l.ctesCobrados), formatNumberBr(l.percentualDivergente, { decimals: 1 }), decimal(l.valorCobradoAMais), decimal(l.valorRecuperado), decimal(l.diasMediosResposta)]
      .map(campo)
      .join(';'),
  );
  return [CABECALHO.join(';'), ...corpo].join('\r\n') + '\r\n';
}
