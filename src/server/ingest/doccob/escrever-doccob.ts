import type { FaturaDoccob, LayoutDoccob } from '../../../contracts/doccob';
import { dataHoraDoIntercambio } from './cobranca-doccob';
import { CAMPOS, IDS, TAMANHO_REGISTRO, type Campo, type Registro } from './layout-doccob';

const ID_DE = (layout: LayoutDoccob, registro: Registro) => Object.entries(IDS[layout]).find(([, r]) => r === registro)![0];
const dataDdMm = (iso: string | null) => (iso ? `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}` : '');

function formatar(c: Campo, valor: string | null | undefined): string {
  if (valor === null || valor === undefined || valor === '') return c.tipo === 'A' ? ''.padEnd(c.tamanho) : c.tipo === 'D' ? '0'.repeat(8) : ' '.repeat(c.tamanho);
  if (c.tipo === 'A') return valor.slice(0, c.tamanho).padEnd(c.tamanho);
  if (c.tipo === 'D') return dataDdMm(valor);
  const digitos = c.casas ? valor.replace('.', '') : valor;
  return digitos.padStart(c.tamanho, '0');
}

/** One record: its id, then each field at its position, blanks elsewhere, padded to the layout's length. */
function registro(layout: LayoutDoccob, r: Registro, valores: object): string {
  const chars = [...ID_DE(layout, r).padEnd(TAMANHO_REGISTRO[layout])];
  for (const c of CAMPOS[layout][r] ?? []) {
    const valor = (valores as Record<string, unknown>)[c.nome];
    const texto = formatar(c, typeof valor === 'string' ? valor : null);
    for (let i = 0; i < c.tamanho; i++) chars[c.inicio - 1 + i] = texto[i] ?? ' ';
  }
  return chars.join('').trimEnd().padEnd(TAMANHO_REGISTRO[layout]);
}

/**
 * Writes faturas of one carrier as a DOCCOB (tests, the demo's sample files): 000, 350/550, 351/551, then per
 * fatura its 352/552 (5.0: and its 553 when it has ICMS) with each CT-e (353/555) and its notes (354/556), and the 355/559 trailer. Lines end in CRLF.
 */
export function escreverDoccob(faturas: FaturaDoccob[], layout: LayoutDoccob = '3.0A'): string {
  const [primeira] = faturas;
  // Exact: the amounts are decimal strings with two places, summed as integer cents.
  const centavos = faturas.reduce((s, f) => s + BigInt(f.valor.replace('.', '')), 0n).toString().padStart(3, '0');
  const linhas = [
    registro(layout, 'intercambio', {
      remetente: primeira.remetente,
      destinatario: primeira.destinatario,
      idIntercambio: primeira.idIntercambio,
      ...dataHoraDoIntercambio(primeira.dataIntercambio),
    }),
    registro(layout, 'documento', { documento: primeira.documento }),
    registro(layout, 'transportadora', primeira.transportadora),
  ];
  for (const f of faturas) {
    linhas.push(registro(layout, 'fatura', f));
    // 5.0 carries the fatura's taxes in a 553 of its own.
    if (layout === '5.0' && f.valorIcms != null) linhas.push(registro(layout, 'impostos', { valorIcms: f.valorIcms }));
    for (const c of f.ctes) {
      linhas.push(registro(layout, 'cte', { ...c, chave: layout === '3.0A' ? c.chave : undefined }));
      for (const n of c.notas) linhas.push(registro(layout, 'nota', n));
    }
  }
  linhas.push(registro(layout, 'total', { quantidade: String(faturas.length), valorTotal: `${centavos.slice(0, -2)}.${centavos.slice(-2)}` }));
  return linhas.join('\r\n') + '\r\n';
}
