import { useState } from 'react';
import type { BaseAprovacao, CteLinha, ResultadoLote } from '../../../contracts/ctes';
import { confirmarAgrupamentoSchema } from '../../../contracts/ctes';
import { mensagemTransicaoIlegal, podeTransitar, type TipoEventoCte } from '../../../../machines/cte-audit';
import { acoesCte, agruparCtes, aprovarCtes, auditarCtes, useAcaoCte } from '../../api/ctes-api';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { useShowMessages } from '../../ui/use-show-messages';
import { useValidate } from '../../ui/use-validated-save';
import { mensagensDoLote } from './batch-messages';
import { MSG_INFORME_TIPO_VEICULO } from './grouping-dialog';

export const MSG_NADA_A_AUDITAR = 'Nenhum CT-e desta página aguarda auditoria.';
export const MSG_NENHUM_ELEGIVEL = 'Nenhum dos CT-es selecionados pode passar por esta ação.';

export type AcaoGet = keyof typeof acoesCte;

/** Splits the CT-es by what the status machine allows: the others are reported, not sent (spec 03 §4). */
function separar(ctes: CteLinha[], evento: TipoEventoCte) {
  const aceitos = ctes.filter((c) => podeTransitar(c.status, evento));
  const ignorados = ctes.filter((c) => !podeTransitar(c.status, evento)).map((c) => ({ id: c.id, numero: c.numero, motivo: mensagemTransicaoIlegal(c.status, evento) }));
  return { aceitos, ignorados };
}

/**
 * The screen's batch calls: each answer (ResultadoLote) goes to the message list, then every CT-e query is
 * read again (the mutation invalidates them) and the selection is cleared.
 */
export function useCteActions(limparMarcados: () => void) {
  const mostrar = useShowMessages();
  const aviso = (mensagens: string[]) => mostrar(mensagens, TITULO_ADVERTENCIA);
  const validar = useValidate(TITULO_ADVERTENCIA);
  const [aprovacao, setAprovacao] = useState<{ ctes: CteLinha[]; base: BaseAprovacao | null } | null>(null);
  const [agrupamento, setAgrupamento] = useState<CteLinha[] | null>(null);
  const get = useAcaoCte((acao: AcaoGet) => acoesCte[acao]());
  const auditar = useAcaoCte(auditarCtes);
  const aprovar = useAcaoCte(aprovarCtes);
  const agrupar = useAcaoCte(agruparCtes);
  const concluir = (ignorados: ResultadoLote['ignorados'] = []) => (r: ResultadoLote) => {
    limparMarcados();
    mostrar(mensagensDoLote(r, ignorados));
  };

  const auditarLista = (ctes: CteLinha[]) => {
    if (auditar.isPending) return;
    const { aceitos, ignorados } = separar(ctes, 'AUDITAR');
    if (aceitos.length === 0) return aviso([MSG_NENHUM_ELEGIVEL, ...mensagensDoLote({ processados: 0, ignorados, mensagens: [] })]);
    auditar.mutate({ ctes: aceitos.map((c) => c.id) }, { onSuccess: concluir(ignorados) });
  };

  return {
    ocupado: get.isPending || auditar.isPending || aprovar.isPending || agrupar.isPending,
    executar: (acao: AcaoGet) => !get.isPending && get.mutate(acao, { onSuccess: concluir() }),
    /** Audit Selected: skips what AUDITAR does not allow (LIDO, DESCONSIDERADO, CANCELADO, AUDITADO_SUCESSO). */
    auditarSelecionados: auditarLista,
    /** Auditar CT-es: the page's CT-es waiting for their first audit (PROCESSADO). */
    auditarPagina: (linhas: CteLinha[]) => {
      const pendentes = linhas.filter((c) => c.status === 'PROCESSADO');
      if (pendentes.length === 0) return aviso([MSG_NADA_A_AUDITAR]);
      auditarLista(pendentes);
    },
    aprovacao,
    abrirAprovacao: (ctes: CteLinha[], base: BaseAprovacao | null) => ctes.length > 0 && setAprovacao({ ctes, base }),
    fecharAprovacao: () => setAprovacao(null),
    confirmarAprovacao: (base: BaseAprovacao, observacoes: string) => {
      if (!aprovacao || aprovar.isPending) return;
      const { aceitos, ignorados } = separar(aprovacao.ctes, 'APROVAR');
      if (aceitos.length === 0) return aviso([MSG_NENHUM_ELEGIVEL, ...mensagensDoLote({ processados: 0, ignorados, mensagens: [] })]);
      aprovar.mutate(
        { ctes: aceitos.map((c) => c.id), base, ...(observacoes ? { observacoes } : {}) },
        {
          onSuccess: (r) => {
            setAprovacao(null);
            concluir(ignorados)(r);
          },
        },
      );
    },
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
