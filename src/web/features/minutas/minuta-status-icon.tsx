import { css, cx } from '../../../../styled-system/css';
import { ROTULO_STATUS_MINUTA, type StatusMinuta } from '../../../contracts/minutas';

const base = css({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', fontWeight: 'bold', width: '5', height: '5', fontSize: 'md' });
// Spec 03 §4: PENDENTE red asterisk, PREENCHIDO (Confirmado) blue check, PROCESSADO green check-circle.
const ICONES: Record<StatusMinuta, { icone: string; classe: string }> = {
  PENDENTE: { icone: '✱', classe: css({ color: 'red.700' }) },
  PREENCHIDO: { icone: '✓', classe: css({ color: 'blue.700' }) },
  PROCESSADO: { icone: '✓', classe: css({ color: 'white', bg: 'green.700', borderRadius: 'full', fontSize: 'xs' }) },
};

/** The minuta's status icon, named (and titled) by the status's label. */
export function MinutaStatusIcon({ status }: { status: StatusMinuta }) {
  const { icone, classe } = ICONES[status];
  const rotulo = ROTULO_STATUS_MINUTA[status];
  return (
    <span role="img" aria-label={rotulo} title={rotulo} className={cx(base, classe)}>
      {icone}
    </span>
  );
}
