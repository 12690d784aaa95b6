import { useRef, useState } from 'react';
import type { Veiculo } from '../../../contracts/veiculos';
import { buildSearch } from '../../../domain/build-search';
import { normalizarPlaca, PLACA_MAXIMO } from '../../../domain/placa';
import { mensagemSemAbrir } from '../../../contracts/erros';
import { temPermissao } from '../../../domain/permissoes';
import { formatNumberBr, formatarPeso } from '../../../domain/format-number-br';
import { contemCitado } from '../../api/search-terms';
import { veiculosApi } from '../../api/veiculos-api';
import { CadastroListScreen } from '../../ui/cadastro-list-screen';
import { rowActionsColumn } from '../../ui/row-actions';
import type { ScreenArgs } from '../../ui/screen-args';
import { TextField } from '../../ui/text-field';
import { useCadastroList, type CadastroListState } from '../../ui/use-cadastro-list';
import { VeiculoDialog } from './veiculo-dialog';

/** Spec 01 §9: vehicles 50 per page. */
export const VEICULOS_POR_PAGINA = 50;

type Edicao = { chave: number; id: number | null; registro: Veiculo | null; aberto: boolean };

/** The list's GET parameters but the page (the export sends the same). */
const consultaVeiculos = ({ filtros, ordem }: CadastroListState<{ placa: string; modelo: string; fabricante: string }>) => ({
  search: buildSearch(contemCitado('placa', filtros.placa), contemCitado('modelo', filtros.modelo), contemCitado('fabricante', filtros.fabricante)),
  sort: `${ordem.field},${ordem.direction}`,
});

/** Vehicles (/veiculos): filters placa (≤ 7, upper-cased as typed), modelo, fabricante. */
export function VeiculosScreen({ usuario, query, navigate }: ScreenArgs) {
  const pode = { criar: temPermissao(usuario, 'FRETE_VEIC_C'), editar: temPermissao(usuario, 'FRETE_VEIC_E'), excluir: temPermissao(usuario, 'FRETE_VEIC_D') };
  const [edicao, setEdicao] = useState<Edicao | null>(null);
  const aberturas = useRef(0);
  const excluir = veiculosApi.useExcluir();
  const abrir = (registro: Veiculo | null, id: number | null = registro?.id ?? null) => setEdicao({ chave: ++aberturas.current, id, registro, aberto: true });

  const t = useCadastroList({
    prefixo: 'veiculos',
    filtros: { placa: '', modelo: '', fabricante: '' },
    ordem: { field: 'placa', direction: 'asc' },
    useConsulta: (estado) => veiculosApi.useLista({ ...consultaVeiculos(estado), page: estado.pagina, size: VEICULOS_POR_PAGINA }),
    exportar: { caminho: '/veiculos/exportar', lista: 'veiculos', consulta: consultaVeiculos },
    titulos: { novo: 'Novo veículo', editar: 'Editar veículo selecionado', excluir: 'Excluir veículo selecionado' },
    pode: { criar: pode.criar, editar: () => pode.editar, excluir: () => pode.excluir },
    novo: () => abrir(null),
    editar: (v) => abrir(v),
    excluir: (v) => excluir.mutate(v.id),
    url: { query, navigate, path: '/veiculos', abrir: (id) => abrir(null, id) },
  });

  return (
    <CadastroListScreen
      titulo="Veículos"
      rotuloBusca="Pesquisar veículos"
      estado={t}
      filtros={
        <>
          <TextField
            ref={t.campoBusca}
            label="Placa"
            type="search"
            value={t.filtros.placa}
            onValueChange={(v) => t.setFiltro('placa', normalizarPlaca(v))}
            maxLength={PLACA_MAXIMO}
          />
          <TextField label="Modelo" type="search" value={t.filtros.modelo} onValueChange={(v) => t.setFiltro('modelo', v)} />
          <TextField label="Fabricante" type="search" value={t.filtros.fabricante} onValueChange={(v) => t.setFiltro('fabricante', v)} />
        </>
      }
      columns={[
        { id: 'placa', kind: 'code', header: 'Placa', sortable: true, cell: (v) => v.placa },
        { id: 'modelo', kind: 'name', header: 'Modelo', sortable: true, cell: (v) => v.modelo ?? '' },
        { id: 'fabricante', kind: 'name', header: 'Fabricante', sortable: true, cell: (v) => v.fabricante ?? '' },
        { id: 'tipoVeiculo.descricao', kind: 'name', header: 'Tipo de veículo', cell: (v) => v.tipoVeiculo?.descricao ?? '' },
        { id: 'capacidade', kind: 'quantity', header: 'Capacidade (m³)', sortable: true, cell: (v) => formatNumberBr(v.capacidade) },
        { id: 'carga', kind: 'quantity', header: 'Carga (Kg)', sortable: true, cell: (v) => formatarPeso(v.carga) },
        rowActionsColumn<Veiculo>({ nome: (v) => v.placa, editar: pode.editar ? (v) => abrir(v) : null, excluir: pode.excluir ? t.pedirExclusao : null }),
      ]}
      getRowId={(v) => v.id}
      onActivate={pode.editar ? (v) => abrir(v) : undefined}
      semAbrir={mensagemSemAbrir('o veículo', 'Veículos')}
      novo={pode.criar ? { rotulo: 'Novo veículo', run: () => abrir(null) } : null}
      mensagemExclusao={(v) => `Deseja excluir o veículo de placa ${v.placa}?`}
    >
      {edicao && (
        <VeiculoDialog
          key={edicao.chave}
          open={edicao.aberto}
          id={edicao.id}
          registro={edicao.registro}
          podeSalvar={edicao.id ? pode.editar : pode.criar}
          onClose={() => setEdicao((e) => e && { ...e, aberto: false })}
        />
      )}
    </CadastroListScreen>
  );
}
