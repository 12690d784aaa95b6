import { useLayoutEffect, useMemo, useRef, useState, type SVGProps } from 'react';
import { comprimento, FONTE, layoutGrafico, LINHA, type Categoria, type LayoutGrafico, type RotuloCategoria } from './layout-grafico';

export interface GraficoBarrasProps {
  categorias: Categoria[];
  valores: (number | null)[];
  /** The UF limit of each category, drawn as a mark across its bar. */
  limites?: (number | null)[];
  /** The value axis's one unit ("R$/kg", "%"). */
  unidade: string;
  cor: string;
  /** What each bar says when hovered (its full name and numbers). */
  textos: string[];
  atual: number | null;
  onAtual: (indice: number | null) => void;
}

export const COR_LIMITE = '#b91c1c';
const LARGURA_SEM_LAYOUT = 480;

/** The box's width, followed as it changes (jsdom has none: a default width). */
function useLargura() {
  const alvo = useRef<HTMLDivElement>(null);
  const [largura, setLargura] = useState(LARGURA_SEM_LAYOUT);
  useLayoutEffect(() => {
    const el = alvo.current;
    if (!el) return;
    const medir = () => setLargura(Math.max(280, Math.floor(el.clientWidth) || LARGURA_SEM_LAYOUT));
    medir();
    if (typeof ResizeObserver === 'undefined') return;
    const observador = new ResizeObserver(medir);
    observador.observe(el);
    return () => observador.disconnect();
  }, []);
  return { alvo, largura };
}

function RotuloEixo({ r, vertical }: { r: RotuloCategoria; vertical: boolean }) {
  const { caixa } = r;
  const meio = caixa.x + caixa.largura / 2;
  const props: SVGProps<SVGTextElement> =
    r.rotacao === -90
      ? { x: meio, y: caixa.y, textAnchor: 'end', transform: `rotate(-90 ${meio} ${caixa.y})` }
      : { x: vertical ? meio : caixa.x + caixa.largura, y: caixa.y + caixa.altura / 2, textAnchor: vertical ? 'middle' : 'end' };
  return (
    <text {...props} dominantBaseline="central" data-rotulo={r.nome}>
      <title>{r.nome}</title>
      {r.texto}
    </text>
  );
}

function Eixos({ l }: { l: LayoutGrafico }) {
  const { area } = l;
  const vertical = l.orientacao === 'vertical';
  return (
    <g fontSize={FONTE} fill="#374151">
      <text x={l.unidade.caixa.x} y={l.unidade.caixa.y + LINHA / 2} dominantBaseline="central" fontWeight="600" data-unidade>
        {l.unidade.texto}
      </text>
      {l.marcas.map((m) => (
        <g key={m.valor}>
          {vertical ? (
            <line x1={area.x} x2={area.x + area.largura} y1={m.posicao} y2={m.posicao} stroke={m.valor === 0 ? '#374151' : '#e5e7eb'} />
          ) : (
            <line y1={area.y} y2={area.y + area.altura} x1={m.posicao} x2={m.posicao} stroke={m.valor === 0 ? '#374151' : '#e5e7eb'} />
          )}
          <text x={m.caixa.x + (vertical ? m.caixa.largura : m.caixa.largura / 2)} y={m.caixa.y + LINHA / 2} textAnchor={vertical ? 'end' : 'middle'} dominantBaseline="central" data-marca>
            {m.texto}
          </text>
        </g>
      ))}
    </g>
  );
}

function Barra({ l, i, valor, limite, cor, texto, destaque, onAtual }: { l: LayoutGrafico; i: number; valor: number | null; limite: number | null; cor: string; texto: string; destaque: boolean; onAtual: (i: number | null) => void }) {
  const { area } = l;
  const { inicio, tamanho } = l.categorias[i].faixa;
  const len = comprimento(l, valor);
  const vertical = l.orientacao === 'vertical';
  const barra = vertical ? { x: inicio, y: area.y + area.altura - len, width: tamanho, height: len } : { x: area.x, y: inicio, width: len, height: tamanho };
  const lim = limite === null ? null : comprimento(l, limite);
  return (
    <g onMouseEnter={() => onAtual(i)} onMouseLeave={() => onAtual(null)} data-barra={l.categorias[i].nome}>
      <title>{texto}</title>
      {/* The whole band answers the mouse, not only the (maybe tiny) bar. */}
      <rect {...(vertical ? { x: inicio, y: area.y, width: tamanho, height: area.altura } : { x: area.x, y: inicio, width: area.largura, height: tamanho })} fill={destaque ? '#f3f4f6' : 'transparent'} />
      <rect {...barra} fill={cor} stroke={destaque ? '#111827' : 'none'} />
      {lim !== null &&
        (vertical ? (
          <line x1={inicio - 3} x2={inicio + tamanho + 3} y1={area.y + area.altura - lim} y2={area.y + area.altura - lim} stroke={COR_LIMITE} strokeWidth={2.5} data-limite />
        ) : (
          <line y1={inicio - 2} y2={inicio + tamanho + 2} x1={area.x + lim} x2={area.x + lim} stroke={COR_LIMITE} strokeWidth={2.5} data-limite />
        ))}
    </g>
  );
}

/** A bar chart drawn in SVG from `layoutGrafico`: one unit on its value axis, from zero, labels never overlapping. */
export function GraficoBarras({ categorias, valores, limites, unidade, cor, textos, atual, onAtual }: GraficoBarrasProps) {
  const { alvo, largura } = useLargura();
  const maximo = Math.max(0, ...valores.map((v) => v ?? 0), ...(limites ?? []).map((v) => v ?? 0));
  const l = useMemo(() => layoutGrafico({ categorias, maximo, unidade, largura }), [categorias, maximo, unidade, largura]);
  return (
    <div ref={alvo} data-grafico>
      <svg width={l.largura} height={l.altura} aria-hidden data-orientacao={l.orientacao} style={{ display: 'block', overflow: 'visible' }}>
        <Eixos l={l} />
        {valores.map((v, i) => (
          <Barra key={`${i}-${l.categorias[i].nome}`} l={l} i={i} valor={v} limite={limites?.[i] ?? null} cor={cor} texto={textos[i] ?? ''} destaque={atual === i} onAtual={onAtual} />
        ))}
        <g fontSize={FONTE} fill="#374151">
          {l.categorias.map((r, i) => (
            <RotuloEixo key={`${i}-${r.nome}`} r={r} vertical={l.orientacao === 'vertical'} />
          ))}
        </g>
      </svg>
    </div>
  );
}
