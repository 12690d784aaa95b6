import { formatarCnpjCpf, formatarDataHora } from '../../../domain/cte/formatar-cte';
import type { OcorrenciaLista } from '../../../contracts/ocorrencias';
import type { DataTableColumn } from '../../ui/data-table';
import { SentidoBadge } from '../../ui/sentido-badge';
import { css } from '../../../../styled-system/css';

const estilos = {
  cancelada: css({ textDecoration: 'line-through' }),
  naoVinculada: css({ color: 'amber.900', fontStyle: 'italic' }),
};

export const NAO_VINCULADA = 'não vinculada';

/** "CT-e 1234", "CT-es 1234, 1240", "5 CT-es" (the palette opens each), or "não vinculada": short, never cut. */
export function ctesDaOcorrencia(o: OcorrenciaLista): string {
  if (o.ctes.length === 0) return NAO_VINCULADA;
  if (o.ctes.length > 2) return `${o.ctes.length} CT-es`;
  return `${o.ctes.length === 1 ? 'CT-e' : 'CT-es'} ${o.ctes.map((c) => c.numero).join(', ')}`;
}

const fonte = (o: OcorrenciaLista) => (o.linha === null ? o.arquivo : `${o.arquivo}:${o.linha}`);
const texto = (o: OcorrenciaLista) => `${o.texto}${o.cancelada ? ' (cancelado)' : ''}${o.observacao ? ` · ${o.observacao}` : ''}`;

/** The occurrences list's columns (issue 31): when, code, what, its meaning, the NF, the carrier, where read, its CT-es. */
export const COLUNAS_OCORRENCIAS: DataTableColumn<OcorrenciaLista>[] = [
  { id: 'dataHora', kind: 'date', header: 'Data e hora', width: '130px', cell: (o) => formatarDataHora(o.dataHora) },
  { id: 'codigo', kind: 'code', header: 'Código', cell: (o) => o.codigo },
  {
    id: 'texto',
    kind: 'text',
    header: 'Ocorrência',
    // What happened matters more than the carrier's CNPJ: below this width the optional columns leave first.
    width: '240px',
    cell: (o) => (
      <span className={o.cancelada ? estilos.cancelada : undefined} title={texto(o)}>
        {texto(o)}
      </span>
    ),
  },
  { id: 'sentido', kind: 'control', header: 'Sentido', cell: (o) => <SentidoBadge sentido={o.sentido} cancelada={o.cancelada} /> },
  { id: 'notaFiscal', kind: 'code', header: 'NF', cell: (o) => o.notaFiscal ?? '—' },
  { id: 'transportadora', kind: 'code', header: 'CNPJ da transportadora', opcional: true, cell: (o) => formatarCnpjCpf(o.transportadoraCnpj) ?? '—' },
  { id: 'arquivo', kind: 'text', header: 'Arquivo e linha', width: '1fr', opcional: true, cell: (o) => <span title={fonte(o)}>{fonte(o)}</span> },
  {
    id: 'ctes',
    kind: 'code',
    header: 'CT-es',
    cell: (o) => <span className={o.ctes.length === 0 ? estilos.naoVinculada : undefined}>{ctesDaOcorrencia(o)}</span>,
  },
];
