import { ROTULO_RESULTADO, ROTULO_TIPO_DOCUMENTO, type ItemRecebimento } from '../../../contracts/recebimento';
import { Dialog } from '../../ui/dialog';
import { LabelValueList } from '../../ui/label-value-list';
import { css } from '../../../../styled-system/css';

const motivo = css({
  mt: '3',
  p: '3',
  bg: 'gray.50',
  borderWidth: '1px',
  borderColor: 'gray.200',
  borderRadius: 'md',
  fontSize: 'sm',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  outline: 'none',
  _focusVisible: { outline: '2px solid', outlineColor: 'blue.600' },
});

export const TITULO_MOTIVO = 'Motivo';

/** One document of a run, whole: where it came from, what it is, what became of it and why (Esc closes). */
export function ItemMotivoDialog({ item, onClose }: { item: ItemRecebimento; onClose: () => void }) {
  const texto = item.motivo ?? (item.resultado === 'NOVO' || item.resultado === 'CANCELOU' ? 'Gravado sem avisos.' : 'Sem motivo registrado.');
  return (
    <Dialog open title={`${TITULO_MOTIVO}: ${item.arquivo}`} onClose={onClose} size="md" initialFocus={() => document.getElementById(`motivo-item-${item.id}`)}>
      <LabelValueList
        coluna={200}
        campos={[
          ['Arquivo', item.arquivo],
          ['Origem', item.origem],
          ['Tipo', ROTULO_TIPO_DOCUMENTO[item.tipo]],
          ['Resultado', ROTULO_RESULTADO[item.resultado]],
          ['Referência', item.referencia],
        ]}
      />
      <p id={`motivo-item-${item.id}`} className={motivo} tabIndex={0} aria-label="Motivo">
        {texto}
      </p>
    </Dialog>
  );
}
