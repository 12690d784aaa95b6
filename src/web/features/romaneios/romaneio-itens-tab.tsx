import { useId, useRef, useState } from 'react';
import Decimal from 'decimal.js';
import { css } from '../../../../styled-system/css';
import type { RomaneioFrete } from '../../../contracts/romaneios';
import { formatBrl } from '../../../domain/format-brl';
import { formatNumberBr } from '../../../domain/format-number-br';
import type { RateioItem } from '../../../domain/romaneios/ratear-frete';
import { useCommands } from '../../commands/use-commands';
import { chaveLocal } from '../../ui/local-list';
import { SectionHeader } from '../../ui/section-header';
import { gravarItem, ratear, type ItemEmEdicao, type RomaneioEmEdicao } from './romaneio-frete-form';
import { RomaneioItemDialog } from './romaneio-item-dialog';
import { RomaneioItensGrid, type RomaneioItensGridHandle } from './romaneio-itens-grid';

export const TECLA_NOVO_ITEM = 'Alt+A';

const totais = css({ fontSize: 'sm', color: 'gray.700', pt: '1' });
/** The next frame: a tab just shown has its grid in the page. */
const quadro = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
const somar = (valores: string[]) => valores.reduce((t, v) => t.plus(new Decimal(v.trim() || 0)), new Decimal(0)).toString();

export interface RomaneioItensTabProps {
  romaneio: Pick<RomaneioFrete, 'id'>;
  e: RomaneioEmEdicao;
  set: (patch: Partial<RomaneioEmEdicao>) => void;
  editavel: boolean;
  /** Alt+A from the other tab: show this one first. */
  mostrar: () => void;
}

/** "Itens: 2 · Peso total: 150,000 Kg · Valor das notas: R$ … · Frete rateado: R$ …". */
function TotaisDosItens({ itens, rateio }: { itens: ItemEmEdicao[]; rateio: RateioItem[] | null }) {
  return (
    <p className={totais} role="status" aria-label="Totais dos itens">
      Itens: {formatNumberBr(itens.length)} · Peso total: {formatNumberBr(somar(itens.map((i) => i.peso)), { decimals: 3 })} Kg · Valor das notas:{' '}
      {formatBrl(somar(itens.map((i) => i.valorNotaFiscal)))} · Frete rateado: {formatBrl(rateio ? somar(rateio.map((r) => r.item)) : '0')}
    </p>
  );
}

/** Spec 03 §2.8 "Itens": the items by invoice (Alt+A adds one), their freight shares and the totals. */
export function RomaneioItensTab({ romaneio, e, set, editavel, mostrar }: RomaneioItensTabProps) {
  const id = useId();
  const [aberto, setAberto] = useState<{ item: ItemEmEdicao | null } | null>(null);
  const grade = useRef<RomaneioItensGridHandle>(null);
  const itens = e.itens;
  const rateio = ratear(e.valorFrete, itens);

  const novo = async () => {
    // The grid first: closing the item's dialog gives the focus back to it (from the other tab: once shown).
    if (!grade.current?.visivel()) {
      mostrar();
      await quadro();
    }
    grade.current?.elemento()?.focus();
    setAberto({ item: null });
  };
  useCommands(editavel ? [{ id: `${id}:novo-item`, title: 'Adicionar nota fiscal', group: 'Ações', keys: [TECLA_NOVO_ITEM], run: () => void novo() }] : []);

  const gravar = (item: ItemEmEdicao) => {
    const novos = gravarItem(itens, item);
    set({ itens: novos });
    setAberto(null);
    if (novos.length > itens.length) grade.current?.ultimo(novos.length);
  };
  const editado = aberto?.item ?? null;
  const outros = editado ? itens.filter((i) => chaveLocal(i) !== chaveLocal(editado)) : itens;
  const posicao = editado ? itens.indexOf(editado) + 1 : itens.length + 1;
  const ratearCom = (item: ItemEmEdicao) => {
    const lista = editado ? itens.map((i) => (i === editado ? item : i)) : [...itens, item];
    return ratear(e.valorFrete, lista)?.[posicao - 1] ?? null;
  };
  return (
    <section aria-label="Itens">
      <SectionHeader titulo="Itens" novo="Adicionar nota fiscal" tecla={TECLA_NOVO_ITEM} onNovo={editavel ? () => void novo() : undefined} />
      <RomaneioItensGrid
        itens={itens}
        rateio={rateio}
        editavel={editavel}
        abrir={(item) => setAberto({ item })}
        remover={(item) => set({ itens: itens.filter((i) => chaveLocal(i) !== chaveLocal(item)) })}
        controle={grade}
      />
      <TotaisDosItens itens={itens} rateio={rateio} />
      {aberto && (
        <RomaneioItemDialog
          romaneio={romaneio}
          item={aberto.item}
          posicao={posicao}
          outros={outros}
          ratear={ratearCom}
          editavel={editavel}
          onSave={gravar}
          onClose={() => setAberto(null)}
        />
      )}
    </section>
  );
}
