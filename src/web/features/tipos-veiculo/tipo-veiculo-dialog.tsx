import { useState } from 'react';
import { tipoVeiculoCadastroSchema, type TipoVeiculo } from '../../../contracts/veiculos';
import { tiposVeiculoApi } from '../../api/veiculos-api';
import { useCommands } from '../../commands/use-commands';
import { DecimalInput } from '../../ui/decimal-input';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { TextField } from '../../ui/text-field';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { useValidate } from '../../ui/use-validated-save';

export interface TipoVeiculoDialogProps {
  open: boolean;
  /** Absent: a new vehicle type. */
  registro?: TipoVeiculo | null;
  podeSalvar: boolean;
  onClose: () => void;
}

/** Vehicle type dialog (spec 01 §2): descrição, código and capacidade (kg, the manifests' weight limit). Ctrl+S saves. */
export function TipoVeiculoDialog({ open, registro, podeSalvar, onClose }: TipoVeiculoDialogProps) {
  return (
    <Dialog open={open} title={registro ? 'Editar tipo de veículo' : 'Novo tipo de veículo'} onClose={onClose}>
      <Formulario registro={registro ?? null} podeSalvar={podeSalvar} onClose={onClose} />
    </Dialog>
  );
}

function Formulario({ registro, podeSalvar, onClose }: { registro: TipoVeiculo | null; podeSalvar: boolean; onClose: () => void }) {
  const [descricao, setDescricao] = useState(registro?.descricao ?? '');
  const [codigo, setCodigo] = useState(registro?.codigo ?? '');
  const [capacidade, setCapacidade] = useState(registro?.capacidade ?? '');
  const validar = useValidate();
  useUnsavedChanges({ descricao, codigo, capacidade });
  const salvarTipo = tiposVeiculoApi.useSalvar();

  const salvar = () => {
    if (!podeSalvar || salvarTipo.isPending) return;
    const dados = validar(tipoVeiculoCadastroSchema, {
      ...(registro ? { id: registro.id, versao: registro.versao } : {}),
      descricao,
      codigo: codigo.trim() || null,
      capacidade: capacidade || null,
    });
    if (dados) salvarTipo.mutate(dados, { onSuccess: onClose });
  };
  useCommands([{ id: 'tipo-veiculo.salvar', title: 'Salvar tipo de veículo', group: 'Ações', keys: ['Ctrl+S'], when: () => podeSalvar, run: salvar }]);

  return (
    <div className={formGrid.corpo}>
      <div className={formGrid.grade}>
        <div className={formGrid.largo}>
          <TextField label="Descrição" value={descricao} onValueChange={setDescricao} maxLength={100} />
        </div>
        <TextField label="Código" value={codigo} onValueChange={setCodigo} maxLength={20} />
        <DecimalInput label="Capacidade (Kg)" value={capacidade} onValueChange={setCapacidade} />
      </div>
      <DialogButtons onConfirm={podeSalvar ? salvar : undefined} disabled={salvarTipo.isPending} />
    </div>
  );
}
