import type { IcmsCte } from '../../contracts/cte-documento';
import { MSG_AUDITORIA_GRUPO_TRANSPORTADORAS, MSG_PESO_NAO_INFORMADO, MSG_PESO_ZERADO, MSG_VALOR_CARGA_NAO_INFORMADO, mensagemDoCte } from '../../contracts/ctes';
import type { TabelaFrete, TransportadoraRef } from '../../contracts/tabela-frete-modelo';
import type { ResultadoCalculo } from '../../contracts/calculo-frete';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';
import { calcularFrete, type DetalheCalculo, type EntradaCalculo } from '../../domain/frete/calcular-frete';
import { Dec } from '../../domain/frete/decimal-exato';
import { numeroBr, reais } from '../../domain/frete/formatar-traco';
import { mensagemSemTransportadora } from '../ctes/transportadora-do-emitente';
import { mensagemDestinoDesconhecido, mensagemOrigemDesconhecida } from '../tabelas-frete/calcular-pedido';
import type { LinhaCteAuditoria } from './linha-cte-auditoria';
import type { Referencias } from './referencias-auditoria';

/** The dispatch date is the emission's São Paulo calendar day (timestamps are stored in UTC). */
export const dataDespachoDe = (emissao: Date) => dataSaoPaulo(emissao)!;

/** The engine request of a shipment, and what the audit adds around the engine's answer. */
export interface Envio {
  transportadora: TransportadoraRef | null;
  tabelas: TabelaFrete[];
  entrada: EntradaCalculo | null;
  /** Missing data: the audit ends in ERRO with these. */
  faltando: string[];
  /** Said before the engine's steps: where the weight and the cargo value came from. */
  traco: string[];
  /** Said in the audit's messages (a carrier found by its CNPJ root). */
  avisos: string[];
  /** The table chosen with "Trocar tabela" (kept on the CT-e) was used. */
  tabelaEscolhida: boolean;
}

/** ICMS rate of the document as a fraction ("12" → "0.12"); no rate (e.g. ICMS60, exempt): 0. */
function icmsFracao(icms: IcmsCte | null): string {
  const aliquota = icms?.aliquota?.trim();
  if (!aliquota) return '0';
  try {
    return new Dec(aliquota).div(100).toString();
  } catch {
    return '0';
  }
}

export const cargaDe = (l: LinhaCteAuditoria) => l.valorNotas ?? l.valorCarga;

/** The trace lines that say which weight and which cargo value the freight was computed on, and from where. */
function origens(membros: readonly LinhaCteAuditoria[], peso: Dec, valor: Dec): string[] {
  const [l] = membros;
  if (membros.length > 1) return [`Peso taxado: ${numeroBr(peso)} kg; valor da carga: ${reais(valor)} (soma dos CT-es do agrupamento).`];
  const dePeso = l.pesoOrigem ?? 'origem não registrada';
  const deValor = l.valorNotas !== null ? 'valor das notas fiscais do ERP' : 'valor da carga declarado no CT-e (vCarga)';
  return [`Peso taxado: ${numeroBr(peso)} kg (${dePeso}).`, `Valor da carga: ${reais(valor)} (${deValor}).`];
}

interface Somas {
  peso: Dec;
  valor: Dec;
  faltando: string[];
}

function somar(membros: readonly LinhaCteAuditoria[]): Somas {
  const agrupado = membros.length > 1;
  const doCte = (l: LinhaCteAuditoria, m: string) => (agrupado ? mensagemDoCte(l.numero, m) : m);
  const s: Somas = { peso: new Dec(0), valor: new Dec(0), faltando: [] };
  for (const l of membros) {
    if (l.pesoBruto === null) s.faltando.push(doCte(l, MSG_PESO_NAO_INFORMADO));
    else if (new Dec(l.pesoBruto).isZero()) s.faltando.push(doCte(l, MSG_PESO_ZERADO));
    else s.peso = s.peso.plus(l.pesoBruto);
    const carga = cargaDe(l);
    if (carga === null) s.faltando.push(doCte(l, MSG_VALOR_CARGA_NAO_INFORMADO));
    else s.valor = s.valor.plus(carga);
  }
  return s;
}

type Tabelas = Pick<Envio, 'transportadora' | 'tabelas' | 'tabelaEscolhida'> & { falta: string | null };

