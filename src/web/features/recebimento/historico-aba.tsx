import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { FONTES_RECEBIMENTO, ROTULO_FONTE, TAMANHO_PAGINA_EXECUCOES, type ExecucaoRecebimento, type FonteRecebimento } from '../../../contracts/recebimento';
import { formatNumberBr } from '../../../domain/format-number-br';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { KeyCombo } from '../../ui/key-combo';
import { SelectField } from '../../ui/select-field';
import { useExecucoes } from './recebimento-api';
import { CONTAGENS, formatarInstante, situacaoDaExecucao } from './recebimento-formato';
import { TECLA_ATUALIZAR } from './fontes-aba';

const TAMANHOS = [TAMANHO_PAGINA_EXECUCOES, 100, 200] as const;
const estilos = {
  barra: css({
    display: 'flex',
    flexWrap: 'wrap',
    gap: '3',
    alignItems: 'flex-end',
    mb: '3',
  }),
  fonte: css({ width: '260px' }),
  numero: css({
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
    display: 'block',
  }),
  falha: css({ color: 'red.700', fontWeight: 'semibold' }),
};
const direita = (n: number) => <span className={estilos.numero}>{formatNumberBr(n)}</span>;

const COLUNAS: DataTableColumn<ExecucaoRecebimento>[] = [
  {
    id: 'inicio',
    kind: 'date',
    header: 'Início',
    width: '130px',
    cell: (e) => formatarInstante(e.inicio),
  },
  {
    id: 'fonte',
    kind: 'name',
    header: 'Fonte',
    width: '1fr',
    cell: (e) => ROTULO_FONTE[e.fonte],
  },
  {
    id: 'situacao',
    kind: 'name',
    header: 'Situação',
    width: '1fr',
    cell: (e) => <span className={e.situacao === 'FALHA' ? estilos.falha : undefined}>{situacaoDaExecucao(e)}</span>,
  },
  ...CONTAGENS.map(
    (c): DataTableColumn<ExecucaoRecebimento> => ({
      id: c.campo,
      kind: 'quantity',
      header: c.rotulo,
      cell: (e) => direita(e.contagem[c.campo]),
    }),
  ),
  {
    id: 'mensagens',
    kind: 'text',
    header: 'Mensagens',
    width: '2fr',
    cell: (e) => <span title={e.mensagens.join('\n')}>{e.mensagens.join(' · ')}</span>,
  },
  {
    id: 'usuario',
    kind: 'name',
    header: 'Pedida por',
    width: '1fr',
    cell: (e) => e.usuario ?? 'agendada',
  },
];

const OPCOES_FONTE = [{ value: '', label: 'Todas' }, ...FONTES_RECEBIMENTO.map((f) => ({ value: f, label: ROTULO_FONTE[f] }))];

/** The Histórico tab of /recebimento: every run, newest first, paged on the server; Enter opens its documents. */
export function HistoricoAba({ verDocumentos }: { verDocumentos: (execucaoId: number) => void }) {
  const [fonte, setFonte] = useState<FonteRecebimento | ''>('');
  const [pagina, setPagina] = useState(0);
  const [tamanho, setTamanho] = useState<number>(TAMANHO_PAGINA_EXECUCOES);
  const [selecionado, setSelecionado] = useState(0);
  const consulta = useExecucoes(fonte, pagina, tamanho);
  const dados = consulta.data;
  const atualizar = () => void consulta.refetch();
  useCommands([
    {
      id: 'recebimento.historico.atualizar',
      title: 'Atualizar o histórico',
      group: 'Ações',
      keys: [TECLA_ATUALIZAR],
      run: atualizar,
    },
  ]);

  return (
    <div>
      <div className={estilos.barra}>
        <div className={estilos.fonte}>
          <SelectField
            label="Fonte"
            value={fonte}
            options={OPCOES_FONTE}
            onValueChange={(v) => {
              setFonte(v as FonteRecebimento | '');
              setPagina(0);
              setSelecionado(0);
            }}
          />
        </div>
        <Button onClick={atualizar} aria-keyshortcuts={TECLA_ATUALIZAR}>
          Atualizar <KeyCombo keys={[TECLA_ATUALIZAR]} />
        </Button>
      </div>
      <DataTable
        label="Leituras"
        columns={COLUNAS}
        rows={dados?.content ?? []}
        getRowId={(e) => e.id}
        selectedIndex={selecionado}
        onSelectedIndexChange={setSelecionado}
        onActivate={(e) => verDocumentos(e.id)}
        loading={consulta.isPending}
        isRowMuted={(e) => e.situacao === 'SUCESSO' && e.contagem.ctes + e.contagem.faturas + e.contagem.minutas + e.contagem.recusados === 0}
        pagination={
          dados && {
            page: pagina,
            pageCount: dados.totalPages,
            totalElements: dados.totalElements,
            onPageChange: (p) => {
              setPagina(p);
              setSelecionado(0);
            },
            pageSizes: TAMANHOS,
            pageSize: tamanho,
            onPageSizeChange: (s) => {
              setTamanho(s);
              setPagina(0);
            },
          }
        }
      />
    </div>
  );
}
