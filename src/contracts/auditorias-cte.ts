import { z } from 'zod';
import { idParamSchema } from './common';

// The CT-e audit's messages and calls (spec 03 §4; freight-calculation.md "Audit verdict of a CT-e"),
// re-exported by ctes.ts.

/** The CT-es of a batch call: 1 to 1000 ids. */
export const idsCtesSchema = z.array(idParamSchema.shape.id, { error: 'Informe os CT-es.' }).min(1, 'Selecione ao menos um CT-e.').max(1000, 'Selecione no máximo 1000 CT-es por vez.');

// ---- Audit messages (spec 03 §4; freight-calculation.md "Audit verdict of a CT-e").

/** The issuer's CNPJ named: "Transportadora do CT-e (CNPJ 35.285.109/0002-88) não cadastrada." */
export const mensagemTransportadoraNaoCadastrada = (cnpj: string) => `Transportadora do CT-e (CNPJ ${cnpj}) não cadastrada.`;
export const mensagemTransportadoraPelaRaiz = (cnpj: string, razaoSocial: string, cnpjCadastrado: string) =>
  `Transportadora do CT-e (CNPJ ${cnpj}) não cadastrada; usada ${razaoSocial} (CNPJ ${cnpjCadastrado}), da mesma raiz de CNPJ.`;
export const MSG_PESO_NAO_INFORMADO = 'Peso bruto do CT-e não informado.';
export const MSG_PESO_ZERADO = 'O peso bruto do CT-e está zerado.';
export const MSG_VALOR_CARGA_NAO_INFORMADO = 'Valor da carga do CT-e não informado (nem das notas fiscais, nem do próprio CT-e).';
export const MSG_AUDITORIA_GRUPO_TRANSPORTADORAS = 'Os CT-es do agrupamento são de transportadoras diferentes: não é possível auditá-los como uma só carga.';
export const MSG_CTE_ALTERADO_DURANTE_AUDITORIA = 'O CT-e foi alterado durante a auditoria: audite-o de novo.';
/** Audit Selected over an approved CT-e without the confirmation: the approval stays (docs/decisoes.md §11). */
export const MSG_APROVADO_MANTIDO = 'CT-e já aprovado: a aprovação foi mantida (auditar de novo só depois de confirmar que ela será perdida).';
/** The question before auditing approved CT-es again (S/N, default Não). */
export const mensagemReauditarAprovados = (n: number) => `${n} CT-e(s) já aprovado(s) perderão a aprovação. Auditar de novo?`;
export const MSG_REFAZER_UM_CTE = 'Para refazer a auditoria, informe um único CT-e.';
export const MSG_VALOR_CORRETO_UM_CTE = 'O valor correto digitado vale para um único CT-e: selecione apenas um.';
export const MSG_CTE_SEM_AUDITORIA = 'Este CT-e ainda não foi auditado.';
export const MSG_IMPRESSAO_SEM_AUDITORIA = 'Este CT-e ainda não foi auditado: não há cálculo para imprimir.';
export const MSG_BUSCA_AUDITORIA = 'Pesquisa não suportada: informe search=cte.id=={id}.';
export const MSG_IDS_CTES = 'Informe os identificadores dos CT-es (números inteiros positivos) separados por vírgula.';
export const MSG_IDS_CTES_MAXIMO = 'Informe no máximo 1000 CT-es por vez.';
export const MSG_TABELA_NAO_ENCONTRADA = 'Tabela de frete não encontrada.';
export const MSG_TABELA_OUTRA_TRANSPORTADORA = 'A tabela de frete escolhida não é da transportadora do CT-e.';
export const mensagemTabelaNaoVigente = (dataBr: string) => `A tabela de frete escolhida não está vigente em ${dataBr}, data de emissão do CT-e.`;
export const MSG_SEM_VALOR_AUDITORIA = 'O CT-e não tem valor de auditoria (a auditoria terminou em erro): aprove pelo valor da transportadora ou informe o valor correto.';
export const mensagemCteNaoEncontrado = (id: number) => `CT-e não encontrado (id ${id}).`;
/** Bulk refusals name the CT-e: "CT-e 123: …". */
export const mensagemDoCte = (numero: number, mensagem: string) => `CT-e ${numero}: ${mensagem}`;
export const resumoAuditoria = (auditados: number, ignorados: number) => `${auditados} CT-e(s) auditado(s); ${ignorados} ignorado(s).`;
export const resumoVeredictos = (n: { SUCESSO: number; OBSERVACOES: number; FALHA: number; ERRO: number }) =>
  `Sucesso: ${n.SUCESSO}; com observações: ${n.OBSERVACOES}; com falha: ${n.FALHA}; com erro: ${n.ERRO}.`;
export const resumoAprovacao = (aprovados: number) => `${aprovados} CT-e(s) aprovado(s).`;

/**
 * POST /auditorias-cte/auditar {ctes, reauditarAprovados?}: one by one, in the order given; approved CT-es
 * (AUDITADO_REVISADO) are skipped, keeping their approval, unless `reauditarAprovados: true` says the user
 * confirmed losing it. `refazer: true` is the review
 * dialog's "Refazer auditoria" (event REFAZER_AUDITORIA, AUDITADO_FALHA or AUDITADO_ERRO only): one CT-e,
 * and an illegal status answers 409 instead of being skipped.
 */
export const auditarSchema = z
  .object({
    ctes: idsCtesSchema,
    refazer: z.literal(true, { error: 'refazer: informe true ou omita o campo.' }).optional(),
    /** The user confirmed that approved CT-es lose their approval (otherwise they are skipped). */
    reauditarAprovados: z.boolean({ error: 'reauditarAprovados: informe true ou false.' }).optional(),
  })
  .refine((b) => !b.refazer || b.ctes.length === 1, { message: MSG_REFAZER_UM_CTE });
export const BASES_APROVACAO = ['TRANSPORTADORA', 'AUDITORIA'] as const;
export type BaseAprovacao = (typeof BASES_APROVACAO)[number];
/** POST /auditorias-cte/aprovar: bulk (basis) or the review dialog (valorCorreto typed, one CT-e). */
export const aprovarSchema = z.object({
  ctes: idsCtesSchema,
  base: z.enum(BASES_APROVACAO, { error: 'Informe a base da aprovação: valor da transportadora ou valor da auditoria.' }),
  /** Review dialog: the correct value typed by the reviewer (overrides the basis; one CT-e only). */
  valorCorreto: z.string().trim().regex(/^\d{1,12}(\.\d{1,2})?$/, 'Valor correto: informe um valor não negativo com até 2 casas decimais.').optional(),
  observacoes: z.string().max(4000, 'As observações têm no máximo 4000 caracteres.').optional(),
}).refine((b) => b.valorCorreto === undefined || b.ctes.length === 1, { message: MSG_VALOR_CORRETO_UM_CTE });
/** POST /auditorias-cte/trocar-tabela {cte, tabelaFrete}: audit again with the chosen table. */
export const trocarTabelaSchema = z.object({ cte: idParamSchema.shape.id, tabelaFrete: idParamSchema.shape.id });


/** Result of a batch over CT-es: what was done and, per CT-e refused or skipped, why. */
export interface ResultadoLote {
  processados: number;
  ignorados: { id: number; numero: number | null; motivo: string }[];
  mensagens: string[];
}
