import Decimal from 'decimal.js';
import type { ArquivoConemb, ConhecimentoConemb, LayoutConemb, NotaConemb } from '../../../contracts/conemb';
import type { Campo } from '../doccob/layout-doccob';
import { CAMPOS, INICIO_NOTAS, POSICAO, SLOTS_NOTA, TAMANHO_CFOP31, TAMANHO_REGISTRO, TAMANHO_SLOT, familia, type FamiliaConemb } from './layout-conemb';

// The CONEMB writer (tests, the bench, the demo's sample files). It builds each record from whole fields
// (no per-character work: a 10,000-conhecimento file takes a few hundred milliseconds) and refuses, with an Error,
// a value that does not fit its field rather than cut it.

/** A record's values by field name (anything that is not a string is written blank). */
type Valores = Record<string, unknown>;

const ID = {
  '3.x': { documento: '320', transportadora: '321', conhecimento: '322', total: '323' },
  '5.0': { documento: '520', transportadora: '521', conhecimento: '522', valores: '523', nota: '524', total: '529' },
} as const;

/** The trailer's count has 4 digits: bigger files go in several 320…323 (520…529) blocks. */
const POR_BLOCO = 9999;

const a = (nome: string, inicio: number, tamanho: number): Campo => ({ nome, inicio, tamanho, tipo: 'A' });
/** The 3.x 322 as written: the reader's fields, the 40 note slots as one field, then the tail of 3.0 or 3.1. */
const campos322 = CAMPOS['3.x'].conhecimento!;
const SLOTS = a('notas', INICIO_NOTAS, SLOTS_NOTA * TAMANHO_SLOT);
const porPosicao = (campos: Campo[]) => campos.sort((x, y) => x.inicio - y.inicio);
const CONHECIMENTO_30 = porPosicao([...campos322, SLOTS, a('cfopLongo', POSICAO.continuacao, 4)]);
const CONHECIMENTO_31 = porPosicao([...campos322, SLOTS, a('continuacao', POSICAO.continuacao, 1), a('cfop', POSICAO.cfop31, TAMANHO_CFOP31), a('chave', POSICAO.chave31, 44)]);
const SLOT_VAZIO = `   ${'0'.repeat(TAMANHO_SLOT - 3)}`;

const naoCabe = (c: Campo, valor: string): never => {
  throw new Error(`CONEMB: o valor "${valor}" não cabe no campo ${c.nome} (posição ${c.inicio}, ${c.tamanho} caracteres).`);
};

const SIMPLES: Record<number, RegExp> = { 2: /^\d+\.\d{2}$/, 3: /^\d+\.\d{3}$/ };

/** A decimal string with exactly `casas` places, without the point ("33.38", 2 → "3338"); more places than the field has is an error. */
function digitosDecimais(c: Campo, valor: string): string {
  const casas = c.casas!;
  if (SIMPLES[casas]?.test(valor)) return valor.replace('.', '');
  const d = new Decimal(valor);
  if (d.isNegative() || d.decimalPlaces() > casas) naoCabe(c, valor);
  return d.toFixed(casas).replace('.', '');
}

function formatar(c: Campo, valor: string | null | undefined): string {
  if (valor === null || valor === undefined || valor === '') return c.tipo === 'D' ? '0'.repeat(c.tamanho) : ' '.repeat(c.tamanho);
  let texto: string;
  if (c.tipo === 'A') texto = valor.padEnd(c.tamanho);
  else if (c.tipo === 'D') texto = `${valor.slice(8, 10)}${valor.slice(5, 7)}${valor.slice(0, 4)}`;
  else if (c.casas) texto = digitosDecimais(c, valor).padStart(c.tamanho, '0');
  else texto = /^\d+$/.test(valor) ? valor.padStart(c.tamanho, '0') : naoCabe(c, valor);
  return texto.length > c.tamanho ? naoCabe(c, valor) : texto;
}

/** One record: its id, each field at its position (the fields sorted by position), blanks between, padded to the record's length. */
function registro(id: string, tamanho: number, campos: Campo[], valores: object): string {
  let linha = id;
  let posicao = 4;
  for (const c of campos) {
    const bruto = (valores as Valores)[c.nome];
    const valor = typeof bruto === 'string' ? bruto : null;
    if (c.inicio + c.tamanho - 1 > tamanho && valor === null) continue;
    if (c.inicio > posicao) linha += ' '.repeat(c.inicio - posicao);
    linha += formatar(c, valor);
    posicao = c.inicio + c.tamanho;
  }
  return linha.length < tamanho ? linha.padEnd(tamanho) : linha;
}

const slot = (n: NotaConemb) => `${n.serie.padEnd(3)}${n.numero.padStart(TAMANHO_SLOT - 3, '0')}`;

const valores322 = (c: ConhecimentoConemb): Valores => ({ ...c, ...c.componentes });

