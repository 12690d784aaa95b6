import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { MSG_PRE_FATURA_NAO_ENCONTRADA, type PreFatura } from '../../../contracts/pre-faturas';
import { formatBrl } from '../../../domain/format-brl';
import { formatDateBr } from '../../../domain/format-date-br';
import { formatNumberBr } from '../../../domain/format-number-br';
import type { Command } from '../../commands/command-registry';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { KeyCombo } from '../../ui/key-combo';
import { useDocumento } from '../../ui/use-documento';
import { PreFaturasComparacaoDialog, TITULO_COMPARAR } from './pre-faturas-comparacao-dialog';
import { baixarDocumentoPreFatura, usePreFaturas, type DocumentoPreFatura } from './pre-faturas-api';
import { PreFaturasGerarDialog, TITULO_GERAR_PRE_FATURA } from './pre-faturas-gerar-dialog';

export const TECLAS_GERAR_PRE_FATURA = ['Ctrl+N', 'Alt+N'];
export const TECLA_PDF = 'Alt+I';
export const TECLA_CSV = 'Alt+X';
export const TECLA_DOCCOB = 'Alt+D';
export const TECLA_COMPARAR = 'Alt+C';
export const TECLA_ATUALIZAR_PRE_FATURAS = 'Alt+U';

const barra = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  alignItems: 'center',
  mb: '3',
});
const numero = css({
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  display: 'block',
});
const direita = (texto: string) => <span className={numero}>{texto}</span>;

const COLUNAS: DataTableColumn<PreFatura>[] = [
  { id: 'id', kind: 'code', header: 'Nº', cell: (p) => String(p.id) },
  {
    id: 'transportadora',
    kind: 'name',
    header: 'Transportadora',
    cell: (p) => <span title={p.transportadora.cnpj ?? undefined}>{p.transportadora.razaoSocial}</span>,
  },
  {
    id: 'periodo',
    kind: 'date',
    header: 'Período',
    width: '200px',
    cell: (p) => `${formatDateBr(p.inicio)} a ${formatDateBr(p.fim)}`,
  },
  {
    id: 'criadaEm',
    kind: 'date',
    header: 'Criada em',
    cell: (p) => formatDateBr(p.criadaEm),
  },
  {
    id: 'quantidade',
    kind: 'quantity',
    header: 'CT-es',
    cell: (p) => direita(formatNumberBr(p.quantidade)),
  },
  {
    id: 'valorTotal',
    kind: 'money',
    header: 'Valor aceito',
    cell: (p) => direita(formatBrl(p.valorTotal)),
  },
];

const DOCUMENTOS: {
  tipo: DocumentoPreFatura;
  titulo: string;
  tecla: string;
  rotulo: (id: number) => string;
}[] = [
  {
    tipo: 'pdf',
    titulo: 'Baixar PDF',
    tecla: TECLA_PDF,
    rotulo: (id) => `o PDF da pré-fatura ${id}`,
  },
  {
    tipo: 'csv',
    titulo: 'Baixar CSV',
    tecla: TECLA_CSV,
    rotulo: (id) => `o CSV da pré-fatura ${id}`,
  },
  {
    tipo: 'doccob',
    titulo: 'Baixar DOCCOB',
    tecla: TECLA_DOCCOB,
    rotulo: (id) => `o DOCCOB da pré-fatura ${id}`,
  },
];

/**
 * The Pré-faturas tab of /pagamentos: the newest 100 pré-faturas; "Gerar pré-fatura" (FRETE_PAG_C) opens the
 * dialog; on the selected one its PDF, CSV and DOCCOB, and the comparison with the faturas (also Enter on the row).
 */
export function PreFaturasAba({ podeCriar }: { podeCriar: boolean }) {
  const consulta = usePreFaturas();
  const linhas = consulta.data ?? [];
  const [selecionado, setSelecionado] = useState(0);
  const [gerando, setGerando] = useState(false);
  const [comparando, setComparando] = useState<PreFatura | null>(null);
  const doc = useDocumento();
  const atual = linhas[selecionado] ?? null;

  const baixar = (tipo: DocumentoPreFatura) => {
    const d = DOCUMENTOS.find((x) => x.tipo === tipo)!;
    if (atual)
      void doc.baixar({
        rotulo: d.rotulo(atual.id),
        baixar: () => baixarDocumentoPreFatura(atual.id, tipo),
        naoEncontrado: MSG_PRE_FATURA_NAO_ENCONTRADA,
      });
  };
  const comandos: Command[] = [
    {
      id: 'pagamentos.pre-faturas.atualizar',
      title: 'Atualizar as pré-faturas',
      group: 'Ações',
      keys: [TECLA_ATUALIZAR_PRE_FATURAS],
      run: () => void consulta.refetch(),
    },
    ...DOCUMENTOS.map(
      (d): Command => ({
        id: `pagamentos.pre-faturas.${d.tipo}`,
        title: `${d.titulo} da pré-fatura`,
        group: 'Ações',
        keys: [d.tecla],
        when: () => atual !== null,
        run: () => baixar(d.tipo),
      }),
    ),
    {
      id: 'pagamentos.pre-faturas.comparar',
      title: 'Comparar a pré-fatura com as faturas',
      group: 'Ações',
      keys: [TECLA_COMPARAR],
      when: () => atual !== null,
      run: () => setComparando(atual),
    },
  ];
  if (podeCriar)
    comandos.unshift({
      id: 'pagamentos.pre-faturas.gerar',
      title: TITULO_GERAR_PRE_FATURA,
      group: 'Ações',
      keys: TECLAS_GERAR_PRE_FATURA,
      unbound: ['Ctrl+N'],
      run: () => setGerando(true),
    });
  useCommands(comandos);

  return (
    <div>
      <div className={barra} role="toolbar" aria-label="Ações de pré-faturas">
        {podeCriar && (
          <Button variant="primary" onClick={() => setGerando(true)} aria-keyshortcuts={TECLAS_GERAR_PRE_FATURA.join(' ')}>
            {TITULO_GERAR_PRE_FATURA} <KeyCombo keys={TECLAS_GERAR_PRE_FATURA} />
          </Button>
        )}
        {DOCUMENTOS.map((d) => (
          <Button key={d.tipo} onClick={() => baixar(d.tipo)} disabled={!atual || doc.ocupado} aria-keyshortcuts={d.tecla}>
            {d.titulo} <KeyCombo keys={[d.tecla]} />
          </Button>
        ))}
        <Button onClick={() => setComparando(atual)} disabled={!atual} aria-keyshortcuts={TECLA_COMPARAR}>
          {TITULO_COMPARAR} <KeyCombo keys={[TECLA_COMPARAR]} />
        </Button>
        <Button onClick={() => void consulta.refetch()} aria-keyshortcuts={TECLA_ATUALIZAR_PRE_FATURAS}>
          Atualizar <KeyCombo keys={[TECLA_ATUALIZAR_PRE_FATURAS]} />
        </Button>
        {doc.andamento}
      </div>
      <DataTable
        label="Pré-faturas"
        columns={COLUNAS}
        rows={linhas}
        getRowId={(p) => p.id}
        selectedIndex={selecionado}
        onSelectedIndexChange={setSelecionado}
        onActivate={(p) => setComparando(p)}
        loading={consulta.isPending}
      />
      {gerando && <PreFaturasGerarDialog onClose={() => setGerando(false)} onCriada={() => setSelecionado(0)} />}
      {comparando && <PreFaturasComparacaoDialog preFatura={comparando} onClose={() => setComparando(null)} />}
    </div>
  );
}
