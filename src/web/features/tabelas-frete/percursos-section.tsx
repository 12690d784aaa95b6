import { useId, useRef, useState } from 'react';
import type { Percurso } from '../../../contracts/tabela-frete-modelo';
import { rotuloLocal } from '../../../domain/frete/validar-tabela-frete';
import { useCommands } from '../../commands/use-commands';
import { LocalGrid, type LocalGridHandle } from '../../ui/local-grid';
import { TextField } from '../../ui/text-field';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { copiarPercurso } from './copiar-tabela';
import { ATRASO_FILTRO, filtraTexto } from './filter-text';
import { chaveLocal, contem, mesclar, remover } from '../../ui/local-list';
import { PercursoDialog } from './percurso-dialog';
import { SectionHeader } from '../../ui/section-header';

/** Spec 02 §9: routes 10 per page. */
export const PERCURSOS_POR_PAGINA = 10;

const rotulos = (locais: Percurso['origens']) => locais.map(rotuloLocal).join(', ');

/** The table's routes: filters on origins and destinations (300 ms), Alt+R adds; edit, clone, remove. */
export function PercursosSection({ percursos, onChange }: { percursos: Percurso[]; onChange: (p: Percurso[]) => void }) {
  const id = useId();
  const [edicao, setEdicao] = useState<{ percurso: Percurso | null } | null>(null);
  const [filtros, setFiltros] = useState({ origens: '', destinos: '' });
  const aplicados = useDebouncedValue(filtros, ATRASO_FILTRO);
  const grade = useRef<LocalGridHandle>(null);
  const porOrigem = filtraTexto(aplicados.origens);
  const porDestino = filtraTexto(aplicados.destinos);
  const visiveis = percursos.filter((p) => porOrigem(...p.origens.map(rotuloLocal)) && porDestino(...p.destinos.map(rotuloLocal)));
  const novo = () => {
    grade.current?.focus();
    setEdicao({ percurso: null });
  };
  useCommands([{ id: `${id}:novo-percurso`, title: 'Novo percurso', group: 'Ações', keys: ['Alt+R'], run: novo }]);
  return (
    <section aria-label="Percursos">
      <SectionHeader titulo="Percursos" novo="Novo percurso" tecla="Alt+R" onNovo={novo}>
        <TextField label="Filtrar origens" type="search" value={filtros.origens} onValueChange={(origens) => setFiltros((f) => ({ ...f, origens }))} />
        <TextField label="Filtrar destinos" type="search" value={filtros.destinos} onValueChange={(destinos) => setFiltros((f) => ({ ...f, destinos }))} />
      </SectionHeader>
      <LocalGrid
        label="Percursos"
        controle={grade}
        rows={visiveis}
        pageSize={PERCURSOS_POR_PAGINA}
        getRowId={chaveLocal}
        nome={(p) => p.descricao}
        columns={[
          { id: 'descricao', kind: 'text', header: 'Descrição', cell: (p) => p.descricao },
          { id: 'origens', kind: 'text', header: 'Origens', cell: (p) => rotulos(p.origens) },
          { id: 'destinos', kind: 'text', header: 'Destinos', cell: (p) => rotulos(p.destinos) },
        ]}
        onEdit={(p) => setEdicao({ percurso: p })}
        onClone={(p) => setEdicao({ percurso: copiarPercurso(p) })}
        onRemove={(p) => onChange(remover(percursos, p))}
        mensagemRemocao={(p) => `Deseja remover o percurso "${p.descricao}"?`}
      />
      {edicao && (
        <PercursoDialog
          percurso={edicao.percurso}
          percursos={percursos}
          onClose={() => setEdicao(null)}
          onSave={(p) => {
            const novoItem = !contem(percursos, p);
            onChange(mesclar(percursos, p));
            setEdicao(null);
            if (novoItem) grade.current?.inicio();
          }}
        />
      )}
    </section>
  );
}
