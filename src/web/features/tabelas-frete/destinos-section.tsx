import { useId, useRef, useState } from 'react';
import type { Destino } from '../../../contracts/tabela-frete-modelo';
import { rotuloLocal } from '../../../domain/frete/validar-tabela-frete';
import { useCommands } from '../../commands/use-commands';
import { LocalGrid, type LocalGridHandle } from '../../ui/local-grid';
import { TextField } from '../../ui/text-field';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { DestinoDialog } from './destino-dialog';
import { ATRASO_FILTRO, filtraTexto } from './filter-text';
import { nomesClientes } from './incidencias-section';
import { chaveLocal, contem, mesclar, remover } from '../../ui/local-list';
import { PERCURSO_SUBGRADE_POR_PAGINA, tipoLocal } from './origens-section';
import { SectionHeader } from '../../ui/section-header';

const incidenciasDe = (d: Destino) => d.incidencias.map((i) => nomesClientes(i)).join(' | ');

/** A route's destinations with their incidences' customers; a filter box; Alt+D adds one. */
export function DestinosSection({ destinos, onChange }: { destinos: Destino[]; onChange: (d: Destino[]) => void }) {
  const id = useId();
  const [edicao, setEdicao] = useState<{ destino: Destino | null } | null>(null);
  const [filtro, setFiltro] = useState('');
  const aplicado = useDebouncedValue(filtro, ATRASO_FILTRO);
  const grade = useRef<LocalGridHandle>(null);
  const passa = filtraTexto(aplicado);
  const visiveis = destinos.filter((d) => passa(rotuloLocal(d), ...d.incidencias.flatMap((i) => i.clientes.map((c) => c.nome))));
  const novo = () => {
    grade.current?.focus();
    setEdicao({ destino: null });
  };
  useCommands([{ id: `${id}:novo-destino`, title: 'Novo destino', group: 'Ações', keys: ['Alt+D'], run: novo }]);
  return (
    <section aria-label="Destinos">
      <SectionHeader titulo="Destinos" novo="Novo destino" tecla="Alt+D" onNovo={novo}>
        <TextField label="Filtrar destinos" type="search" value={filtro} onValueChange={setFiltro} />
      </SectionHeader>
      <LocalGrid
        label="Destinos"
        controle={grade}
        rows={visiveis}
        pageSize={PERCURSO_SUBGRADE_POR_PAGINA}
        getRowId={chaveLocal}
        nome={rotuloLocal}
        columns={[
          { id: 'destino', kind: 'name', header: 'Destino', cell: rotuloLocal },
          { id: 'tipo', kind: 'code', header: 'Tipo', cell: tipoLocal },
          { id: 'incidencias', kind: 'text', header: 'Incidências', cell: incidenciasDe },
        ]}
        onEdit={(d) => setEdicao({ destino: d })}
        onRemove={(d) => onChange(remover(destinos, d))}
        mensagemRemocao={(d) => `Deseja remover o destino ${rotuloLocal(d)}?`}
      />
      {edicao && (
        <DestinoDialog
          destino={edicao.destino}
          onClose={() => setEdicao(null)}
          onSave={(d) => {
            const novoItem = !contem(destinos, d);
            onChange(mesclar(destinos, d));
            setEdicao(null);
            if (novoItem) grade.current?.inicio();
          }}
        />
      )}
    </section>
  );
}
