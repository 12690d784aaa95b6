import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { Percurso } from '../../../contracts/tabela-frete-modelo';
import { AVISO_PERCURSO_DESCRICAO_REPETIDA, descricaoRepetida, validarPercurso } from '../../../domain/frete/validar-tabela-frete';
import { DecimalInput } from '../../ui/decimal-input';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { TextField } from '../../ui/text-field';
import { useSaveCommand } from '../../ui/use-save-command';
import { WarningNote } from '../../ui/warning-note';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { ElementosCustoSection } from './elementos-custo-section';
import { DestinosSection } from './destinos-section';
import { contem, mesclar, remover } from '../../ui/local-list';
import { OrigensSection, PERCURSO_SUBGRADE_POR_PAGINA } from './origens-section';
import { NiveisTabelaContext, useNiveisTabela } from './niveis-tabela-context';

const campos = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) repeat(2, minmax(0, 1fr))', gap: '3' });

export interface PercursoDialogProps {
  /** Null: a new route; a clone arrives as a route not yet in the table. */
  percurso: Percurso | null;
  /** The table's routes (the description must differ from the others'). */
  percursos: Percurso[];
  onSave: (percurso: Percurso) => void;
  onClose: () => void;
}

export const novoPercurso = (): Percurso => ({ descricao: '', valorMinimo: '0', valorMaximo: '0', origens: [], destinos: [], elementosCusto: [] });

/** Route dialog (spec 02 §2): description, bounds, origins, destinations, route elements. Ctrl+S keeps it locally. */
export function PercursoDialog(props: PercursoDialogProps) {
  const novo = !props.percurso || !contem(props.percursos, props.percurso);
  return (
    <Dialog open title={novo ? 'Novo percurso' : 'Editar percurso'} onClose={props.onClose} size="lg">
      <Formulario {...props} />
    </Dialog>
  );
}

function Formulario({ percurso, percursos, onSave }: PercursoDialogProps) {
  const niveis = useNiveisTabela();
  const [local, setLocal] = useState<Percurso>(() => percurso ?? novoPercurso());
  const set = (patch: Partial<Percurso>) => setLocal((atual) => ({ ...atual, ...patch }));
  useUnsavedChanges(local);
  const outros = remover(percursos, local);
  const salvar = useSaveCommand('Salvar percurso', () => ({ ...local, descricao: local.descricao.trim() }), (pronto) => validarPercurso(pronto, outros), onSave);

  // Elements edited below see this route as it is now (overwrite warning, indexable descriptions).
  const contexto = { tabela: { ...niveis.tabela, percursos: mesclar(niveis.tabela.percursos, local) }, percurso: local };
  return (
    <NiveisTabelaContext.Provider value={contexto}>
      <div className={formGrid.corpo}>
        <div className={campos}>
          <TextField label="Descrição" value={local.descricao} onValueChange={(descricao) => set({ descricao })} maxLength={150} autoComplete="off" />
          <DecimalInput label="Valor mínimo" value={local.valorMinimo} onValueChange={(valorMinimo) => set({ valorMinimo })} />
          <DecimalInput label="Valor máximo" value={local.valorMaximo} onValueChange={(valorMaximo) => set({ valorMaximo })} />
        </div>
        {descricaoRepetida(local.descricao, outros) && <WarningNote>{AVISO_PERCURSO_DESCRICAO_REPETIDA}</WarningNote>}
        <OrigensSection origens={local.origens} onChange={(origens) => set({ origens })} />
        <DestinosSection destinos={local.destinos} onChange={(destinos) => set({ destinos })} />
        <ElementosCustoSection nivel="PERCURSO" elementos={local.elementosCusto} onChange={(elementosCusto) => set({ elementosCusto })} pageSize={PERCURSO_SUBGRADE_POR_PAGINA} />
        <DialogButtons onConfirm={salvar} />
      </div>
    </NiveisTabelaContext.Provider>
  );
}
