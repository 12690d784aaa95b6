import type { ResultadoCalculo } from '../../contracts/calculo-frete';
import type { EventoAcessorio } from '../../contracts/ocorrencias';
import type { TabelaFrete } from '../../contracts/tabela-frete-modelo';
import {
  acessoriosCobrados,
  decidirAcessorios,
  tracoDosCobrados,
  vereditoComAcessorios,
  type DecisaoAcessorios,
  type OcorrenciaAuditoria,
} from '../../domain/auditoria/acessorios-cobrados';
import { vereditoAuditoria } from '../../domain/auditoria/veredito-auditoria';
import { calcular, montarEnvio, type Envio } from './envio-auditoria';
import type { AuditoriaCalculada } from './gravar-auditorias';
import type { LinhaCteAuditoria } from './linha-cte-auditoria';
import type { Referencias } from './referencias-auditoria';

// Issue 31: the audit of a CT-e that charges accessorials (re-delivery, return, daily stay, TDE, scheduling). The
// engine prices an accessorial element of the table only for the charges an occurrence justifies (or, when the
// company takes a missing occurrence as an observation, for every charge); the trace names the occurrence.

export interface CalculoComAcessorios {
  calculo: ResultadoCalculo | null;
  decisao: DecisaoAcessorios;
  /** The events the table's effective elements are tied to. */
  daTabela: Set<EventoAcessorio>;
}

/** The engine's freight of `envio` with the accessorials `cobrados` decided against the occurrences. */
export function calcularComAcessorios(
  ref: Referencias,
  envio: Envio,
  cobrados: readonly EventoAcessorio[],
  ocorrencias: { proprias: readonly OcorrenciaAuditoria[]; doOriginal: readonly OcorrenciaAuditoria[] },
  somenteAcessorios = false,
): CalculoComAcessorios {
  const decisao = decidirAcessorios(cobrados, ocorrencias.proprias, ocorrencias.doOriginal, ref.ocorrenciaAusente);
  const daTabela = new Set<EventoAcessorio>();
  const comAcessorios: Envio = {
    ...envio,
    entrada: envio.entrada && { ...envio.entrada, acessorios: decisao.precificar, somenteAcessorios },
    traco: [...envio.traco, ...decisao.traco],
  };
  const r = calcular(comAcessorios, { eventos: daTabela });
  const calculo = r && r.status === 'SUCESSO' ? { ...r, traco: [...r.traco, ...tracoDosCobrados(cobrados, decisao.semOcorrencia, daTabela, ref.ocorrenciaAusente)] } : r;
  return { calculo, decisao, daTabela };
}

/**
 * A CT-e audited alone (not in a confirmed group, not a complement): as before when it charges no accessorial;
 * otherwise priced with its justified accessorials and the verdict adjusted for the charges without occurrence.
 */
export function auditarCte(ref: Referencias, l: LinhaCteAuditoria, forcada: TabelaFrete | undefined): AuditoriaCalculada {
  const envio = montarEnvio(ref, [l], forcada, null);
  const comum = { transportadoraId: ref.transportadoraNova(l), tabelaEscolhida: envio.tabelaEscolhida };
  const cobrados = acessoriosCobrados(l.componentes ?? [], l.codigoCobrancaAdicional);
  if (cobrados.length === 0) {
    const calculo = calcular(envio);
    return { calculo, veredito: vereditoAuditoria(l.valorTotal, calculo, ref.tolerancia, envio.faltando), ...comum };
  }
  const { calculo, decisao, daTabela } = calcularComAcessorios(ref, envio, cobrados, { proprias: ref.ocorrencias.get(l.id) ?? [], doOriginal: [] });
  const veredito = vereditoComAcessorios(vereditoAuditoria(l.valorTotal, calculo, ref.tolerancia, envio.faltando), decisao.semOcorrencia, daTabela, ref.ocorrenciaAusente);
  return { calculo, veredito, ...comum };
}
