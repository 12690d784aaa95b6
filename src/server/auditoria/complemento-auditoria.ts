import type { ResultadoCalculo } from '../../contracts/calculo-frete';
import { EVENTOS_ACESSORIOS, mensagemComplementoSemOriginal, nomeCobrancaAcessoria, type EventoAcessorio } from '../../contracts/ocorrencias';
import type { TabelaFrete } from '../../contracts/tabela-frete-modelo';
import { acessoriosCobrados, ocorrenciaQueJustifica, vereditoComAcessorios } from '../../domain/auditoria/acessorios-cobrados';
import { vereditoAuditoria } from '../../domain/auditoria/veredito-auditoria';
import { Dec } from '../../domain/frete/decimal-exato';
import { reais } from '../../domain/frete/formatar-traco';
import { auditarCte, calcularComAcessorios } from './acessorios-auditoria';
import { calcular, montarEnvio } from './envio-auditoria';
import type { AuditoriaCalculada } from './gravar-auditorias';
import type { LinhaCteAuditoria } from './linha-cte-auditoria';
import type { Referencias } from './referencias-auditoria';

// Issue 31: the audit of a complementary CT-e (tpCTe 1). Its expected value is the candidate closest to what it
// charges: (a) the difference still owed on its original, or (b) an accessorial the complement charges (or, when its
// components name none, one an occurrence justifies), priced by the carrier's table over the original's freight data.

interface Candidato {
  descricao: string;
  calculo: ResultadoCalculo;
}

/** The original's expected value: approved, else its last audit's, else the engine run now on its own data. */
function esperadoDoOriginal(ref: Referencias, original: LinhaCteAuditoria, forcada: TabelaFrete | undefined): { valor: Dec; origem: string } | string {
  if (original.valorCorreto !== null) return { valor: new Dec(original.valorCorreto), origem: 'valor aprovado' };
  if (original.valorAuditoria !== null) return { valor: new Dec(original.valorAuditoria), origem: 'valor esperado da sua última auditoria' };
  const agora = auditarCte(ref, original, forcada);
  if (agora.veredito.valorEsperado === null) return `não foi possível calcular o frete do CT-e original (${agora.veredito.mensagens.join('; ')})`;
  return { valor: new Dec(agora.veredito.valorEsperado), origem: 'frete calculado agora com os dados do CT-e original' };
}

/** Candidate (a): the original's expected value − its charged value − the charged values of its other complements. */
function diferencaDevida(ref: Referencias, l: LinhaCteAuditoria, original: LinhaCteAuditoria, forcada: TabelaFrete | undefined, base: ResultadoCalculo, traco: string[]): Candidato | null {
  const esperado = esperadoDoOriginal(ref, original, forcada);
  if (typeof esperado === 'string') {
    traco.push(`Diferença devida do CT-e original: ${esperado}.`);
    return null;
  }
  const outros = (ref.complementos.get(original.id) ?? []).filter((c) => c.id !== l.id);
  const somaOutros = outros.reduce((s, c) => s.plus(c.valorTotal), new Dec(0));
  const devido = Dec.max(esperado.valor.minus(original.valorTotal).minus(somaOutros), 0);
  traco.push(
    `Diferença devida do CT-e original ${original.numero}: esperado ${reais(esperado.valor)} (${esperado.origem}) − cobrado ${reais(new Dec(original.valorTotal))}` +
      (outros.length ? ` − ${outros.length} outro(s) complemento(s) ${reais(somaOutros)}` : '') +
      ` = ${reais(devido)}.`,
  );
  const linha = { descricao: 'Diferença devida do CT-e original', valor: devido.toFixed(2), tipo: 'ELEMENTO' as const, nivel: null };
  return { descricao: 'diferença devida', calculo: { ...base, status: 'SUCESSO', elementosCusto: [linha], valorTotal: devido.toFixed(2), mensagens: [], traco: [] } };
}

/** The events the original's table prices (its effective accessorial elements), by one engine run naming them all. */
function eventosDaTabela(ref: Referencias, original: LinhaCteAuditoria, forcada: TabelaFrete | undefined): Set<EventoAcessorio> {
  const envio = montarEnvio(ref, [original], forcada, null);
  const eventos = new Set<EventoAcessorio>();
  if (envio.entrada) calcular({ ...envio, entrada: { ...envio.entrada, acessorios: EVENTOS_ACESSORIOS } }, { eventos });
  return eventos;
}

