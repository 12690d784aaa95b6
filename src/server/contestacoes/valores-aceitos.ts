import Decimal from 'decimal.js';
import {
  MSG_LINHA_NAO_E_DA_CONTESTACAO,
  MSG_VALOR_ACEITO_ACIMA,
  MSG_VALOR_ACEITO_PARCIAL,
  type ContestacaoResponder,
} from '../../contracts/contestacoes';
import { dividir } from '../../domain/dinheiro';
import { badRequest } from '../http/api-error';

// The carrier's credit per line (docs/decisoes.md §36): ACEITA gives every line its disputed value, RECUSADA zero;
// PARCIAL takes the value of each line given (the others zero), or a total spread over the lines in proportion to
// their disputed values, each share rounded half-up once and the last line taking the remainder (the sum is exact).

interface LinhaDisputada {
  id: number;
  valorContestado: string;
}

/** The total spread in proportion to the disputed values. */
function ratear(linhas: LinhaDisputada[], total: Decimal): Map<number, Decimal> {
  const disputado = linhas.reduce((s, l) => s.plus(l.valorContestado), new Decimal(0));
  const partes = new Map<number, Decimal>();
  let distribuido = new Decimal(0);
  linhas.forEach((l, i) => {
    const parte = i === linhas.length - 1 ? total.minus(distribuido) : new Decimal(dividir(total.times(l.valorContestado), disputado, 2).toString());
    partes.set(l.id, parte);
    distribuido = distribuido.plus(parte);
  });
  // Rounding may leave the last line a cent above its disputed value: the excess goes to lines with room.
  const ultima = linhas[linhas.length - 1];
  let excesso = Decimal.max(0, partes.get(ultima.id)!.minus(ultima.valorContestado));
  partes.set(ultima.id, partes.get(ultima.id)!.minus(excesso));
  for (const l of linhas) {
    const folga = Decimal.min(excesso, new Decimal(l.valorContestado).minus(partes.get(l.id)!));
    if (folga.lte(0)) continue;
    partes.set(l.id, partes.get(l.id)!.plus(folga));
    excesso = excesso.minus(folga);
  }
  return partes;
}

function parcial(linhas: LinhaDisputada[], r: ContestacaoResponder): Map<number, Decimal> {
  if (r.linhas?.length) {
    const dadas = new Map(r.linhas.map((l) => [l.id, new Decimal(l.valorAceito)]));
    if ([...dadas.keys()].some((id) => !linhas.some((l) => l.id === id))) throw badRequest(MSG_LINHA_NAO_E_DA_CONTESTACAO);
    return new Map(linhas.map((l) => [l.id, dadas.get(l.id) ?? new Decimal(0)]));
  }
  if (r.valorAceito === undefined) throw badRequest(MSG_VALOR_ACEITO_PARCIAL);
  const disputado = linhas.reduce((s, l) => s.plus(l.valorContestado), new Decimal(0));
  const total = new Decimal(r.valorAceito);
  if (total.gt(disputado)) throw badRequest(MSG_VALOR_ACEITO_ACIMA);
  return ratear(linhas, total);
}

/** The accepted value of each line (decimal strings) and their total; 400 when a line's passes its disputed value. */
export function valoresAceitos(linhas: LinhaDisputada[], r: ContestacaoResponder): { porLinha: Map<number, string>; total: string } {
  const valores =
    r.resultado === 'PARCIAL'
      ? parcial(linhas, r)
      : new Map(linhas.map((l) => [l.id, r.resultado === 'ACEITA' ? new Decimal(l.valorContestado) : new Decimal(0)]));
  if (linhas.some((l) => valores.get(l.id)!.gt(l.valorContestado))) throw badRequest(MSG_VALOR_ACEITO_ACIMA);
  const porLinha = new Map([...valores].map(([id, v]) => [id, v.toFixed(2)]));
  const total = [...valores.values()].reduce((s, v) => s.plus(v), new Decimal(0));
  return { porLinha, total: total.toFixed(2) };
}
