import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { css } from '../../../../styled-system/css';
import type { GrupoIndicador } from '../../../contracts/indicadores';
import { formatNumberBr } from '../../../domain/format-number-br';
import { formatarIndicador } from '../../../domain/indicadores/indicadores-frete';
import { useResumoIndicadores, type FiltroIndicadoresEntrada } from '../../api/indicadores-api';
import { COR_LIMITE, GraficoBarras } from './grafico-barras';
import type { Categoria } from './layout-grafico';

const COR_PESO = '#2563eb';
const COR_VALOR = '#0d9488';

const estilos = {
  grade: css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(440px, 1fr))', gap: '3', mb: '3' }),
  figura: css({
    borderWidth: '1px',
    borderColor: 'gray.200',
    borderRadius: 'md',
    p: '2',
    bg: 'white',
    minWidth: 0,
    outline: 'none',
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '1px' },
  }),
  titulo: css({ fontSize: 'sm', fontWeight: 'semibold', mb: '1' }),
  detalhe: css({ fontSize: 'xs', color: 'gray.700', minHeight: '4', mt: '1', display: 'flex', gap: '2', alignItems: 'center', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }),
  legenda: css({ display: 'inline-block', width: '4', height: '0.5', flexShrink: 0 }),
  oculto: css({ srOnly: true }),
};

type Medida = 'peso' | 'valor';
const numero = (v: string | null) => (v === null ? null : Number(v));
// Spec 03 §2.6 and docs/decisoes.md §25: both indicators at the limits' scale, 4 decimals; unknown is "—".
const medir = (medida: Medida, v: string | null) => (v === null ? '—' : formatarIndicador(medida, v, 4));
const notas = (n: number) => `${formatNumberBr(n)} ${n === 1 ? 'nota' : 'notas'}`;
const limite = (medida: Medida, v: string | null) => (v === null ? 'sem limite' : `limite ${medir(medida, v)}`);

/** "São Paulo: frete peso R$ 1,2300/kg (limite R$ 1,5000/kg), 40 notas, 3 acima do limite". */
export function textoUf(g: GrupoIndicador, medida: Medida): string {
  const [valor, lim, vermelhas] = medida === 'peso' ? [g.fretePeso, g.limiteFretePeso, g.vermelhasPeso] : [g.freteValor, g.limiteFreteValor, g.vermelhasValor];
  return `${g.rotulo}: frete ${medida} ${medir(medida, valor)} (${limite(medida, lim)}), ${notas(g.notas)}, ${formatNumberBr(vermelhas)} acima do limite`;
}

/** "Expresso X: frete peso R$ 1,2300/kg, 40 notas, 3 acima do limite da UF". */
export function textoTransportadora(g: GrupoIndicador, medida: Medida): string {
  const [valor, vermelhas] = medida === 'peso' ? [g.fretePeso, g.vermelhasPeso] : [g.freteValor, g.vermelhasValor];
  return `${g.rotulo}: frete ${medida} ${medir(medida, valor)}, ${notas(g.notas)}, ${formatNumberBr(vermelhas)} acima do limite da UF`;
}

interface Figura {
  titulo: string;
  unidade: string;
  cor: string;
  categorias: Categoria[];
  valores: (number | null)[];
  limites?: (number | null)[];
  textos: string[];
}

const TECLAS: Record<string, (atual: number, n: number) => number> = {
  ArrowRight: (a, n) => Math.min(n - 1, a + 1),
  ArrowDown: (a, n) => Math.min(n - 1, a + 1),
  ArrowLeft: (a) => Math.max(0, a - 1),
  ArrowUp: (a) => Math.max(0, a - 1),
  Home: () => 0,
  End: (_a, n) => n - 1,
};