/** The audit of a complement; ERRO naming the key when its original is not stored. */
export function auditarComplemento(ref: Referencias, l: LinhaCteAuditoria, forcada: TabelaFrete | undefined): AuditoriaCalculada {
  const original = l.cteReferenciadoId === null ? null : (ref.originais.get(l.cteReferenciadoId) ?? null);
  const comum = { transportadoraId: ref.transportadoraNova(l), tabelaEscolhida: false };
  const erro = (mensagens: string[]): AuditoriaCalculada => ({ calculo: null, veredito: vereditoAuditoria(l.valorTotal, null, ref.tolerancia, mensagens), ...comum });
  if (!original) return erro([mensagemComplementoSemOriginal(l.chaveReferenciada)]);
  const envio = montarEnvio(ref, [original], forcada, null);
  const base = calcular(envio);
  if (!base || !envio.transportadora) return erro(envio.faltando.length ? envio.faltando : (base?.mensagens ?? []));

  const traco = [`CT-e complementar do CT-e ${original.numero} (chave ${l.chaveReferenciada ?? '—'}): auditado como complemento.`];
  const candidatos: Candidato[] = [];
  const a = diferencaDevida(ref, l, original, forcada, base, traco);
  if (a) candidatos.push(a);

  // (b) The accessorials: those the complement charges, else those of the table an occurrence justifies.
  const ocorrencias = { proprias: ref.ocorrencias.get(l.id) ?? [], doOriginal: ref.ocorrencias.get(original.id) ?? [] };
  let cobrados = acessoriosCobrados(l.componentes ?? [], l.codigoCobrancaAdicional);
  if (cobrados.length === 0)
    cobrados = [...eventosDaTabela(ref, original, forcada)].filter((e) => ocorrenciaQueJustifica(e, [...ocorrencias.proprias, ...ocorrencias.doOriginal]));
  const semOcorrencia = new Set<EventoAcessorio>();
  const daTabela = new Set<EventoAcessorio>();
  for (const evento of cobrados) {
    const r = calcularComAcessorios(ref, envio, [evento], ocorrencias, true);
    r.decisao.semOcorrencia.forEach((e) => semOcorrencia.add(e));
    r.daTabela.forEach((e) => daTabela.add(e));
    traco.push(...r.decisao.traco);
    if (r.calculo?.status === 'SUCESSO' && r.decisao.precificar.includes(evento) && r.daTabela.has(evento))
      candidatos.push({ descricao: `${nomeCobrancaAcessoria(evento)} sobre o frete do CT-e original`, calculo: r.calculo });
    else if (!r.daTabela.has(evento)) traco.push(`${nomeCobrancaAcessoria(evento)}: a tabela de frete não tem elemento de custo com esse evento.`);
  }
  if (candidatos.length === 0) return erro(['Nenhum valor esperado para o complemento: nem diferença devida do CT-e original nem cobrança acessória calculável.']);

  const cobrado = new Dec(l.valorTotal);
  const escolhido = candidatos.reduce((m, c) => (cobrado.minus(c.calculo.valorTotal).abs().lt(cobrado.minus(m.calculo.valorTotal).abs()) ? c : m));
  traco.push(`Candidatos ao valor esperado do complemento (cobrado ${reais(cobrado)}): ${candidatos.map((c) => `${c.descricao} ${reais(new Dec(c.calculo.valorTotal))}`).join('; ')}.`);
  traco.push(`Escolhido o mais próximo do valor cobrado: ${escolhido.descricao} (${reais(new Dec(escolhido.calculo.valorTotal))}).`);
  const calculo: ResultadoCalculo = { ...escolhido.calculo, traco: [...traco, ...escolhido.calculo.traco] };
  const veredito = vereditoComAcessorios(vereditoAuditoria(l.valorTotal, calculo, ref.tolerancia), [...semOcorrencia], daTabela, ref.ocorrenciaAusente);
  return { calculo, veredito, ...comum };
}
