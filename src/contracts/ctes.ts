import { z } from 'zod';
import { STATUS_CTE, type ResultadoAuditoria, type StatusCte } from './cte-status';
import { dataIsoSchema, idParamSchema, INTEIRO_MAXIMO, listQuerySchema, versaoSchema, type Page } from './common';
import type { CteLido, Tomador } from './cte-documento';
import type { LinhaCalculo } from './calculo-frete';
import { idsCtesSchema } from './auditorias-cte';
import type { CobrancaDoCte } from './faturas';
import type { AprovacaoRegistrada } from './alcadas';
import type { TipoReferencia } from './ocorrencias';

// The audit's vocabulary lives in auditorias-cte.ts; importers of CT-e contracts get it from here too.
export * from './auditorias-cte';

// CT-e reading (spec 03 §7) lives in leitura-xml.ts; importers of CT-e contracts get it from here too.
export * from './leitura-xml';

// ---------------------------------------------------------------------------------------------------
// The Fretes screen, the CT-e dialogs and the audit (spec 03 §2.1–2.3, §3, §4, §7).


export { STATUS_CTE, type StatusCte };
export const TOMADORES = ['REMETENTE', 'EXPEDIDOR', 'RECEBEDOR', 'DESTINATARIO', 'OUTROS'] as const satisfies readonly Tomador[];
export const TIPOS_CTE_ES = ['ENTRADA', 'SAIDA', 'DESCONHECIDO'] as const;
export type TipoCteEs = (typeof TIPOS_CTE_ES)[number];

/** Status filter of the Fretes screen: AUDITADO stands for every AUDITADO_* (refined by the audit status). */
export const FILTRO_STATUS_CTE = ['LIDO', 'PROCESSADO', 'AUDITADO', 'CANCELADO', 'DESCONSIDERADO'] as const;
export const STATUS_AUDITORIA = ['SUCESSO', 'OBSERVACOES', 'FALHA', 'ERRO', 'REVISADO'] as const satisfies readonly (ResultadoAuditoria | 'REVISADO')[];
export type StatusAuditoria = (typeof STATUS_AUDITORIA)[number];
export const AGRUPAMENTOS = ['CANDIDATO', 'AGRUPADO'] as const;
export type Agrupamento = (typeof AGRUPAMENTOS)[number];
export const INCONSISTENCIAS = ['PESO_BRUTO_ZERADO', 'VALOR_NOTA_FISCAL_ZERADO', 'VALOR_TOTAL_PRODUTOS_ZERADO', 'COMPONENTES_DIFEREM_TOTAL'] as const;
export type CodigoInconsistencia = (typeof INCONSISTENCIAS)[number];
/** Where a CT-e came from: its XML, or a confirmed minuta ("Converter CT-es", docs/decisoes.md §13). */
export const ORIGENS_CTE = ['XML', 'MINUTA'] as const;
export type OrigemCte = (typeof ORIGENS_CTE)[number];

/** The inconsistencies dialog's messages (spec 03 §3 table). */
export const MENSAGEM_INCONSISTENCIA: Record<CodigoInconsistencia, string> = {
  PESO_BRUTO_ZERADO: 'Uma ou mais notas fiscais estão com o peso bruto zerado.',
  VALOR_NOTA_FISCAL_ZERADO: 'Uma ou mais notas fiscais estão com o valor zerado.',
  VALOR_TOTAL_PRODUTOS_ZERADO: 'Uma ou mais notas fiscais estão com o valor total dos produtos zerado.',
  COMPONENTES_DIFEREM_TOTAL: 'A soma dos componentes do frete difere do valor total da prestação cobrado pelo CT-e.',
};
/** Issue 31: the inconsistency's detail, with both figures (R$ as decimal text). */
export const mensagemComponentesDiferem = (soma: string, total: string, campo: 'vTPrest' | 'vRec') =>
  `A soma dos componentes do frete (R$ ${soma}) difere do valor cobrado pelo CT-e (${campo}, R$ ${total}).`;

