import { useId, useRef, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { temPermissao } from '../../../domain/permissoes';
import { TAMANHOS_PAGINA_FATURA, type FaturaLinha } from '../../../contracts/faturas';
import { DataTable } from '../../ui/data-table';
import { DoccobButtons } from '../../ui/doccob-buttons';
import { leituraDoccob } from '../../ui/leitura-doccob';
import type { ScreenArgs } from '../../ui/screen-args';
import { propsDaGrade } from '../../ui/use-filtered-list';
import { useGridJump } from '../../ui/use-grid-jump';
import { useAbrirDaUrl } from '../../ui/use-open-from-url';
import { DoccobDropZone } from './doccob-drop-zone';
import { faturaColumns } from './fatura-columns';
import { FaturaDialog } from './fatura-dialog';
import { FaturaFilterPanel } from './fatura-filter-panel';
import { podeCancelarFatura, useCancelarFatura } from './use-cancelar-fatura';
import { useFaturaList } from './use-fatura-list';
import { TECLA_ENVIAR_DOCCOB, TECLA_LER_FATURAS, useFaturasScreenCommands } from './use-faturas-screen-commands';

const estilos = {
  titulo: css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' }),
  barra: css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', mb: '3' }),
  dica: css({ fontSize: 'xs', color: 'gray.600' }),
};

type Aberta = { id: number; divergente: boolean } | null;

/** Faturas (/faturas, spec 03 §2.4): filters in the URL, the list with the check, the modal, reading and sending DOCCOB files. */
export function FaturasScreen({ usuario, query, navigate }: ScreenArgs) {
  const idTitulo = useId();
  const t = useFaturaList(query, navigate);
  const [aberta, setAberta] = useState<Aberta>(null);
  const grade = useRef<HTMLDivElement>(null);
  const filtros = useRef<HTMLDivElement>(null);
  useGridJump(filtros, grade);
  // Spec 03 §2.4 / docs/decisoes.md §16: cancelling is for nível ADMIN (not a role code).
  const admin = usuario.nivel === 'ADMIN';
  const cancelamento = useCancelarFatura();
  const pagamento = { contestar: temPermissao(usuario, 'FRETE_PAG_C'), executar: temPermissao(usuario, 'FRETE_PAG_E') };

  const ver = (f: Pick<FaturaLinha, 'id'>) => setAberta({ id: f.id, divergente: false });
  const irParaDivergente = (f: FaturaLinha) => setAberta({ id: f.id, divergente: true });
  useAbrirDaUrl(query.get('ver'), ver, t.limparVer);
  useFaturasScreenCommands({ t, ver, irParaDivergente, podeCancelar: (f) => podeCancelarFatura(admin, f), cancelar: cancelamento.pedir });

  return (
    <DoccobDropZone onDrop={leituraDoccob.enviar}>
      <section aria-labelledby={idTitulo}>
        <h1 id={idTitulo} className={estilos.titulo}>
          Faturas
        </h1>
        <div ref={filtros}>
          <FaturaFilterPanel filtros={t.filtros} set={t.set} onSubmit={t.procurar} primeiroCampo={t.campoInicial} />
        </div>
        <div className={estilos.barra} role="toolbar" aria-label="Ações de faturas">
          <DoccobButtons teclaLer={TECLA_LER_FATURAS} teclaEnviar={TECLA_ENVIAR_DOCCOB} />
          <span className={estilos.dica}>Também é possível arrastar os arquivos DOCCOB para esta tela.</span>
        </div>
        <DataTable
          label="Faturas"
          gridRef={grade}
          columns={faturaColumns(ver)}
          {...propsDaGrade(t, TAMANHOS_PAGINA_FATURA)}
          getRowId={(f) => f.id}
          onActivate={ver}
          isRowMuted={(f) => f.status === 'CANCELADO'}
        />
        {aberta && <FaturaDialog key={aberta.id} faturaId={aberta.id} admin={admin} divergenteAoAbrir={aberta.divergente} pagamento={pagamento} onClose={() => setAberta(null)} />}
        {cancelamento.dialogo}
      </section>
    </DoccobDropZone>
  );
}
