import { useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { css } from '../../../../../styled-system/css';
import { formatNumberBr } from '../../../../domain/format-number-br';
import { useCommands } from '../../../commands/use-commands';
import { Button } from '../../../ui/button';
import { DataTable } from '../../../ui/data-table';
import { fieldStyles } from '../../../ui/field-styles';
import { KeyCombo } from '../../../ui/key-combo';
import { chaveLocal } from '../../../ui/local-list';
import { dicaAdicionarItens, pesoBrutoTotal, type ItemEmEdicao, type RomaneioOsEmEdicao } from './romaneio-os-form';
import { itemColumns } from './romaneio-os-item-columns';
import { RomaneioOsItemDialog } from './romaneio-os-item-dialog';
import { RomaneioOsPickerDialog } from './romaneio-os-picker-dialog';
import { useItensRomaneioOs } from './use-itens-romaneio-os';

export const TECLA_ADICIONAR_ITENS = 'Alt+A';
const ALTURA_LINHA = 36;

const estilos = {
  cabecalho: css({ display: 'flex', alignItems: 'center', gap: '3', mb: '2', flexWrap: 'wrap' }),
  titulo: css({ fontSize: 'sm', fontWeight: 'semibold', mr: 'auto' }),
  total: css({ fontSize: 'sm', color: 'gray.700' }),
};

export interface RomaneioOsItensTabProps {
  e: RomaneioOsEmEdicao;
  onChange: (itens: ItemEmEdicao[]) => void;
  editavel: boolean;
  /** What is missing before items can be added (spec §5); empty: "Adicionar itens" is enabled. */
  faltaParaItens: string[];
}

/** "Peso bruto total: 1.150,000 Kg (limite do veículo: 1.000,000 Kg)". */
function PesoTotal({ e }: { e: RomaneioOsEmEdicao }) {
  const capacidade = e.tipoVeiculo?.capacidade;
  return (
    <span className={estilos.total} role="status" aria-label="Peso bruto total">
      Peso bruto total: {formatNumberBr(pesoBrutoTotal(e.itens).toFixed(3), { decimals: 3 })} Kg
      {capacidade ? ` (limite do veículo: ${formatNumberBr(capacidade, { decimals: 3 })} Kg)` : ''}
    </span>
  );
}

/** The tab's header: the title, the total weight, "Adicionar itens" (Alt+A) and, while it is disabled, why. */
function CabecalhoItens({ e, editavel, podeAdicionar, adicionar, dica, idDica }: { e: RomaneioOsEmEdicao; editavel: boolean; podeAdicionar: boolean; adicionar: () => void; dica: string | null; idDica: string }) {
  return (
    <>
      <div className={estilos.cabecalho}>
        <h3 className={estilos.titulo}>Itens</h3>
        <PesoTotal e={e} />
        {editavel && (
          <Button size="sm" onClick={adicionar} disabled={!podeAdicionar} aria-keyshortcuts={TECLA_ADICIONAR_ITENS} aria-describedby={dica ? idDica : undefined}>
            Adicionar itens <KeyCombo keys={[TECLA_ADICIONAR_ITENS]} />
          </Button>
        )}
      </div>
      {editavel && dica && (
        <p id={idDica} className={fieldStyles.hint}>
          {dica}
        </p>
      )}
    </>
  );
}

/** F2 edits and Delete cancels the selected item: keys of the focused grid (Enter is the grid's own), as in LocalGrid. */
function teclasDaGrade(grade: RefObject<HTMLDivElement | null>, atual: ItemEmEdicao | null, editar: (i: ItemEmEdicao) => void, cancelar: (i: ItemEmEdicao) => void) {
  return (ev: KeyboardEvent<HTMLDivElement>) => {
    if (ev.target !== grade.current || !atual || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const acao = ev.key === 'F2' ? () => editar(atual) : ev.key === 'Delete' ? () => cancelar(atual) : null;
    if (!acao) return;
    ev.preventDefault();
    acao();
  };
}

/** Spec 03 §2.8 Items tab: 10 a page (10, 20, 30), the picker (Alt+A), Enter/F2 edits, Delete cancels the item. */
export function RomaneioOsItensTab({ e, onChange, editavel, faltaParaItens }: RomaneioOsItensTabProps) {
  const id = useId();
  const g = useItensRomaneioOs(e.itens, onChange, editavel);
  const [editando, setEditando] = useState<ItemEmEdicao | null>(null);
  const [escolhendo, setEscolhendo] = useState(false);
  const grade = useRef<HTMLDivElement>(null);
  const podeAdicionar = editavel && faltaParaItens.length === 0;
  const adicionar = () => {
    if (!podeAdicionar) return;
    grade.current?.focus();
    setEscolhendo(true);
  };
  useCommands(editavel ? [{ id: `${id}:adicionar`, title: 'Adicionar itens', group: 'Ações', keys: [TECLA_ADICIONAR_ITENS], when: () => faltaParaItens.length === 0, run: adicionar }] : []);
  const aoTeclar = teclasDaGrade(grade, g.atual, setEditando, g.cancelar);
  const dica = faltaParaItens.length > 0 ? dicaAdicionarItens(faltaParaItens) : null;

  return (
    <section aria-label="Itens do romaneio" onKeyDown={aoTeclar}>
      <CabecalhoItens e={e} editavel={editavel} podeAdicionar={podeAdicionar} adicionar={adicionar} dica={dica} idDica={`${id}-dica`} />
      <DataTable
        label="Itens"
        gridRef={grade}
        columns={itemColumns({ editar: setEditando, cancelar: editavel ? g.cancelar : null, novo: g.novo, editavel })}
        rows={g.linhas}
        getRowId={chaveLocal}
        selectedIndex={g.selecionado}
        onSelectedIndexChange={g.setSelecionado}
        onActivate={setEditando}
        isRowMuted={(i) => i.status === 'CANCELADO'}
        height={g.tamanho * ALTURA_LINHA}
        rowHeight={ALTURA_LINHA}
        pagination={g.paginacao}
      />
      {editando && (
        <RomaneioOsItemDialog
          item={editando}
          editavel={editavel && editando.status !== 'CANCELADO'}
          onClose={() => setEditando(null)}
          onSave={(item) => {
            g.substituir(item);
            setEditando(null);
          }}
        />
      )}
      {escolhendo && e.transportadora && <RomaneioOsPickerDialog transportadora={e.transportadora} itens={e.itens} onClose={() => setEscolhendo(false)} onAdd={onChange} />}
      {g.dialogo}
    </section>
  );
}
