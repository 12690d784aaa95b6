import { css } from '../../../../styled-system/css';
import { STATUS_CTE } from '../../../contracts/ctes';
import { StatusIcon } from './status-icon';

const estilos = {
  painel: css({ fontSize: 'sm', borderWidth: '1px', borderColor: 'gray.200', borderRadius: 'md', px: '3', py: '2', mb: '3', bg: 'gray.50' }),
  lista: css({ display: 'flex', flexWrap: 'wrap', gap: '4', mt: '2' }),
  cobranca: css({ display: 'inline-block', width: '3', height: '3', borderRadius: 'sm', bg: 'amber.100', borderWidth: '1px', borderColor: 'amber.400', mr: '1.5' }),
};

/** Spec 03 §2.1: the legend panel explaining the status icons (and the row colour and inconsistency mark). */
export function StatusLegend() {
  return (
    <details className={estilos.painel}>
      <summary>Legenda</summary>
      <ul className={estilos.lista} aria-label="Legenda dos status">
        {STATUS_CTE.map((s) => (
          <li key={s}>
            <StatusIcon status={s} texto />
          </li>
        ))}
        <li>
          <span aria-hidden>⚑</span> Frete com inconsistências
        </li>
        <li>
          <span className={estilos.cobranca} aria-hidden />
          Cobrança adicional não agrupada
        </li>
      </ul>
    </details>
  );
}
