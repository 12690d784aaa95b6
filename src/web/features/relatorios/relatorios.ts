import type { UsuarioLogado } from '../../../contracts/auth';
import { CODIGOS_DOCUMENTOS_ERP, CODIGOS_RELATORIOS, type Relatorio } from '../../../contracts/relatorios';
import { temPermissao } from '../../../domain/permissoes';

/** The palette reports (group "Relatórios"): the dialog's title, the command's, and the file's kind. */
export const RELATORIOS_PALETA: Record<Relatorio, { titulo: string; comando: string; arquivo: string }> = {
  'vendido-faturado': { titulo: 'Vendido × faturado', comando: 'Relatórios: vendido × faturado', arquivo: 'o PDF de vendido × faturado' },
  consolidado: { titulo: 'Consolidado', comando: 'Relatórios: consolidado', arquivo: 'o consolidado (DOCX)' },
  'inadimplencia-pdf': { titulo: 'Inadimplência (PDF)', comando: 'Relatórios: inadimplência (PDF)', arquivo: 'o PDF de inadimplência' },
  'inadimplencia-csv': { titulo: 'Inadimplência (CSV)', comando: 'Relatórios: inadimplência (CSV)', arquivo: 'o CSV de inadimplência' },
};

/** Who may ask the period reports (the server's rule: acompanhamentosApi and inadimplenciasApi in src/server/routes/). */
export const podeVerRelatorios = (u: UsuarioLogado | null) => u !== null && CODIGOS_RELATORIOS.some((c) => temPermissao(u, c));
/** Who may download a note's PDF, an order's ZIP and its mirror. */
export const podeBaixarDocumentosErp = (u: UsuarioLogado | null) => u !== null && CODIGOS_DOCUMENTOS_ERP.some((c) => temPermissao(u, c));
