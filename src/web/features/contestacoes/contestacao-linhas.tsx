import { css } from '../../../../styled-system/css';
import type { LinhaContestacao } from '../../../contracts/contestacoes';
import { formatBrl } from '../../../domain/format-brl';

const estilos = {
  tabela: css({ width: '100%', fontSize: 'sm', borderCollapse: 'collapse', '& th, & td': { px: '2', py: '1', borderBottomWidth: '1px', borderColor: 'gray.200', textAlign: 'left' } }),
  numero: css({ textAlign: 'right!', fontVariantNumeric: 'tabular-nums' }),
  legenda: css({ textAlign: 'left', fontWeight: 'semibold', mb: '1' }),
};

/** The disputed lines (read-only): CT-e, charged, correct, disputed and accepted values. */
export function ContestacaoLinhas({ linhas }: { linhas: LinhaContestacao[] }) {
  const n = estilos.numero;
  return (
    <table className={estilos.tabela} aria-label="CT-es contestados">
      <caption className={estilos.legenda}>CT-es contestados</caption>
      <thead>
        <tr>
          <th scope="col">CT-e</th>
          <th scope="col" className={n}>Cobrado</th>
          <th scope="col" className={n}>Correto</th>
          <th scope="col" className={n}>Contestado</th>
          <th scope="col" className={n}>Aceito</th>
        </tr>
      </thead>
      <tbody>
        {linhas.map((l) => (
          <tr key={l.id}>
            <td>{l.cte}</td>
            <td className={n}>{formatBrl(l.valorCobrado)}</td>
            <td className={n}>{formatBrl(l.valorCorreto)}</td>
            <td className={n}>{formatBrl(l.valorContestado)}</td>
            <td className={n}>{l.valorAceito === null ? '—' : formatBrl(l.valorAceito)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
