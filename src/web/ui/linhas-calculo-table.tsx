import type { ReactNode } from 'react';
import type { LinhaCalculo } from '../../contracts/calculo-frete';
import { formatBrl } from '../../domain/format-brl';
import { resultStyles as s } from './result-styles';

/** The lines of a freight calculation with their total: the simulation's details and a CT-e's audit result. */
export function LinhasCalculoTable({ label, coluna, linhas, total }: { label: string; coluna: string; linhas: Pick<LinhaCalculo, 'descricao' | 'valor'>[]; total: ReactNode }) {
  return (
    <table className={s.tabela} aria-label={label}>
      <thead>
        <tr>
          <th>{coluna}</th>
          <th data-numero>Valor</th>
        </tr>
      </thead>
      <tbody>
        {linhas.length === 0 && (
          <tr>
            <td colSpan={2}>Nenhum registro encontrado</td>
          </tr>
        )}
        {linhas.map((e, i) => (
          <tr key={`${i}-${e.descricao}`}>
            <td>{e.descricao}</td>
            <td data-numero>{formatBrl(e.valor)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td>Total</td>
          <td data-numero>{total}</td>
        </tr>
      </tfoot>
    </table>
  );
}
