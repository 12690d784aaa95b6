import { useId, useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { OcorrenciaLista } from '../../../contracts/ocorrencias';
import { useOcorrencias } from '../../api/ocorrencias-api';
import type { Command } from '../../commands/command-registry';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { cteDetailOpener } from '../../ui/cte-detail-opener';
import { DataTable } from '../../ui/data-table';
import { formGrid } from '../../ui/form-grid';
import { KeyCombo } from '../../ui/key-combo';
import type { ScreenArgs } from '../../ui/screen-args';
import { LeituraOcorenDialog } from './leitura-ocoren-dialog';
import { COLUNAS_OCORRENCIAS } from './ocorrencia-columns';
import { useLeituraOcoren } from './use-leitura-ocoren';

export const TECLA_LER_OCOREN = 'Alt+L';
export const TECLA_ENVIAR_OCOREN = 'Alt+E';
export const TECLA_NAO_VINCULADAS = 'Alt+S';
export const TECLA_ATUALIZAR_OCORRENCIAS = 'Alt+U';
export const TITULO_LER_OCOREN = 'Ler arquivos OCOREN';
export const TITULO_ENVIAR_OCOREN = 'Enviar arquivos OCOREN';
/** The toggle in the URL: ?naoVinculadas=true lists only the occurrences no CT-e carries. */
export const PARAMETRO_NAO_VINCULADAS = 'naoVinculadas';
const TAMANHOS = [50, 100, 200] as const;

const estilos = {
  titulo: css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' }),
  barra: css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', mb: '3' }),
  progresso: css({ fontSize: 'sm', color: 'blue.800', fontWeight: 'medium' }),
};

/** Why Enter on a row opens nothing: no CT-e, or several (the palette opens each). */
const semAbrir = (o: OcorrenciaLista) =>
  o.ctes.length === 1 ? null : o.ctes.length === 0 ? 'Ocorrência não vinculada: nenhum CT-e tem esta NF.' : `Ocorrência de ${o.ctes.length} CT-es: abra cada um pela paleta (Ctrl+K, "Abrir o CT-e").`;

/** The selected row's CT-es, one palette command each. */
const comandosDaLinha = (o: OcorrenciaLista | undefined): Command[] =>
  (o?.ctes ?? []).map((c) => ({ id: `ocorrencias.cte.${c.id}`, title: `Abrir o CT-e ${c.numero}`, group: 'Ações', keys: [], run: () => cteDetailOpener.abrir(c.id) }));

/** The screen's toolbar: the toggle and the three actions with their keys, the reading's progress. */
function Barra({ naoVinculadas, alternar, leitura, atualizar }: { naoVinculadas: boolean; alternar: () => void; leitura: ReturnType<typeof useLeituraOcoren>; atualizar: () => void }) {
  const ocupado = leitura.trabalho !== null;
  return (
    <div className={estilos.barra} role="toolbar" aria-label="Ações das ocorrências">
      <label className={formGrid.alternar}>
        <input type="checkbox" checked={naoVinculadas} onChange={alternar} aria-keyshortcuts={TECLA_NAO_VINCULADAS} />
        Só não vinculadas <KeyCombo keys={[TECLA_NAO_VINCULADAS]} />
      </label>
      <Button onClick={leitura.ler} disabled={ocupado} aria-keyshortcuts={TECLA_LER_OCOREN}>
        {leitura.trabalho === 'lendo' ? 'Lendo…' : TITULO_LER_OCOREN} <KeyCombo keys={[TECLA_LER_OCOREN]} />
      </Button>
      <Button onClick={leitura.escolherArquivos} disabled={ocupado} aria-keyshortcuts={TECLA_ENVIAR_OCOREN} title="Envia arquivos OCOREN escolhidos no computador">
        {leitura.trabalho === 'enviando' ? 'Enviando…' : TITULO_ENVIAR_OCOREN} <KeyCombo keys={[TECLA_ENVIAR_OCOREN]} />
      </Button>
      <Button onClick={atualizar} aria-keyshortcuts={TECLA_ATUALIZAR_OCORRENCIAS}>
        Atualizar <KeyCombo keys={[TECLA_ATUALIZAR_OCORRENCIAS]} />
      </Button>
      {ocupado && (
        <span role="status" className={estilos.progresso}>
          {leitura.trabalho === 'lendo' ? 'Lendo os arquivos OCOREN…' : 'Enviando os arquivos OCOREN…'}
        </span>
      )}
      {leitura.seletor}
    </div>
  );
}

/**
 * Ocorrências (/ocorrencias, issue 31): every OCOREN line and CT-e delivery event read, newest first, paged on
 * the server; "Só não vinculadas" (Alt+S, in the URL); Ler (Alt+L) and Enviar (Alt+E) arquivos OCOREN with the
 * reading's result; Enter on a row opens its CT-e.
 */
export function OcorrenciasScreen({ query, navigate }: ScreenArgs) {
  const idTitulo = useId();
  const naoVinculadas = query.get(PARAMETRO_NAO_VINCULADAS) === 'true';
  const [pagina, setPagina] = useState(0);
  const [tamanho, setTamanho] = useState<number>(TAMANHOS[0]);
  const [selecionado, setSelecionado] = useState(0);
  const consulta = useOcorrencias(naoVinculadas, pagina, tamanho);
  const leitura = useLeituraOcoren();
  const linhas = consulta.data?.content ?? [];
  const irPara = (so: boolean) => {
    setPagina(0);
    setSelecionado(0);
    navigate(so ? `/ocorrencias?${PARAMETRO_NAO_VINCULADAS}=true` : '/ocorrencias');
  };
  const ocupado = leitura.trabalho !== null;
  useCommands([
    { id: 'ocorrencias.ler', title: TITULO_LER_OCOREN, group: 'Ações', keys: [TECLA_LER_OCOREN], when: () => !ocupado, run: leitura.ler },
    { id: 'ocorrencias.enviar', title: TITULO_ENVIAR_OCOREN, group: 'Ações', keys: [TECLA_ENVIAR_OCOREN], when: () => !ocupado, run: leitura.escolherArquivos },
    { id: 'ocorrencias.nao-vinculadas', title: 'Só não vinculadas', group: 'Ações', keys: [TECLA_NAO_VINCULADAS], run: () => irPara(!naoVinculadas) },
    { id: 'ocorrencias.atualizar', title: 'Atualizar as ocorrências', group: 'Ações', keys: [TECLA_ATUALIZAR_OCORRENCIAS], run: () => void consulta.refetch() },
    ...comandosDaLinha(linhas[selecionado]),
  ]);

  return (
    <section aria-labelledby={idTitulo}>
      <h1 id={idTitulo} className={estilos.titulo}>
        Ocorrências
      </h1>
      <Barra naoVinculadas={naoVinculadas} alternar={() => irPara(!naoVinculadas)} leitura={leitura} atualizar={() => void consulta.refetch()} />
      <DataTable
        label="Ocorrências"
        columns={COLUNAS_OCORRENCIAS}
        rows={linhas}
        getRowId={(o) => o.id}
        selectedIndex={selecionado}
        onSelectedIndexChange={setSelecionado}
        onActivate={(o) => o.ctes.length === 1 && cteDetailOpener.abrir(o.ctes[0].id)}
        semAbrir={semAbrir}
        loading={consulta.isPending}
        isRowMuted={(o) => o.cancelada}
        pagination={
          consulta.data && {
            page: pagina,
            pageCount: consulta.data.totalPages,
            totalElements: consulta.data.totalElements,
            onPageChange: (p) => {
              setPagina(p);
              setSelecionado(0);
            },
            pageSizes: TAMANHOS,
            pageSize: tamanho,
            onPageSizeChange: (s) => {
              setTamanho(s);
              setPagina(0);
              setSelecionado(0);
            },
          }
        }
      />
      {leitura.resultado && (
        <LeituraOcorenDialog
          resultado={leitura.resultado}
          onClose={leitura.fecharResultado}
          onVerNaoVinculadas={() => {
            leitura.fecharResultado();
            irPara(true);
          }}
        />
      )}
    </section>
  );
}
