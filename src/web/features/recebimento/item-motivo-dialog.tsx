import { ROTULO_RESULTADO, ROTULO_TIPO_DOCUMENTO, type ItemRecebimento } from '../../../contracts/recebimento';
import { Dialog } from '../../ui/dialog';
import { LabelValueList } from '../../ui/label-value-list';
import { css } from '../../../../styled-system/css';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { cteDetailOpener } from '../../ui/cte-detail-opener';
import { KeyCombo } from '../../ui/key-combo';

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
export const TECLA_ABRIR_CTE = 'Alt+A';

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
      {item.cteId !== null && <AbrirCte cteId={item.cteId} />}
    </Dialog>
  );
}

/** Inside the dialog, so its Alt-key belongs to the dialog's layer: the CT-e's detail opens over it. */
function AbrirCte({ cteId }: { cteId: number }) {
  const abrir = () => cteDetailOpener.abrir(cteId);
  useCommands([{ id: 'recebimento.item.cte', title: 'Abrir o CT-e', group: 'Ações', keys: [TECLA_ABRIR_CTE], run: abrir }]);
  return (
    <Button onClick={abrir} aria-keyshortcuts={TECLA_ABRIR_CTE}>
      Abrir o CT-e <KeyCombo keys={[TECLA_ABRIR_CTE]} />
    </Button>
  );
}
