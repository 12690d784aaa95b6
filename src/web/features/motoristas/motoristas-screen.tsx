import { useRef, useState } from 'react';
import type { Motorista } from '../../../contracts/motoristas';
import { buildSearch } from '../../../domain/build-search';
import { somenteDigitos } from '../../../domain/cpf';
import { mensagemSemAbrir } from '../../../contracts/erros';
import { temPermissao } from '../../../domain/permissoes';
import { motoristasApi } from '../../api/motoristas-api';
import { contemCitado } from '../../api/search-terms';
import { CadastroListScreen } from '../../ui/cadastro-list-screen';
import { rowActionsColumn } from '../../ui/row-actions';
import type { ScreenArgs } from '../../ui/screen-args';
import { TextField } from '../../ui/text-field';
import { useCadastroList, type CadastroListState } from '../../ui/use-cadastro-list';
import { MotoristaDialog } from './motorista-dialog';

/** Spec 01 §9: drivers 20 per page. */
export const MOTORISTAS_POR_PAGINA = 20;

type Edicao = { chave: number; id: number | null; registro: Motorista | null; aberto: boolean };

/** The list's GET parameters but the page (the export sends the same). */
const consultaMotoristas = ({ filtros, ordem, desativados }: CadastroListState<{ nome: string; cpf: string; rg: string; cnh: string }>) => ({
  search: buildSearch(
    contemCitado('nome', filtros.nome),
    contemCitado('cpf', somenteDigitos(filtros.cpf)),
    contemCitado('rg', filtros.rg),
    contemCitado('cnh', filtros.cnh),
    !desativados && 'status==ATIVO',
  ),
  sort: `${ordem.field},${ordem.direction}`,
});

const endereco = (m: Motorista) => [m.logradouro, m.complemento, m.bairro, `${m.cidade}/${m.uf}`].filter(Boolean).join(', ');

/** Drivers (/motoristas): filters nome, CPF, RG, CNH; DELETE sets INATIVO, Ctrl+H shows them. */
export function MotoristasScreen({ usuario, query, navigate }: ScreenArgs) {
  const pode = { criar: temPermissao(usuario, 'FRETE_MOTO_C'), editar: temPermissao(usuario, 'FRETE_MOTO_E'), excluir: temPermissao(usuario, 'FRETE_MOTO_D') };
  const [edicao, setEdicao] = useState<Edicao | null>(null);
  const aberturas = useRef(0);
  const excluir = motoristasApi.useExcluir();
  const abrir = (registro: Motorista | null, id: number | null = registro?.id ?? null) => setEdicao({ chave: ++aberturas.current, id, registro, aberto: true });

  const t = useCadastroList({
    prefixo: 'motoristas',
    filtros: { nome: '', cpf: '', rg: '', cnh: '' },
    ordem: { field: 'nome', direction: 'asc' },
    comDesativados: true,
    useConsulta: (estado) => motoristasApi.useLista({ ...consultaMotoristas(estado), page: estado.pagina, size: MOTORISTAS_POR_PAGINA }),
    exportar: { caminho: '/motoristas/exportar', lista: 'motoristas', consulta: consultaMotoristas },
    titulos: { novo: 'Novo motorista', editar: 'Editar motorista selecionado', excluir: 'Excluir motorista selecionado' },
    pode: { criar: pode.criar, editar: () => pode.editar, excluir: (m) => pode.excluir && m.status === 'ATIVO' },
    novo: () => abrir(null),
    editar: (m) => abrir(m),
    excluir: (m) => excluir.mutate(m.id),
    url: { query, navigate, path: '/motoristas', abrir: (id) => abrir(null, id) },
  });

  const campo = (nome: 'nome' | 'cpf' | 'rg' | 'cnh', rotulo: string) => (
    <TextField
      ref={nome === 'nome' ? t.campoBusca : undefined}
      label={rotulo}
      type="search"
      value={t.filtros[nome]}
      onValueChange={(v) => t.setFiltro(nome, v)}
    />
  );

  return (
    <CadastroListScreen
      titulo="Motoristas"
      rotuloBusca="Pesquisar motoristas"
      estado={t}
      comDesativados
      filtros={
        <>
          {campo('nome', 'Nome')}
          {campo('cpf', 'CPF')}
          {campo('rg', 'RG')}
          {campo('cnh', 'CNH')}
        </>
      }
      columns={[
        { id: 'nome', kind: 'name', header: 'Nome', sortable: true, cell: (m) => m.nome },
        { id: 'cpf', kind: 'code', header: 'CPF', sortable: true, cell: (m) => m.cpfFormatado },
        { id: 'rg', kind: 'code', header: 'RG', sortable: true, cell: (m) => m.rg },
        { id: 'cnh', kind: 'code', header: 'CNH', sortable: true, cell: (m) => m.cnh ?? '' },
        { id: 'endereco', kind: 'text', header: 'Endereço', cell: endereco },
        rowActionsColumn<Motorista>({ nome: (m) => m.nome, editar: pode.editar ? (m) => abrir(m) : null, excluir: pode.excluir ? t.pedirExclusao : null, podeExcluir: (m) => m.status === 'ATIVO' }),
      ]}
      getRowId={(m) => m.id}
      onActivate={pode.editar ? (m) => abrir(m) : undefined}
      semAbrir={mensagemSemAbrir('o motorista', 'Motoristas')}
      isRowMuted={(m) => m.status !== 'ATIVO'}
      novo={pode.criar ? { rotulo: 'Novo motorista', run: () => abrir(null) } : null}
      mensagemExclusao={(m) => `Deseja inativar o motorista "${m.nome}"?`}
    >
      {edicao && (
        <MotoristaDialog
          key={edicao.chave}
          open={edicao.aberto}
          id={edicao.id}
          registro={edicao.registro}
          podeSalvar={pode.editar}
          onClose={() => setEdicao((e) => e && { ...e, aberto: false })}
        />
      )}
    </CadastroListScreen>
  );
}
