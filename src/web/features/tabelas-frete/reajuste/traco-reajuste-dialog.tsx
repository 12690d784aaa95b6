import { useEffect, useState } from 'react';
import type { CteReajuste, TracoReajuste } from '../../../../contracts/reajuste';
import { formatBrl } from '../../../../domain/format-brl';
import { formatDateBr } from '../../../../domain/format-date-br';
import { tracoReajuste, type PedidoReajuste } from '../../../api/reajuste-api';
import { Dialog } from '../../../ui/dialog';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { formGrid } from '../../../ui/form-grid';
import { LabelValueList } from '../../../ui/label-value-list';
import { resultStyles as s } from '../../../ui/result-styles';
import { DetalhesResultadoCalculo } from '../calculo/detalhes-calculo-tab';

export const tituloTraco = (cte: CteReajuste) => `CT-e ${cte.numero ?? cte.id} com o reajuste`;

/** One CT-e priced again with the readjusted table: the figures and the engine's lines and trace, as the audit shows them. */
export function TracoReajusteDialog({ pedido, cte, onClose }: { pedido: PedidoReajuste; cte: CteReajuste; onClose: () => void }) {
  const [traco, setTraco] = useState<TracoReajuste | null>(null);
  useEffect(() => {
    let vivo = true;
    tracoReajuste(pedido, cte.id).then(
      (t) => vivo && setTraco(t),
      () => undefined, // the API client has shown why
    );
    return () => {
      vivo = false;
    };
  }, [pedido, cte.id]);
  return (
    <Dialog open title={tituloTraco(cte)} onClose={onClose} width={700}>
      <div className={formGrid.corpo}>
        <LabelValueList
          coluna={170}
          campos={[
            ['Emissão', formatDateBr(cte.dataEmissao)],
            ['UF de destino', cte.ufDestino],
            ['Esperado', formatBrl(cte.esperado)],
            ['Cobrado', formatBrl(cte.cobrado)],
            ['Simulado', cte.falha ? 'FALHA' : formatBrl(cte.simulado)],
            // Not priced: no difference to show (simulado is 0,00 by the contract, never a saving).
            ['Simulado − esperado', cte.falha ? '—' : formatBrl(cte.diferenca)],
          ]}
        />
        {cte.falha && <p className={s.falha}>{cte.falha}</p>}
        {traco ? <DetalhesResultadoCalculo resultado={traco.calculo} /> : <p className={formGrid.carregando}>Carregando…</p>}
        <DialogButtons />
      </div>
    </Dialog>
  );
}
