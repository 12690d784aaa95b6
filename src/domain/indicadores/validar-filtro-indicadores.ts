import {
  MSG_DATA_FINAL_INVALIDA,
  MSG_DATA_INICIAL_INVALIDA,
  MSG_INFORME_UM_CAMPO,
  MSG_INFORME_UM_CAMPO_COM_CTE,
  MSG_PERIODO_INDICADORES_INVALIDO,
  type FiltroIndicadores,
} from '../../contracts/indicadores';
import { ehDataIso } from '../../contracts/common';

const preenchido = (v: string | number | undefined) => v !== undefined && String(v).trim() !== '';

/**
 * Spec 03 §5 "Indicators and CSV export", in its order, the same on the client (the 'Advertência' dialog)
 * and on the server (400): at least one of the fields (the /indicadores screen also counts the CT-e
 * number, `comCte`); with neither carrier nor invoice number, both dates given and valid (final first, as
 * the spec lists them); the end not before the start. A period is "given" when either date is typed.
 * Answers the messages; none means the filter may run.
 */
export function validarFiltroIndicadores(f: Partial<FiltroIndicadores>, comCte: boolean): string[] {
  const periodo = preenchido(f.dataEmissao_inicio) || preenchido(f.dataEmissao_fim);
  const outros = preenchido(f.transportadora) || preenchido(f.numeroFatura) || (comCte && preenchido(f.numeroCte));
  if (!periodo && !outros) return [comCte ? MSG_INFORME_UM_CAMPO_COM_CTE : MSG_INFORME_UM_CAMPO];
  const inicio = f.dataEmissao_inicio?.trim() ?? '';
  const fim = f.dataEmissao_fim?.trim() ?? '';
  const semCarrierNemFatura = !preenchido(f.transportadora) && !preenchido(f.numeroFatura);
  const mensagens: string[] = [];
  if (semCarrierNemFatura || fim) if (!ehDataIso(fim)) mensagens.push(MSG_DATA_FINAL_INVALIDA);
  if (semCarrierNemFatura || inicio) if (!ehDataIso(inicio)) mensagens.push(MSG_DATA_INICIAL_INVALIDA);
  if (!mensagens.length && inicio && fim && fim < inicio) mensagens.push(MSG_PERIODO_INDICADORES_INVALIDO);
  return mensagens;
}
