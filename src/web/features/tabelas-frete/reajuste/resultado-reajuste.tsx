import { useState } from 'react';
import Decimal from 'decimal.js';
import { css } from '../../../../../styled-system/css';
import type { ComparacaoReajuste, CteReajuste, ResultadoReajuste } from '../../../../contracts/reajuste';
import { formatBrl } from '../../../../domain/format-brl';
import { formatDateBr } from '../../../../domain/format-date-br';
import { formatNumberBr } from '../../../../domain/format-number-br';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { resultStyles as s } from '../../../ui/result-styles';

const estilos = {
  // The UF table has seven columns of money: side by side with the elements' it wrapped "R$ 10.400,43" in two lines at
  // 1366×768. One above the other, each as wide as it needs; a money value never wraps.
  lado: css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '4', '& td[data-numero], & th[data-numero]': { whiteSpace: 'nowrap' } }),
  resumo: css({ fontSize: 'sm' }),
};

/** simulado − base, as money ("R$ 12,30"; "-R$ 4,00" when it would cost less). */
export const diferenca = (simulado: string, base: string) => formatBrl(new Decimal(simulado).minus(base).toFixed(2));

function LinhaComparacao({ rotulo, c }: { rotulo: string; c: ComparacaoReajuste }) {
  return (
    <tr>
      <td>{rotulo}</td>
      <td data-numero>{formatNumberBr(c.ctes)}</td>
      <td data-numero>{formatBrl(c.esperado)}</td>
      <td data-numero>{formatBrl(c.cobrado)}</td>
      <td data-numero>{formatBrl(c.simulado)}</td>
      <td data-numero>{diferenca(c.simulado, c.esperado)}</td>
      <td data-numero>{diferenca(c.simulado, c.cobrado)}</td>
    </tr>
  );
}

/** Per destination UF, with the period's total at the foot. */
function TabelaPorUf({ r }: { r: ResultadoReajuste }) {
  return (
    <table className={s.tabela} aria-label="Comparação por UF de destino">
      <thead>
        <tr>
          <th>UF</th>
          <th data-numero>CT-es</th>
          <th data-numero>Esperado</th>
          <th data-numero>Cobrado</th>
          <th data-numero>Simulado</th>
          <th data-numero>Simulado − esperado</th>
          <th data-numero>Simulado − cobrado</th>
        </tr>
      </thead>
      <tbody>
        {r.porUf.map((u) => (
          <LinhaComparacao key={u.uf} rotulo={u.uf} c={u} />
        ))}
      </tbody>
      <tfoot>
        <LinhaComparacao rotulo="Total" c={r.total} />
      </tfoot>
    </table>
  );
}

function TabelaPorElemento({ r }: { r: ResultadoReajuste }) {
  return (
    <table className={s.tabela} aria-label="Comparação por elemento de custo">
      <thead>
        <tr>
          <th>Elemento</th>
          <th data-numero>Esperado</th>
          <th data-numero>Simulado</th>
          <th data-numero>Diferença</th>
        </tr>
      </thead>
      <tbody>
        {r.porElemento.map((e) => (
          <tr key={e.descricao}>
            <td>{e.descricao}</td>
            <td data-numero>{formatBrl(e.esperado)}</td>
            <td data-numero>{formatBrl(e.simulado)}</td>
            <td data-numero>{diferenca(e.simulado, e.esperado)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const colunas: DataTableColumn<CteReajuste>[] = [
  { id: 'numero', header: 'CT-e', kind: 'code', cell: (c) => c.numero ?? '—' },
  { id: 'emissao', header: 'Emissão', kind: 'date', cell: (c) => formatDateBr(c.dataEmissao) },
  { id: 'uf', header: 'UF', kind: 'code', cell: (c) => c.ufDestino ?? '—' },
  { id: 'esperado', header: 'Esperado', kind: 'money', cell: (c) => formatBrl(c.esperado) },
  { id: 'cobrado', header: 'Cobrado', kind: 'money', cell: (c) => formatBrl(c.cobrado) },
  { id: 'simulado', header: 'Simulado', kind: 'money', cell: (c) => (c.falha ? 'FALHA' : formatBrl(c.simulado)) },
  { id: 'diferenca', header: 'Diferença', kind: 'money', cell: (c) => (c.falha ? '—' : formatBrl(c.diferenca)) },
  { id: 'falha', header: 'Falha', kind: 'text', opcional: true, cell: (c) => c.falha ?? '' },
];

/** "1.234 CT-es simulados (a lista mostra os 1.000 de maior diferença); 12 auditados com outra tabela." */
function textoResumo(r: ResultadoReajuste): string {
  const listados = r.totalCtes > r.ctes.length ? ` (a lista mostra os ${formatNumberBr(r.ctes.length)} de maior diferença; o Excel traz todos)` : '';
  const outras = r.outrasTabelas > 0 ? `; ${formatNumberBr(r.outrasTabelas)} auditados com outra tabela ficaram de fora` : '';
  return `${r.tabela.transportadora.razaoSocial}, ${formatDateBr(r.dataIni)} a ${formatDateBr(r.dataFim)}. ${r.proposta}: ${formatNumberBr(r.totalCtes)} CT-es simulados${listados}${outras}.`;
}

export interface ResultadoReajusteViewProps {
  resultado: ResultadoReajuste;
  onAbrirCte: (cte: CteReajuste) => void;
}

/** The simulation's answer: totals and per UF, per element, and the CT-es (Enter opens one's trace). */
export function ResultadoReajusteView({ resultado: r, onAbrirCte }: ResultadoReajusteViewProps) {
  const [selecionado, setSelecionado] = useState(0);
  return (
    <section aria-label="Resultado do reajuste" className={s.bloco}>
      <p className={estilos.resumo}>{textoResumo(r)}</p>
      <div className={estilos.lado}>
        <TabelaPorUf r={r} />
        <TabelaPorElemento r={r} />
      </div>
      <DataTable
        label="CT-es do reajuste"
        columns={colunas}
        rows={r.ctes}
        getRowId={(c) => c.id}
        selectedIndex={selecionado}
        onSelectedIndexChange={setSelecionado}
        onActivate={onAbrirCte}
        height={8 * 36}
        rowHeight={36}
      />
    </section>
  );
}
