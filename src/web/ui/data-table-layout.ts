import { useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';

/**
 * What a column holds (docs/decisoes.md §35): dates, money, quantities (weights, volumes),
 * codes (document numbers, CNPJ, plates, UF, short status labels) and controls (checkboxes, buttons, icons)
 * are never cut: they size to the widest value of the page, never under the width of their pt-BR format.
 * Names and free text share what is left, cut with an ellipsis; the full text is the cell's title (hover)
 * and, for the selected row of the focused grid, the line under the grid.
 */
export type ColumnKind = 'date' | 'money' | 'quantity' | 'code' | 'control' | 'name' | 'text';

export const KINDS_INTEIROS: ReadonlySet<ColumnKind> = new Set(['date', 'money', 'quantity', 'code', 'control']);

export interface ColumnaDimensionavel {
  id: string;
  header: string;
  kind: ColumnKind;
  /** A minimum: a CSS length in px ("120px"); for names and text an "fr" value is their share of what is left. */
  width?: string;
  /** Hidden when the essential columns do not fit the grid's width (then listed under the grid: Enter opens the record). */
  opcional?: boolean;
  sortable?: boolean;
  headerContent?: ReactNode;
}

/** A digit of the row's font (14 px sans) and a cell's horizontal padding (px 3, both sides). */
const CH_PX = 8;
const PADDING_PX = 24;
/** The smallest width of each kind: its pt-BR format ("dd/mm/aaaa", "R$ 0,00", "0,000"), or room for a name. */
const MINIMO_CH: Record<ColumnKind, number> = { date: 10, money: 7, quantity: 5, code: 2, control: 0, name: 12, text: 8 };
/** A header letter (xs, semibold, uppercase) and the sort arrow. */
const CAB_CH_PX = 8;
const SETA_PX = 18;

const px = (largura?: string) => (largura?.endsWith('px') ? Number.parseFloat(largura) : 0);

/** The narrowest a column may be: its kind's format, its header's longest word, its declared minimum. */
export function larguraMinima(c: ColumnaDimensionavel): number {
  const palavra = c.headerContent ? 0 : Math.max(0, ...c.header.split(/\s+/).map((p) => p.length));
  const cabecalho = palavra * CAB_CH_PX + PADDING_PX + (c.sortable ? SETA_PX : 0);
  return Math.max(MINIMO_CH[c.kind] * CH_PX + PADDING_PX, cabecalho, px(c.width));
}

/** The CSS grid track of a column: content-sized kinds in px, names and text flexible. */
export function trilha(c: ColumnaDimensionavel, medida: number | undefined): string {
  const minimo = larguraMinima(c);
  if (KINDS_INTEIROS.has(c.kind)) return `${Math.ceil(Math.max(minimo, medida ?? 0))}px`;
  const parte = c.width?.endsWith('fr') ? c.width : c.kind === 'name' ? '2fr' : '1fr';
  return `minmax(${minimo}px, ${parte})`;
}

/** The columns shown in `largura` px: optional ones dropped from the end until the rest fits. */
export function colunasQueCabem<C extends ColumnaDimensionavel>(colunas: readonly C[], medidas: Record<string, number>, largura: number): C[] {
  const visiveis = [...colunas];
  const soma = () => visiveis.reduce((s, c) => s + Math.max(larguraMinima(c), KINDS_INTEIROS.has(c.kind) ? (medidas[c.id] ?? 0) : 0), 0);
  // Nothing measured yet (no layout): every column.
  const medido = Object.keys(medidas).length > 0;
  while (medido && largura > 0 && soma() > largura) {
    const i = visiveis.findLastIndex((c) => c.opcional);
    if (i < 0) break;
    visiveis.splice(i, 1);
  }
  return visiveis;
}

const mesmo = (a: Record<string, number>, b: Record<string, number>) => Object.keys(b).every((k) => a[k] === b[k]);

/**
 * Measures the grid after each render: the widest content of each content-sized column (its cells' inner
 * span, `data-medida`), the grid's width, and which name/text cells are cut (their title gets the full text).
 * Answers the measures and the full text of the cut cells of the selected row.
 */
export function useMedidasDaGrade(grade: RefObject<HTMLElement | null>) {
  const [medidas, setMedidas] = useState<Record<string, number>>({});
  const [largura, setLargura] = useState(0);
  const [completo, setCompleto] = useState('');

  // After every render (new rows, a new page, a resize): it sets state only when a measure changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const g = grade.current;
    if (!g) return;
    const novas: Record<string, number> = {};
    for (const el of Array.from(g.querySelectorAll<HTMLElement>('[data-medida]'))) {
      const id = el.dataset.medida!;
      // As wide as the whole grid: no layout (jsdom answers one size for everything), not a measure.
      if (el.offsetWidth >= g.clientWidth) continue;
      novas[id] = Math.max(novas[id] ?? 0, el.offsetWidth + PADDING_PX + 1);
    }
    if (!mesmo(medidas, novas)) setMedidas((m) => ({ ...m, ...novas }));
    const cortes: string[] = [];
    for (const cel of Array.from(g.querySelectorAll<HTMLElement>('[data-flex]'))) {
      const texto = (cel.textContent ?? '').trim();
      const cortada = cel.scrollWidth > cel.clientWidth + 1;
      if (cortada) cel.title = texto;
      else cel.removeAttribute('title');
      if (cortada && cel.parentElement?.getAttribute('aria-selected') === 'true') cortes.push(`${cel.dataset.flex}: ${texto}`);
    }
    const texto = cortes.join(' · ');
    if (texto !== completo) setCompleto(texto);
  });

  useLayoutEffect(() => {
    const g = grade.current;
    if (!g) return;
    const medir = () => setLargura(g.clientWidth);
    medir();
    if (typeof ResizeObserver === 'undefined') return;
    const obs = new ResizeObserver(medir);
    obs.observe(g);
    return () => obs.disconnect();
  }, [grade]);

  return { medidas, largura, completo };
}
