import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { DetalheItemRomaneio } from '../../../contracts/romaneios';
import { formatBrl } from '../../../domain/format-brl';
import { formatNumberBr } from '../../../domain/format-number-br';
import { DataTable } from '../../ui/data-table';

const ALTURA_LINHA = 32;
const numero = css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', display: 'block' });
const direita = (texto: string) => <span className={numero}>{texto}</span>;

/** The invoice's lines and each line's share of the item's freight (by the line's value, spec 03 §5). */
export function DetalhesItemRomaneio({ detalhes, rateio }: { detalhes: DetalheItemRomaneio[]; rateio: string[] | null }) {
  const [selecionado, setSelecionado] = useState(0);
  const linhas = detalhes.map((d, i) => ({ ...d, i }));
  return (
    <section aria-label="Linhas da nota fiscal">
      <DataTable
        label="Linhas da nota fiscal"
        rows={linhas}
        getRowId={(d) => d.i}
        selectedIndex={selecionado}
        onSelectedIndexChange={setSelecionado}
        height={Math.min(Math.max(linhas.length, 1), 6) * ALTURA_LINHA}
        rowHeight={ALTURA_LINHA}
        columns={[
          { id: 'linha', kind: 'code', header: 'Linha', cell: (d) => d.linha },
          { id: 'descricao', kind: 'text', header: 'Descrição', cell: (d) => <span title={d.descricao}>{d.descricao}</span> },
          { id: 'quantidade', kind: 'quantity', header: 'Quantidade', cell: (d) => direita(formatNumberBr(d.quantidade, { maxDecimals: 3 })) },
          { id: 'unidade', kind: 'code', header: 'Unidade', cell: (d) => d.unidade },
          { id: 'valor', kind: 'money', header: 'Valor do item', cell: (d) => direita(formatBrl(d.valorTotalItem)) },
          { id: 'frete', kind: 'money', header: 'Frete rateado', cell: (d) => direita(formatBrl(rateio?.[d.i] ?? '')) },
        ]}
      />
    </section>
  );
}
