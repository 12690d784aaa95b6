import { useRef, useState, type RefObject } from 'react';
import { css } from '../../../../styled-system/css';
import { ROTULO_FONTE, ROTULO_RESULTADO, ROTULO_TIPO_DOCUMENTO, TAMANHO_PAGINA_ITENS, type ItemRecebimento } from '../../../contracts/recebimento';
import { useCommands } from '../../commands/use-commands';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Dialog } from '../../ui/dialog';
import { formGrid } from '../../ui/form-grid';
import { KeyCombo } from '../../ui/key-combo';
import { ItemMotivoDialog } from './item-motivo-dialog';
import { useExecucao, useItensExecucao } from './recebimento-api';
import { formatarInstante, resumoContagem, situacaoDaExecucao } from './recebimento-formato';

export const TECLA_SO_PROBLEMAS = 'Alt+S';
const PROBLEMAS = new Set(['RECUSADO', 'IGNORADO']);
const estilos = {
  resumo: css({
    fontSize: 'sm',
    color: 'gray.800',
    mb: '2',
    '& li': { listStyle: 'disc', ml: '5' },
  }),
  problema: css({ color: 'red.700', fontWeight: 'semibold' }),
  barra: css({ display: 'flex', alignItems: 'center', gap: '3', mb: '2' }),
};

// The reason next to the file: what needs a look; the CT-e key (a code, never cut) and the origin after.
const COLUNAS: DataTableColumn<ItemRecebimento>[] = [
  { id: 'arquivo', kind: 'name', header: 'Arquivo', width: '2fr', cell: (i) => <span title={i.arquivo}>{i.arquivo}</span> },
  {
    id: 'resultado',
    kind: 'name',
    header: 'Resultado',
    width: '1fr',
    cell: (i) => <span className={PROBLEMAS.has(i.resultado) ? estilos.problema : undefined}>{ROTULO_RESULTADO[i.resultado]}</span>,
  },
  { id: 'motivo', kind: 'text', header: 'Motivo', width: '3fr', cell: (i) => <span title={i.motivo ?? undefined}>{i.motivo ?? ''}</span> },
  { id: 'tipo', kind: 'name', header: 'Tipo', width: '1fr', cell: (i) => ROTULO_TIPO_DOCUMENTO[i.tipo] },
  { id: 'referencia', kind: 'code', header: 'Referência', cell: (i) => i.referencia ?? '' },
  { id: 'origem', kind: 'text', header: 'Origem', width: '2fr', cell: (i) => <span title={i.origem}>{i.origem}</span> },
];

/** The documents a run saw (GET …/itens), "Só problemas" (Alt+S); Enter opens a document's reason. */
export function ExecucaoDialog({ execucaoId, onClose }: { execucaoId: number; onClose: () => void }) {
  const execucao = useExecucao(execucaoId).data;
  const grade = useRef<HTMLDivElement>(null);
  const titulo = execucao ? `Leitura ${execucao.id}: ${ROTULO_FONTE[execucao.fonte]}, ${formatarInstante(execucao.inicio)}` : `Leitura ${execucaoId}`;
  return (
    <Dialog open title={titulo} onClose={onClose} size="lg" initialFocus={() => grade.current}>
      {execucao && (
        <div className={estilos.resumo} role="status">
          <p>
            {situacaoDaExecucao(execucao)}. {resumoContagem(execucao.contagem)}.
          </p>
          {execucao.mensagens.length > 0 && (
            <ul aria-label="Mensagens da leitura">
              {execucao.mensagens.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <Itens execucaoId={execucaoId} grade={grade} />
    </Dialog>
  );
}

function Itens({ execucaoId, grade }: { execucaoId: number; grade: RefObject<HTMLDivElement | null> }) {
  const [problemas, setProblemas] = useState(false);
  const [pagina, setPagina] = useState(0);
  const [selecionado, setSelecionado] = useState(0);
  const [aberto, setAberto] = useState<ItemRecebimento | null>(null);
  const consulta = useItensExecucao(execucaoId, pagina, TAMANHO_PAGINA_ITENS, problemas);
  const dados = consulta.data;
  const alternar = () => {
    setProblemas((p) => !p);
    setPagina(0);
    setSelecionado(0);
  };
  useCommands([
    {
      id: 'recebimento.itens.problemas',
      title: 'Só problemas (recusados e ignorados)',
      group: 'Ações',
      keys: [TECLA_SO_PROBLEMAS],
      run: alternar,
    },
  ]);
  return (
    <>
      <div className={estilos.barra}>
        <label className={formGrid.alternar}>
          <input type="checkbox" checked={problemas} onChange={alternar} aria-keyshortcuts={TECLA_SO_PROBLEMAS} />
          Só problemas <KeyCombo keys={[TECLA_SO_PROBLEMAS]} />
        </label>
      </div>
      <DataTable
        label="Documentos da leitura"
        gridRef={grade}
        columns={COLUNAS}
        rows={dados?.content ?? []}
        getRowId={(i) => i.id}
        selectedIndex={selecionado}
        onSelectedIndexChange={setSelecionado}
        onActivate={setAberto}
        loading={consulta.isPending}
        height={360}
        pagination={
          dados && dados.totalPages > 1
            ? {
                page: pagina,
                pageCount: dados.totalPages,
                totalElements: dados.totalElements,
                onPageChange: (p) => {
                  setPagina(p);
                  setSelecionado(0);
                },
              }
            : undefined
        }
      />
      {aberto && <ItemMotivoDialog item={aberto} onClose={() => setAberto(null)} />}
    </>
  );
}
