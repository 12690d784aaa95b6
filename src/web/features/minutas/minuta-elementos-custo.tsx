import { useId, useRef, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { TAMANHO_PAGINA_SUBTABELA_MINUTA, type ElementoCustoMinuta } from '../../../contracts/minutas';
import { formatBrl } from '../../../domain/format-brl';
import { useCommands } from '../../commands/use-commands';
import type { DataTableSort } from '../../ui/data-table';
import { chaveLocal, contem, mesclar, remover } from '../../ui/local-list';
import { LocalGrid, type LocalGridHandle } from '../../ui/local-grid';
import { SectionHeader } from '../../ui/section-header';
import { MinutaElementoCustoDialog } from './minuta-elemento-custo-dialog';
import { somaElementos } from './minuta-form';

const total = css({ fontSize: 'sm', fontWeight: 'semibold', textAlign: 'right', pt: '1' });
const TECLA_NOVO_ELEMENTO = 'Alt+E';

export interface MinutaElementosCustoProps {
  elementos: ElementoCustoMinuta[];
  /** Also recomputes the freight value (spec 03 §5). */
  onChange: (elementos: ElementoCustoMinuta[]) => void;
  editavel: boolean;
}

const porNome = (ordem: DataTableSort) => (a: ElementoCustoMinuta, b: ElementoCustoMinuta) =>
  a.nome.localeCompare(b.nome, 'pt-BR', { sensitivity: 'base' }) * (ordem.direction === 'asc' ? 1 : -1);

/** Spec 03 §2.5: the cost elements, 10 a page, name sortable, value, edit/remove and the total; Alt+E adds. */
export function MinutaElementosCusto({ elementos, onChange, editavel }: MinutaElementosCustoProps) {
  const id = useId();
  const [edicao, setEdicao] = useState<{ elemento: ElementoCustoMinuta | null } | null>(null);
  const [ordem, setOrdem] = useState<DataTableSort>();
  const grade = useRef<LocalGridHandle>(null);
  const novo = () => {
    grade.current?.focus();
    setEdicao({ elemento: null });
  };
  useCommands(editavel ? [{ id: `${id}:novo-elemento`, title: 'Novo elemento de custo', group: 'Ações', keys: [TECLA_NOVO_ELEMENTO], run: novo }] : []);
  const salvar = (e: ElementoCustoMinuta) => {
    const novoItem = !contem(elementos, e);
    onChange(mesclar(elementos, e));
    setEdicao(null);
    if (novoItem) grade.current?.inicio();
  };
  return (
    <section aria-label="Elementos de custo">
      <SectionHeader titulo="Elementos de custo" novo="Novo elemento de custo" tecla={TECLA_NOVO_ELEMENTO} onNovo={editavel ? novo : undefined} />
      <LocalGrid
        label="Elementos de custo"
        controle={grade}
        rows={ordem ? [...elementos].sort(porNome(ordem)) : elementos}
        pageSize={TAMANHO_PAGINA_SUBTABELA_MINUTA}
        getRowId={chaveLocal}
        nome={(e) => e.nome}
        columns={[
          { id: 'nome', kind: 'name', header: 'Nome', sortable: true, cell: (e) => e.nome },
          { id: 'valor', kind: 'money', header: 'Valor', cell: (e) => formatBrl(e.valor) },
        ]}
        sort={ordem}
        onSortChange={setOrdem}
        onEdit={editavel ? (e) => setEdicao({ elemento: e }) : undefined}
        onRemove={editavel ? (e) => onChange(remover(elementos, e)) : undefined}
        mensagemRemocao={(e) => `Deseja remover o elemento de custo "${e.nome}"?`}
      />
      <p className={total}>Total dos elementos de custo: {formatBrl(somaElementos(elementos))}</p>
      {edicao && <MinutaElementoCustoDialog elemento={edicao.elemento} onClose={() => setEdicao(null)} onSave={salvar} />}
    </section>
  );
}
