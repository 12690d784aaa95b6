import { z } from 'zod';
import { dataIsoSchema } from './common';
import { MSG_PERIODO_INVALIDO } from './ordens-servico';

// Report downloads of the ERP (spec 03 §7 "Indicators and reports", §8 "Report download"): the NF
// PDF, an order's NF PDFs as a ZIP, the order mirror, and the period reports of the palette (vendido ×
// faturado, consolidado, inadimplência as PDF and CSV). File type by content: pdf, docx, zip, csv.

/** Spec 03 §8: the 404 of GET /vw-notas-fiscais/pdf ({n}: the note's number, or the id asked when the ERP lacks it). */
export const mensagemNotaSemPdf = (n: string | number) => `Nenhum PDF encontrado para a nota fiscal ${n}.`;
/** Spec 03 §8: the 404 of GET /vw-notas-fiscais/pdfs (the order has no note with a PDF). */
export const mensagemPedidoSemNotas = (n: string | number) => `Nenhuma nota fiscal encontrada para o pedido ${n}.`;
/** The 404 of GET /vwpedidos/espelhoPedido/{json} (the spec is silent: an order the ERP does not know). */
export const mensagemPedidoNaoEncontrado = (n: string) => `Pedido ${n} não encontrado no ERP.`;

/** A period is at most this many days (both ends included): every report stays bounded. */
export const DIAS_MAXIMOS_PERIODO = 366;
export const MSG_PERIODO_LONGO = `O período pode ter no máximo ${DIAS_MAXIMOS_PERIODO} dias.`;
export const MSG_DATA_INICIAL = 'Data inicial inválida ou não informada.';
export const MSG_DATA_FINAL = 'Data final inválida ou não informada.';

/** Days from `inicio` to `fim`, both included (YYYY-MM-DD). */
export const diasEntre = (inicio: string, fim: string) => (Date.parse(`${fim}T00:00:00Z`) - Date.parse(`${inicio}T00:00:00Z`)) / 86_400_000 + 1;

const datas = z.object({ inicio: dataIsoSchema(MSG_DATA_INICIAL), fim: dataIsoSchema(MSG_DATA_FINAL) });
const datasValidas = (p: { value: unknown }) => datas.safeParse(p.value).success;

/** ?inicio=YYYY-MM-DD&fim=YYYY-MM-DD of the period reports: both required, in order, at most DIAS_MAXIMOS_PERIODO days. */
export const periodoRelatorioSchema = datas
  .refine((q) => q.inicio <= q.fim, { message: MSG_PERIODO_INVALIDO, path: ['fim'], when: datasValidas })
  .refine((q) => q.inicio > q.fim || diasEntre(q.inicio, q.fim) <= DIAS_MAXIMOS_PERIODO, { message: MSG_PERIODO_LONGO, path: ['fim'], when: datasValidas });
export type PeriodoRelatorio = z.infer<typeof periodoRelatorioSchema>;

const MSG_NOTA_OBRIGATORIA = 'Informe a nota fiscal (notaFiscalId).';
const MSG_PEDIDO_OBRIGATORIO = 'Informe o pedido (pedidoId).';
const codigo = (obrigatorio: string, campo: string) =>
  z.string({ error: obrigatorio }).trim().min(1, obrigatorio).max(30, `${campo} tem no máximo 30 caracteres.`);

/** GET /vw-notas-fiscais/pdf?notaFiscalId&pedidoId: the ERP id of the note; the order, when given, must be the note's. */
export const notaFiscalPdfQuerySchema = z.object({
  notaFiscalId: codigo(MSG_NOTA_OBRIGATORIA, 'A nota fiscal'),
  pedidoId: z
    .string()
    .trim()
    .max(30, 'O pedido tem no máximo 30 caracteres.')
    .optional()
    .transform((v) => v || undefined),
});
/** GET /vw-notas-fiscais/pdfs?pedidoId: every note PDF of the order, in a ZIP. */
export const pedidoPdfsQuerySchema = z.object({ pedidoId: codigo(MSG_PEDIDO_OBRIGATORIO, 'O pedido') });

/** A piece of a file name: letters, digits, '-' and '_' only (the name goes into Content-Disposition). */
const seguro = (texto: string | number) => String(texto).replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40) || '_';

export const NOMES_ARQUIVOS = {
  notaFiscal: (numero: string | number) => `nota-fiscal-${seguro(numero)}.pdf`,
  notasDoPedido: (pedidoId: string) => `notas-fiscais-pedido-${seguro(pedidoId)}.zip`,
  espelhoPedido: (pedidoId: string) => `espelho-pedido-${seguro(pedidoId)}.pdf`,
  vendidoFaturado: (p: PeriodoRelatorio) => `vendido-x-faturado-${p.inicio}-a-${p.fim}.pdf`,
  consolidado: (p: PeriodoRelatorio) => `consolidado-${p.inicio}-a-${p.fim}.docx`,
  inadimplenciaPdf: (p: PeriodoRelatorio) => `inadimplencia-${p.inicio}-a-${p.fim}.pdf`,
  inadimplenciaCsv: (p: PeriodoRelatorio) => `inadimplencia-${p.inicio}-a-${p.fim}.csv`,
};

export const TIPOS_ARQUIVO = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
  csv: 'text/csv; charset=utf-8',
} as const;
export type TipoArquivo = keyof typeof TIPOS_ARQUIVO;

/**
 * Who downloads (docs/decisoes.md §28; the spec is silent). The note PDFs, the order's ZIP and the mirror: whoever
 * opens the CT-e detail (FRETE_CTE_M, FRETE_FAT_M: its notes grid) or the ERP order lookups (FRETE_CTE_M,
 * FRETE_ROMA_M). The period reports (commercial and financial): the indicators' and billing audience.
 */
export const CODIGOS_DOCUMENTOS_ERP = ['FRETE_CTE_M', 'FRETE_FAT_M', 'FRETE_ROMA_M'] as const;
export const CODIGOS_RELATORIOS = ['FRETE_CTE_M', 'FRETE_IND_FRETE_PESO', 'FRETE_FAT_M'] as const;

/** The four palette reports, in the order of the palette. */
export const RELATORIOS = ['vendido-faturado', 'consolidado', 'inadimplencia-pdf', 'inadimplencia-csv'] as const;
export type Relatorio = (typeof RELATORIOS)[number];
