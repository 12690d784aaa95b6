import { podeMinuta } from '../../../../machines/minuta-confirmation';
import { css } from '../../../../styled-system/css';
import type { MinutaLinha } from '../../../contracts/minutas';
import { dicaCompletude, minutaCompleta } from '../../../domain/minutas/completude-minuta';
import { formatBrl } from '../../../domain/format-brl';
import { formatDateBr } from '../../../domain/format-date-br';
import { formatNumberBr } from '../../../domain/format-number-br';
import { Button } from '../../ui/button';
import type { DataTableColumn } from '../../ui/data-table';
import { MinutaStatusIcon } from './minuta-status-icon';

const estilos = {
  duas: css({ display: 'flex', flexDirection: 'column', lineHeight: '1.2', overflow: 'hidden', '& > span': { overflow: 'hidden', textOverflow: 'ellipsis' } }),
  menor: css({ fontSize: 'xs', color: 'gray.600' }),
  numero: css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', display: 'block' }),
  acoes: css({ display: 'flex', gap: '1' }),
  caixa: css({ width: '4', height: '4', accentColor: 'blue.700', _disabled: { cursor: 'not-allowed' } }),
};

export interface MinutaColumnsArgs {
  marcados: ReadonlySet<number>;
  todasMarcadas: boolean;
  algumaMarcada: boolean;
  alternar: (m: MinutaLinha) => void;
  alternarTodas: () => void;
  editar: (m: MinutaLinha) => void;
  excluir: (m: MinutaLinha) => void;
}

/** "Minuta 123" (or its id when it has no number yet): how a row is named in its controls. */
const nomeMinuta = (m: Pick<MinutaLinha, 'numero' | 'id'>) => `minuta ${m.numero ?? `sem número (${m.id})`}`;

/** The header checkbox: every complete minuta of the page (Alt+T does the same). */
function CaixaTodas({ a }: { a: MinutaColumnsArgs }) {
  return (
    <input
      type="checkbox"
      tabIndex={-1}
      className={estilos.caixa}
      aria-label="Selecionar todas as minutas completas da página"
      checked={a.todasMarcadas}
      ref={(el) => {
        if (el) el.indeterminate = a.algumaMarcada && !a.todasMarcadas;
      }}
      onChange={a.alternarTodas}
    />
  );
}

/** The row checkbox: only a complete minuta takes it; its tooltip says what is missing. */
const celulaSelecao = (a: MinutaColumnsArgs) => (m: MinutaLinha) => {
  const dica = dicaCompletude(m);
  return (
    <span title={dica}>
      <input
        type="checkbox"
        tabIndex={-1}
        className={estilos.caixa}
        aria-label={`Selecionar ${nomeMinuta(m)}`}
        title={dica}
        disabled={!minutaCompleta(m)}
        checked={a.marcados.has(m.id)}
        onChange={() => a.alternar(m)}
      />
    </span>
  );
};

const lugar = (l: MinutaLinha['origem']) => (l ? `${l.nome}/${l.siglaUf}` : '—');

const celulaTransporte = (m: MinutaLinha) => (
  <span className={estilos.duas}>
    <span title={m.transportadora?.razaoSocial}>{m.transportadora?.razaoSocial ?? '—'}</span>
    <span className={estilos.menor}>
      {lugar(m.origem)} → {lugar(m.destino)}
    </span>
  </span>
);

const celulaAcoes = (a: MinutaColumnsArgs) => (m: MinutaLinha) => {
  const editavel = podeMinuta(m.status, 'EDITAR');
  return (
    <span className={estilos.acoes}>
      <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`${editavel ? 'Editar' : 'Visualizar'} ${nomeMinuta(m)}`} onClick={() => a.editar(m)}>
        {editavel ? 'Editar' : 'Ver'}
      </Button>
      <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`Excluir ${nomeMinuta(m)}`} disabled={!podeMinuta(m.status, 'EXCLUIR')} onClick={() => a.excluir(m)}>
        Excluir
      </Button>
    </span>
  );
};

/** Spec 03 §2.5 result columns. The row's controls are out of the Tab order: the grid's keys reach them. */
export function minutaColumns(a: MinutaColumnsArgs): DataTableColumn<MinutaLinha>[] {
  return [
    { id: 'selecao', kind: 'control', header: 'Selecionar', headerContent: <CaixaTodas a={a} />, width: '44px', cell: celulaSelecao(a) },
    { id: 'status', kind: 'control', header: 'Status', width: '64px', cell: (m) => <MinutaStatusIcon status={m.status} /> },
    { id: 'fatura', kind: 'code', header: 'Fatura', sortable: true, cell: (m) => m.fatura ?? '' },
    { id: 'numero', kind: 'code', header: 'Número', sortable: true, cell: (m) => m.numero ?? '' },
    { id: 'dataEmissao', kind: 'date', header: 'Emissão', sortable: true, cell: (m) => formatDateBr(m.dataEmissao) },
    { id: 'cliente', kind: 'name', header: 'Cliente', cell: (m) => <span title={m.cliente?.razaoSocial}>{m.cliente?.razaoSocial ?? ''}</span> },
    { id: 'transporte', kind: 'name', header: 'Transporte', cell: celulaTransporte },
    // Three decimals always (the column's precision): the figures line up.
    { id: 'peso', kind: 'quantity', header: 'Peso (Kg)', cell: (m) => <span className={estilos.numero}>{formatNumberBr(m.peso, { decimals: 3 })}</span> },
    { id: 'valorTotalFrete', kind: 'money', header: 'Valor', sortable: true, cell: (m) => <span className={estilos.numero}>{formatBrl(m.valorTotalFrete)}</span> },
    { id: 'acoes', kind: 'control', header: 'Ações', width: '150px', cell: celulaAcoes(a) },
  ];
}