/** Fretes filter by occurrences (issue 31). */
export const FILTROS_OCORRENCIA = ['REENTREGA', 'SEM_COMPROVANTE'] as const;
export type FiltroOcorrencia = (typeof FILTROS_OCORRENCIA)[number];
export const ROTULO_FILTRO_OCORRENCIA: Record<FiltroOcorrencia, string> = {
  REENTREGA: 'Com ocorrência de reentrega',
  SEM_COMPROVANTE: 'Sem comprovante de entrega',
};
export const TOOLTIP_INCONSISTENCIA = 'Frete com inconsistências. Clique para mais detalhes.';
export const TOOLTIP_NOTA_SEM_DADOS = 'Não foi possível obter os dados da Nota Fiscal.';
export const MSG_CONFIRMAR_REPROCESSAR_AUDITADO =
  'Reprocessar os dados fiscais devolve o CT-e ao status PROCESSADO e a auditoria terá de ser refeita (as auditorias anteriores ficam no histórico). Deseja reprocessar?';
export const MSG_CONFIRMAR_DESCONSIDERAR = 'Este CT-e não aparecerá mais nos relatórios futuros. Deseja desconsiderá-lo?';

/** Statuses a row can be selected in (spec 03 §2.1: not LIDO, DESCONSIDERADO, CANCELADO, AUDITADO_SUCESSO). */
export const STATUS_SELECIONAVEIS: readonly StatusCte[] = STATUS_CTE.filter((s) => !['LIDO', 'DESCONSIDERADO', 'CANCELADO', 'AUDITADO_SUCESSO'].includes(s));
export const TAMANHOS_PAGINA_CTE = [50, 100, 200] as const;

const dataIso = (campo: string) => dataIsoSchema(`${campo}: informe uma data válida (AAAA-MM-DD).`);
const idOpcional = (campo: string) =>
  z.coerce.number({ error: `${campo}: informe um número.` }).int(`${campo}: informe um número inteiro.`).positive(`${campo}: informe um número positivo.`).max(INTEIRO_MAXIMO, `${campo}: número grande demais.`).optional();
const textoOpcional = (max: number, campo: string) => z.string().trim().max(max, `${campo}: no máximo ${max} caracteres.`).optional().transform((v) => (v ? v : undefined));

/**
 * GET /ctes/listar-simples (spec 03 §7): the screen's filters, page (size 50, 100 or 200) and sort
 * "campo[,asc|desc]" over numero, dataEmissao, valorTotal, valorAuditoria, status, transportadora.
 * Without dataIni/dataFim the server uses the current month; without tomadorServico, REMETENTE
 * ("TODOS" lifts it).
 */
export const cteListaQuerySchema = z
  .object({
    page: listQuerySchema.shape.page,
    size: z.coerce.number({ error: 'O tamanho da página deve ser 50, 100 ou 200.' }).refine((n) => (TAMANHOS_PAGINA_CTE as readonly number[]).includes(n), 'O tamanho da página deve ser 50, 100 ou 200.').default(50),
    sort: listQuerySchema.shape.sort,
    numeroFatura: textoOpcional(20, 'Nº da fatura'),
    chave: z.string().trim().regex(/^\d{0,44}$/, 'A chave do CT-e tem apenas dígitos (até 44).').optional().transform((v) => (v ? v : undefined)),
    numeroCte: idOpcional('Nº do CT-e'),
    numeroPedido: textoOpcional(30, 'Nº do pedido'),
    numeroNf: idOpcional('Nº da NF'),
    status: z.enum(FILTRO_STATUS_CTE, { error: 'Status desconhecido.' }).optional(),
    auditoria: z.enum(STATUS_AUDITORIA, { error: 'Status de auditoria desconhecido.' }).optional(),
    agrupamento: z.enum(AGRUPAMENTOS, { error: 'Agrupamento desconhecido.' }).optional(),
    ocorrencia: z.enum(FILTROS_OCORRENCIA, { error: 'Filtro de ocorrência desconhecido.' }).optional(),
    municipioOrigem: idOpcional('Município de origem'),
    municipioDestino: idOpcional('Município de destino'),
    transportadora: idOpcional('Transportadora'),
    cliente: idOpcional('Cliente'),
    tomadorServico: z.enum([...TOMADORES, 'TODOS'], { error: 'Tomador do serviço desconhecido.' }).default('REMETENTE'),
    dataIni: dataIso('Data inicial').optional(),
    dataFim: dataIso('Data final').optional(),
  })
  .refine((q) => !q.auditoria || q.status === 'AUDITADO', { message: 'O status da auditoria só pode ser filtrado com o status AUDITADO.' })
  .refine((q) => !q.dataIni || !q.dataFim || q.dataIni <= q.dataFim, { message: 'Período informado inválido, a data final deve ser maior ou igual que a inicial.' });
