import { useId, useRef, useState } from 'react';
import type { Incidencia } from '../../../contracts/tabela-frete-modelo';
import { useCommands } from '../../commands/use-commands';
import { LocalGrid, type LocalGridHandle } from '../../ui/local-grid';
import { IncidenciaDialog, INCIDENCIA_POR_PAGINA } from './incidencia-dialog';
import { chaveLocal, contem, mesclar, remover } from '../../ui/local-list';
import { SectionHeader } from '../../ui/section-header';

export const nomesClientes = (i: Incidencia) => i.clientes.map((c) => c.nome).join(', ');

/** A destination's incidences: Alt+I adds one; edit and remove per row. */
export function IncidenciasSection({ incidencias, onChange }: { incidencias: Incidencia[]; onChange: (i: Incidencia[]) => void }) {
  const id = useId();
  const [edicao, setEdicao] = useState<{ incidencia: Incidencia | null } | null>(null);
  const grade = useRef<LocalGridHandle>(null);
  const nova = () => {
    grade.current?.focus();
    setEdicao({ incidencia: null });
  };
  useCommands([{ id: `${id}:nova-incidencia`, title: 'Nova incidência', group: 'Ações', keys: ['Alt+I'], run: nova }]);
  return (
    <section aria-label="Incidências">
      <SectionHeader titulo="Incidências" novo="Nova incidência" tecla="Alt+I" onNovo={nova} />
      <LocalGrid
        label="Incidências"
        controle={grade}
        rows={incidencias}
        pageSize={INCIDENCIA_POR_PAGINA}
        getRowId={chaveLocal}
        nome={(i) => `incidência de ${nomesClientes(i) || 'nenhum cliente'}`}
        columns={[
          { id: 'clientes', kind: 'text', header: 'Clientes', cell: nomesClientes },
          { id: 'elementos', kind: 'text', header: 'Elementos de custo', cell: (i) => i.elementosCusto.map((e) => e.descricao).join(', ') },
        ]}
        onEdit={(i) => setEdicao({ incidencia: i })}
        onRemove={(i) => onChange(remover(incidencias, i))}
        mensagemRemocao={(i) => `Deseja remover a incidência de ${nomesClientes(i) || 'nenhum cliente'}?`}
      />
      {edicao && (
        <IncidenciaDialog
          incidencia={edicao.incidencia}
          onClose={() => setEdicao(null)}
          onSave={(i) => {
            const nova = !contem(incidencias, i);
            onChange(mesclar(incidencias, i));
            setEdicao(null);
            if (nova) grade.current?.inicio();
          }}
        />
      )}
    </section>
  );
}
