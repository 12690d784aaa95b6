import { useId, useRef, useState } from 'react';
import { ROTULO_MODALIDADE } from '../../../contracts/tabela-frete-tipos';
import { type ElementoCusto } from '../../../contracts/tabela-frete-modelo';
import { type NivelElemento } from '../../../contracts/calculo-frete';
import { formatBrl } from '../../../domain/format-brl';
import { useCommands } from '../../commands/use-commands';
import { LocalGrid, type LocalGridHandle } from '../../ui/local-grid';
import { clonarElemento } from './copiar-tabela';
import { ElementoCustoDialog } from './elemento-custo-dialog';
import { chaveLocal, mesclar, remover } from '../../ui/local-list';
import { SectionHeader } from '../../ui/section-header';

export interface ElementosCustoSectionProps {
  elementos: ElementoCusto[];
  onChange: (elementos: ElementoCusto[]) => void;
  nivel: NivelElemento;
  pageSize: number;
}

/** The cost elements of one level (table, route, incidence): Alt+E adds; edit, clone, remove per row. */
export function ElementosCustoSection({ elementos, onChange, nivel, pageSize }: ElementosCustoSectionProps) {
  const id = useId();
  const [edicao, setEdicao] = useState<{ elemento: ElementoCusto | null } | null>(null);
  const grade = useRef<LocalGridHandle>(null);
  const novo = () => {
    grade.current?.focus();
    setEdicao({ elemento: null });
  };
  useCommands([{ id: `${id}:novo-elemento`, title: 'Novo elemento de custo', group: 'Ações', keys: ['Alt+E'], run: novo }]);
  return (
    <section aria-label="Elementos de custo">
      <SectionHeader titulo="Elementos de custo" novo="Novo elemento de custo" tecla="Alt+E" onNovo={novo} />
      <LocalGrid
        label="Elementos de custo"
        controle={grade}
        rows={elementos}
        pageSize={pageSize}
        getRowId={chaveLocal}
        nome={(e) => e.descricao}
        columns={[
          { id: 'descricao', kind: 'text', header: 'Descrição', cell: (e) => e.descricao },
          { id: 'modalidade', kind: 'code', header: 'Modalidade', cell: (e) => ROTULO_MODALIDADE[e.modalidade] },
          { id: 'valorMinimo', kind: 'money', header: 'Valor mínimo', cell: (e) => formatBrl(e.valorMinimo) },
          { id: 'faixas', kind: 'quantity', header: 'Faixas', cell: (e) => e.faixas.length },
        ]}
        onEdit={(e) => setEdicao({ elemento: e })}
        onClone={(e) => setEdicao({ elemento: clonarElemento(e) })}
        onRemove={(e) => onChange(remover(elementos, e))}
        mensagemRemocao={(e) => `Deseja remover o elemento de custo "${e.descricao}"?`}
      />
      {edicao && (
        <ElementoCustoDialog
          elemento={edicao.elemento}
          nivel={nivel}
          irmaos={elementos}
          onClose={() => setEdicao(null)}
          onSave={(e) => {
            const novoItem = !elementos.some((x) => chaveLocal(x) === chaveLocal(e));
            onChange(mesclar(elementos, e));
            setEdicao(null);
            if (novoItem) grade.current?.inicio();
          }}
        />
      )}
    </section>
  );
}
