import { useRef, useState } from 'react';
import type { Transportadora } from '../../../contracts/transportadoras';
import { temPermissao } from '../../../domain/permissoes';
import { useAtualizarTransportadoras, useTransportadoras } from '../../api/transportadoras-api';
import { Button } from '../../ui/button';
import { KeyCombo } from '../../ui/key-combo';
import { CadastroListScreen } from '../../ui/cadastro-list-screen';
import { rowActionsColumn } from '../../ui/row-actions';
import type { ScreenArgs } from '../../ui/screen-args';
import { TextField } from '../../ui/text-field';
import { useCadastroList, type CadastroListState } from '../../ui/use-cadastro-list';
import { useShowMessages } from '../../ui/use-show-messages';
import { TransportadoraDialog } from './transportadora-dialog';

/** Spec 01 §9: carriers 50 per page. */
export const TRANSPORTADORAS_POR_PAGINA = 50;
export const TITULO_SINCRONIZACAO = 'Atualização de transportadoras';

type Edicao = { chave: number; id: number; registro: Transportadora | null; aberto: boolean };

/** The list's GET parameters but the page (the export sends the same). */
const consultaTransportadoras = ({ filtros, ordem, desativados }: CadastroListState<{ texto: string }>) => ({
  transportadora: filtros.texto || undefined,
  desativados,
  sort: `${ordem.field},${ordem.direction}`,
});

/** Carriers (/transportadora): search by razão social, nome fantasia, CNPJ or code; Atualizar (ERP sync) for ADMIN. */
export function TransportadorasScreen({ usuario, query, navigate }: ScreenArgs) {
  const podeSalvar = temPermissao(usuario, 'FRETE_TRANS_E');
  // Spec 01 §6: the integration button is for level ADMIN only (not a role code).
  const podeAtualizar = usuario.nivel === 'ADMIN';
  const [edicao, setEdicao] = useState<Edicao | null>(null);
  const aberturas = useRef(0);
  const mostrarMensagens = useShowMessages();
  const sincronizar = useAtualizarTransportadoras();
  const abrir = (registro: Transportadora | null, id: number) => setEdicao({ chave: ++aberturas.current, id, registro, aberto: true });
  const atualizar = () => {
    if (!podeAtualizar || sincronizar.isPending) return;
    sincronizar.mutate(undefined, {
      onSuccess: (r) => mostrarMensagens([`${r.adicionados} adicionadas, ${r.atualizados} atualizadas`], TITULO_SINCRONIZACAO),
    });
  };

  const t = useCadastroList({
    prefixo: 'transportadoras',
    filtros: { texto: '' },
    ordem: { field: 'razaoSocial', direction: 'asc' },
    comDesativados: true,
    useConsulta: (estado) => useTransportadoras({ ...consultaTransportadoras(estado), page: estado.pagina, size: TRANSPORTADORAS_POR_PAGINA }),
    exportar: { caminho: '/transportadoras/exportar', lista: 'transportadoras', consulta: consultaTransportadoras },
    titulos: { editar: 'Abrir transportadora selecionada' },
    pode: { criar: false, editar: () => true, excluir: () => false },
    editar: (r) => abrir(r, r.id),
    url: { query, navigate, path: '/transportadora', abrir: (id) => abrir(null, id) },
    extras: [{ id: 'transportadoras.atualizar', title: 'Atualizar transportadoras (ERP)', group: 'Ações', keys: ['Alt+U'], when: () => podeAtualizar, run: atualizar }],
  });

  return (
    <CadastroListScreen
      titulo="Transportadoras"
      rotuloBusca="Pesquisar transportadoras"
      estado={t}
      comDesativados
      filtros={
        <TextField
          ref={t.campoBusca}
          label="Pesquisar por razão social, nome fantasia, CNPJ ou código"
          type="search"
          value={t.filtros.texto}
          onValueChange={(v) => t.setFiltro('texto', v)}
        />
      }
      botoes={
        podeAtualizar && (
          <Button onClick={atualizar} disabled={sincronizar.isPending} aria-keyshortcuts="Alt+U">
            Atualizar <KeyCombo keys={['Alt+U']} />
          </Button>
        )
      }
      columns={[
        { id: 'razaoSocial', kind: 'name', header: 'Razão social', sortable: true, cell: (r) => r.razaoSocial },
        { id: 'nomeFantasia', kind: 'name', header: 'Nome fantasia', sortable: true, cell: (r) => r.nomeFantasia ?? '' },
        { id: 'cnpj', kind: 'code', header: 'CNPJ', cell: (r) => r.cnpjFormatado ?? r.cpfCnpjFormatado ?? '' },
        { id: 'municipio', kind: 'name', header: 'Município', cell: (r) => (r.municipio ? `${r.municipio.nome} - ${r.municipio.siglaUf}` : '') },
        { id: 'codigoIbge', kind: 'code', header: 'Código IBGE', cell: (r) => r.codigoIbge ?? r.municipio?.codigo ?? '' },
        rowActionsColumn<Transportadora>({ nome: (r) => r.razaoSocial, editar: (r) => abrir(r, r.id), rotuloEditar: podeSalvar ? 'Editar' : 'Ver' }),
      ]}
      getRowId={(r) => r.id}
      onActivate={(r) => abrir(r, r.id)}
      isRowMuted={(r) => !r.ativado}
    >
      {edicao && (
        <TransportadoraDialog
          key={edicao.chave}
          open={edicao.aberto}
          id={edicao.id}
          registro={edicao.registro}
          podeSalvar={podeSalvar}
          onClose={() => setEdicao((e) => e && { ...e, aberto: false })}
        />
      )}
    </CadastroListScreen>
  );
}
