import { z } from 'zod';

// Issue 32: every list to Excel (and CSV). GET /<base>/exportar?formato=xlsx|csv&<the list's own filters> answers the
// whole filtered list (not one page) as a file, streamed, X-Total-Linhas = its rows; 404 with MSG_NADA_PARA_EXPORTAR.

export const FORMATOS_EXPORTACAO = ['xlsx', 'csv'] as const;
export type FormatoExportacao = (typeof FORMATOS_EXPORTACAO)[number];
export const formatoExportacaoSchema = z.object({
  formato: z.enum(FORMATOS_EXPORTACAO, { error: 'Formato de exportação inválido: use xlsx ou csv.' }).default('xlsx'),
});

export const MSG_NADA_PARA_EXPORTAR = 'Nenhum registro para exportar com os filtros informados.';

/** The commands' titles and keys on every list (next to the CSV's Alt+X). */
export const TITULO_EXPORTAR_EXCEL = 'Exportar para Excel';
export const TITULO_EXPORTAR_CSV = 'Exportar CSV';
export const TECLA_EXPORTAR_EXCEL = 'Alt+Shift+X';

/** "fretes-2026-12-06" : the list's name and the day of the export (São Paulo), safe characters only. */
export const nomeArquivoExportacao = (lista: string, dia: string): string => `${lista.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\w-]+/g, '-').toLowerCase()}-${dia}`;