export type CteListaQuery = z.infer<typeof cteListaQuerySchema>;
export type CteListaQueryEntrada = z.input<typeof cteListaQuerySchema>;

export interface RefNome {
  id: number;
  nome: string;
}
export interface MunicipioCte {
  codigo: number;
  nome: string;
  uf: string;
}

/** CT-e list row (spec 03 §3 "CT-e list row"). Money as decimal strings. */
export interface CteLinha {
  id: number;
  chave: string;
  numero: number;
  numeroFatura: string | null;
  dataEmissao: string;
  remetente: string | null;
  destinatario: string | null;
  transportadora: RefNome | null;
  /** The issuer's name when the carrier is not registered. */
  emitente: string;
  origem: MunicipioCte;
  destino: MunicipioCte;
  status: StatusCte;
  tipo: TipoCteEs;
  tipoCte: number;
  /**
   * The charged amount (valor cobrado), the one every column, total, audit and approval compares: vRec under
   * ICMS by tax substitution (ICMS60), otherwise vTPrest (freight-calculation.md, audit verdict).
   */
  valorTotal: string;
  /** vTPrest, the service's total as the CT-e writes it; shown beside the charged amount when they differ. */
  valorPrestacao: string;
  /** vRec, the amount to receive, as the CT-e writes it. */
  valorReceber: string | null;
  valorAuditoria: string | null;
  valorCorreto: string | null;
  inconsistencias: CodigoInconsistencia[];
  /** Number of CT-es in its confirmed group (0 when not grouped). */
  cobrancasAgrupadas: number;
  codigoCobrancaAdicional: string | null;
  cobrancaRoteirizada: Agrupamento | null;
  /** MINUTA when converted from a minuta (the list marks it). */
  origemDocumento: OrigemCte;
  versao: number;
  /** Forwarded above an approver's limit (issue 29): "aguardando aprovação de Gerente"; the server always sends it. */
  aguardandoAprovacao: string | null;
}
/** The page plus the totals of every row the filters match (not only this page's). */
export type CtePage = Page<CteLinha> & { totais: { quantidade: number; valorTotal: string; valorAuditoria: string } };

export interface NotaCte {
  id: number;
  chave: string;
  numero: number | null;
  pesoLiquido: string | null;
  pesoBruto: string | null;
  valorTotalProdutos: string | null;
  valor: string | null;
  pedidoId: string | null;
  notaFiscalId: string | null;
}

export interface AuditoriaCte {
  id: number;
  cteId: number;
  status: StatusAuditoria;
  valorCobrado: string;
  /** The freight the table gives (null on ERRO). */
  valorTotal: string | null;
  diferenca: string | null;
  tolerancia: string | null;
  valorCorreto: string | null;
  tabelaFrete: { id: number; inicio: string; fim: string | null } | null;
  tabelaEscolhida: boolean;
  elementosCusto: LinhaCalculo[];
  mensagens: string[];
  traco: string[];
  responsavel: { nome: string; email: string | null } | null;
  observacoes: string | null;
  auditadoEm: string;
  revisadoEm: string | null;
}

