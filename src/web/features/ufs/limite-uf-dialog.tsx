import { useState } from 'react';
import { ufLimitesSchema, UNIDADE_LIMITE_FRETE_PESO, UNIDADE_LIMITE_FRETE_VALOR, type Uf } from '../../../contracts/ufs';
import { ufsApi } from '../../api/ufs-api';
import { useCommands } from '../../commands/use-commands';
import { DecimalInput } from '../../ui/decimal-input';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { TextField } from '../../ui/text-field';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { useValidate } from '../../ui/use-validated-save';

export interface LimiteUfDialogProps {
  open: boolean;
  uf: Uf;
  /** Spec 01 §6: gated by the driver edit code FRETE_MOTO_E, not by a UF code. */
  podeSalvar: boolean;
  onClose: () => void;
}

/** UF limits modal (spec 01 §2): only limiteFretePeso (R$/kg) and limiteFreteValor (%) change. Ctrl+S saves. */
export function LimiteUfDialog({ open, uf, podeSalvar, onClose }: LimiteUfDialogProps) {
  return (
    <Dialog open={open} title={`Limites de ${uf.nome}`} onClose={onClose} size="sm">
      <Formulario uf={uf} podeSalvar={podeSalvar} onClose={onClose} />
    </Dialog>
  );
}

function Formulario({ uf, podeSalvar, onClose }: { uf: Uf; podeSalvar: boolean; onClose: () => void }) {
  const [peso, setPeso] = useState(uf.limiteFretePeso);
  const [valor, setValor] = useState(uf.limiteFreteValor);
  const validar = useValidate();
  const salvarUf = ufsApi.useSalvar();
  useUnsavedChanges({ peso, valor });
  const salvar = () => {
    if (!podeSalvar || salvarUf.isPending) return;
    const dados = validar(ufLimitesSchema, { id: uf.id, limiteFretePeso: peso, limiteFreteValor: valor, versao: uf.versao });
    if (dados) salvarUf.mutate(dados, { onSuccess: onClose });
  };
  useCommands([{ id: 'uf.salvar', title: 'Salvar limites da UF', group: 'Ações', keys: ['Ctrl+S'], when: () => podeSalvar, run: salvar }]);

  return (
    <div className={formGrid.corpo}>
      <div className={formGrid.grade}>
        {/* docs/decisoes.md §25: the frete-peso limit is R$/kg; both shown with their 4 decimals. */}
        <DecimalInput label={`Limite de frete peso (${UNIDADE_LIMITE_FRETE_PESO})`} value={peso} onValueChange={setPeso} decimals={4} />
        <DecimalInput label={`Limite de frete valor (${UNIDADE_LIMITE_FRETE_VALOR})`} value={valor} onValueChange={setValor} decimals={4} />
        <TextField label="Sigla" value={uf.sigla} onValueChange={() => {}} readOnly tabIndex={-1} />
        <TextField label="Código" value={uf.codigo} onValueChange={() => {}} readOnly tabIndex={-1} />
      </div>
      <DialogButtons onConfirm={podeSalvar ? salvar : undefined} disabled={salvarUf.isPending} />
    </div>
  );
}
