import type { CteLido } from '../../../contracts/cte-documento';
import { vereditoAuditoria } from '../../../domain/auditoria/veredito-auditoria';
import { colunasCte } from '../../ingest/ler-arquivos-cte';
import { aprovacao } from './auditoria-demo';
import { MOTIVOS_CANCELAMENTO } from './constantes-demo';
import { processado, type ContextoDemo, type Plano } from './tipos-demo';

// The rows of one batch: cte, cte_nota and cte_auditoria. Times are drawn after the emission and never
// after "now"; the draws go CT-e by CT-e (read, cancelled, changed), then audit by audit.

/** No instant after "now" (hoje). */
const ate = (hoje: Date, ms: number) => new Date(Math.min(ms, hoje.getTime()));

/** The cte rows, with the verdict and the approval beside them (_veredito, _aprovado: not columns). */
export function linhasCte({ r, hoje, dados }: ContextoDemo, lote: Plano[], docs: CteLido[], grupos: { id: number }[]) {
  return lote.map((p, j) => {
    const lido = docs[j];
    const feito = processado(p);
    const veredito = p.calculo && p.cobrado ? vereditoAuditoria(p.cobrado, p.calculo, dados.tolerancia) : null;
    const aprovado = p.status === 'AUDITADO_REVISADO' ? aprovacao(p, veredito!, j) : null;
    const lidoEm = ate(hoje, p.ms + (1 + r.inteiro(40)) * 3_600_000);
    return {
      ...colunasCte(lido),
      status: p.status,
      tipo: feito ? p.tipo : 'DESCONHECIDO',
      transportadoraId: feito ? p.transportadora.id : null,
      clienteId: feito ? p.cliente.id : null,
      tipoVeiculoId: p.grupo !== null ? dados.truck : null,
      inconsistencias: p.inconsistencias,
      agrupamento: p.agrupamento,
      grupoId: p.grupo !== null ? grupos[p.grupo].id : null,
      codigoCobrancaAdicional: p.codigoCobranca,
      pesoBruto: feito ? p.pesoBruto : null,
      valorNotas: feito ? p.valorNotas : null,
      valorAuditoria: veredito?.valorEsperado ?? null,
      valorCorreto: aprovado?.valorCorreto ?? null,
      dataCancelamento: p.status === 'CANCELADO' ? (p.canceladoNaLeitura ? new Date(lido.protocolo!.recebidoEm!) : ate(hoje, p.ms + (2 + r.inteiro(70)) * 3_600_000)) : null,
      motivoCancelamento: p.status === 'CANCELADO' ? (p.canceladoNaLeitura ? lido.protocolo!.motivo : r.de(MOTIVOS_CANCELAMENTO)) : null,
      lidoEm,
      versao: p.status === 'LIDO' ? 0 : p.status === 'PROCESSADO' ? 1 : 2 + Number(aprovado !== null),
      alteradoEm: ate(hoje, lidoEm.getTime() + (1 + r.inteiro(72)) * 3_600_000),
      _veredito: veredito,
      _aprovado: aprovado,
    };
  });
}

/** The notes of each CT-e; weights, values and ERP ids only once processed. */
export function notasCte(lote: Plano[], docs: CteLido[], idDe: Map<string, number>) {
  return lote.flatMap((p, j) =>
    p.notas.map((n) => {
      const feito = processado(p);
      return {
        cteId: idDe.get(docs[j].chave)!,
        chave: n.chave,
        numero: n.numero,
        pesoBruto: feito ? n.pesoBruto : null,
        pesoLiquido: feito ? n.pesoLiquido : null,
        valor: feito ? n.valor : null,
        valorTotalProdutos: feito ? n.valorTotalProdutos : null,
        pedidoId: feito ? n.pedidoId : null,
        notaFiscalId: feito ? n.notaFiscalId : null,
        dataEmissao: feito ? n.dataEmissao : null,
      };
    }),
  );
}

/** One audit per audited CT-e (REVISADO when approved), hours after reading; the review hours after that. */
export function auditoriasCte({ r, hoje, dados }: ContextoDemo, lote: Plano[], linhas: ReturnType<typeof linhasCte>, idDe: Map<string, number>) {
  return linhas.flatMap((l, j) => {
    const p = lote[j];
    if (!l._veredito || !p.calculo) return [];
    const v = l._veredito;
    const a = l._aprovado;
    const auditadoEm = ate(hoje, l.lidoEm.getTime() + (2 + r.inteiro(96)) * 3_600_000);
    return [
      {
        cteId: idDe.get(l.chave)!,
        status: a ? ('REVISADO' as const) : v.resultado,
        valorCobrado: v.valorCobrado,
        valorTotal: v.valorEsperado,
        diferenca: v.diferenca,
        tolerancia: v.tolerancia,
        valorCorreto: a?.valorCorreto ?? null,
        tabelaFreteId: p.calculo.tabelaFrete?.id ?? null,
        elementosCusto: p.calculo.elementosCusto,
        mensagens: v.mensagens,
        traco: p.calculo.traco,
        responsavelId: a ? dados.responsavel : null,
        observacoes: a?.observacoes ?? null,
        auditadoEm,
        revisadoEm: a ? ate(hoje, auditadoEm.getTime() + (1 + r.inteiro(48)) * 3_600_000) : null,
      },
    ];
  });
}