/** GET /ctes/{id}: the complete CT-e (spec 03 §3 "CT-e"). */
export interface CteCompleto extends Omit<CteLinha, 'remetente' | 'destinatario'> {
  documento: CteLido;
  cliente: RefNome | null;
  tipoVeiculo: { id: number; descricao: string } | null;
  pesoBruto: string | null;
  /** Where the gross weight came from ("notas fiscais", "CT-e, linha de carga …", "informado no detalhe do CT-e"). */
  pesoOrigem: string | null;
  valorNotas: string | null;
  dataCancelamento: string | null;
  motivoCancelamento: string | null;
  notas: NotaCte[];
  /** The current audit (the newest). */
  auditoria: AuditoriaCte | null;
  /** Every audit of the CT-e, newest first (a new audit never deletes an old one). */
  auditorias: AuditoriaCte[];
  /** Every fatura line that billed it, in reading order; more than one live: billed twice (docs/decisoes.md §17). */
  faturas: CobrancaDoCte[];
  /** Approvals, forwards and refusals recorded (issue 29), newest first, at most 50; the server always sends it. */
  aprovacoes: AprovacaoRegistrada[];
  /**
   * Issue 31: the CT-e this one complements, annuls or substitutes (tpCTe 1, 2, 3): its key always, its id when
   * it is stored; null for a normal CT-e. Optional: older fakes.
   */
  referencia?: { tipo: TipoReferencia; chave: string; id: number | null; numero: number | null } | null;
  /** The CT-es that refer to this one (its complements, its anulação, its substitute). */
  referenciadoPor?: { tipo: TipoReferencia; id: number; chave: string; numero: number; serie: string; status: StatusCte; valorTotal: string }[];
}

const pesoSchema = (campo: string) =>
  z.string().trim().regex(/^\d{1,12}(\.\d{1,3})?$/, `${campo}: informe um peso não negativo com até 3 casas decimais.`);

/** POST /ctes (detail dialog Save, FRETE_CTE_E): the editable part. */
export const cteSalvarSchema = z.object({
  id: idParamSchema.shape.id,
  versao: versaoSchema.unwrap(),
  /** Disabled while LIDO (spec 03 §2.2). */
  pesoBruto: pesoSchema('Peso bruto').nullable().optional(),
  tipoVeiculo: z.object({ id: idParamSchema.shape.id }).nullable().optional(),
  notas: z
    .array(z.object({ id: idParamSchema.shape.id, pesoBruto: pesoSchema('Peso bruto da nota').nullable(), pesoLiquido: pesoSchema('Peso líquido da nota').nullable() }))
    .max(5000)
    .default([]),
});
export type CteSalvar = z.infer<typeof cteSalvarSchema>;

/** POST /ctes/desconsiderar {id, versao}. */
export const cteDesconsiderarSchema = z.object({ id: idParamSchema.shape.id, versao: versaoSchema.unwrap() });
/** POST /ctes/confirmar-agrupamento {ctes, tipoVeiculo}. */
export const confirmarAgrupamentoSchema = z.object({
  ctes: idsCtesSchema.refine((ids) => ids.length >= 2, 'Selecione ao menos dois CT-es para agrupar.'),
  tipoVeiculo: z.object({ id: idParamSchema.shape.id }, { error: 'Informe o tipo de veículo.' }),
});

// ---------------------------------------------------------------------------------------------------
// Server answers of the CT-e calls (list, detail, save, disregard, grouping, processing, admin batches).

export const MSG_CTE_NAO_ENCONTRADO = 'CT-e não encontrado.';
export const MINIMO_AUTOCOMPLETAR_CTE = 3;
export const MSG_AUTOCOMPLETAR_CTE_MINIMO = 'Digite ao menos 3 dígitos do número ou da chave do CT-e.';
export const MSG_AUTOCOMPLETAR_CTE_DIGITOS = 'Informe o número ou a chave do CT-e (apenas dígitos).';
export const mensagemOrdenacaoDesconhecida = (campo: string) =>
  `Campo de ordenação desconhecido: ${campo}. Use numero, dataEmissao, valorTotal, valorAuditoria, status ou transportadora.`;
