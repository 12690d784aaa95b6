import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { TotalPagamentos } from '../../../contracts/pagamentos';
import { formatBrl } from '../../../domain/format-brl';
import { formatDateBr } from '../../../domain/format-date-br';
import { formatNumberBr } from '../../../domain/format-number-br';
import { DataTable, type DataTableColumn } from '../../ui/data-table';

const estilos = {
  titulo: css({ fontSize: 'sm', fontWeight: 'semibold', mt: '3', mb: '1' }),
  numero: css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', display: 'block' }),
};
/** Four rows in view: the totals are a summary under the list, not a second list. */
const ALTURA = 5 * 36;

const dinheiro = (valor: string) => <span className={estilos.numero}>{formatBrl(valor)}</span>;

const COLUNAS: DataTableColumn<TotalPagamentos>[] = [
  { id: 'transportadora', kind: 'name', header: 'Transportadora', cell: (t) => <span title={t.transportadoraCnpj}>{t.transportadora}</span> },
  { id: 'dataVencimento', kind: 'date', header: 'Vencimento', cell: (t) => formatDateBr(t.dataVencimento) },
  { id: 'faturas', kind: 'quantity', header: 'Faturas', cell: (t) => <span className={estilos.numero}>{formatNumberBr(t.faturas)}</span> },
  { id: 'aPagar', kind: 'money', header: 'A pagar', cell: (t) => dinheiro(t.aPagar) },
  { id: 'bloqueado', kind: 'money', header: 'Bloqueado', cell: (t) => dinheiro(t.bloqueado) },
  { id: 'contestado', kind: 'money', header: 'Contestado', cell: (t) => dinheiro(t.contestado) },
];

/** The totals per carrier and due date (A pagar / Bloqueado / Contestado) of the filters applied, under the list. */
export function TotaisPagamentos({ totais, carregando }: { totais: TotalPagamentos[]; carregando: boolean }) {
  const [selecionado, setSelecionado] = useState(0);
  return (
    <section aria-label="Totais por transportadora e vencimento">
      <h2 className={estilos.titulo}>Totais por transportadora e vencimento</h2>
      <DataTable
        label="Totais por transportadora e vencimento"
        columns={COLUNAS}
        rows={totais}
        getRowId={(t) => `${t.transportadoraCnpj}|${t.dataVencimento ?? ''}`}
        selectedIndex={Math.min(selecionado, Math.max(0, totais.length - 1))}
        onSelectedIndexChange={setSelecionado}
        semAbrir="Os totais não abrem: filtre a lista pela transportadora ou pelo vencimento."
        loading={carregando}
        height={ALTURA}
      />
    </section>
  );
}
