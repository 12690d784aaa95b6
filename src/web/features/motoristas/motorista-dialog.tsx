import { useState } from 'react';
import { motoristaCadastroSchema, type Motorista } from '../../../contracts/motoristas';
import { formatarCpf } from '../../../domain/cpf';
import { motoristasApi } from '../../api/motoristas-api';
import { useCommands } from '../../commands/use-commands';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { TextField } from '../../ui/text-field';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { useValidate } from '../../ui/use-validated-save';

export interface MotoristaDialogProps {
  open: boolean;
  /** Edit by id (loaded here) or with the record at hand; neither: a new driver. */
  id?: number | null;
  registro?: Motorista | null;
  /** Spec 01 §6: the driver save button needs FRETE_MOTO_E; the server decides anyway. */
  podeSalvar?: boolean;
  onClose: () => void;
  onSaved?: (motorista: Motorista) => void;
}

/** Driver dialog (spec 01 §2, §5 Driver save), self-contained so the manifest dialogs can open it. Ctrl+S saves. */
export function MotoristaDialog({ open, id, registro, podeSalvar = true, onClose, onSaved }: MotoristaDialogProps) {
  const idCarregar = registro ? null : (id ?? null);
  const carregado = motoristasApi.useUm(open ? idCarregar : null);
  const motorista = registro ?? carregado.data ?? null;
  return (
    <Dialog open={open} title={registro || idCarregar ? 'Editar motorista' : 'Novo motorista'} onClose={onClose} size="lg">
      {idCarregar && !motorista ? (
        <p className={formGrid.carregando}>Carregando…</p>
      ) : (
        <Formulario motorista={motorista} podeSalvar={podeSalvar} onClose={onClose} onSaved={onSaved} />
      )}
    </Dialog>
  );
}

const CAMPOS = [
  ['nome', 'Nome', 150],
  ['cpf', 'CPF', 14],
  ['rg', 'RG', 20],
  ['cnh', 'CNH', 20],
  ['rntnc', 'RNTNC', 20],
  ['logradouro', 'Logradouro', 150],
  ['complemento', 'Complemento', 150],
  ['endereco', 'Endereço', 150],
  ['bairro', 'Bairro', 150],
  ['cep', 'CEP', 9],
  ['cidade', 'Cidade', 150],
  ['uf', 'UF', 2],
] as const;
type Campo = (typeof CAMPOS)[number][0];

function inicial(m: Motorista | null): Record<Campo, string> {
  return {
    nome: m?.nome ?? '',
    cpf: m ? formatarCpf(m.cpf) : '',
    rg: m?.rg ?? '',
    cnh: m?.cnh ?? '',
    rntnc: m?.rntnc ?? '',
    logradouro: m?.logradouro ?? '',
    complemento: m?.complemento ?? '',
    endereco: m?.endereco ?? '',
    bairro: m?.bairro ?? '',
    cep: m?.cep ?? '',
    cidade: m?.cidade ?? '',
    uf: m?.uf ?? '',
  };
}

function Formulario({ motorista, podeSalvar, onClose, onSaved }: { motorista: Motorista | null; podeSalvar: boolean; onClose: () => void; onSaved?: (m: Motorista) => void }) {
  const [valores, setValores] = useState(() => inicial(motorista));
  const [ativo, setAtivo] = useState(motorista ? motorista.status === 'ATIVO' : true);
  const validar = useValidate();
  useUnsavedChanges({ valores, ativo });
  const salvarMotorista = motoristasApi.useSalvar();

  const salvar = () => {
    if (!podeSalvar || salvarMotorista.isPending) return;
    const opcional = (v: string) => v.trim() || null;
    const dados = validar(motoristaCadastroSchema, {
      ...(motorista ? { id: motorista.id, versao: motorista.versao } : {}),
      ...valores,
      cnh: opcional(valores.cnh),
      complemento: opcional(valores.complemento),
      endereco: opcional(valores.endereco),
      bairro: opcional(valores.bairro),
      status: ativo ? 'ATIVO' : 'INATIVO',
    });
    if (dados)
      salvarMotorista.mutate(dados, {
        onSuccess: (salvo) => {
          onSaved?.(salvo);
          onClose();
        },
      });
  };
  useCommands([{ id: 'motorista.salvar', title: 'Salvar motorista', group: 'Ações', keys: ['Ctrl+S'], when: () => podeSalvar, run: salvar }]);

  return (
    <div className={formGrid.corpo}>
      <div className={formGrid.grade}>
        {CAMPOS.map(([campo, rotulo, maximo]) => (
          <div key={campo} className={campo === 'nome' ? formGrid.largo : undefined}>
            <TextField
              label={rotulo}
              value={valores[campo]}
              onValueChange={(v) => setValores((atual) => ({ ...atual, [campo]: campo === 'uf' ? v.toUpperCase() : v }))}
              maxLength={maximo}
              inputMode={campo === 'cpf' || campo === 'cep' ? 'numeric' : undefined}
            />
          </div>
        ))}
        <label className={formGrid.alternar}>
          <input type="checkbox" checked={ativo} onChange={() => setAtivo(!ativo)} />
          Ativo
        </label>
      </div>
      <DialogButtons onConfirm={podeSalvar ? salvar : undefined} disabled={salvarMotorista.isPending} />
    </div>
  );
}
