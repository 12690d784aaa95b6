import { formatNumberBr } from '../../../domain/format-number-br';

// Where every label of a bar chart goes, computed here and not measured by the browser: the chart draws these
// boxes, and a test (no layout in jsdom) checks that they never overlap (docs/style.md 14).

/** Label font size (px) and the height of its line box. */
export const FONTE = 11;
export const LINHA = 14;

export interface Caixa {
  x: number;
  y: number;
  largura: number;
  altura: number;
}

/** A category: `curto` is what the axis shows (the UF code), `nome` the full name (title and focus). */
export interface Categoria {
  curto: string;
  nome: string;
}

export interface RotuloCategoria {
  texto: string;
  nome: string;
  caixa: Caixa;
  /** 0: read left to right; -90: read bottom to top (the box is the rotated text's). */
  rotacao: 0 | -90;
  /** The band of the bar along the category axis (x for vertical bars, y for horizontal). */
  faixa: { inicio: number; tamanho: number };
}

export interface MarcaEixo {
  valor: number;
  /** Pixel position along the value axis. */
  posicao: number;
  texto: string;
  caixa: Caixa;
}

export interface LayoutGrafico {
  orientacao: 'vertical' | 'horizontal';
  largura: number;
  altura: number;
  area: Caixa;
  /** The value axis runs from 0 to `topo`. */
  topo: number;
  categorias: RotuloCategoria[];
  marcas: MarcaEixo[];
  /** The unit's name ("R$/kg", "%") over the value axis. */
  unidade: { texto: string; caixa: Caixa };
}

const LARGURA_EM: [RegExp, number][] = [
  [/[MWmw@]/, 1],
  [/[A-Z]/, 0.78],
  [/[0-9]/, 0.64],
  [/[ijlI!.,:;|']/, 0.32],
  [/[ frt()\-/]/, 0.42],
  [/[a-z]/, 0.63],
];

/** An upper estimate of a text's width in px (DejaVu Sans and Arial stay under it), accents ignored. */
export function larguraTexto(texto: string, fonte = FONTE): number {
  let em = 0;
  for (const c of texto.normalize('NFD').replace(/[\u0300-\u036f]/g, '')) em += LARGURA_EM.find(([r]) => r.test(c))?.[1] ?? 0.8;
  return Math.ceil(em * fonte);
}

/** The text cut with "…" to fit `maximo` px (the full text goes to the title). */
export function cortarTexto(texto: string, maximo: number): string {
  if (larguraTexto(texto) <= maximo) return texto;
  let corte = texto;
  while (corte.length > 1 && larguraTexto(`${corte}…`) > maximo) corte = corte.slice(0, -1);
  return `${corte.trimEnd()}…`;
}

/** Round steps from zero covering `maximo` (bars are proportional only from zero). */
export function escalaDeZero(maximo: number, quantas = 5): { topo: number; passo: number } {
  if (!(maximo > 0)) return { topo: 1, passo: 0.25 };
  const bruto = maximo / quantas;
  const magnitude = 10 ** Math.floor(Math.log10(bruto));
  const passo = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= bruto) ?? 10) * magnitude;
  return { topo: Math.ceil(maximo / passo - 1e-9) * passo, passo };
}

const textoMarca = (v: number) => formatNumberBr(Number(v.toPrecision(12)), { maxDecimals: 4 });

/** The value axis's ticks, fewer when their labels would touch. */
function marcasEixo(maximo: number, comprimento: number, vertical: boolean): { topo: number; valores: number[] } {
  for (let quantas = 5; quantas >= 1; quantas--) {
    const { topo, passo } = escalaDeZero(maximo, quantas);
    const valores = Array.from({ length: Math.round(topo / passo) + 1 }, (_, i) => i * passo);
    const espaco = comprimento / (valores.length - 1);
    const ocupa = vertical ? LINHA : Math.max(...valores.map((v) => larguraTexto(textoMarca(v))));
    if (ocupa + 6 <= espaco || quantas === 1) return { topo, valores };
  }
  return { topo: 1, valores: [0, 1] };
}

export interface EntradaLayout {
  categorias: Categoria[];
  /** The largest value drawn (bars and limits). */
  maximo: number;
  unidade: string;
  largura: number;
}

const TOPO = LINHA + 12;
const ALTURA_VERTICAL = 150;
const DIREITA = 12;

