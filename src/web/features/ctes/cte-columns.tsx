import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { STATUS_SELECIONAVEIS, TOOLTIP_INCONSISTENCIA, type CteLinha } from '../../../contracts/ctes';
import { iguais, lerDecimal, sinal, subtrair, textoFixo, type DecimalTexto } from '../../../domain/decimal-texto';
import { formatBrl } from '../../../domain/format-brl';
import { formatDateBr } from '../../../domain/format-date-br';
import { Button } from '../../ui/button';
import type { DataTableColumn } from '../../ui/data-table';
import { StatusIcon } from './status-icon';

const estilos = {
  duas: css({ display: 'flex', flexDirection: 'column', lineHeight: '1.2', overflow: 'hidden', '& > span': { overflow: 'hidden', textOverflow: 'ellipsis' } }),
  menor: css({ fontSize: 'xs', color: 'gray.600' }),
  numero: css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', display: 'block' }),
  cobrado: css({ color: 'red.700', fontWeight: 'semibold' }),
  acoes: css({ display: 'flex', gap: '1' }),
  marca: css({ color: 'amber.700', cursor: 'pointer', px: '1', fontSize: 'md', _focusVisible: { outline: '2px solid', outlineColor: 'blue.600' } }),
  celulaCte: css({ display: 'flex', alignItems: 'center', gap: '1' }),
  status: css({ cursor: 'pointer', _disabled: { cursor: 'default' } }),
  caixa: css({ width: '4', height: '4', accentColor: 'blue.700' }),
  minuta: css({ fontSize: '2xs', fontWeight: 'semibold', color: 'purple.800', bg: 'purple.50', borderWidth: '1px', borderColor: 'purple.200', borderRadius: 'sm', px: '1', lineHeight: '1.4' }),
};

export const selecionavel = (c: Pick<CteLinha, 'status'>) => STATUS_SELECIONAVEIS.includes(c.status);

/** Charged minus audit: positive is an overcharge (shown in red); null without an audit value. */
export function diferenca(c: Pick<CteLinha, 'valorTotal' | 'valorAuditoria'>): DecimalTexto | null {
  const total = lerDecimal(c.valorTotal);
  const auditoria = lerDecimal(c.valorAuditoria);
  return total && auditoria ? subtrair(total, auditoria) : null;
}

const auditado = (c: CteLinha) => c.status.startsWith('AUDITADO_');

export interface CteColumnsArgs {
  marcados: ReadonlySet<number>;
  alternar: (c: CteLinha) => void;
  ver: (c: CteLinha) => void;
  revisar: (c: CteLinha) => void;
  resultado: (c: CteLinha) => void;
  inconsistencias: (c: CteLinha) => void;
}

const valor = (v: string | null, classe?: string) => <span className={`${estilos.numero}${classe ? ` ${classe}` : ''}`}>{formatBrl(v)}</span>;

/** The service's total (vTPrest) is not the charged amount (vRec, charged under ICMS by substitution). */
export function prestacaoDifere(c: Pick<CteLinha, 'valorTotal' | 'valorPrestacao'>): boolean {
  const prestacao = c.valorPrestacao ? lerDecimal(c.valorPrestacao) : null;
  const total = lerDecimal(c.valorTotal);
  return prestacao !== null && !(total !== null && iguais(prestacao, total));
}

/**
 * The charged amount (vRec under ICMS60, else vTPrest: the one every difference is computed from) and, when
 * the service's total differs from it, that total beside it ("prestação R$ 9.545,45").
 */
function cobrado(c: CteLinha) {
  if (!prestacaoDifere(c)) return valor(c.valorTotal);
  return (
    <span className={estilos.duas} title={`Cobrado ${formatBrl(c.valorTotal)} · prestação ${formatBrl(c.valorPrestacao)}`}>
      {valor(c.valorTotal)}
      <span className={`${estilos.numero} ${estilos.menor}`}>prestação {formatBrl(c.valorPrestacao)}</span>
    </span>
  );
}

type Celula = (c: CteLinha) => ReactNode;

/** The row's checkbox, only on the rows a batch action can take. */
const celulaSelecao = (a: CteColumnsArgs): Celula => (c) =>
  selecionavel(c) ? (
    <input type="checkbox" tabIndex={-1} className={estilos.caixa} aria-label={`Selecionar CT-e ${c.numero}`} checked={a.marcados.has(c.id)} onChange={() => a.alternar(c)} />
  ) : null;

