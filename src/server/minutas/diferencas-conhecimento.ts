import Decimal from 'decimal.js';
import type { ComponentesConemb, DiferencaConhecimento, NotaConemb } from '../../contracts/conemb';
import { formatBrl } from '../../domain/format-brl';
import { formatDateBr } from '../../domain/format-date-br';
import { formatPercentBr, formatarPeso } from '../../domain/format-number-br';

// A conhecimento re-sent (same issuer CNPJ, série and número) against the one stored (docs/decisoes.md §22): which of
// its values differ, named and formatted for the refusal. Amounts compare as decimals, a blank one as zero (3.x
// and 5.0 write zeros and blanks differently); the notes by série and número only (3.x carries no more); the
// CT-e key and the CFOP only when both sides have one (3.0 has no key). Branch, plate and ação are not values.

/** The values a conhecimento is compared by: those of ConhecimentoConemb, or of the stored row (numeric columns as strings). */
export interface ValoresConhecimento {
  dataEmissao: string;
  condicaoFrete: string | null;
  peso: string | null;
  valorTotalFrete: string;
  baseIcms: string | null;
  percentualIcms: string | null;
  valorIcms: string | null;
  componentes: ComponentesConemb | null;
  cfop: string | null;
  cnpjEmbarcadora: string | null;
  chave: string | null;
  notas: NotaConemb[] | null;
}

interface Campo {
  rotulo: string;
  valor: (c: ValoresConhecimento) => string | null;
  igual: (a: string | null, b: string | null) => boolean;
  mostrar: (v: string | null) => string;
}

const VAZIO = '(em branco)';
const decimal = (v: string | null) => new Decimal(v === null || v.trim() === '' ? 0 : v);
const mesmoNumero = (a: string | null, b: string | null) => decimal(a).eq(decimal(b));
const mesmoTexto = (a: string | null, b: string | null) => (a ?? '').trim() === (b ?? '').trim();
const mesmoSeAmbos = (a: string | null, b: string | null) => !a || !b || mesmoTexto(a, b);
const texto = (v: string | null) => (v && v.trim() ? v.trim() : VAZIO);

const dinheiro = (rotulo: string, valor: (c: ValoresConhecimento) => string | null): Campo => ({
  rotulo,
  valor,
  igual: mesmoNumero,
  mostrar: (v) => formatBrl(decimal(v).toFixed(2)),
});
const componente = (rotulo: string, campo: keyof ComponentesConemb) => dinheiro(rotulo, (c) => c.componentes?.[campo] ?? null);

/** Notes as "série/número" without leading zeros, sorted: the same notes in another order are the same. */
function notas(lista: NotaConemb[] | null | undefined): string {
  const semZeros = (v: string) => v.trim().replace(/^0+(?=\d)/, '');
  return (lista ?? [])
    .map((n) => `${semZeros(n.serie) || '—'}/${semZeros(n.numero)}`)
    .sort()
    .join(', ');
}

/** At most three notes shown, then how many more. */
function notasMostradas(v: string | null): string {
  const lista = v ? v.split(', ') : [];
  if (!lista.length) return 'nenhuma nota';
  return lista.length > 3 ? `${lista.slice(0, 3).join(', ')} e mais ${lista.length - 3}` : lista.join(', ');
}

const CAMPOS: Campo[] = [
  { rotulo: 'data de emissão', valor: (c) => c.dataEmissao, igual: mesmoTexto, mostrar: (v) => formatDateBr(v) || VAZIO },
  { rotulo: 'condição de frete', valor: (c) => c.condicaoFrete, igual: mesmoTexto, mostrar: texto },
  { rotulo: 'peso', valor: (c) => c.peso, igual: mesmoNumero, mostrar: (v) => `${formatarPeso(decimal(v).toString())} kg` },
  dinheiro('valor total do frete', (c) => c.valorTotalFrete),
  dinheiro('base do ICMS', (c) => c.baseIcms),
  { rotulo: '% de ICMS', valor: (c) => c.percentualIcms, igual: mesmoNumero, mostrar: (v) => formatPercentBr(decimal(v).toString()) },
  dinheiro('valor do ICMS', (c) => c.valorIcms),
  componente('frete peso', 'fretePeso'),
  componente('frete valor', 'freteValor'),
  componente('SEC/CAT', 'secCat'),
  componente('ITR', 'itr'),
  componente('despacho', 'despacho'),
  componente('pedágio', 'pedagio'),
  componente('ADEME', 'ademe'),
  { rotulo: 'CFOP', valor: (c) => c.cfop, igual: mesmoSeAmbos, mostrar: texto },
  { rotulo: 'CNPJ da embarcadora', valor: (c) => c.cnpjEmbarcadora, igual: mesmoTexto, mostrar: texto },
  { rotulo: 'chave do CT-e', valor: (c) => c.chave, igual: mesmoSeAmbos, mostrar: texto },
  { rotulo: 'notas fiscais', valor: (c) => notas(c.notas), igual: mesmoTexto, mostrar: notasMostradas },
];

/** The fields whose values differ between the stored conhecimento and the one re-sent; empty when they are the same. */
export function diferencasConhecimento(antes: ValoresConhecimento, agora: ValoresConhecimento): DiferencaConhecimento[] {
  return CAMPOS.flatMap((c) => {
    const a = c.valor(antes);
    const b = c.valor(agora);
    return c.igual(a, b) ? [] : [{ campo: c.rotulo, antes: c.mostrar(a), agora: c.mostrar(b) }];
  });
}
