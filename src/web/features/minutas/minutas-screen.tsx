import { useId, useRef, useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { MinutaLinha } from '../../../contracts/minutas';
import { temPermissao } from '../../../domain/permissoes';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { KeyCombo } from '../../ui/key-combo';
import type { ScreenArgs } from '../../ui/screen-args';
import { propsDaGrade } from '../../ui/use-filtered-list';
import { useGridJump } from '../../ui/use-grid-jump';
import { useAbrirDaUrl } from '../../ui/use-open-from-url';
import { MinutaAdminToolbar } from './minuta-admin-toolbar';
import { minutaColumns } from './minuta-columns';
import { MinutaDialog } from './minuta-dialog';
import { MinutaFilterPanel } from './minuta-filter-panel';
import { TAMANHOS_PAGINA } from './minuta-filters';
import { MinutaFooter } from './minuta-footer';
import { useMinutaActions } from './use-minuta-actions';
import { useMinutaBatches } from './use-minuta-batches';
import { useMinutaList } from './use-minuta-list';
import { TECLA_CONFIRMAR, TECLAS_INCLUIR, TECLAS_LOTES, useMinutasScreenCommands } from './use-minutas-screen-commands';

const titulo = css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' });

/** Which minuta the modal shows: an id, or null for a new one; `vez` opens a fresh modal each time. */
type Aberta = { id: number | null; vez: number } | null;

/** Minutas (/minutas, spec 03 §2.5): filters in the URL, the admin batches, the list with its selection, the modal. */
export function MinutasScreen({ usuario, query, navigate }: ScreenArgs) {
  const idTitulo = useId();
  const t = useMinutaList(query, navigate);
  const acoes = useMinutaActions(t.limparMarcados);
  const lotes = useMinutaBatches();
  const [aberta, setAberta] = useState<Aberta>(null);
  const grade = useRef<HTMLDivElement>(null);
  const filtros = useRef<HTMLDivElement>(null);
  useGridJump(filtros, grade);
  // Spec 03 §6: the batch buttons are for the user whose login is admin (as on the Fretes screen).
  const admin = usuario.login === 'admin';
  const verCte = temPermissao(usuario, 'FRETE_CTE_M') ? (cteId: number) => navigate(`/ctes?ver=${cteId}`) : null;

  const editar = (m: Pick<MinutaLinha, 'id'>) => setAberta((a) => ({ id: m.id, vez: (a?.vez ?? 0) + 1 }));
  const incluir = () => setAberta((a) => ({ id: null, vez: (a?.vez ?? 0) + 1 }));
  const confirmar = () => acoes.confirmar([...t.marcados]);
  useAbrirDaUrl(query.get('ver'), editar, t.limparVer);
  useMinutasScreenCommands({ t, admin, incluir, editar, excluir: acoes.excluir, confirmar, executarLote: lotes.executar, verCte });

  return (
    <section aria-labelledby={idTitulo}>
      <h1 id={idTitulo} className={titulo}>
        Minutas
      </h1>
      <div ref={filtros}>
        <MinutaFilterPanel
          filtros={t.filtros}
          set={t.set}
          onSubmit={t.procurar}
          primeiroCampo={t.campoInicial}
          acoes={
            <Button onClick={incluir} aria-keyshortcuts={TECLAS_INCLUIR[1]}>
              Incluir <KeyCombo keys={TECLAS_INCLUIR} />
            </Button>
          }
        />
      </div>
      {admin && <MinutaAdminToolbar emAndamento={lotes.emAndamento} executar={lotes.executar} teclas={TECLAS_LOTES} />}
      <DataTable
        label="Minutas"
        gridRef={grade}
        columns={minutaColumns({ ...t, editar, excluir: acoes.excluir })}
        // Spec 03 §9: 20 a page, no size to choose (a single size shows no picker).
        {...propsDaGrade(t, TAMANHOS_PAGINA)}
        getRowId={(m) => m.id}
        onActivate={editar}
        onToggle={t.alternar}
        rowHeight={44}
      />
      <MinutaFooter valorTotal={t.lista.data?.totais?.valorTotalFrete} selecionadas={t.marcados.size} onConfirmar={confirmar} ocupado={acoes.ocupado} tecla={TECLA_CONFIRMAR} />
      {aberta && <MinutaDialog key={aberta.vez} minutaId={aberta.id} verCte={verCte} onClose={() => setAberta(null)} />}
      {acoes.dialogo}
    </section>
  );
}
