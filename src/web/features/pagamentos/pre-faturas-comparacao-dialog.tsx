import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { ROTULO_COMPARACAO, type ComparacaoPreFaturaLinha, type PreFatura } from '../../../contracts/pre-faturas';
import { formatBrl } from '../../../domain/format-brl';
import { VALOR_DESCONHECIDO } from '../../../domain/format-number-br';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Dialog } from '../../ui/dialog';
import { useComparacaoPreFatura } from './pre-faturas-api';

export const TITULO_COMPARAR = 'Comparar com as faturas';
const estilos = {
  numero: css({
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
    display: 'block',
  }),
  diferente: css({ color: 'red.700', fontWeight: 'semibold' }),
  resumo: css({ fontSize: 'sm', color: 'gray.700', mb: '3' }),
};
const dinheiro = (v: string | null) => <span className={estilos.numero}>{v === null ? VALOR_DESCONHECIDO : formatBrl(v)}</span>;

/** What needs a look first: every outcome but IGUAL, then the rest, each group in the server's order. */
export const ordenarComparacao = (linhas: ComparacaoPreFaturaLinha[]) => [
  ...linhas.filter((l) => l.situacao !== 'IGUAL'),
  ...linhas.filter((l) => l.situacao === 'IGUAL'),
];

const COLUNAS: DataTableColumn<ComparacaoPreFaturaLinha>[] = [
  {
    id: 'cte',
    kind: 'code',
    header: 'CT-e',
    cell: (l) => (l.serie ? `${l.numero}/${l.serie}` : String(l.numero)),
  },
  {
    id: 'valorAceito',
    kind: 'money',
    header: 'Valor da pré-fatura',
    cell: (l) => dinheiro(l.valorAceito),
  },
  {
    id: 'valorFaturado',
    kind: 'money',
    header: 'Valor faturado',
    cell: (l) => dinheiro(l.valorFaturado),
  },
  {
    id: 'faturas',
    kind: 'text',
    header: 'Faturas',
    cell: (l) => (l.faturas.length ? l.faturas.join(', ') : VALOR_DESCONHECIDO),
  },
  {
    id: 'situacao',
    kind: 'name',
    header: 'Situação',
    cell: (l) => <span className={l.situacao === 'IGUAL' ? undefined : estilos.diferente}>{ROTULO_COMPARACAO[l.situacao]}</span>,
  },
];

/** GET /pre-faturas/{id}/comparacao as a list: what the carrier billed against what the pré-fatura accepted. */
export function PreFaturasComparacaoDialog({ preFatura, onClose }: { preFatura: PreFatura; onClose: () => void }) {
  const consulta = useComparacaoPreFatura(preFatura.id);
  const linhas = ordenarComparacao(consulta.data ?? []);
  const [selecionado, setSelecionado] = useState(0);
  const divergentes = linhas.filter((l) => l.situacao !== 'IGUAL').length;
  return (
    <Dialog open title={`${TITULO_COMPARAR}: pré-fatura ${preFatura.id}`} onClose={onClose} size="lg">
      {consulta.data && (
        <p className={estilos.resumo} role="status">
          {divergentes === 0 ? 'Todos os CT-es faturados pelo valor aceito.' : `${divergentes} de ${linhas.length} CT-e(s) pedem atenção.`}
        </p>
      )}
      <DataTable
        label="Comparação com as faturas"
        columns={COLUNAS}
        rows={linhas}
        getRowId={(l) => `${l.cteId}|${l.situacao}`}
        selectedIndex={selecionado}
        onSelectedIndexChange={setSelecionado}
        semAbrir="A comparação não abre: o CT-e está na tela Fretes e a fatura na tela Faturas."
        loading={consulta.isPending}
        height={360}
      />
    </Dialog>
  );
}
