import { useId, useState } from 'react';
import { tabelaFreteCadastroSchema, type TabelaFrete } from '../../../contracts/tabela-frete-modelo';
import { validarTabelaFrete } from '../../../domain/frete/validar-tabela-frete';
import { tabelasFreteApi } from '../../api/tabelas-frete-api';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { KeyCombo } from '../../ui/key-combo';
import { useShowMessages } from '../../ui/use-show-messages';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { useFieldsGate, useValidate } from '../../ui/use-validated-save';
import { AjusteValorDialog } from './ajuste-valor-dialog';
import { ElementosCustoSection } from './elementos-custo-section';
import { PercursosSection } from './percursos-section';
import { CabecalhoTabelaFields, type CabecalhoTabela } from './cabecalho-tabela-fields';
import { NiveisTabelaContext } from './niveis-tabela-context';

/** Spec 02 §9: global cost elements 10 per page. */
export const ELEMENTOS_TABELA_POR_PAGINA = 10;

export interface TabelaFreteFormProps {
  tabela: TabelaFrete;
  podeSalvar: boolean;
  onClose: () => void;
}

/**
 * The table's local copy: sub-dialogs merge into it, nothing is sent until Ctrl+S (spec 02 §4). Saving runs
 * every rule of spec 02 §5 first and shows all the messages together.
 */
export function TabelaFreteForm({ tabela, podeSalvar, onClose }: TabelaFreteFormProps) {
  const id = useId();
  const [local, setLocal] = useState<TabelaFrete>(tabela);
  const [ajustando, setAjustando] = useState(false);
  const set = (patch: Partial<TabelaFrete>) => setLocal((atual) => ({ ...atual, ...patch }));
  const mostrarMensagens = useShowMessages();
  const validar = useValidate();
  const salvarTabela = tabelasFreteApi.useSalvar();
  const camposLegiveis = useFieldsGate();
  useUnsavedChanges(local);

  const salvar = () => {
    if (!podeSalvar || salvarTabela.isPending || !camposLegiveis()) return;
    const mensagens = validarTabelaFrete(local);
    if (mensagens.length > 0) return mostrarMensagens(mensagens);
    // The save schema keeps only what the server takes: reference ids, no client keys.
    const dados = validar(tabelaFreteCadastroSchema, local);
    if (dados) salvarTabela.mutate(dados, { onSuccess: onClose });
  };
  useCommands([
    { id: `${id}:salvar`, title: 'Salvar tabela de frete', group: 'Ações', keys: ['Ctrl+S'], when: () => podeSalvar, run: salvar },
    { id: `${id}:ajustar`, title: 'Ajustar valor', group: 'Ações', keys: ['Alt+A'], run: () => setAjustando(true) },
  ]);

  return (
    <NiveisTabelaContext.Provider value={{ tabela: local, percurso: null }}>
      <div className={formGrid.corpo}>
        <CabecalhoTabelaFields tabela={local} set={(patch: Partial<CabecalhoTabela>) => set(patch)} />
        <PercursosSection percursos={local.percursos} onChange={(percursos) => set({ percursos })} />
        <ElementosCustoSection nivel="TABELA" elementos={local.elementosCusto} onChange={(elementosCusto) => set({ elementosCusto })} pageSize={ELEMENTOS_TABELA_POR_PAGINA} />
        <DialogButtons onConfirm={podeSalvar ? salvar : undefined} disabled={salvarTabela.isPending}>
          <Button aria-keyshortcuts="Alt+A" onClick={() => setAjustando(true)}>
            Ajustar valor <KeyCombo keys={['Alt+A']} />
          </Button>
        </DialogButtons>
      </div>
      {ajustando && (
        <AjusteValorDialog
          tabela={local}
          onClose={() => setAjustando(false)}
          onApply={(t) => {
            setLocal(t);
            setAjustando(false);
          }}
        />
      )}
    </NiveisTabelaContext.Provider>
  );
}
