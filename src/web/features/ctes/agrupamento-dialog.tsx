import { useState } from 'react';
import { useTodosTiposVeiculo } from '../../api/tabelas-frete-api';
import { useCommands } from '../../commands/use-commands';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { SelectField } from '../../ui/select-field';

export { MSG_INFORME_TIPO_VEICULO } from './mensagens-lote';

export interface AgrupamentoDialogProps {
  quantidade: number;
  ocupado: boolean;
  onConfirm: (tipoVeiculo: number | null) => void;
  onClose: () => void;
}

/** Spec 03 §2.3 Delivery Grouping dialog (700 px): the selected deliveries become one group with a vehicle type. */
export function AgrupamentoDialog({ quantidade, ocupado, onConfirm, onClose }: AgrupamentoDialogProps) {
  const [tipo, setTipo] = useState('');
  const tipos = useTodosTiposVeiculo();
  const agrupar = () => !ocupado && onConfirm(tipo === '' ? null : Number(tipo));
  const opcoes = [{ value: '', label: tipos.isPending ? 'Carregando…' : 'Selecione' }, ...(tipos.data ?? []).map((t) => ({ value: String(t.id), label: t.descricao }))];
  return (
    <Dialog open title="Agrupamento de entregas" onClose={onClose} width={700}>
      <Teclas agrupar={agrupar} />
      <div className={formGrid.corpo}>
        <p>{quantidade} CT-e(s) selecionado(s) para agrupar.</p>
        <SelectField label="Tipo de veículo" value={tipo} onValueChange={setTipo} options={opcoes} />
        <DialogButtons onConfirm={agrupar} confirmLabel="Agrupar" disabled={ocupado} />
      </div>
    </Dialog>
  );
}

function Teclas({ agrupar }: { agrupar: () => void }) {
  useCommands([{ id: 'agrupamento.agrupar', title: 'Agrupar', group: 'Ações', keys: ['Ctrl+S'], run: agrupar }]);
  return null;
}
