import { css } from '../../../../styled-system/css';
import { MENSAGEM_INCONSISTENCIA, type CteLinha } from '../../../contracts/ctes';
import { AlertDialog } from '../../ui/alert-dialog';

const lista = css({ listStyle: 'disc', pl: '5', display: 'flex', flexDirection: 'column', gap: '1' });

/** Spec 03 §2.1: the inconsistencies of a CT-e, one message per code (§3 table). */
export function InconsistenciasDialog({ cte, onClose }: { cte: CteLinha | null; onClose: () => void }) {
  return (
    <AlertDialog open={cte !== null} title={`Inconsistências do CT-e ${cte?.numero ?? ''}`} onClose={onClose}>
      <ul className={lista} aria-label="Inconsistências">
        {cte?.inconsistencias.map((c) => <li key={c}>{MENSAGEM_INCONSISTENCIA[c] ?? c}</li>)}
      </ul>
    </AlertDialog>
  );
}