/** 3.0: one 322 (at most 40 notes; a CFOP of up to 3 characters at 202, a longer one from 675 as real files do). */
function conhecimento30(c: ConhecimentoConemb): string[] {
  if (c.notas.length > SLOTS_NOTA) throw new Error(`CONEMB 3.0: o conhecimento ${c.numero} tem ${c.notas.length} notas; o layout comporta ${SLOTS_NOTA} (use o 3.1).`);
  const curto = c.cfop !== null && c.cfop.length <= 3;
  if (c.cfop !== null && !curto && !/^\d{4}$/.test(c.cfop)) throw new Error(`CONEMB 3.0: o CFOP "${c.cfop}" não cabe no layout (3 caracteres na 202 ou 4 dígitos na 675).`);
  const notas = c.notas.map(slot).join('') + SLOT_VAZIO.repeat(SLOTS_NOTA - c.notas.length);
  return [registro('322', TAMANHO_REGISTRO['3.x'], CONHECIMENTO_30, {
    ...valores322(c),
    cfop30: curto ? c.cfop : null,
    cfopLongo: curto ? null : c.cfop,
    notas,
  })];
}

/** 3.1: a 322 per 40 notes (C at 675 when the next continues it, U on the last), the CFOP at 676, the key at 682 when known. */
function conhecimento31(c: ConhecimentoConemb): string[] {
  const partes = Math.max(1, Math.ceil(c.notas.length / SLOTS_NOTA));
  return Array.from({ length: partes }, (_, i) => {
    const notas = c.notas.slice(i * SLOTS_NOTA, (i + 1) * SLOTS_NOTA);
    return registro('322', TAMANHO_REGISTRO['3.x'], CONHECIMENTO_31, {
      ...valores322(c),
      continuacao: i < partes - 1 ? 'C' : 'U',
      notas: notas.map(slot).join('') + SLOT_VAZIO.repeat(SLOTS_NOTA - notas.length),
    });
  });
}

/** 5.0: the 522, its 523 (frete valor at 71; ad valorem at 86 left blank) and a 524 per note. */
function conhecimento50(c: ConhecimentoConemb): string[] {
  const t = TAMANHO_REGISTRO['5.0'];
  return [
    registro('522', t, CAMPOS['5.0'].conhecimento!, c),
    registro('523', t, CAMPOS['5.0'].valores!, valores322(c)),
    ...c.notas.map((n) => registro('524', t, CAMPOS['5.0'].nota!, n)),
  ];
}

function centavos(valor: string): bigint {
  return BigInt(digitosDecimais({ nome: 'valorTotalFrete', inicio: 0, tamanho: 15, tipo: 'N', casas: 2 }, valor));
}

function bloco(arquivo: ArquivoConemb, layout: LayoutConemb, conhecimentos: ConhecimentoConemb[]): string[] {
  const fam: FamiliaConemb = familia(layout);
  const t = TAMANHO_REGISTRO[fam];
  const escrever = layout === '5.0' ? conhecimento50 : layout === '3.1' ? conhecimento31 : conhecimento30;
  const linhas = [registro(ID[fam].documento, t, CAMPOS[fam].documento!, arquivo), registro(ID[fam].transportadora, t, CAMPOS[fam].transportadora!, arquivo.transportadora)];
  for (const c of conhecimentos) linhas.push(...escrever(c));
  const soma = conhecimentos.reduce((s, c) => s + centavos(c.valorTotalFrete), 0n).toString().padStart(3, '0');
  linhas.push(registro(ID[fam].total, t, CAMPOS[fam].total!, { quantidade: String(conhecimentos.length), valorTotal: `${soma.slice(0, -2)}.${soma.slice(-2)}` }));
  return linhas;
}

/**
 * Writes a CONEMB (CRLF lines of the layout's length; a 3.1 322 with a CT-e key runs to 725): 000, then per
 * block of up to 9,999 conhecimentos 320/321, the conhecimentos and the 323 trailer (5.0: 520/521, 522 + 523 +
 * 524s, 529). The trailer is computed from the conhecimentos (arquivo.total and arquivo.avisos are not
 * written). What a layout has no place for is left out: 3.x keeps no plate and only série and número of each
 * note, 3.0 no key. lerConemb reads the result back to the same values (at the layout's precision: 3.x weights
 * have 2 decimals, 5.0 weights 3).
 */
export function escreverConemb(arquivo: ArquivoConemb, layout: LayoutConemb = '3.0'): string {
  const fam = familia(layout);
  const linhas = [registro('000', TAMANHO_REGISTRO[fam], CAMPOS[fam].intercambio!, arquivo)];
  for (let i = 0; i < Math.max(1, arquivo.conhecimentos.length); i += POR_BLOCO) linhas.push(...bloco(arquivo, layout, arquivo.conhecimentos.slice(i, i + POR_BLOCO)));
  return linhas.join('\r\n') + '\r\n';
}