/** Vertical bars when the short labels fit one per band (rotated if need be), else horizontal bars. */
export function layoutGrafico(e: EntradaLayout): LayoutGrafico {
  const maiorCurto = Math.max(0, ...e.categorias.map((c) => larguraTexto(c.curto)));
  const eixo = marcasEixo(e.maximo, ALTURA_VERTICAL, true);
  const esquerda = 10 + Math.max(...eixo.valores.map((v) => larguraTexto(textoMarca(v))));
  const faixa = (e.largura - esquerda - DIREITA) / Math.max(1, e.categorias.length);
  if (maiorCurto <= 48 && faixa >= LINHA + 2) return vertical(e, eixo, esquerda, faixa, maiorCurto + 4 <= faixa);
  return horizontal(e);
}

function unidade(texto: string, x: number): LayoutGrafico['unidade'] {
  return { texto, caixa: { x, y: 2, largura: larguraTexto(texto), altura: LINHA } };
}

type Eixo = ReturnType<typeof marcasEixo>;

function vertical(e: EntradaLayout, eixo: Eixo, esquerda: number, faixa: number, deitado: boolean): LayoutGrafico {
  const maiorCurto = Math.max(0, ...e.categorias.map((c) => larguraTexto(c.curto)));
  const baixo = (deitado ? LINHA : maiorCurto) + 8;
  const area = { x: esquerda, y: TOPO, largura: e.largura - esquerda - DIREITA, altura: ALTURA_VERTICAL };
  const categorias = e.categorias.map((c, i): RotuloCategoria => {
    const centro = area.x + faixa * (i + 0.5);
    const largura = larguraTexto(c.curto);
    const caixa = deitado
      ? { x: centro - largura / 2, y: area.y + area.altura + 4, largura, altura: LINHA }
      : { x: centro - LINHA / 2, y: area.y + area.altura + 4, largura: LINHA, altura: largura };
    return { texto: c.curto, nome: c.nome, caixa, rotacao: deitado ? 0 : -90, faixa: { inicio: centro - faixa * 0.3, tamanho: faixa * 0.6 } };
  });
  const marcas = eixo.valores.map((valor): MarcaEixo => {
    const posicao = area.y + area.altura - (valor / eixo.topo) * area.altura;
    const texto = textoMarca(valor);
    const largura = larguraTexto(texto);
    return { valor, posicao, texto, caixa: { x: esquerda - 6 - largura, y: posicao - LINHA / 2, largura, altura: LINHA } };
  });
  return { orientacao: 'vertical', largura: e.largura, altura: area.y + area.altura + baixo, area, topo: eixo.topo, categorias, marcas, unidade: unidade(e.unidade, 2) };
}

function horizontal(e: EntradaLayout): LayoutGrafico {
  const linha = LINHA + 6;
  const maximoRotulo = Math.max(80, Math.floor(e.largura * 0.35));
  const textos = e.categorias.map((c) => cortarTexto(c.nome, maximoRotulo));
  const esquerda = 10 + Math.max(0, ...textos.map((t) => larguraTexto(t)));
  const area = { x: esquerda, y: TOPO, largura: e.largura - esquerda - DIREITA - 8, altura: linha * e.categorias.length };
  const eixo = marcasEixo(e.maximo, area.largura, false);
  const categorias = e.categorias.map((c, i): RotuloCategoria => {
    const centro = area.y + linha * (i + 0.5);
    const largura = larguraTexto(textos[i]);
    return { texto: textos[i], nome: c.nome, rotacao: 0, caixa: { x: esquerda - 6 - largura, y: centro - LINHA / 2, largura, altura: LINHA }, faixa: { inicio: centro - linha * 0.35, tamanho: linha * 0.7 } };
  });
  const marcas = eixo.valores.map((valor): MarcaEixo => {
    const posicao = area.x + (valor / eixo.topo) * area.largura;
    const texto = textoMarca(valor);
    const largura = larguraTexto(texto);
    const x = Math.min(e.largura - largura, Math.max(0, posicao - largura / 2));
    return { valor, posicao, texto, caixa: { x, y: area.y + area.altura + 4, largura, altura: LINHA } };
  });
  return { orientacao: 'horizontal', largura: e.largura, altura: area.y + area.altura + LINHA + 8, area, topo: eixo.topo, categorias, marcas, unidade: unidade(e.unidade, area.x) };
}

/** A value's pixel length along the value axis (0 for an unknown value). */
export function comprimento(l: LayoutGrafico, valor: number | null): number {
  if (valor === null || !(valor > 0)) return 0;
  return (Math.min(valor, l.topo) / l.topo) * (l.orientacao === 'vertical' ? l.area.altura : l.area.largura);
}
