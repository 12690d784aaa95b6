import { z } from 'zod';
import { dataIsoSchema, identificadorSchema } from './common';

// Pré-fatura (issue 29; docs/decisoes.md §36): the audited CT-es of a carrier and period with the value the shipper
// accepts (the approved CT-e's correct value, else the audit's), for the carrier to bill exactly that. As PDF, CSV
// and a PROCEDA DOCCOB 3.0A; compared with the faturas the carrier then sends.

/** POST /pre-faturas. diferencaMinima: a CT-e whose charged value differs from the accepted by less keeps the charged one. */
export const preFaturaCriarSchema = z
  .object({
    transportadora: identificadorSchema(),
    inicio: dataIsoSchema('Data inicial: informe uma data válida (AAAA-MM-DD).'),
    fim: dataIsoSchema('Data final: informe uma data válida (AAAA-MM-DD).'),
    diferencaMinima: z
      .string({ error: 'Diferença mínima: informe um valor em reais (ex.: 0.50).' })
      .regex(/^\d{1,13}(\.\d{1,2})?$/, 'Diferença mínima: informe um valor em reais (ex.: 0.50).')
      .optional(),
  })
  .refine((p) => !p.inicio || !p.fim || p.inicio <= p.fim, { message: 'Período informado inválido, a data final deve ser maior ou igual que a inicial.' });
export type PreFaturaCriar = z.infer<typeof preFaturaCriarSchema>;

export interface PreFatura {
  id: number;
  transportadora: { id: number; cnpj: string | null; razaoSocial: string };
  inicio: string;
  fim: string;
  criadaEm: string;
  quantidade: number;
  valorTotal: string;
}

export interface PreFaturaCte {
  cteId: number;
  serie: string;
  numero: number;
  chave: string;
  dataEmissao: string;
  /** What the CT-e charged, and what the shipper accepts. */
  valorCobrado: string;
  valorAceito: string;
}

export interface PreFaturaCompleta extends PreFatura {
  ctes: PreFaturaCte[];
}

export const SITUACOES_COMPARACAO = ['IGUAL', 'VALOR_DIFERENTE', 'NAO_FATURADO', 'FATURADO_FORA'] as const;
export type SituacaoComparacao = (typeof SITUACOES_COMPARACAO)[number];
export const ROTULO_COMPARACAO: Record<SituacaoComparacao, string> = {
  IGUAL: 'Faturado pelo valor aceito',
  VALOR_DIFERENTE: 'Faturado por outro valor',
  NAO_FATURADO: 'Ausente das faturas',
  FATURADO_FORA: 'Faturado, mas fora da pré-fatura',
};

/** GET /pre-faturas/{id}/comparacao: each CT-e of the pré-fatura against the faturas read, and the carrier's CT-es billed outside it. */
export interface ComparacaoPreFaturaLinha {
  cteId: number;
  serie: string;
  numero: number;
  valorAceito: string | null;
  /** Σ billed by PROCESSADO faturas (null: none bills it). */
  valorFaturado: string | null;
  faturas: string[];
  situacao: SituacaoComparacao;
}

export const MSG_PRE_FATURA_NAO_ENCONTRADA = 'Pré-fatura não encontrada.';
export const MSG_PRE_FATURA_TRANSPORTADORA = 'Transportadora não encontrada.';
export const MSG_PRE_FATURA_VAZIA = 'Nenhum CT-e auditado da transportadora no período que já não esteja em outra pré-fatura.';
export const mensagemPreFaturaCriada = (id: number, n: number) => `Pré-fatura ${id} criada com ${n} CT-e(s).`;
