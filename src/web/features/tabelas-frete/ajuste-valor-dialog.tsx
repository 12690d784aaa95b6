import { useId, useState } from 'react';
import { type TabelaFrete } from '../../../contracts/tabela-frete-modelo';
import { ajusteValorSchema, FORMAS_AJUSTE, type FormaAjuste } from '../../../contracts/ajuste-valor';
import { ajustarValor } from '../../../domain/frete/ajustar-valor';
import { chaveDescricao } from '../../../domain/frete/chave-descricao';
import { todosElementos } from '../../../domain/frete/validar-tabela-frete';
import { useCommands } from '../../commands/use-commands';
import { DecimalInput } from '../../ui/decimal-input';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { SelectField } from '../../ui/select-field';
import { useShowMessages } from '../../ui/use-show-messages';
import { useValidate } from '../../ui/use-validated-save';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { ROTULO_FORMA_AJUSTE } from './labels';

/** Spec 02 §9: the adjustment dialog is 400 px wide. */
export const LARGURA_AJUSTE = 400;

export interface AjusteValorDialogProps {
  tabela: TabelaFrete;
  onApply: (tabela: TabelaFrete) => void;
  onClose: () => void;
}

/** The table's element descriptions, every level, once each (case and accents ignored). */
const descricoes = (t: TabelaFrete) => [...new Map(todosElementos(t).map((e) => [chaveDescricao(e.descricao), e.descricao.trim()])).values()].filter(Boolean);

/** Adjust Value (spec 02 §4): one description, PERCENTUAL or VALOR_FIXO, on every level of the local copy. */
export function AjusteValorDialog(props: AjusteValorDialogProps) {
  return (
    <Dialog open title="Ajustar valor" onClose={props.onClose} width={LARGURA_AJUSTE}>
      <Formulario {...props} />
    </Dialog>
  );
}

function Formulario({ tabela, onApply }: AjusteValorDialogProps) {
  const id = useId();
  const opcoes = descricoes(tabela);
  const [descricao, setDescricao] = useState(opcoes[0] ?? '');
  const [forma, setForma] = useState<FormaAjuste>('PERCENTUAL');
  const [valor, setValor] = useState('');
  useUnsavedChanges(valor);
  const validar = useValidate();
  const mostrarMensagens = useShowMessages();
  const aplicar = () => {
    const ajuste = validar(ajusteValorSchema, { descricao, forma, valor });
    if (!ajuste) return;
    const resultado = ajustarValor(tabela, ajuste);
    if (resultado.mensagens.length > 0) return mostrarMensagens(resultado.mensagens);
    onApply(resultado.tabela);
  };
  useCommands([{ id: `${id}:aplicar`, title: 'Aplicar ajuste', group: 'Ações', keys: ['Ctrl+S'], run: aplicar }]);
  return (
    <div className={formGrid.corpo}>
      <SelectField
        label="Elemento de custo"
        value={descricao}
        onValueChange={setDescricao}
        options={opcoes.length > 0 ? opcoes.map((d) => ({ value: d, label: d })) : [{ value: '', label: 'Nenhum elemento de custo' }]}
      />
      <SelectField label="Forma" value={forma} onValueChange={(v) => setForma(v as FormaAjuste)} options={FORMAS_AJUSTE.map((f) => ({ value: f, label: ROTULO_FORMA_AJUSTE[f] }))} />
      <DecimalInput label="Valor" value={valor} onValueChange={setValor} negative />
      <DialogButtons onConfirm={aplicar} confirmLabel="Aplicar" />
    </div>
  );
}
