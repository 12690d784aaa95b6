import { css, cx } from '../../../../styled-system/css';
import type { StatusCte } from '../../../contracts/ctes';
import { ICONE_STATUS } from './status-labels';

const base = css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', fontSize: 'sm' });
const CORES: Record<StatusCte, string> = {
  LIDO: css({ color: 'gray.600' }),
  PROCESSADO: css({ color: 'blue.700' }),
  AUDITADO_SUCESSO: css({ color: 'green.700' }),
  AUDITADO_OBSERVACOES: css({ color: 'amber.700' }),
  AUDITADO_FALHA: css({ color: 'red.700' }),
  AUDITADO_ERRO: css({ color: 'red.800' }),
  AUDITADO_REVISADO: css({ color: 'green.800' }),
  CANCELADO: css({ color: 'gray.700' }),
  DESCONSIDERADO: css({ color: 'gray.500' }),
};

/** The status icon with its meaning as the accessible name; `texto` also writes the meaning beside it. */
export function StatusIcon({ status, texto }: { status: StatusCte; texto?: boolean }) {
  const { icone, rotulo } = ICONE_STATUS[status];
  return (
    <span className={cx(base, CORES[status])} title={rotulo}>
      <span aria-hidden>{icone}</span>
      {texto ? <span>{rotulo}</span> : <span className={css({ srOnly: true })}>{rotulo}</span>}
    </span>
  );
}
