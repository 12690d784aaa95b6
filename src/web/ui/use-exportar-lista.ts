import { useEffect, useRef } from 'react';
import {
  MSG_NADA_PARA_EXPORTAR,
  nomeArquivoExportacao,
  TECLA_EXPORTAR_EXCEL,
  TITULO_EXPORTAR_CSV,
  TITULO_EXPORTAR_EXCEL,
  type FormatoExportacao,
} from '../../contracts/exportacao';
import { relogio } from '../../domain/relogio';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';
import { useDownloadComProgresso } from '../api/baixar-com-progresso';
import { noticeBus } from '../api/notice-bus';
import type { Command } from '../commands/command-registry';
import { useCommands } from '../commands/use-commands';
import { useShowMessages } from './use-show-messages';

/** The CSV export's key where the screen has it free (issue 32: "next to CSV"). */
export const TECLA_EXPORTAR_CSV_LISTA = 'Alt+X';

/** The shell's notice line is re-announced on each notice: progress goes there at most this often. */
const INTERVALO_AVISO_MS = 1000;

export interface ExportarListaArgs {
  /** Command id prefix: `${prefixo}.exportar-excel` and `${prefixo}.exportar-csv`. */
  prefixo: string;
  /** The file's name before the day: "fretes" → fretes-2026-12-06.xlsx (when the answer names none). */
  lista: string;
  /** GET path of the export, e.g. '/ctes/exportar'. */
  caminho: string;
  /**
   * The parameters the list's GET sends now (the applied filter and sort); page and size are dropped here.
   * null: nothing is exported (the screen already said why, e.g. an invalid filter).
   */
  consulta: () => object | null;
  /** The CSV command's key; null: palette only (Alt+X is taken on the screen). Default Alt+X. */
  teclaCsv?: string | null;
  /** false: no CSV command (the screen has its own). */
  comCsv?: boolean;
  /** The screen renders `texto` in its own status line; otherwise the progress goes to the shell's notice line. */
  statusNaTela?: boolean;
  /** false: no commands (a shared list screen whose list has no export). */
  ativo?: boolean;
}

/** The list's query without paging: the export is the whole filtered list, in the list's order. */
export function semPaginacao(query: object): Record<string, unknown> {
  const { page: _page, size: _size, ...resto } = query as Record<string, unknown>;
  return resto;
}

/** The file name the browser falls back to: the list, the day in São Paulo and the format's extension. */
export const nomePadraoExportacao = (lista: string, formato: FormatoExportacao): string =>
  `${nomeArquivoExportacao(lista, dataSaoPaulo(relogio.agora()) ?? '')}.${formato}`;

/**
 * "Exportar para Excel" (Alt+Shift+X) and "Exportar CSV" (Alt+X where free) of one list, through the command
 * layer: the list's current filter, streamed with progress; nothing to export says MSG_NADA_PARA_EXPORTAR in the
 * screen's message popup. Pressing either again while a file comes cancels it. Answers the status text and
 * the busy flag for a screen that shows them.
 */
export function useExportarLista(args: ExportarListaArgs) {
  const download = useDownloadComProgresso();
  const mostrar = useShowMessages();

  const exportar = (formato: FormatoExportacao) => {
    if (download.ocupado) {
      download.cancelar();
      return;
    }
    const consulta = args.consulta();
    if (consulta === null) return;
    const query = semPaginacao(consulta);
    const pedido = { caminho: args.caminho, query: { ...query, formato }, nomePadrao: nomePadraoExportacao(args.lista, formato), formato };
    void download.baixar(pedido, (mensagens) => mostrar(mensagens.length > 0 ? mensagens : [MSG_NADA_PARA_EXPORTAR]));
  };

  const comandos: Command[] = args.ativo === false ? [] : [{ id: `${args.prefixo}.exportar-excel`, title: TITULO_EXPORTAR_EXCEL, group: 'Ações', keys: [TECLA_EXPORTAR_EXCEL], run: () => exportar('xlsx') }];
  if (args.comCsv !== false && args.ativo !== false) {
    const tecla = args.teclaCsv === undefined ? TECLA_EXPORTAR_CSV_LISTA : args.teclaCsv;
    comandos.push({ id: `${args.prefixo}.exportar-csv`, title: TITULO_EXPORTAR_CSV, group: 'Ações', keys: tecla ? [tecla] : [], run: () => exportar('csv') });
  }
  useCommands(comandos);
  useAvisoDeProgresso(args.statusNaTela ? '' : download.texto, download.ocupado);

  return { ativo: args.ativo !== false, exportar, cancelar: download.cancelar, ocupado: download.ocupado, texto: download.texto };
}

/**
 * A screen without a status line of its own: the progress in the shell's notice line (each notice is read
 * out again), at most once a second, the latest text when the second is over; the final text at once.
 */
function useAvisoDeProgresso(texto: string, ocupado: boolean): void {
  const ultimo = useRef(0);
  const pendente = useRef<ReturnType<typeof setTimeout> | null>(null);
  const atual = useRef(texto);
  atual.current = texto;
  useEffect(() => {
    if (texto === '') return;
    const publicar = () => {
      pendente.current = null;
      ultimo.current = Date.now();
      if (atual.current !== '') noticeBus.publicar(atual.current);
    };
    if (!ocupado) {
      if (pendente.current) clearTimeout(pendente.current);
      publicar();
      ultimo.current = 0;
      return;
    }
    const espera = ultimo.current + INTERVALO_AVISO_MS - Date.now();
    if (espera <= 0) publicar();
    else pendente.current ??= setTimeout(publicar, espera);
  }, [texto, ocupado]);
  useEffect(
    () => () => {
      if (pendente.current) clearTimeout(pendente.current);
    },
    [],
  );
}
