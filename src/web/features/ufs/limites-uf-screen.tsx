import { useRef, useState } from 'react';
import { UNIDADE_LIMITE_FRETE_PESO, UNIDADE_LIMITE_FRETE_VALOR, type Uf } from '../../../contracts/ufs';
import { formatNumberBr } from '../../../domain/format-number-br';
import { buildSearch } from '../../../domain/build-search';
import { mensagemSemAbrir } from '../../../contracts/erros';
import { temPermissao } from '../../../domain/permissoes';
import { contemCitado } from '../../api/search-terms';
import { ufsApi } from '../../api/ufs-api';
import { CadastroListScreen } from '../../ui/cadastro-list-screen';
import { rowActionsColumn } from '../../ui/row-actions';
import type { ScreenArgs } from '../../ui/screen-args';
import { TextField } from '../../ui/text-field';
import { useCadastroList, type CadastroListState } from '../../ui/use-cadastro-list';
import { LimiteUfDialog } from './limite-uf-dialog';

/** Spec 01 §9: UF limits 30 per page, from one query of size 100 (28 UFs). */
export const UFS_POR_PAGINA = 30;
export const UFS_TAMANHO_CONSULTA = 100;

/** The list's GET parameters but the page (the export sends the same). */
const consultaUfs = ({ filtros, ordem }: CadastroListState<{ codigo: string; nome: string; sigla: string }>) => ({
  search: buildSearch(contemCitado('codigo', filtros.codigo), contemCitado('nome', filtros.nome), contemCitado('sigla', filtros.sigla)),
  sort: `${ordem.field},${ordem.direction}`,
});

// docs/decisoes.md §25: the limits decide red or green at 4 decimals, so they are shown with 4 (unit in the header).
const limite = (v: string) => formatNumberBr(v, { decimals: 4 }) || '—';

/** UF limits (/uf): filters code, name, abbreviation; edit modal for the two limits. */
export function LimitesUfScreen({ usuario }: ScreenArgs) {
  const podeEditar = temPermissao(usuario, 'FRETE_LIMITE_UF_E');
  const podeSalvar = temPermissao(usuario, 'FRETE_MOTO_E');
  const [edicao, setEdicao] = useState<{ chave: number; uf: Uf; aberto: boolean } | null>(null);
  const aberturas = useRef(0);
  const abrir = (uf: Uf) => setEdicao({ chave: ++aberturas.current, uf, aberto: true });

  const t = useCadastroList({
    prefixo: 'ufs',
    filtros: { codigo: '', nome: '', sigla: '' },
    ordem: { field: 'nome', direction: 'asc' },
    porPaginaLocal: UFS_POR_PAGINA,
    useConsulta: (estado) => ufsApi.useLista({ ...consultaUfs(estado), page: 0, size: UFS_TAMANHO_CONSULTA }),
    exportar: { caminho: '/ufs/exportar', lista: 'limites-uf', consulta: consultaUfs },
    titulos: { editar: 'Editar limites da UF selecionada' },
    pode: { criar: false, editar: () => podeEditar, excluir: () => false },
    editar: abrir,
  });

  return (
    <CadastroListScreen
      titulo="Limites por UF"
      rotuloBusca="Pesquisar UFs"
      estado={t}
      filtros={
        <>
          <TextField ref={t.campoBusca} label="Código" type="search" value={t.filtros.codigo} onValueChange={(v) => t.setFiltro('codigo', v)} />
          <TextField label="Nome" type="search" value={t.filtros.nome} onValueChange={(v) => t.setFiltro('nome', v)} />
          <TextField label="Sigla" type="search" value={t.filtros.sigla} onValueChange={(v) => t.setFiltro('sigla', v)} maxLength={2} />
        </>
      }
      columns={[
        { id: 'codigo', kind: 'code', header: 'Código', width: '100px', sortable: true, cell: (u) => u.codigo },
        { id: 'nome', kind: 'name', header: 'Nome', sortable: true, cell: (u) => u.nome },
        { id: 'sigla', kind: 'code', header: 'Sigla', width: '90px', sortable: true, cell: (u) => u.sigla },
        { id: 'limiteFretePeso', kind: 'quantity', header: `Limite peso ${UNIDADE_LIMITE_FRETE_PESO}`, width: '150px', sortable: true, cell: (u) => limite(u.limiteFretePeso) },
        { id: 'limiteFreteValor', kind: 'quantity', header: `Limite valor ${UNIDADE_LIMITE_FRETE_VALOR}`, width: '150px', sortable: true, cell: (u) => limite(u.limiteFreteValor) },
        ...(podeEditar ? [rowActionsColumn<Uf>({ nome: (u) => u.nome, editar: abrir })] : []),
      ]}
      getRowId={(u) => u.id}
      onActivate={podeEditar ? (u) => abrir(u) : undefined}
      semAbrir={mensagemSemAbrir('os limites da UF', 'Limites por UF')}
    >
      {edicao && (
        <LimiteUfDialog key={edicao.chave} open={edicao.aberto} uf={edicao.uf} podeSalvar={podeSalvar} onClose={() => setEdicao((e) => e && { ...e, aberto: false })} />
      )}
    </CadastroListScreen>
  );
}
