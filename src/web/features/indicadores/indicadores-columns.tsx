import Decimal from 'decimal.js';
import { css, cx } from '../../../../styled-system/css';
import { ROTULO_MARCA_INDICADOR, type IndicadorLinha, type SituacaoIndicador } from '../../../contracts/indicadores';
import { formatBrl } from '../../../domain/format-brl';
import { formatDateBr } from '../../../domain/format-date-br';
import { formatNumberBr } from '../../../domain/format-number-br';
import { formatarIndicador } from '../../../domain/indicadores/indicadores-frete';
import type { DataTableColumn } from '../../ui/data-table';

const estilos = {
  numero: css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', display: 'block' }),
  indicador: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', fontVariantNumeric: 'tabular-nums' }),
  marca: css({ display: 'inline-block', width: '2.5', height: '2.5', borderRadius: 'full', flexShrink: 0 }),
  verde: css({ bg: 'green.600' }),
  vermelho: css({ bg: 'red.600' }),
  textoVermelho: css({ color: 'red.700', fontWeight: 'semibold' }),
  oculto: css({ srOnly: true }),
};

/** What a screen reader hears after the number: where it stands against the destination UF's limit. */
export function textoSituacao(situacao: SituacaoIndicador, indicador: string | null, limite: string | null, medida: Medida = 'valor'): string {
  const lim = formatarIndicador(medida, limite);
  if (situacao === 'VERDE') return `abaixo do limite de ${lim}`;
  if (situacao === 'VERMELHO') return indicador !== null && limite !== null && new Decimal(indicador).equals(limite) ? `igual ao limite de ${lim}` : `acima do limite de ${lim}`;
  if (situacao === 'SEM_LIMITE') return 'UF de destino sem limite';
  return 'não calculado';
}

type Medida = 'peso' | 'valor';

/** An indicator ("R$ 1,2345/kg", "1,2345 %"), a green or red mark by its situation (text for screen readers), the marks as a tooltip. */
export function IndicadorCelula({ medida, valor, limite, situacao, marcas }: { medida: Medida; valor: string | null; limite: string | null; situacao: SituacaoIndicador; marcas: string[] }) {
  const cor = situacao === 'VERDE' ? estilos.verde : situacao === 'VERMELHO' ? estilos.vermelho : null;
  const dica = marcas.length > 0 ? marcas.join(' ') : limite !== null ? `Limite da UF: ${formatarIndicador(medida, limite)}` : undefined;
  return (
    <span className={cx(estilos.indicador, situacao === 'VERMELHO' && estilos.textoVermelho)} title={dica} data-situacao={situacao}>
      {cor && <span aria-hidden className={cx(estilos.marca, cor)} />}
      {valor === null ? <span aria-hidden>—</span> : formatarIndicador(medida, valor)}
      <span className={estilos.oculto}>{`, ${textoSituacao(situacao, valor, limite, medida)}`}</span>
    </span>
  );
}

const numero = (texto: string) => <span className={estilos.numero}>{texto}</span>;
const marcasDe = (l: IndicadorLinha) => l.marcas.map((m) => ROTULO_MARCA_INDICADOR[m]);

/** Spec 03 §2.6 result columns, in its order. */
export function indicadoresColumns(): DataTableColumn<IndicadorLinha>[] {
  return [
    { id: 'numeroFatura', kind: 'code', opcional: true, header: 'Fatura', cell: (l) => l.numeroFatura ?? '' },
    { id: 'cte', kind: 'code', header: 'CT-e', cell: (l) => l.cte },
    { id: 'dataEmissaoCte', kind: 'date', header: 'Data do CT-e', cell: (l) => formatDateBr(l.dataEmissaoCte) },
    { id: 'transportadora', kind: 'name', header: 'Transportadora', cell: (l) => <span title={l.transportadora ?? undefined}>{l.transportadora}</span> },
    { id: 'notaFiscal', kind: 'code', header: 'NF', cell: (l) => l.notaFiscal ?? '' },
    { id: 'dataEmissaoNf', kind: 'date', opcional: true, header: 'Data da NF', cell: (l) => formatDateBr(l.dataEmissaoNf) },
    { id: 'notaFiscalValor', kind: 'money', opcional: true, header: 'Valor da NF', cell: (l) => numero(formatBrl(l.notaFiscalValor)) },
    { id: 'empresaDestinataria', kind: 'name', header: 'Destinatário', cell: (l) => <span title={l.empresaDestinataria ?? undefined}>{l.empresaDestinataria}</span> },
    { id: 'destino', kind: 'name', header: 'Destino', cell: (l) => [l.cidadeDestinoTrecho, l.ufDestinoTrecho].filter(Boolean).join('/') },
    { id: 'notaFiscalPesoBruto', kind: 'quantity', header: 'Peso da NF', cell: (l) => numero(formatNumberBr(l.notaFiscalPesoBruto, { maxDecimals: 3 })) },
    {
      id: 'nfFretePagar', kind: 'money',
      header: 'Frete a pagar',
      cell: (l) => <span className={estilos.numero} title={l.marcas.includes('PESO_CTE_ZERADO') ? ROTULO_MARCA_INDICADOR.PESO_CTE_ZERADO : undefined}>{formatBrl(l.nfFretePagar) || '—'}</span>,
    },
    {
      id: 'indicadorFretePeso', kind: 'quantity',
      header: 'Indicador frete peso',
      cell: (l) => <IndicadorCelula medida="peso" valor={l.indicadorFretePeso} limite={l.limiteFretePeso} situacao={l.situacaoFretePeso} marcas={marcasDe(l)} />,
    },
    {
      id: 'indicadorFreteValor', kind: 'quantity',
      header: 'Indicador frete valor',
      cell: (l) => <IndicadorCelula medida="valor" valor={l.indicadorFreteValor} limite={l.limiteFreteValor} situacao={l.situacaoFreteValor} marcas={marcasDe(l)} />,
    },
  ];
}