/** One chart: a focusable region named by its title, described by the list of its numbers; arrows walk its bars. */
function FiguraGrafico(f: Figura) {
  const id = useId();
  const [atual, setAtual] = useState<number | null>(null);
  const teclar = (e: KeyboardEvent<HTMLElement>) => {
    const mover = TECLAS[e.key];
    if (!mover || e.altKey || e.ctrlKey || e.metaKey || f.textos.length === 0) return;
    e.preventDefault();
    setAtual(mover(atual ?? -1, f.textos.length));
  };
  return (
    <figure role="group" aria-label={f.titulo} aria-describedby={`${id}-numeros`} tabIndex={0} className={estilos.figura} onKeyDown={teclar} onBlur={() => setAtual(null)}>
      <figcaption className={estilos.titulo}>{f.titulo}</figcaption>
      <GraficoBarras categorias={f.categorias} valores={f.valores} limites={f.limites} unidade={f.unidade} cor={f.cor} textos={f.textos} atual={atual} onAtual={setAtual} />
      <p className={estilos.detalhe} aria-live="polite">
        {atual !== null ? (
          f.textos[atual]
        ) : f.limites ? (
          <>
            <span aria-hidden className={estilos.legenda} style={{ background: COR_LIMITE }} /> Limite da UF · setas: cada barra
          </>
        ) : (
          'Setas: cada barra'
        )}
      </p>
      <ul id={`${id}-numeros`} className={estilos.oculto} aria-label={`Valores: ${f.titulo}`}>
        {f.textos.map((t, i) => (
          <li key={`${i}-${t}`}>{t}</li>
        ))}
      </ul>
    </figure>
  );
}

/**
 * One chart of one measure: by destination UF (the axis shows the UF code, the full name is in the title, the
 * hover and the focused bar's line; each UF's limit is marked) or by carrier (no limit).
 */
function figura(grupos: GrupoIndicador[], medida: Medida, por: 'uf' | 'transportadora'): Figura {
  const peso = medida === 'peso';
  const uf = por === 'uf';
  return {
    titulo: `${peso ? 'Frete peso' : 'Frete valor'} ${uf ? 'por UF de destino' : 'por transportadora'}`,
    unidade: peso ? 'R$/kg' : '%',
    cor: peso ? COR_PESO : COR_VALOR,
    categorias: grupos.map((g) => ({ curto: uf ? g.chave : g.rotulo, nome: g.rotulo })),
    valores: grupos.map((g) => numero(peso ? g.fretePeso : g.freteValor)),
    ...(uf ? { limites: grupos.map((g) => numero(peso ? g.limiteFretePeso : g.limiteFreteValor)) } : {}),
    textos: grupos.map((g) => (uf ? textoUf(g, medida) : textoTransportadora(g, medida))),
  };
}

/** Four charts, each of one unit: R$/kg and % never share an axis (style.md 14). */
export function figuras(ufs: GrupoIndicador[], transportadoras: GrupoIndicador[]): Figura[] {
  const dez = transportadoras.slice(0, 10);
  return [
    ...(ufs.length > 0 ? [figura(ufs, 'peso', 'uf'), figura(ufs, 'valor', 'uf')] : []),
    ...(dez.length > 0 ? [figura(dez, 'peso', 'transportadora'), figura(dez, 'valor', 'transportadora')] : []),
  ];
}

/** The charts above the /indicadores table (GET /vw/frete-indicadores-resumo, the filter applied); none when nothing matches. */
export function IndicadoresGraficos({ filtro }: { filtro: FiltroIndicadoresEntrada }) {
  const resumo = useResumoIndicadores(filtro);
  const dados = resumo.data;
  const lista = useMemo(() => (dados ? figuras(dados.porUf, dados.porTransportadora) : []), [dados]);
  if (lista.length === 0) return null;
  return (
    <section aria-label="Gráficos dos indicadores" className={estilos.grade} data-depois-da-lista="">
      {lista.map((f) => (
        <FiguraGrafico key={f.titulo} {...f} />
      ))}
    </section>
  );
}