/** Save is offered only outside LIDO, DESCONSIDERADO, CANCELADO and AUDITADO_SUCESSO (spec 03 §2.2). */
export const STATUS_NAO_SALVAVEIS: readonly StatusCte[] = ['LIDO', 'DESCONSIDERADO', 'CANCELADO', 'AUDITADO_SUCESSO'];
export const mensagemCteNaoSalvavel = (status: StatusCte) => `Não é possível salvar um CT-e com status ${status}.`;
export const MSG_PESO_BRUTO_LIDO = 'O peso bruto não pode ser alterado enquanto o CT-e estiver com status LIDO.';
export const mensagemNotaDeOutroCte = (id: number) => `A nota ${id} não pertence a este CT-e.`;
export const MSG_TIPO_VEICULO_NAO_ENCONTRADO = 'Tipo de veículo não encontrado.';
export const mensagemCtesNaoEncontrados = (ids: number[]) => `CT-e(s) não encontrado(s): ${ids.join(', ')}.`;
export const mensagemCteJaAgrupado = (numero: number) => `O CT-e ${numero} já está agrupado.`;
export const mensagemCteNaoCandidato = (numero: number) => `O CT-e ${numero} não é candidato a agrupamento.`;
export const mensagemCteStatusNaoAgrupavel = (numero: number, status: StatusCte) => `O CT-e ${numero} está com status ${status} e não pode ser agrupado.`;
export const MSG_AGRUPAMENTO_TRANSPORTADORAS = 'Os CT-es de um agrupamento devem ser da mesma transportadora.';
export const MSG_ALTERADO_DURANTE_PROCESSAMENTO = 'O CT-e foi alterado durante o processamento: processe-o de novo.';
export const MSG_NF_SOMENTE_ERP_DEMO = 'A criação de notas fiscais só existe no ERP de demonstração.';

export const resumoProcessamento = (processados: number, inconsistentes: number, candidatos: number, ignorados: number) =>
  `${processados} CT-e(s) processado(s), ${inconsistentes} com inconsistências, ${candidatos} marcado(s) como candidato(s) a agrupamento` +
  (ignorados ? `; ${ignorados} ignorado(s).` : '.');
export const resumoCompletados = (n: number) => `${n} CT-e(s) processado(s) antes completado(s) com transportadora ou cliente cadastrados depois.`;
export const mensagemCteDesconsiderado = (numero: number) => `CT-e ${numero} desconsiderado.`;
export const resumoAgrupamento = (quantidade: number) => `${quantidade} CT-e(s) agrupado(s).`;
export const resumoPreencherValor = (preenchidas: number, semErp: number) =>
  `Valor total dos produtos preenchido em ${preenchidas} nota(s) fiscal(is); ${semErp} não encontrada(s) no ERP.`;
export const resumoPreencherTipo = (alterados: number, verificados: number) => `Tipo recalculado: ${alterados} de ${verificados} CT-e(s) verificado(s) mudaram de tipo.`;
export const resumoProcessarIntegracao = (preenchidas: number, semErp: number) =>
  `Pedido e nota fiscal do ERP preenchidos em ${preenchidas} nota(s); ${semErp} sem correspondência no ERP.`;
export const resumoLerNotasFiscais = (lidas: number, semErp: number) => `Pesos e valores lidos do ERP para ${lidas} nota(s); ${semErp} não encontrada(s) no ERP.`;
export const resumoCriarNf = (criadas: number) => `${criadas} nota(s) fiscal(is) criada(s) no ERP de demonstração.`;

/** GET /ctes?cte=texto: number or key prefix (digits; spaces, dots and hyphens are ignored). */
export const cteAutoCompletarQuerySchema = z.object({
  cte: z
    .string({ error: MSG_AUTOCOMPLETAR_CTE_MINIMO })
    .max(60, 'O texto de busca é longo demais.')
    .transform((v) => v.replace(/[\s.\-/]/g, ''))
    .refine((v) => v.length >= MINIMO_AUTOCOMPLETAR_CTE, MSG_AUTOCOMPLETAR_CTE_MINIMO)
    .refine((v) => /^\d*$/.test(v), MSG_AUTOCOMPLETAR_CTE_DIGITOS)
    .refine((v) => v.length <= 44, MSG_AUTOCOMPLETAR_CTE_DIGITOS),
});
