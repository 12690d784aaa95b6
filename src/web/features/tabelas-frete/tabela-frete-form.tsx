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
import { exportarTabela, TITULO_EXPORTAR, TITULO_SIMULAR_REAJUSTE } from './planilha/use-acoes-planilha';
import { ReajusteDialog } from './reajuste/reajuste-dialog';

/** Spec 02 §9: global cost elements 10 per page. */
export const ELEMENTOS_TABELA_POR_PAGINA = 10;

export interface TabelaFreteFormProps {
  tabela: TabelaFrete;
  podeSalvar: boolean;
  onClose: () => void;
  /** The saved table's id when editing one (issue 32: export it, simulate its reajuste); null for new and clone. */
  tabelaSalva?: number | null;
  podeReajuste?: boolean;
}

/**
 * The table's local copy: sub-dialogs merge into it, nothing is sent until Ctrl+S (spec 02 §4). Saving runs
 * every rule of spec 02 §5 first and shows all the messages together.
 */
export function TabelaFreteForm({ tabela, podeSalvar, onClose, tabelaSalva = null, podeReajuste = false }: TabelaFreteFormProps) {
  const id = useId();
  const [local, setLocal] = useState<TabelaFrete>(tabela);
  const [ajustando, setAjustando] = useState(false);
  const [reajustando, setReajustando] = useState(false);
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
    // The saved table (not unsaved edits): what the server holds is what is exported and readjusted.
    { id: `${id}:exportar`, title: TITULO_EXPORTAR, group: 'Ações', keys: ['Alt+X'], when: () => tabelaSalva !== null, run: () => tabelaSalva !== null && exportarTabela(tabelaSalva) },
    { id: `${id}:reajuste`, title: TITULO_SIMULAR_REAJUSTE, group: 'Ações', keys: ['Alt+J'], when: () => tabelaSalva !== null && podeReajuste, run: () => setReajustando(tabelaSalva !== null && podeReajuste) },
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
          {tabelaSalva !== null && (
            <>
              <Button aria-keyshortcuts="Alt+X" onClick={() => exportarTabela(tabelaSalva)}>
                Exportar para Excel <KeyCombo keys={['Alt+X']} />
              </Button>
              {podeReajuste && (
                <Button aria-keyshortcuts="Alt+J" onClick={() => setReajustando(true)}>
                  Simular reajuste <KeyCombo keys={['Alt+J']} />
                </Button>
              )}
            </>
          )}
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
      {reajustando && tabelaSalva !== null && <ReajusteDialog tabelaId={tabelaSalva} onClose={() => setReajustando(false)} />}
    </NiveisTabelaContext.Provider>
  );
}
