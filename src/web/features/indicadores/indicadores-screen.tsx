import { useId, useRef, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { MSG_NENHUM_INDICADOR, TITULO_MENSAGEM_SERVIDOR } from '../../../contracts/indicadores';
import { useDownloadComProgresso } from '../../api/baixar-com-progresso';
import { pedidoIndicadoresCsv } from '../../api/indicadores-api';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { useCamposDasMensagens } from '../../ui/field-errors';
import { KeyCombo } from '../../ui/key-combo';
import type { ScreenArgs } from '../../ui/screen-args';
import { propsDaGrade } from '../../ui/use-filtered-list';
import { useGridJump } from '../../ui/use-grid-jump';
import { useShowMessages } from '../../ui/use-show-messages';
import { AjudaIndicadoresDialog } from './ajuda-indicadores-dialog';
import { indicadoresColumns } from './indicadores-columns';
import { IndicadoresFilterPanel } from './indicadores-filter-panel';
import { rotuloDaMensagem, TAMANHOS_PAGINA } from './indicadores-filtros';
import { IndicadoresGraficos } from './indicadores-graficos';
import { TECLA_AJUDA_INDICADORES, TECLA_EXPORTAR_CSV, useIndicadoresCommands } from './use-indicadores-commands';
import { useIndicadoresList } from './use-indicadores-list';

const estilos = {
  titulo: css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' }),
  andamento: css({ fontSize: 'sm', color: 'gray.700', minHeight: '5', mb: '2' }),
};

const COLUNAS = indicadoresColumns();

/** Indicadores de Frete (/indicadores, spec 03 §2.6): filters in the URL, the charts, the rows with their marks, the CSV. */
export function IndicadoresScreen({ query, navigate }: ScreenArgs) {
  const idTitulo = useId();
  const t = useIndicadoresList(query, navigate);
  const download = useDownloadComProgresso();
  const mostrar = useShowMessages();
  const [ajuda, setAjuda] = useState(false);
  const grade = useRef<HTMLDivElement>(null);
  const filtros = useRef<HTMLDivElement>(null);
  useGridJump(filtros, grade);
  // A validation message (Procurar, the CSV) puts the focus back on the filter at fault.
  useCamposDasMensagens(() => filtros.current, rotuloDaMensagem);

  // The export takes the form's filter (as Procurar); nothing found: the server's message (spec §8).
  const exportar = () => {
    const filtro = t.filtroValido();
    if (filtro) void download.baixar(pedidoIndicadoresCsv(filtro), (mensagens) => mostrar(mensagens.length > 0 ? mensagens : [MSG_NENHUM_INDICADOR], TITULO_MENSAGEM_SERVIDOR));
  };
  useIndicadoresCommands({ t, exportar, podeExportar: !download.ocupado, ajuda: () => setAjuda(true) });

  const botoes = (
    <>
      <Button type="button" aria-keyshortcuts={TECLA_EXPORTAR_CSV} ocupado={download.ocupado} onClick={exportar}>
        Exportar CSV <KeyCombo keys={[TECLA_EXPORTAR_CSV]} />
      </Button>
      <Button type="button" aria-keyshortcuts={TECLA_AJUDA_INDICADORES} onClick={() => setAjuda(true)}>
        Ajuda <KeyCombo keys={[TECLA_AJUDA_INDICADORES]} />
      </Button>
    </>
  );

  return (
    <section aria-labelledby={idTitulo}>
      <h1 id={idTitulo} className={estilos.titulo}>
        Indicadores de Frete
      </h1>
      <div ref={filtros}>
        <IndicadoresFilterPanel filtros={t.filtros} set={t.set} onSubmit={t.procurar} primeiroCampo={t.campoInicial} acoes={botoes} />
      </div>
      <p role="status" className={estilos.andamento}>
        {download.texto}
      </p>
      {/* The list first, the charts under it: at 768 px the first row is above the fold (docs/style.md rule 14). */}
      <DataTable label="Indicadores de frete" gridRef={grade} columns={COLUNAS} {...propsDaGrade(t, TAMANHOS_PAGINA)} getRowId={(l) => l.id} />
      <IndicadoresGraficos filtro={t.filtroAplicado} />
      <AjudaIndicadoresDialog open={ajuda} onClose={() => setAjuda(false)} />
    </section>
  );
}
