import { useId, useState } from 'react';
import type { ElementoCusto } from '../../../contracts/tabela-frete-modelo';
import type { NivelElemento } from '../../../contracts/calculo-frete';
import { chaveDescricao } from '../../../domain/frete/chave-descricao';
import {
  MSG_ELEMENTO_DESCRICAO_REPETIDA,
  avisoSobrescreveElemento,
  descricoesIndexaveis,
  novoElementoCusto,
  validarElementoCusto,
} from '../../../domain/frete/validar-tabela-frete';
import { useCommands } from '../../commands/use-commands';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { useShowMessages } from '../../ui/use-show-messages';
import { WarningNote } from '../../ui/warning-note';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { ElementoCustoFields, type ElementoEmEdicao } from './elemento-custo-fields';
import { contem, remover } from '../../ui/local-list';
import { FaixasGrid } from './faixas-grid';
import { useNiveisTabela, type NiveisTabela } from './niveis-tabela-context';

export interface ElementoCustoDialogProps {
  /** Null: a new element with the defaults of spec 02 §3. */
  elemento: ElementoCusto | null;
  nivel: NivelElemento;
  /** The elements of the same level (descriptions must differ within a level). */
  irmaos: ElementoCusto[];
  onSave: (elemento: ElementoCusto) => void;
  onClose: () => void;
}

/** The levels below this one, nearest first: an equal description there is overwritten (freight-calculation.md step 3). */
function niveisInferiores(nivel: NivelElemento, { tabela, percurso }: NiveisTabela) {
  const tabelaNivel = { nome: 'nível de tabela', elementos: tabela.elementosCusto };
  if (nivel === 'PERCURSO') return [tabelaNivel];
  if (nivel === 'INCIDENCIA') return [...(percurso ? [{ nome: 'nível de percurso', elementos: percurso.elementosCusto }] : []), tabelaNivel];
  return [];
}

/** Cost element dialog (spec 02 §2): every field, the bands grid, the overwrite warning. Ctrl+S keeps it locally. */
export function ElementoCustoDialog(props: ElementoCustoDialogProps) {
  const novo = !props.elemento || !contem(props.irmaos, props.elemento);
  return (
    <Dialog open title={novo ? 'Novo elemento de custo' : 'Editar elemento de custo'} onClose={props.onClose} size="lg">
      <Formulario {...props} />
    </Dialog>
  );
}

function Formulario({ elemento, nivel, irmaos, onSave }: ElementoCustoDialogProps) {
  const id = useId();
  const niveis = useNiveisTabela();
  const [e, setE] = useState<ElementoEmEdicao>(() => elemento ?? novoElementoCusto());
  const set = (patch: Partial<ElementoEmEdicao>) => setE((atual) => ({ ...atual, ...patch }));
  const mostrarMensagens = useShowMessages();
  useUnsavedChanges(e);
  const chave = chaveDescricao(e.descricao);
  const indexaveis = descricoesIndexaveis(niveis.tabela).filter((d) => chaveDescricao(d) !== chave);
  const sobrescritos = chave ? niveisInferiores(nivel, niveis).filter((n) => n.elementos.some((x) => chaveDescricao(x.descricao) === chave)) : [];

  const salvar = () => {
    const mensagens = validarElementoCusto(e, indexaveis);
    const outros = elemento ? remover(irmaos, elemento) : irmaos;
    if (chave && outros.some((x) => chaveDescricao(x.descricao) === chave)) mensagens.push(MSG_ELEMENTO_DESCRICAO_REPETIDA);
    if (mensagens.length > 0) return mostrarMensagens(mensagens);
    onSave({ ...e, descricao: e.descricao.trim() } as ElementoCusto);
  };
  useCommands([{ id: `${id}:salvar`, title: 'Salvar elemento de custo', group: 'Ações', keys: ['Ctrl+S'], run: salvar }]);

  return (
    <div className={formGrid.corpo}>
      <ElementoCustoFields
        e={e}
        set={set}
        indexaveis={indexaveis}
        avisos={sobrescritos.length > 0 && sobrescritos.map((n) => <WarningNote key={n.nome}>{avisoSobrescreveElemento(n.nome)}</WarningNote>)}
      />
      <FaixasGrid faixas={e.faixas} modalidade={e.modalidade} onChange={(faixas) => set({ faixas })} />
      <DialogButtons onConfirm={salvar} />
    </div>
  );
}
