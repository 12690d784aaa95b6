import { css } from '../../../../styled-system/css';
import { formatBrl } from '../../../domain/format-brl';
import { formatNumberBr } from '../../../domain/format-number-br';
import { Button } from '../../ui/button';
import { KeyCombo } from '../../ui/key-combo';

const estilos = {
  rodape: css({ display: 'flex', alignItems: 'center', gap: '4', py: '2', fontSize: 'sm', color: 'gray.700' }),
  separador: css({ flex: '1' }),
};

export interface MinutaFooterProps {
  /** Of every minuta the filters match (totais.valorTotalFrete). */
  valorTotal: string | undefined;
  selecionadas: number;
  onConfirmar: () => void;
  ocupado: boolean;
  tecla: string;
}

/** Spec 03 §2.5 footer: the total value and 'Confirmar Selecionados' (disabled without a selection). */
export function MinutaFooter({ valorTotal, selecionadas, onConfirmar, ocupado, tecla }: MinutaFooterProps) {
  return (
    <div className={estilos.rodape}>
      <span role="status" aria-label="Totais">
        Valor total: {formatBrl(valorTotal ?? '0')} · Selecionadas: {formatNumberBr(selecionadas)}
      </span>
      <span className={estilos.separador} />
      <Button variant="primary" onClick={onConfirmar} disabled={selecionadas === 0 || ocupado} aria-keyshortcuts={tecla}>
        Confirmar Selecionados <KeyCombo keys={[tecla]} />
      </Button>
    </div>
  );
}
