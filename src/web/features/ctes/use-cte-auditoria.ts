import type { CteLinha, ResultadoLote } from '../../../contracts/ctes';
import { MSG_APROVADO_MANTIDO, mensagemReauditarAprovados } from '../../../contracts/ctes';
import { mensagemTransicaoIlegal, podeTransitar, type TipoEventoCte } from '../../../../machines/cte-audit';
import { auditarCtes, useAcaoCte } from '../../api/ctes-api';
import { mensagensDoLote } from './mensagens-lote';

export const MSG_NADA_A_AUDITAR = 'Nenhum CT-e desta página aguarda auditoria.';
export const MSG_NENHUM_ELEGIVEL = 'Nenhum dos CT-es selecionados pode passar por esta ação.';

type Ignorados = ResultadoLote['ignorados'];

/** Splits the CT-es by what the status machine allows: the others are reported, not sent (spec 03 §4). */
export function separar(ctes: CteLinha[], evento: TipoEventoCte) {
  const aceitos = ctes.filter((c) => podeTransitar(c.status, evento));
  const ignorados = ctes.filter((c) => !podeTransitar(c.status, evento)).map((c) => ({ id: c.id, numero: c.numero, motivo: mensagemTransicaoIlegal(c.status, evento) }));
  return { aceitos, ignorados };
}

/** "Nenhum dos CT-es selecionados…" with the reason of each one left out. */
export const nenhumElegivel = (ignorados: Ignorados) => [MSG_NENHUM_ELEGIVEL, ...mensagensDoLote({ processados: 0, ignorados, mensagens: [] })];

export interface CteAuditoriaArgs {
  /** Shows the batch's answer with the CT-es left out here. */
  concluir: (ignorados?: Ignorados) => (r: ResultadoLote) => void;
  aviso: (mensagens: string[]) => void;
  /** Asks a yes/no question (useConfirmacao). */
  perguntar: (mensagem: string, sim: () => void, nao: () => void) => void;
}

const aprovado = (c: CteLinha) => c.status === 'AUDITADO_REVISADO';

/**
 * Auditar Selecionados and Auditar CT-es (spec 03 §4, docs/decisoes.md §11): what AUDITADO does not allow is reported;
 * approved CT-es are audited again only after "{n} CT-e(s) já aprovado(s) perderão a aprovação. Auditar de
 * novo?" is answered Sim; with Não the others go and the approved ones are reported as kept.
 */
export function useCteAuditoria({ concluir, aviso, perguntar }: CteAuditoriaArgs) {
  const auditar = useAcaoCte(auditarCtes);
  const enviar = (ctes: CteLinha[], ignorados: Ignorados, reauditarAprovados = false) => {
    if (ctes.length === 0) return aviso(nenhumElegivel(ignorados));
    auditar.mutate({ ctes: ctes.map((c) => c.id), ...(reauditarAprovados ? { reauditarAprovados } : {}) }, { onSuccess: concluir(ignorados) });
  };
  const auditarLista = (ctes: CteLinha[]) => {
    if (auditar.isPending) return;
    const { aceitos, ignorados } = separar(ctes, 'AUDITAR');
    const aprovados = aceitos.filter(aprovado);
    if (aprovados.length === 0) return enviar(aceitos, ignorados);
    const mantidos = aprovados.map((c) => ({ id: c.id, numero: c.numero, motivo: MSG_APROVADO_MANTIDO }));
    perguntar(
      mensagemReauditarAprovados(aprovados.length),
      () => enviar(aceitos, ignorados, true),
      () => enviar(aceitos.filter((c) => !aprovado(c)), [...ignorados, ...mantidos]),
    );
  };
  return {
    auditando: auditar.isPending,
    /** Audit Selected: skips what AUDITAR does not allow (LIDO, DESCONSIDERADO, CANCELADO, AUDITADO_SUCESSO); asks before approved ones. */
    auditarSelecionados: auditarLista,
    /** Auditar CT-es: the page's CT-es waiting for their first audit (PROCESSADO). */
    auditarPagina: (linhas: CteLinha[]) => {
      const pendentes = linhas.filter((c) => c.status === 'PROCESSADO');
      if (pendentes.length === 0) return aviso([MSG_NADA_A_AUDITAR]);
      auditarLista(pendentes);
    },
  };
}
