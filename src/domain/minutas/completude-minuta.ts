import type { Minuta, StatusMinuta } from '../../contracts/minutas';

// Spec 03 §4 "Minuta status": a minuta is complete (selectable, confirmable) only if it is PENDENTE; origin,
// destination, carrier, client, number, invoice, sender CNPJ, taker CNPJ, weight and freight value are filled;
// and it has at least one nota fiscal and one cost element. One function for the list's header and row
// checkboxes, the row's tooltip, the modal and the server's confirmation.

/** What completeness looks at: a list row or a whole minuta. */
export interface DadosCompletudeMinuta {
  status: StatusMinuta;
  origem: unknown;
  destino: unknown;
  transportadora: unknown;
  cliente: unknown;
  numero: string | null;
  fatura: string | null;
  cnpjRemetente: string | null;
  cnpjTomador: string | null;
  peso: string | null;
  valorTotalFrete: string | null;
  quantidadeNotasFiscais: number;
  quantidadeElementosCusto: number;
}

/** A whole minuta (the modal, the server) seen as completeness data. */
export const dadosCompletude = (m: Minuta): DadosCompletudeMinuta => ({
  ...m,
  quantidadeNotasFiscais: m.notasFiscais.length,
  quantidadeElementosCusto: m.elementosCusto.length,
});

const vazio = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
/** Weight and freight are "filled" when given and above zero (a zero freight is not a freight). */
const positivo = (v: string | null) => !vazio(v) && Number(v) > 0;

const EXIGENCIAS: ReadonlyArray<readonly [string, (m: DadosCompletudeMinuta) => boolean]> = [
  ['origem', (m) => !vazio(m.origem)],
  ['destino', (m) => !vazio(m.destino)],
  ['transportadora', (m) => !vazio(m.transportadora)],
  ['cliente', (m) => !vazio(m.cliente)],
  ['nº da minuta', (m) => !vazio(m.numero)],
  ['nº da fatura', (m) => !vazio(m.fatura)],
  ['CNPJ do remetente', (m) => !vazio(m.cnpjRemetente)],
  ['CNPJ do tomador', (m) => !vazio(m.cnpjTomador)],
  ['peso bruto', (m) => positivo(m.peso)],
  ['valor do frete', (m) => positivo(m.valorTotalFrete)],
  ['ao menos uma nota fiscal', (m) => m.quantidadeNotasFiscais > 0],
  ['ao menos um elemento de custo', (m) => m.quantidadeElementosCusto > 0],
];

/** What a PENDENTE minuta still lacks, in the spec's order (lower-case words for a sentence); [] when complete. */
export function faltasMinuta(m: DadosCompletudeMinuta): string[] {
  return EXIGENCIAS.filter(([, ok]) => !ok(m)).map(([nome]) => nome);
}

/** Complete = PENDENTE and nothing missing: it may be selected and confirmed. */
export const minutaCompleta = (m: DadosCompletudeMinuta): boolean => m.status === 'PENDENTE' && faltasMinuta(m).length === 0;

/** The row checkbox's tooltip: why it cannot be selected, or that it can. */
export function dicaCompletude(m: DadosCompletudeMinuta): string {
  if (m.status !== 'PENDENTE') return m.status === 'PREENCHIDO' ? 'Minuta já confirmada.' : 'Minuta já convertida em CT-e.';
  const faltas = faltasMinuta(m);
  return faltas.length === 0 ? 'Minuta completa: pode ser confirmada.' : `Falta: ${faltas.join(', ')}.`;
}
