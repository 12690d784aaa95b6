import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatNumberBr } from '../../../domain/format-number-br';

// The chart chunk (React.lazy from indicadores-graficos.tsx): uplot and its CSS load only when a chart shows.

export interface SerieGrafico {
  nome: string;
  valores: (number | null)[];
  /** 'barra': a bar per category; 'limite': a dashed line over the bars (the UF limit). */
  tipo: 'barra' | 'limite';
  cor: string;
}

export interface GraficoBarrasProps {
  rotulos: string[];
  series: SerieGrafico[];
  altura?: number;
}

const porcentagem = (v: number | null) => (v === null ? '—' : `${formatNumberBr(v, { decimals: 2 })} %`);

function opcoes(rotulos: string[], series: SerieGrafico[], largura: number, altura: number): uPlot.Options {
  const barras = series.filter((s) => s.tipo === 'barra').length;
  const alinhamento = (i: number): -1 | 0 | 1 => (barras < 2 ? 0 : i === 0 ? 1 : -1);
  let indiceBarra = 0;
  return {
    width: largura,
    height: altura,
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false, range: [-0.5, rotulos.length - 0.5] } },
    axes: [
      { splits: () => rotulos.map((_, i) => i), values: (_u, valores) => valores.map((i) => rotulos[i] ?? ''), gap: 4 },
      { values: (_u, valores) => valores.map((v) => `${formatNumberBr(v, { maxDecimals: 2 })} %`), size: 60 },
    ],
    series: [
      { label: 'Categoria', value: (_u, i) => (i === null ? '' : (rotulos[i] ?? '')) },
      ...series.map((s): uPlot.Series => {
        const comum = { label: s.nome, stroke: s.cor, value: (_u: uPlot, v: number | null) => porcentagem(v) };
        if (s.tipo === 'limite') return { ...comum, width: 2, dash: [6, 4], points: { show: true, size: 6 } };
        const paths = uPlot.paths.bars?.({ size: [barras < 2 ? 0.6 : 0.35, 60], align: alinhamento(indiceBarra++) });
        return { ...comum, fill: s.cor, width: 0, paths, points: { show: false } };
      }),
    ],
  };
}

/** A small bar chart of percentages by category, drawn on a canvas; where there is no canvas (jsdom) nothing is drawn. */
export function GraficoBarras({ rotulos, series, altura = 220 }: GraficoBarrasProps) {
  const alvo = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = alvo.current;
    if (!el) return;
    const dados: uPlot.AlignedData = [rotulos.map((_, i) => i), ...series.map((s) => s.valores)];
    let grafico: uPlot | null = null;
    try {
      grafico = new uPlot(opcoes(rotulos, series, Math.max(320, el.clientWidth || 480), altura), dados, el);
    } catch (e) {
      // The numbers are also listed as text under the chart: a browser that cannot draw loses nothing.
      console.warn('Gráfico não desenhado', e);
    }
    return () => grafico?.destroy();
  }, [rotulos, series, altura]);
  return <div ref={alvo} aria-hidden data-grafico />;
}
