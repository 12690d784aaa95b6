import Decimal from 'decimal.js';
import type { ArquivoConemb, ConhecimentoConemb } from '../../../contracts/conemb';
import { brl, type Onde } from './conhecimento-conemb';

type Total = NonNullable<ArquivoConemb['total']>;

/**
 * A trailer (323/529) against the conhecimentos of its block (those since the previous trailer): a count or
 * a sum that disagrees is a warning, never a refusal. Returns the file's total so far (blocks add up).
 */
export function conferirBloco(bloco: ConhecimentoConemb[], v: Record<string, string | null>, onde: Onde, anterior: Total | null, avisos: string[]): Total {
  const quantidade = Number(v.quantidade ?? 0);
  const valorTotal = v.valorTotal ?? '0.00';
  if (quantidade !== bloco.length) avisos.push(`Linha ${onde.numero}: o total do arquivo (${onde.id}) diz ${quantidade} conhecimento(s), mas o arquivo traz ${bloco.length}.`);
  const soma = bloco.reduce((s, c) => s.plus(c.valorTotalFrete), new Decimal(0));
  if (!soma.eq(valorTotal))
    avisos.push(`Linha ${onde.numero}: o total do arquivo (${onde.id}, R$ ${brl(valorTotal)}) difere da soma dos conhecimentos (R$ ${brl(soma.toFixed(2))}).`);
  if (!anterior) return { quantidade, valorTotal };
  return { quantidade: anterior.quantidade + quantidade, valorTotal: new Decimal(anterior.valorTotal).plus(valorTotal).toFixed(2) };
}

/**
 * Deviations that may repeat on every line of a big file (short lines, blank lines, ignored records): the
 * first of each kind is kept as the warning, with how many more lines had it.
 */
export class Desvios {
  private readonly porTipo = new Map<string, { primeiro: string; vezes: number }>();

  anotar(tipo: string, aviso: string): void {
    const d = this.porTipo.get(tipo);
    if (d) d.vezes++;
    else this.porTipo.set(tipo, { primeiro: aviso, vezes: 1 });
  }

  avisos(): string[] {
    return [...this.porTipo.values()].map((d) => (d.vezes === 1 ? d.primeiro : `${d.primeiro} O mesmo em mais ${d.vezes - 1} linha(s).`));
  }
}
