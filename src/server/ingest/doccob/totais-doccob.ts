import Decimal from 'decimal.js';
import { formatarValor } from '../../../domain/format-number-br';
import { MSG_DOCCOB_SEM_TRAILER, type FaturaDoccob } from '../../../contracts/doccob';
import { somarValores as somar } from '../../../domain/faturas/conferencia-fatura';

/** Money in a reader's warning, thousands grouped (spec 01 §9): "8.119.200,00". */
const brl = (v: string) => formatarValor(v);

/**
 * The checks a real file may fail without being unreadable (proceda.md): a missing trailer, a trailer whose
 * count or sum disagrees with the 352/552s, CT-es that do not add up to their fatura. Each is a warning kept
 * on every fatura of the file (the trailer belongs to all of them) or on the fatura concerned.
 */
export function conferirTotais(faturas: FaturaDoccob[], total: { quantidade: number; valorTotal: string } | null): void {
  const avisoGeral = (aviso: string) => faturas.forEach((f) => f.avisos.push(aviso));
  if (!total) avisoGeral(MSG_DOCCOB_SEM_TRAILER);
  else {
    if (total.quantidade !== faturas.length) avisoGeral(`O total do arquivo diz ${total.quantidade} fatura(s), mas o arquivo traz ${faturas.length}.`);
    const soma = somar(faturas.map((f) => f.valor));
    if (!new Decimal(soma).eq(total.valorTotal)) avisoGeral(`O total do arquivo (R$ ${brl(total.valorTotal)}) difere da soma das faturas (R$ ${brl(soma)}).`);
  }
  for (const f of faturas) {
    if (f.ctes.length === 0 || f.ctes.some((c) => c.valorFrete === null)) continue;
    const ctes = somar(f.ctes.map((c) => c.valorFrete));
    if (!new Decimal(ctes).eq(f.valor)) f.avisos.push(`A soma dos CT-es (R$ ${brl(ctes)}) difere do valor da fatura ${f.numero} (R$ ${brl(f.valor)}).`);
  }
}
