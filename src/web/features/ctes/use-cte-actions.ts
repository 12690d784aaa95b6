import { useState } from 'react';
import type { BaseAprovacao, CteLinha, ResultadoLote } from '../../../contracts/ctes';
import { confirmarAgrupamentoSchema } from '../../../contracts/ctes';
import { acoesCte, agruparCtes, aprovarCtes, useAcaoCte } from '../../api/ctes-api';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { useShowMessages } from '../../ui/use-show-messages';
import { useValidate } from '../../ui/use-validated-save';
import { mensagensDoLote, MSG_INFORME_TIPO_VEICULO } from './mensagens-lote';
import { nenhumElegivel, separar, useCteAuditoria, type CteAuditoriaArgs } from './use-cte-auditoria';
import { useLeituraXmls } from './use-leitura-xmls';

export type AcaoGet = keyof typeof acoesCte;

export interface CteActionsArgs {
  limparMarcados: () => void;
  /** "Ver os CT-es lidos" after Ler XMLs. */
  verPeriodo: Parameters<typeof useLeituraXmls>[0];
  perguntar: CteAuditoriaArgs['perguntar'];
}

/**
 * The screen's batch calls: each answer (ResultadoLote) goes to the message list, then every CT-e query is
 * read again (the mutation invalidates them) and the selection is cleared.
 */
export function useCteActions({ limparMarcados, verPeriodo, perguntar }: CteActionsArgs) {
  const mostrar = useShowMessages();
  const aviso = (mensagens: string[]) => mostrar(mensagens, TITULO_ADVERTENCIA);
  const concluir = (ignorados: ResultadoLote['ignorados'] = []) => (r: ResultadoLote) => {
    limparMarcados();
    mostrar(mensagensDoLote(r, ignorados));
  };
  const leitura = useLeituraXmls(verPeriodo);
  const auditoria = useCteAuditoria({ concluir, aviso, perguntar });
  const aprovacao = useCteApproval(concluir, aviso);
  const agrupamento = useCteGrouping(concluir, aviso);
  const get = useAcaoCte((acao: AcaoGet) => acoesCte[acao]());
  return {
    ocupado: leitura.lendo || get.isPending || auditoria.auditando || aprovacao.aprovando || agrupamento.agrupando,
    lerXmls: leitura.lerXmls,
    executar: (acao: AcaoGet) => !get.isPending && get.mutate(acao, { onSuccess: concluir() }),
    auditarSelecionados: auditoria.auditarSelecionados,
    auditarPagina: auditoria.auditarPagina,
    ...aprovacao,
    ...agrupamento,
  };
}

type Concluir = CteAuditoriaArgs['concluir'];

/** Aprovar Selecionados (spec 03 §4): the basis dialog, then what APROVAR allows. */
function useCteApproval(concluir: Concluir, aviso: (m: string[]) => void) {
  const [aprovacao, setAprovacao] = useState<{ ctes: CteLinha[]; base: BaseAprovacao | null } | null>(null);
  const aprovar = useAcaoCte(aprovarCtes);
  return {
    aprovando: aprovar.isPending,
    aprovacao,
    abrirAprovacao: (ctes: CteLinha[], base: BaseAprovacao | null) => ctes.length > 0 && setAprovacao({ ctes, base }),
    fecharAprovacao: () => setAprovacao(null),
    confirmarAprovacao: (base: BaseAprovacao, observacoes: string) => {
      if (!aprovacao || aprovar.isPending) return;
      const { aceitos, ignorados } = separar(aprovacao.ctes, 'APROVAR');
      if (aceitos.length === 0) return aviso(nenhumElegivel(ignorados));
      const corpo = { ctes: aceitos.map((c) => c.id), base, ...(observacoes ? { observacoes } : {}) };
      aprovar.mutate(corpo, {
        onSuccess: (r) => {
          setAprovacao(null);
          concluir(ignorados)(r);
        },
      });
    },
  };
}

/** Agrupar Selecionados (spec 03 §2.3): the vehicle-type dialog, then POST /ctes/confirmar-agrupamento. */
function useCteGrouping(concluir: Concluir, aviso: (m: string[]) => void) {
  const validar = useValidate(TITULO_ADVERTENCIA);
  const [agrupamento, setAgrupamento] = useState<CteLinha[] | null>(null);
  const agrupar = useAcaoCte(agruparCtes);
  return {
    agrupando: agrupar.isPending,
    agrupamento,
    abrirAgrupamento: (ctes: CteLinha[]) => ctes.length > 0 && setAgrupamento(ctes),
    fecharAgrupamento: () => setAgrupamento(null),
    confirmarAgrupamento: (tipoVeiculo: number | null) => {
      if (!agrupamento || agrupar.isPending) return;
      if (tipoVeiculo === null) return aviso([MSG_INFORME_TIPO_VEICULO]);
      const dados = validar(confirmarAgrupamentoSchema, { ctes: agrupamento.map((c) => c.id), tipoVeiculo: { id: tipoVeiculo } });
      if (!dados) return;
      agrupar.mutate(dados, {
        onSuccess: (r) => {
          setAgrupamento(null);
          concluir()(r);
        },
      });
    },
  };
}
