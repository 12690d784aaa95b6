import { useState } from 'react';
import { veiculoCadastroSchema, type TipoVeiculo, type Veiculo } from '../../../contracts/veiculos';
import { normalizarPlaca, paisDaPlaca, PLACA_MAXIMO } from '../../../domain/placa';
import { buscarTiposVeiculo, tiposVeiculoApi, veiculosApi } from '../../api/veiculos-api';
import { useCommands } from '../../commands/use-commands';
import { Autocomplete } from '../../ui/autocomplete';
import { DecimalInput } from '../../ui/decimal-input';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { TextField } from '../../ui/text-field';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { useValidate } from '../../ui/use-validated-save';

export interface VeiculoDialogProps {
  open: boolean;
  /** Edit by id (loaded here) or with the record at hand; neither: a new vehicle. */
  id?: number | null;
  registro?: Veiculo | null;
  /** The save button's gate (FRETE_VEIC_C for new, FRETE_VEIC_E for edit); the server decides anyway. */
  podeSalvar?: boolean;
  onClose: () => void;
  onSaved?: (veiculo: Veiculo) => void;
}

/** Vehicle dialog (spec 01 §2), self-contained so the manifest dialogs can open it. Ctrl+S saves. */
export function VeiculoDialog({ open, id, registro, podeSalvar = true, onClose, onSaved }: VeiculoDialogProps) {
  const idCarregar = registro ? null : (id ?? null);
  const carregado = veiculosApi.useUm(open ? idCarregar : null);
  const veiculo = registro ?? carregado.data ?? null;
  const editando = Boolean(registro || idCarregar);
  return (
    <Dialog open={open} title={editando ? 'Editar veículo' : 'Novo veículo'} onClose={onClose}>
      {idCarregar && !veiculo ? (
        <p className={formGrid.carregando}>Carregando…</p>
      ) : (
        <Formulario veiculo={veiculo} podeSalvar={podeSalvar} onClose={onClose} onSaved={onSaved} />
      )}
    </Dialog>
  );
}

const tipoParaTexto = (t: Pick<TipoVeiculo, 'descricao'>) => t.descricao;
const tipoParaValor = (t: Pick<TipoVeiculo, 'id'>) => String(t.id);

function Formulario({ veiculo, podeSalvar, onClose, onSaved }: { veiculo: Veiculo | null; podeSalvar: boolean; onClose: () => void; onSaved?: (v: Veiculo) => void }) {
  const [placa, setPlaca] = useState(veiculo?.placa ?? '');
  const [modelo, setModelo] = useState(veiculo?.modelo ?? '');
  const [fabricante, setFabricante] = useState(veiculo?.fabricante ?? '');
  const [tipo, setTipo] = useState<Pick<TipoVeiculo, 'id' | 'descricao'> | null>(veiculo?.tipoVeiculo ?? null);
  const [capacidade, setCapacidade] = useState(veiculo?.capacidade ?? '');
  const [carga, setCarga] = useState(veiculo?.carga ?? '');
  const validar = useValidate();
  useUnsavedChanges({ placa, modelo, fabricante, tipo, capacidade, carga });
  const salvarVeiculo = veiculosApi.useSalvar();

  const salvar = () => {
    if (!podeSalvar || salvarVeiculo.isPending) return;
    const dados = validar(veiculoCadastroSchema, {
      ...(veiculo ? { id: veiculo.id, versao: veiculo.versao } : {}),
      placa,
      modelo: modelo.trim() || null,
      fabricante: fabricante.trim() || null,
      tipoVeiculo: tipo ? { id: tipo.id } : null,
      capacidade: capacidade || null,
      carga: carga || null,
    });
    if (dados)
      salvarVeiculo.mutate(dados, {
        onSuccess: (salvo) => {
          onSaved?.(salvo);
          onClose();
        },
      });
  };
  useCommands([{ id: 'veiculo.salvar', title: 'Salvar veículo', group: 'Ações', keys: ['Ctrl+S'], when: () => podeSalvar, run: salvar }]);

  return (
    <div className={formGrid.corpo}>
      <div className={formGrid.grade}>
        <TextField label="Placa" value={placa} onValueChange={(v) => setPlaca(normalizarPlaca(v))} maxLength={PLACA_MAXIMO} autoComplete="off" />
        <TextField label="País" value={placa ? paisDaPlaca(placa) : ''} onValueChange={() => {}} readOnly tabIndex={-1} />
        <TextField label="Modelo" value={modelo} onValueChange={setModelo} maxLength={100} />
        <TextField label="Fabricante" value={fabricante} onValueChange={setFabricante} maxLength={100} />
        <div className={formGrid.largo}>
          <Autocomplete<Pick<TipoVeiculo, 'id' | 'descricao'>>
            label="Tipo de veículo"
            value={tipo}
            onValueChange={setTipo}
            queryKey={[...tiposVeiculoApi.chaves.todos, 'autocompletar']}
            search={(texto, signal) => buscarTiposVeiculo(texto, signal)}
            itemToString={tipoParaTexto}
            itemToValue={tipoParaValor}
          />
        </div>
        <DecimalInput label="Capacidade (m³)" value={capacidade} onValueChange={setCapacidade} />
        <DecimalInput label="Carga (Kg)" value={carga} onValueChange={setCarga} />
      </div>
      <DialogButtons onConfirm={podeSalvar ? salvar : undefined} disabled={salvarVeiculo.isPending} />
    </div>
  );
}
