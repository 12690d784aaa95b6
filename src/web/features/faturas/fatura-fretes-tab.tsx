import type { Ref } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { TAMANHO_PAGINA_FRETES_FATURA, type FretesFatura } from '../../../contracts/faturas';
import { mensagemCteNaoEncontradoAoAbrir, ROTULO_SITUACAO_CTE_FATURA, type CteFatura } from '../../../contracts/conferencia-fatura';
import { formatBrl } from '../../../domain/format-brl';
import { formatDateBr } from '../../../domain/format-date-br';
import { formatNumberBr } from '../../../domain/format-number-br';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';

const ALTURA_LINHA = 44;
const estilos = {
  duas: css({ display: 'flex', flexDirection: 'column', lineHeight: '1.2', overflow: 'hidden', '& > span': { overflow: 'hidden', textOverflow: 'ellipsis' } }),
  menor: css({ fontSize: 'xs', color: 'gray.600' }),
  numero: css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', display: 'block' }),
  divergente: css({ color: 'red.700', fontWeight: 'semibold' }),
  conferido: css({ color: 'green.800' }),
  linhaDivergente: css({ bg: 'red.50', '&[aria-selected=true]': { bg: 'red.100' } }),
  rodape: css({ display: 'flex', gap: '4', fontSize: 'sm', color: 'gray.700', pt: '2' }),
};

/** The billed value; when it differs from the CT-e's charged value, that one under it (docs/decisoes.md §15). */
function celulaValor(c: CteFatura) {
  if (!c.valorDivergente || c.valorCobrado === null) return <span className={estilos.numero}>{formatBrl(c.valorFrete)}</span>;
  return (
    <span className={estilos.duas} title={`Faturado ${formatBrl(c.valorFrete)} · cobrado no CT-e ${formatBrl(c.valorCobrado)}`}>
      <span className={cx(estilos.numero, estilos.divergente)}>{formatBrl(c.valorFrete)}</span>
      <span className={cx(estilos.numero, estilos.menor)}>cobrado {formatBrl(c.valorCobrado)}</span>
    </span>
  );
}

/** The line's situation, marked when divergent, with its reasons as text (and as the tooltip). */
function celulaConferencia(c: CteFatura) {
  const motivos = c.motivos.join('; ');
  return (
    <span className={estilos.duas} title={motivos || undefined}>
      <span className={c.divergente ? estilos.divergente : estilos.conferido}>
        <span aria-hidden>{c.divergente ? '⚠ ' : '✓ '}</span>
        {ROTULO_SITUACAO_CTE_FATURA[c.situacao]}
      </span>
      {motivos && <span className={estilos.menor}>{motivos}</span>}
    </span>
  );
}

/** A line whose CT-e the console has not read opens nothing: Enter says why (issue 28). */
const semCte = (c: CteFatura) => (c.cteId === null ? mensagemCteNaoEncontradoAoAbrir(c.serie ? `${c.numero}/${c.serie}` : c.numero) : null);

const parte = (nome: string | null) => <span title={nome ?? ''}>{nome ?? ''}</span>;

function colunas(ver: (c: CteFatura) => void): DataTableColumn<CteFatura>[] {
  return [
    { id: 'numero', kind: 'code', header: 'Número', cell: (c) => (c.serie ? `${c.numero}/${c.serie}` : c.numero) },
    { id: 'dataEmissao', kind: 'date', header: 'Emissão', cell: (c) => formatDateBr(c.dataEmissao) },
    { id: 'nomeRemetente', kind: 'name', header: 'Remetente', cell: (c) => parte(c.nomeRemetente) },
    { id: 'nomeDestinatario', kind: 'name', header: 'Destinatário', cell: (c) => parte(c.nomeDestinatario) },
    { id: 'valorFrete', kind: 'money', header: 'Valor do frete', cell: celulaValor },
    // Wide enough at 1366 px for "Já cobrado na fatura 1234567890 de 31/12/2026." (docs/decisoes.md §17).
    { id: 'conferencia', kind: 'control', header: 'Conferência', width: '310px', cell: celulaConferencia },
    {
      id: 'acoes', kind: 'control',
      header: 'Ações',
      width: '80px',
      cell: (c) => (
        <Button size="sm" variant="ghost" tabIndex={-1} disabled={c.cteId === null} aria-label={`Visualizar CT-e ${c.numero}`} title="Visualizar Frete" onClick={() => ver(c)}>
          Ver
        </Button>
      ),
    },
  ];
}

export interface FaturaFretesTabProps {
  fretes: FretesFatura | undefined;
  carregando: boolean;
  selecionado: number;
  onSelecionadoChange: (indice: number) => void;
  onPageChange: (page: number) => void;
  ver: (c: CteFatura) => void;
  gridRef: Ref<HTMLDivElement>;
}

/** Spec 03 §2.4 tab Fretes: 12 lines a page, the view action (Enter, F2; a CT-e not found says why), the footer over every line of the fatura. */
export function FaturaFretesTab({ fretes, carregando, selecionado, onSelecionadoChange, onPageChange, ver, gridRef }: FaturaFretesTabProps) {
  return (
    <div>
      <DataTable
        label="Fretes da fatura"
        gridRef={gridRef}
        columns={colunas(ver)}
        rows={fretes?.content ?? []}
        getRowId={(c) => c.id}
        selectedIndex={selecionado}
        onSelectedIndexChange={onSelecionadoChange}
        onActivate={ver}
        semAbrir={semCte}
        loading={carregando}
        height={TAMANHO_PAGINA_FRETES_FATURA * ALTURA_LINHA}
        rowHeight={ALTURA_LINHA}
        rowClassName={(c) => (c.divergente ? estilos.linhaDivergente : undefined)}
        pagination={fretes ? { page: fretes.number, pageCount: fretes.totalPages, totalElements: fretes.totalElements, onPageChange } : undefined}
      />
      <div className={estilos.rodape} role="status" aria-label="Totais da fatura">
        <span>Registros: {formatNumberBr(fretes?.totalElements ?? 0)}</span>
        <span>Valor do frete: {formatBrl(fretes?.valorFreteTotal ?? '0')}</span>
      </div>
    </div>
  );
}
