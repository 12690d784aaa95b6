import { useRef, useState, type ReactNode } from 'react';
import type { RomaneioLinha } from '../../../contracts/romaneios';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { KeyCombo } from '../../ui/key-combo';
import { propsDaGrade } from '../../ui/use-filtered-list';
import { useGridJump } from '../../ui/use-grid-jump';
import { TAMANHOS_PAGINA } from './romaneio-filtros';

/** Spec §2.7 "New Manifest" on either tab: Ctrl+N as the spec says, but it is the browser's (new window): listed, not bound; Alt+N does it (keyboard.md). */
export const TECLAS_NOVO_ROMANEIO = ['Ctrl+N', 'Alt+N'];

/** Which manifest the dialog shows: an id, or null for a new one; `vez` opens a fresh dialog each time. */
type Aberto = { id: number | null; vez: number } | null;

/** The dialog of either tab: `editar` opens a manifest, `novo` a new one, each time a fresh dialog. */
export function useRomaneioAberto() {
  const [aberto, setAberto] = useState<Aberto>(null);
  const abrir = (id: number | null) => setAberto((a) => ({ id, vez: (a?.vez ?? 0) + 1 }));
  return { aberto, editar: (r: Pick<RomaneioLinha, 'id'>) => abrir(r.id), novo: () => abrir(null), fechar: () => setAberto(null) };
}

/** "Novo romaneio" after Procurar. */
export function BotaoNovoRomaneio({ onClick }: { onClick: () => void }) {
  return (
    <Button onClick={onClick} aria-keyshortcuts={TECLAS_NOVO_ROMANEIO[1]}>
      Novo romaneio <KeyCombo keys={TECLAS_NOVO_ROMANEIO} />
    </Button>
  );
}

export interface ListaRomaneiosProps {
  label: string;
  /** The filter panel (Ctrl+↓ from it goes to the grid). */
  filtros: ReactNode;
  /** Between the filters and the grid (a document being generated). */
  aviso?: ReactNode;
  t: Parameters<typeof propsDaGrade<RomaneioLinha>>[0];
  columns: DataTableColumn<RomaneioLinha>[];
  editar: (r: RomaneioLinha) => void;
}

/** The list of either tab (spec 03 §2.7): the filters, then the manifests 50 a page in the server's order; Enter opens one. */
export function ListaRomaneios({ label, filtros, aviso, t, columns, editar }: ListaRomaneiosProps) {
  const grade = useRef<HTMLDivElement>(null);
  const painel = useRef<HTMLDivElement>(null);
  useGridJump(painel, grade);
  return (
    <>
      <div ref={painel}>{filtros}</div>
      {aviso}
      <DataTable label={label} gridRef={grade} columns={columns} {...propsDaGrade(t, TAMANHOS_PAGINA)} onSortChange={undefined} getRowId={(r) => r.id} onActivate={editar} rowHeight={44} />
    </>
  );
}
