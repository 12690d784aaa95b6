import type { FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { KeyCombo } from '../../ui/key-combo';
import { TextField } from '../../ui/text-field';
import { profileColumns } from './profile-columns';
import { ProfileDialog } from './profile-dialog';
import { useProfilesScreen, type ProfilesScreenArgs } from './use-profiles-screen';

const estilos = {
  titulo: css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' }),
  barra: css({ display: 'flex', alignItems: 'flex-end', gap: '3', mb: '3', flexWrap: 'wrap' }),
  busca: css({ display: 'flex', alignItems: 'flex-end', gap: '2', flex: '1', minWidth: '280px', '& > div': { flex: '1' } }),
  alternar: css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', py: '1.5', cursor: 'pointer', '& input': { width: '4', height: '4', accentColor: 'blue.700' } }),
};

/** Spec 01 §2 Profiles list (/perfis). */
export function ProfilesScreen(props: ProfilesScreenArgs) {
  const t = useProfilesScreen(props);
  const dados = t.lista.data;
  return (
    <section aria-labelledby="titulo-perfis">
      <h1 id="titulo-perfis" className={estilos.titulo}>
        Perfis
      </h1>
      <div className={estilos.barra}>
        <form
          role="search"
          aria-label="Pesquisar perfis"
          className={estilos.busca}
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            t.pesquisar();
          }}
        >
          <TextField ref={t.campoBusca} label="Pesquisar por descrição" type="search" value={t.texto} onValueChange={t.setTexto} autoFocus />
          <Button type="submit">Pesquisar</Button>
        </form>
        <label className={estilos.alternar}>
          <input type="checkbox" checked={t.desativados} onChange={t.alternarDesativados} aria-keyshortcuts="Control+H" />
          Mostrar desativados <KeyCombo keys={['Ctrl+H']} />
        </label>
        {t.pode.criar && (
          <Button variant="primary" onClick={t.novo} aria-keyshortcuts="Alt+N">
            Novo perfil <KeyCombo keys={['Ctrl+N', 'Alt+N']} />
          </Button>
        )}
      </div>
      <DataTable
        label="Perfis"
        columns={profileColumns({ pode: t.pode, editar: t.editar, clonar: t.clonar, excluir: t.pedirExclusao })}
        rows={t.linhas}
        getRowId={(p) => p.id}
        selectedIndex={t.selecionado}
        onSelectedIndexChange={t.setSelecionado}
        onActivate={(p) => t.pode.editar && t.editar(p)}
        sort={{ field: 'descricao', direction: t.direcao }}
        onSortChange={(s) => t.setDirecao(s.direction)}
        loading={t.lista.isPending}
        isRowMuted={(p) => !p.ativado}
        pagination={dados && { page: dados.number, pageCount: dados.totalPages, totalElements: dados.totalElements, onPageChange: t.setPagina }}
      />
      {t.edicao && <ProfileDialog key={t.edicao.chave} open={t.edicao.aberto} titulo={t.edicao.titulo} perfil={t.edicao.perfil} onClose={t.fecharEdicao} />}
      <ConfirmDialog
        open={t.exclusao !== null}
        message={t.exclusao ? `Deseja desativar o perfil "${t.exclusao.descricao}"?` : ''}
        onConfirm={t.confirmarExclusao}
        onCancel={t.cancelarExclusao}
      />
    </section>
  );
}