/** The tables the engine may use: the one forced by "Trocar tabela", else the CT-e's chosen one, else all of its carrier's. */
function tabelasDoEnvio(ref: Referencias, lider: LinhaCteAuditoria, transportadoraId: number | null, forcada: TabelaFrete | undefined): Tabelas {
  const nenhuma = { transportadora: null, tabelas: [], tabelaEscolhida: false };
  if (transportadoraId === null) return { ...nenhuma, falta: mensagemSemTransportadora(lider.emitenteDocumento) };
  if (forcada) return { transportadora: forcada.transportadora ?? { id: transportadoraId, razaoSocial: '' }, tabelas: [forcada], tabelaEscolhida: true, falta: null };
  const grupo = ref.tabelas(transportadoraId);
  if (!grupo) return { ...nenhuma, falta: mensagemSemTransportadora(lider.emitenteDocumento) };
  const escolhida = ref.tabelaEscolhida(lider, transportadoraId);
  return escolhida
    ? { transportadora: grupo.transportadora, tabelas: [escolhida], tabelaEscolhida: true, falta: null }
    : { transportadora: grupo.transportadora, tabelas: grupo.tabelas, tabelaEscolhida: false, falta: null };
}

/**
 * The engine request of a shipment: one CT-e, or a confirmed group (members listed, the first by emission
 * then id gives carrier, date, customer, route and ICMS; weights and values are summed; the group's vehicle type).
 */
export function montarEnvio(ref: Referencias, membros: readonly LinhaCteAuditoria[], forcada: TabelaFrete | undefined, tipoGrupo: number | null): Envio {
  const lider = membros[0];
  const agrupado = membros.length > 1;
  const { peso, valor, faltando } = somar(membros);
  const resolvida = ref.transportadoraDe(lider);
  if (agrupado && membros.some((l) => (ref.transportadoraDe(l)?.id ?? null) !== (resolvida?.id ?? null))) faltando.unshift(MSG_AUDITORIA_GRUPO_TRANSPORTADORAS);
  const tabelas = tabelasDoEnvio(ref, lider, resolvida?.id ?? null, forcada);
  if (tabelas.falta) faltando.unshift(tabelas.falta);
  const origem = ref.municipios.get(lider.codigoMunicipioOrigem) ?? null;
  const destino = ref.municipios.get(lider.codigoMunicipioDestino) ?? null;
  if (!origem) faltando.push(mensagemOrigemDesconhecida(lider.codigoMunicipioOrigem));
  if (!destino) faltando.push(mensagemDestinoDesconhecido(lider.codigoMunicipioDestino));
  const tipoId = agrupado ? (tipoGrupo ?? lider.tipoVeiculoId) : lider.tipoVeiculoId;
  const entrada: EntradaCalculo | null =
    origem && destino
      ? {
          dataDespacho: dataDespachoDe(lider.dataEmissao),
          clienteIds: lider.clienteId === null ? [] : (ref.clientes.get(lider.clienteId) ?? [lider.clienteId]),
          valor: valor.toFixed(2),
          peso: peso.toString(),
          origem,
          destino,
          tipoVeiculo: tipoId === null ? null : (ref.tipos.get(tipoId) ?? null),
          icms: icmsFracao(lider.icms),
          // pRedBC (ICMS20, ICMS90, ICMSOutraUF), percent.
          reducaoBaseIcms: lider.icms?.reducaoBaseCalculo ?? null,
          distancia: null,
          entregas: membros.length,
        }
      : null;
  return {
    transportadora: tabelas.transportadora,
    tabelas: tabelas.tabelas,
    entrada,
    faltando,
    traco: origens(membros, peso, valor),
    avisos: resolvida?.mensagem ? [resolvida.mensagem] : [],
    tabelaEscolhida: tabelas.tabelaEscolhida,
  };
}

/**
 * The engine's freight, with the audit's own lines in front of its steps; null when data is missing. `detalhe`
 * collects the events of the table's accessorial elements (issue 31).
 */
export function calcular(envio: Envio, detalhe?: DetalheCalculo): ResultadoCalculo | null {
  if (envio.faltando.length || !envio.entrada || !envio.transportadora) return null;
  const r = calcularFrete(envio.transportadora, envio.tabelas, envio.entrada, detalhe);
  return { ...r, traco: [...envio.traco, ...r.traco], mensagens: [...envio.avisos, ...r.mensagens] };
}
