import { useRef, useState } from 'react';
import { TABELAS_POR_PAGINA, type TabelaFreteLinha } from '../../../contracts/tabela-frete-modelo';
import { mensagemSemAbrir } from '../../../contracts/erros';
import { temPermissao } from '../../../domain/permissoes';
import { tabelasFreteApi } from '../../api/tabelas-frete-api';
import { Button } from '../../ui/button';
import { simulacaoFreteOpener } from '../../ui/simulacao-frete-opener';
import { KeyCombo } from '../../ui/key-combo';
import { CadastroListScreen } from '../../ui/cadastro-list-screen';
import type { ScreenArgs } from '../../ui/screen-args';
import { TextField } from '../../ui/text-field';
import { useCadastroList } from '../../ui/use-cadastro-list';
import { TabelaFreteDialog, type AberturaTabela } from './tabela-frete-dialog';
import { tabelaFreteColumns } from './tabela-frete-columns';
import { useAcoesPlanilha } from './planilha/use-acoes-planilha';

export const MSG_EXCLUIR_TABELA = 'Tem certeza de que deseja excluir esta tabela de frete?';

type Edicao = { chave: number; abertura: AberturaTabela };

/**
 * Freight tables (/tabelas-frete, spec 02 §2): carrier filter, 50 per page, new, clone, delete, Simular frete; issue 32:
 * export to / import from a workbook and the reajuste simulation.
 */
export function TabelasFreteScreen({ usuario, query, navigate }: ScreenArgs) {
  const pode = { criar: temPermissao(usuario, 'FRETE_TABFR_C'), editar: temPermissao(usuario, 'FRETE_TABFR_E'), excluir: temPermissao(usuario, 'FRETE_TABFR_D') };
  // The reajuste reads the table and the carrier's audited CT-es (the server asks both).
  const podeReajuste = temPermissao(usuario, 'FRETE_TABFR_M') && temPermissao(usuario, 'FRETE_CTE_M');
  const [edicao, setEdicao] = useState<Edicao | null>(null);
  const aberturas = useRef(0);
  const excluir = tabelasFreteApi.useExcluir();
  const abrir = (abertura: AberturaTabela) => setEdicao({ chave: ++aberturas.current, abertura });
  const editar = (t: Pick<TabelaFreteLinha, 'id'>) => abrir({ tipo: 'editar', id: t.id });
  const clonar = (t: TabelaFreteLinha) => abrir({ tipo: 'clonar', id: t.id });
  const simular = () => simulacaoFreteOpener.abrir();
  const planilha = useAcoesPlanilha({ podeImportar: pode.criar || pode.editar, podeReajuste, abrirTabela: (id) => editar({ id }) });

  const t = useCadastroList({
    prefixo: 'tabelas-frete',
    filtros: { transportadora: '' },
    ordem: { field: 'transportadora', direction: 'asc' },
    useConsulta: ({ filtros, pagina }) => tabelasFreteApi.useLista({ transportadora: filtros.transportadora || undefined, page: pagina, size: TABELAS_POR_PAGINA }),
    titulos: { novo: 'Nova tabela de frete', editar: 'Editar tabela de frete selecionada', excluir: 'Excluir tabela de frete selecionada' },
    pode: { criar: pode.criar, editar: () => pode.editar, excluir: () => pode.excluir },
    novo: () => abrir({ tipo: 'novo' }),
    editar,
    excluir: (linha) => excluir.mutate(linha.id),
    // The palette's hits arrive as /tabelas-frete?editar={id}.
    url: { query, navigate, path: '/tabelas-frete', abrir: (id) => editar({ id }) },
    extras: (atual) => [
      { id: 'tabelas-frete.clonar', title: 'Clonar tabela de frete selecionada', group: 'Ações', keys: ['Alt+C'], when: () => atual !== null && pode.criar, run: () => atual && clonar(atual) },
      { id: 'tabelas-frete.simular', title: 'Simular frete', group: 'Ações', keys: ['Alt+S'], run: simular },
      ...planilha.comandos(atual),
    ],
  });

  return (
    <CadastroListScreen
      titulo="Tabelas de Frete"
      rotuloBusca="Procurar tabelas de frete"
      rotuloPesquisar="Procurar"
      estado={t}
      filtros={
        <TextField ref={t.campoBusca} label="Transportadora" type="search" value={t.filtros.transportadora} onValueChange={(v) => t.setFiltro('transportadora', v)} />
      }
      columns={tabelaFreteColumns({ editar: pode.editar ? editar : null, clonar: pode.criar ? clonar : null, excluir: pode.excluir ? t.pedirExclusao : null })}
      getRowId={(linha) => linha.id}
      onActivate={pode.editar ? (linha) => editar(linha) : undefined}
      semAbrir={mensagemSemAbrir('a tabela de frete', 'Tabelas de Frete')}
      botoes={
        <>
          <Button onClick={simular} aria-keyshortcuts="Alt+S">
            Simular frete <KeyCombo keys={['Alt+S']} />
          </Button>
          {planilha.botoes(t.linhas[t.selecionado] ?? null)}
        </>
      }
      novo={pode.criar ? { rotulo: 'Nova tabela de frete', run: () => abrir({ tipo: 'novo' }) } : null}
      mensagemExclusao={() => MSG_EXCLUIR_TABELA}
    >
      {edicao && (
        <TabelaFreteDialog
          key={edicao.chave}
          abertura={edicao.abertura}
          podeSalvar={edicao.abertura.tipo === 'editar' ? pode.editar : pode.criar}
          podeReajuste={podeReajuste}
          onClose={() => setEdicao(null)}
        />
      )}
      {planilha.dialogos}
    </CadastroListScreen>
  );
}
