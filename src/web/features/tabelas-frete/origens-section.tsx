import { useId, useRef, useState } from 'react';
import type { Origem } from '../../../contracts/tabela-frete-modelo';
import { rotuloLocal } from '../../../domain/frete/validar-tabela-frete';
import { useCommands } from '../../commands/use-commands';
import { LocalGrid, type LocalGridHandle } from '../../ui/local-grid';
import { chaveLocal, contem, mesclar, remover } from '../../ui/local-list';
import { OrigemDialog } from './origem-dialog';
import { SectionHeader } from '../../ui/section-header';

/** Spec 02 §9: route sub-grids 5 per page. */
export const PERCURSO_SUBGRADE_POR_PAGINA = 5;

export const tipoLocal = (l: Origem) => (l.municipio ? 'Município' : 'UF');

/** A route's origins: Alt+O adds one; edit and remove per row. */
export function OrigensSection({ origens, onChange }: { origens: Origem[]; onChange: (o: Origem[]) => void }) {
  const id = useId();
  const [edicao, setEdicao] = useState<{ origem: Origem | null } | null>(null);
  const grade = useRef<LocalGridHandle>(null);
  const nova = () => {
    grade.current?.focus();
    setEdicao({ origem: null });
  };
  useCommands([{ id: `${id}:nova-origem`, title: 'Nova origem', group: 'Ações', keys: ['Alt+O'], run: nova }]);
  return (
    <section aria-label="Origens">
      <SectionHeader titulo="Origens" novo="Nova origem" tecla="Alt+O" onNovo={nova} />
      <LocalGrid
        label="Origens"
        controle={grade}
        rows={origens}
        pageSize={PERCURSO_SUBGRADE_POR_PAGINA}
        getRowId={chaveLocal}
        nome={rotuloLocal}
        columns={[
          { id: 'origem', kind: 'name', header: 'Origem', cell: rotuloLocal },
          { id: 'tipo', kind: 'code', header: 'Tipo', cell: tipoLocal },
        ]}
        onEdit={(o) => setEdicao({ origem: o })}
        onRemove={(o) => onChange(remover(origens, o))}
        mensagemRemocao={(o) => `Deseja remover a origem ${rotuloLocal(o)}?`}
      />
      {edicao && (
        <OrigemDialog
          origem={edicao.origem}
          onClose={() => setEdicao(null)}
          onSave={(o) => {
            const nova = !contem(origens, o);
            onChange(mesclar(origens, o));
            setEdicao(null);
            if (nova) grade.current?.inicio();
          }}
        />
      )}
    </section>
  );
}
