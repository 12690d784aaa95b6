import { lazy, Suspense, useId, useMemo } from 'react';
import { css } from '../../../../styled-system/css';
import type { GrupoIndicador } from '../../../contracts/indicadores';
import { formatNumberBr } from '../../../domain/format-number-br';
import { formatarIndicador } from '../../../domain/indicadores/indicadores-frete';
import { useResumoIndicadores, type FiltroIndicadoresEntrada } from '../../api/indicadores-api';
import type { SerieGrafico } from './grafico-barras';

const GraficoBarras = lazy(() => import('./grafico-barras').then((m) => ({ default: m.GraficoBarras })));

const COR_PESO = '#2563eb';
const COR_VALOR = '#0d9488';
const COR_LIMITE = '#dc2626';

const estilos = {
  grade: css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', gap: '3', mb: '3' }),
  figura: css({
    borderWidth: '1px',
    borderColor: 'gray.200',
    borderRadius: 'md',
    p: '2',
    bg: 'white',
    outline: 'none',
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '1px' },
  }),
  titulo: css({ fontSize: 'sm', fontWeight: 'semibold', mb: '1' }),
  carregando: css({ fontSize: 'sm', color: 'gray.600', py: '6', textAlign: 'center' }),
  oculto: css({ srOnly: true }),
};

const numero = (v: string | null) => (v === null ? null : Number(v));
const medir = (medida: 'peso' | 'valor', v: string | null) => (v === null ? '—' : formatarIndicador(medida, v, medida === 'peso' ? 4 : 2));
const notas = (n: number) => `${formatNumberBr(n)} ${n === 1 ? 'nota' : 'notas'}`;
const limite = (medida: 'peso' | 'valor', v: string | null) => (v === null ? 'sem limite' : `limite ${medir(medida, v)}`);

/** "SP: frete peso R$ 1,2300/kg (limite R$ 1,5000/kg), 40 notas, 3 acima do limite". */
export function textoUf(g: GrupoIndicador, medida: 'peso' | 'valor'): string {
  const [valor, lim, vermelhas] = medida === 'peso' ? [g.fretePeso, g.limiteFretePeso, g.vermelhasPeso] : [g.freteValor, g.limiteFreteValor, g.vermelhasValor];
  return `${g.rotulo}: frete ${medida} ${medir(medida, valor)} (${limite(medida, lim)}), ${notas(g.notas)}, ${formatNumberBr(vermelhas)} acima do limite`;
}

/** "Expresso X: frete peso R$ 1,2300/kg, frete valor 2,34 %, 40 notas, 3 acima do limite no peso e 1 no valor". */
export function textoTransportadora(g: GrupoIndicador): string {
  return `${g.rotulo}: frete peso ${medir('peso', g.fretePeso)}, frete valor ${medir('valor', g.freteValor)}, ${notas(g.notas)}, ${formatNumberBr(g.vermelhasPeso)} acima do limite no peso e ${formatNumberBr(g.vermelhasValor)} no valor`;
}

interface Figura {
  titulo: string;
  rotulos: string[];
  series: SerieGrafico[];
  textos: string[];
}

/** One chart: a focusable region named by its title, described by the list of its numbers. */
function FiguraGrafico({ titulo, rotulos, series, textos }: Figura) {
  const id = useId();
  return (
    <figure role="group" aria-label={titulo} aria-describedby={`${id}-numeros`} tabIndex={0} className={estilos.figura}>
      <figcaption className={estilos.titulo}>{titulo}</figcaption>
      <Suspense fallback={<p className={estilos.carregando}>Carregando gráfico…</p>}>
        <GraficoBarras rotulos={rotulos} series={series} />
      </Suspense>
      <ul id={`${id}-numeros`} className={estilos.oculto} aria-label={`Valores: ${titulo}`}>
        {textos.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
    </figure>
  );
}

function figuras(porUf: GrupoIndicador[], porTransportadora: GrupoIndicador[]): Figura[] {
  const ufs = porUf.map((g) => g.rotulo);
  const lista: Figura[] = [];
  if (porUf.length > 0) {
    lista.push({
      titulo: 'Frete peso por UF de destino',
      rotulos: ufs,
      series: [
        { nome: 'Frete peso', tipo: 'barra', cor: COR_PESO, valores: porUf.map((g) => numero(g.fretePeso)) },
        { nome: 'Limite', tipo: 'limite', cor: COR_LIMITE, valores: porUf.map((g) => numero(g.limiteFretePeso)) },
      ],
      textos: porUf.map((g) => textoUf(g, 'peso')),
    });
    lista.push({
      titulo: 'Frete valor por UF de destino',
      rotulos: ufs,
      series: [
        { nome: 'Frete valor', tipo: 'barra', cor: COR_VALOR, valores: porUf.map((g) => numero(g.freteValor)) },
        { nome: 'Limite', tipo: 'limite', cor: COR_LIMITE, valores: porUf.map((g) => numero(g.limiteFreteValor)) },
      ],
      textos: porUf.map((g) => textoUf(g, 'valor')),
    });
  }
  if (porTransportadora.length > 0) {
    const dez = porTransportadora.slice(0, 10);
    lista.push({
      titulo: 'Por transportadora',
      rotulos: dez.map((g) => g.rotulo),
      series: [
        { nome: 'Frete peso', tipo: 'barra', cor: COR_PESO, valores: dez.map((g) => numero(g.fretePeso)) },
        { nome: 'Frete valor', tipo: 'barra', cor: COR_VALOR, valores: dez.map((g) => numero(g.freteValor)) },
      ],
      textos: dez.map(textoTransportadora),
    });
  }
  return lista;
}

/** The charts above the /indicadores table (GET /vw/frete-indicadores-resumo, the filter applied); none when nothing matches. */
export function IndicadoresGraficos({ filtro }: { filtro: FiltroIndicadoresEntrada }) {
  const resumo = useResumoIndicadores(filtro);
  const dados = resumo.data;
  const lista = useMemo(() => (dados ? figuras(dados.porUf, dados.porTransportadora) : []), [dados]);
  if (lista.length === 0) return null;
  return (
    <section aria-label="Gráficos dos indicadores" className={estilos.grade}>
      {lista.map((f) => (
        <FiguraGrafico key={f.titulo} {...f} />
      ))}
    </section>
  );
}
