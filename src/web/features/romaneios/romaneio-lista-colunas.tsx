import { css } from '../../../../styled-system/css';
import { ROTULO_STATUS_ROMANEIO, type StatusRomaneio } from '../../../contracts/romaneio-status';
import type { RomaneioLinha } from '../../../contracts/romaneios';
import { Button } from '../../ui/button';
import type { DataTableColumn } from '../../ui/data-table';

const estilos = {
  duas: css({ display: 'flex', flexDirection: 'column', lineHeight: '1.2', overflow: 'hidden', '& > span': { overflow: 'hidden', textOverflow: 'ellipsis' } }),
  menor: css({ fontSize: 'xs', color: 'gray.600' }),
  acoes: css({ display: 'flex', gap: '1' }),
};

/** The row actions of either list of manifests. */
export interface RomaneioColumnsArgs {
  editar: (r: RomaneioLinha) => void;
  imprimir: (r: RomaneioLinha) => void;
  cancelar: (r: RomaneioLinha) => void;
  /** FRETE_ROMA_E: Editar; without it (or once finished) the row opens read-only (Ver). */
  podeEditar: boolean;
}

/** What differs between the freight-cost and the O.S. lists. */
export interface RegrasListaRomaneio {
  /** The flavour's machine: whether a manifest in this status takes SALVAR (editable) or CANCELAR. */
  pode: (status: StatusRomaneio, evento: 'SALVAR' | 'CANCELAR') => boolean;
  /** The issue date and time as shown. */
  emissao: (valor: string) => string;
}

export const nomeRomaneio = (r: Pick<RomaneioLinha, 'numero'>) => `romaneio ${r.numero}`;

const lugar = (l: RomaneioLinha['origem']) => (l ? `${l.nome}/${l.siglaUf}` : '—');

const celulaTransporte = (r: RomaneioLinha) => (
  <span className={estilos.duas}>
    <span title={r.transportadora ?? undefined}>{r.transportadora ?? '—'}</span>
    <span className={estilos.menor}>
      {lugar(r.origem)} → {lugar(r.destino)}
    </span>
  </span>
);

const celulaAcoes = (a: RomaneioColumnsArgs, regras: RegrasListaRomaneio) => (r: RomaneioLinha) => {
  const editavel = a.podeEditar && regras.pode(r.status, 'SALVAR');
  return (
    <span className={estilos.acoes}>
      <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`${editavel ? 'Editar' : 'Visualizar'} ${nomeRomaneio(r)}`} onClick={() => a.editar(r)}>
        {editavel ? 'Editar' : 'Ver'}
      </Button>
      <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`Imprimir ${nomeRomaneio(r)}`} onClick={() => a.imprimir(r)}>
        PDF
      </Button>
      <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`Cancelar ${nomeRomaneio(r)}`} disabled={!regras.pode(r.status, 'CANCELAR')} onClick={() => a.cancelar(r)}>
        Cancelar
      </Button>
    </span>
  );
};

/**
 * Spec 03 §2.7 columns of both lists (freight cost and O.S.): number, status, issue, transport, driver, actions.
 * The row's buttons are out of the Tab order: the grid's keys and the commands reach them.
 */
export function colunasListaRomaneio(a: RomaneioColumnsArgs, regras: RegrasListaRomaneio): DataTableColumn<RomaneioLinha>[] {
  return [
    { id: 'numero', kind: 'code', header: 'Número', cell: (r) => r.numero },
    { id: 'status', kind: 'code', header: 'Status', cell: (r) => ROTULO_STATUS_ROMANEIO[r.status] },
    { id: 'dataEmissao', kind: 'date', header: 'Emissão', cell: (r) => regras.emissao(r.dataEmissao) },
    { id: 'transporte', kind: 'name', header: 'Transporte', cell: celulaTransporte },
    { id: 'motorista', kind: 'name', header: 'Motorista', cell: (r) => <span title={r.motorista ?? undefined}>{r.motorista ?? ''}</span> },
    { id: 'acoes', kind: 'control', header: 'Ações', width: '210px', cell: celulaAcoes(a, regras) },
  ];
}
