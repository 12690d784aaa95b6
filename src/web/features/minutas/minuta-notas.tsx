import { useId, useRef, useState } from 'react';
import { TAMANHO_PAGINA_SUBTABELA_MINUTA, type NotaFiscalMinuta } from '../../../contracts/minutas';
import { useCommands } from '../../commands/use-commands';
import { chaveLocal, contem, mesclar, remover } from '../../ui/local-list';
import { LocalGrid, type LocalGridHandle } from '../../ui/local-grid';
import { SectionHeader } from '../../ui/section-header';
import { MinutaNotaDialog } from './minuta-nota-dialog';

const TECLA_NOVA_NOTA = 'Alt+F';

export interface MinutaNotasProps {
  notas: NotaFiscalMinuta[];
  onChange: (notas: NotaFiscalMinuta[]) => void;
  editavel: boolean;
}

const nomeNota = (n: NotaFiscalMinuta) => `nota fiscal ${n.serie}/${n.numero}`;

/** Spec 03 §2.5: the notas fiscais, series and number, 10 a page; Alt+F adds. */
export function MinutaNotas({ notas, onChange, editavel }: MinutaNotasProps) {
  const id = useId();
  const [edicao, setEdicao] = useState<{ nota: NotaFiscalMinuta | null } | null>(null);
  const grade = useRef<LocalGridHandle>(null);
  const nova = () => {
    grade.current?.focus();
    setEdicao({ nota: null });
  };
  useCommands(editavel ? [{ id: `${id}:nova-nota`, title: 'Nova nota fiscal', group: 'Ações', keys: [TECLA_NOVA_NOTA], run: nova }] : []);
  const salvar = (n: NotaFiscalMinuta) => {
    const novoItem = !contem(notas, n);
    onChange(mesclar(notas, n));
    setEdicao(null);
    if (novoItem) grade.current?.inicio();
  };
  return (
    <section aria-label="Notas fiscais">
      <SectionHeader titulo="Notas fiscais" novo="Nova nota fiscal" tecla={TECLA_NOVA_NOTA} onNovo={editavel ? nova : undefined} />
      <LocalGrid
        label="Notas fiscais"
        controle={grade}
        rows={notas}
        pageSize={TAMANHO_PAGINA_SUBTABELA_MINUTA}
        getRowId={chaveLocal}
        nome={nomeNota}
        columns={[
          { id: 'serie', kind: 'code', header: 'Série', cell: (n) => n.serie },
          { id: 'numero', kind: 'code', header: 'Número', cell: (n) => n.numero },
        ]}
        onEdit={editavel ? (n) => setEdicao({ nota: n }) : undefined}
        onRemove={editavel ? (n) => onChange(remover(notas, n)) : undefined}
        mensagemRemocao={(n) => `Deseja remover a ${nomeNota(n)}?`}
      />
      {edicao && <MinutaNotaDialog nota={edicao.nota} onClose={() => setEdicao(null)} onSave={salvar} />}
    </section>
  );
}
