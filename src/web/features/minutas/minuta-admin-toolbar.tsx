import { css } from '../../../../styled-system/css';
import { Button } from '../../ui/button';
import { KeyCombo } from '../../ui/key-combo';
import { LOTES, type LoteMinutas } from './use-minuta-batches';

const estilos = {
  barra: css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', mb: '3' }),
  progresso: css({ fontSize: 'sm', color: 'blue.800', fontWeight: 'medium' }),
};

export interface MinutaAdminToolbarProps {
  emAndamento: LoteMinutas | null;
  executar: (lote: LoteMinutas) => void;
  /** The keys of each batch's command (shown on its button). */
  teclas: Record<LoteMinutas, string[]>;
}

/** Spec 03 §2.5: Ler ConEmb's, Converter Minutas, Converter CT-es, for the login admin; one batch at a time. */
export function MinutaAdminToolbar({ emAndamento, executar, teclas }: MinutaAdminToolbarProps) {
  return (
    <div className={estilos.barra} role="toolbar" aria-label="Ações de administrador">
      {(Object.keys(LOTES) as LoteMinutas[]).map((l) => (
        <Button key={l} onClick={() => executar(l)} disabled={emAndamento !== null} aria-keyshortcuts={teclas[l][0]}>
          {LOTES[l].rotulo} <KeyCombo keys={teclas[l]} />
        </Button>
      ))}
      {emAndamento && (
        <span role="status" className={estilos.progresso}>
          {LOTES[emAndamento].progresso}
        </span>
      )}
    </div>
  );
}