/** The CT-e number, the mark of one converted from a minuta (docs/decisoes.md §13) and, with inconsistencies, the flag that lists them. */
const celulaCte = (a: CteColumnsArgs): Celula => (c) => (
  <span className={estilos.celulaCte}>
    {c.numero}
    {c.origemDocumento === 'MINUTA' && (
      <span role="img" aria-label="Minuta" title="CT-e gerado a partir de uma minuta" className={estilos.minuta}>
        Minuta
      </span>
    )}
    {c.inconsistencias.length > 0 && (
      <button type="button" tabIndex={-1} className={estilos.marca} title={TOOLTIP_INCONSISTENCIA} aria-label={`${TOOLTIP_INCONSISTENCIA} (CT-e ${c.numero})`} onClick={() => a.inconsistencias(c)}>
        ⚑
      </button>
    )}
  </span>
);

const celulaPartes: Celula = (c) => (
  <span className={estilos.duas}>
    <span title={c.remetente ?? ''}>{c.remetente ?? ''}</span>
    <span className={estilos.menor} title={c.destinatario ?? ''}>
      {c.destinatario ?? ''}
    </span>
  </span>
);

const celulaTransportadora: Celula = (c) => (
  <span className={estilos.duas}>
    <span>{c.transportadora?.nome ?? c.emitente}</span>
    <span className={estilos.menor}>
      {c.origem.nome}/{c.origem.uf} → {c.destino.nome}/{c.destino.uf}
    </span>
  </span>
);

/** The status icon; on an audited CT-e, a button that opens the audit result. */
const celulaStatus = (a: CteColumnsArgs): Celula => (c) =>
  auditado(c) ? (
    <button type="button" tabIndex={-1} className={estilos.status} aria-label={`Resultado da auditoria do CT-e ${c.numero}`} onClick={() => a.resultado(c)}>
      <StatusIcon status={c.status} />
    </button>
  ) : (
    <StatusIcon status={c.status} />
  );

const celulaDiferenca: Celula = (c) => {
  const d = diferenca(c);
  return d === null ? '' : valor(textoFixo(d, 2), sinal(d) > 0 ? estilos.cobrado : undefined);
};

const celulaAcoes = (a: CteColumnsArgs): Celula => (c) => (
  <span className={estilos.acoes}>
    <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`Visualizar frete ${c.numero}`} title="Visualizar Frete" onClick={() => a.ver(c)}>
      Ver
    </Button>
    <Button size="sm" variant="ghost" tabIndex={-1} disabled={!auditado(c)} aria-label={`Revisar auditoria do frete ${c.numero}`} title="Revisar Auditoria do Frete" onClick={() => a.revisar(c)}>
      Revisar
    </Button>
  </span>
);

/** Spec 03 §2.1 results columns. The row's buttons are out of the tab order: the grid's keys reach them. */
export function cteColumns(a: CteColumnsArgs): DataTableColumn<CteLinha>[] {
  return [
    { id: 'selecao', kind: 'control', header: 'Sel.', width: '44px', cell: celulaSelecao(a) },
    { id: 'numeroFatura', kind: 'code', opcional: true, header: 'Fatura', cell: (c) => c.numeroFatura ?? '' },
    { id: 'numero', kind: 'code', header: 'CT-e', sortable: true, cell: celulaCte(a) },
    // São Paulo calendar date of the instant (a CT-e of 14/10 22:26 -03:00 is of 14/10, whatever the browser's zone).
    { id: 'dataEmissao', kind: 'date', header: 'Emissão', sortable: true, cell: (c) => formatDateBr(c.dataEmissao) },
    { id: 'partes', kind: 'name', header: 'Remetente / Destinatário', cell: celulaPartes },
    { id: 'transportadora', kind: 'name', header: 'Transportadora / Origem-Destino', sortable: true, cell: celulaTransportadora },
    { id: 'status', kind: 'control', header: 'Status', width: '70px', sortable: true, cell: celulaStatus(a) },
    { id: 'valorTotal', kind: 'money', header: 'Cobrado', sortable: true, cell: cobrado },
    { id: 'valorAuditoria', kind: 'money', header: 'Auditoria', sortable: true, cell: (c) => valor(c.valorAuditoria) },
    { id: 'diferenca', kind: 'money', header: 'Diferença', cell: celulaDiferenca },
    { id: 'valorCorreto', kind: 'money', opcional: true, header: 'Correto', cell: (c) => valor(c.valorCorreto) },
    { id: 'acoes', kind: 'control', header: 'Ações', width: '150px', cell: celulaAcoes(a) },
  ];
}
