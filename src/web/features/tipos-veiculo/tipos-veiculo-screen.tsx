import { useRef, useState } from 'react';
import type { TipoVeiculo } from '../../../contracts/veiculos';
import { mensagemSemAbrir } from '../../../contracts/erros';
import { temPermissao } from '../../../domain/permissoes';
import { formatarPeso } from '../../../domain/format-number-br';
import { tiposVeiculoApi } from '../../api/veiculos-api';
import { contemCitado } from '../../api/search-terms';
import { CadastroListScreen } from '../../ui/cadastro-list-screen';
import { rowActionsColumn } from '../../ui/row-actions';
import type { ScreenArgs } from '../../ui/screen-args';
import { TextField } from '../../ui/text-field';
import { useCadastroList, type CadastroListState } from '../../ui/use-cadastro-list';
import { TipoVeiculoDialog } from './tipo-veiculo-dialog';

/** Spec 01 §9: vehicle types 50 per page. */
export const TIPOS_VEICULO_POR_PAGINA = 50;

/** The list's GET parameters but the page (the export sends the same). */
const consultaTipos = ({ filtros, ordem }: CadastroListState<{ descricao: string }>) => ({
  search: contemCitado('descricao', filtros.descricao) ?? undefined,
  sort: `${ordem.field},${ordem.direction}`,
});

/** Vehicle types (/tipos-veiculo): search by description, New, edit and remove. */
export function TiposVeiculoScreen({ usuario }: ScreenArgs) {
  const pode = { criar: temPermissao(usuario, 'FRETE_TVEIC_C'), editar: temPermissao(usuario, 'FRETE_TVEIC_E'), excluir: temPermissao(usuario, 'FRETE_TVEIC_D') };
  const [edicao, setEdicao] = useState<{ chave: number; registro: TipoVeiculo | null; aberto: boolean } | null>(null);
  const aberturas = useRef(0);
  const excluir = tiposVeiculoApi.useExcluir();
  const abrir = (registro: TipoVeiculo | null) => setEdicao({ chave: ++aberturas.current, registro, aberto: true });

  const t = useCadastroList({
    prefixo: 'tipos-veiculo',
    filtros: { descricao: '' },
    ordem: { field: 'descricao', direction: 'asc' },
    useConsulta: (estado) => tiposVeiculoApi.useLista({ ...consultaTipos(estado), page: estado.pagina, size: TIPOS_VEICULO_POR_PAGINA }),
    exportar: { caminho: '/tipos-veiculo/exportar', lista: 'tipos-veiculo', consulta: consultaTipos },
    titulos: { novo: 'Novo tipo de veículo', editar: 'Editar tipo de veículo selecionado', excluir: 'Excluir tipo de veículo selecionado' },
    pode: { criar: pode.criar, editar: () => pode.editar, excluir: () => pode.excluir },
    novo: () => abrir(null),
    editar: abrir,
    excluir: (r) => excluir.mutate(r.id),
  });

  return (
    <CadastroListScreen
      titulo="Tipos de Veículo"
      rotuloBusca="Pesquisar tipos de veículo"
      estado={t}
      filtros={<TextField ref={t.campoBusca} label="Pesquisar por descrição" type="search" value={t.filtros.descricao} onValueChange={(v) => t.setFiltro('descricao', v)} />}
      columns={[
        { id: 'descricao', kind: 'text', header: 'Descrição', sortable: true, cell: (r) => r.descricao },
        { id: 'codigo', kind: 'code', header: 'Código', sortable: true, cell: (r) => r.codigo ?? '' },
        { id: 'capacidade', kind: 'quantity', header: 'Capacidade (Kg)', cell: (r) => formatarPeso(r.capacidade) },
        rowActionsColumn<TipoVeiculo>({ nome: (r) => r.descricao, editar: pode.editar ? abrir : null, excluir: pode.excluir ? t.pedirExclusao : null }),
      ]}
      getRowId={(r) => r.id}
      onActivate={pode.editar ? (r) => abrir(r) : undefined}
      semAbrir={mensagemSemAbrir('o tipo de veículo', 'Tipos de Veículo')}
      novo={pode.criar ? { rotulo: 'Novo tipo de veículo', run: () => abrir(null) } : null}
      mensagemExclusao={(r) => `Deseja excluir o tipo de veículo "${r.descricao}"?`}
    >
      {edicao && (
        <TipoVeiculoDialog
          key={edicao.chave}
          open={edicao.aberto}
          registro={edicao.registro}
          podeSalvar={edicao.registro ? pode.editar : pode.criar}
          onClose={() => setEdicao((e) => e && { ...e, aberto: false })}
        />
      )}
    </CadastroListScreen>
  );
}
