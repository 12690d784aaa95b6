import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { mensagemTransicaoIlegal, proximoStatus, type ResultadoAuditoria, type StatusCte } from '../../../machines/cte-audit';
import type { IcmsCte } from '../../contracts/cte-documento';
import {
  MSG_AUDITORIA_GRUPO_TRANSPORTADORAS,
  MSG_CTE_ALTERADO_DURANTE_AUDITORIA,
  MSG_CTE_NAO_ENCONTRADO,
  MSG_PESO_NAO_INFORMADO,
  MSG_PESO_ZERADO,
  MSG_TRANSPORTADORA_NAO_CADASTRADA,
  MSG_VALOR_CARGA_NAO_INFORMADO,
  mensagemDoCte,
  resumoAuditoria,
  resumoVeredictos,
  type ResultadoLote,
} from '../../contracts/ctes';
import type { LinhaCalculo, RateioAgrupamento, ResultadoCalculo, TabelaFrete, TransportadoraRef } from '../../contracts/tabelas-frete';
import { vereditoAuditoria, type ToleranciaAuditoria, type VereditoAuditoria } from '../../domain/auditoria/veredito-auditoria';
import { calcularFrete, type EntradaCalculo, type MunicipioCalculo } from '../../domain/frete/calcular-frete';
import { chaveDescricao } from '../../domain/frete/chave-descricao';
import { Dec } from '../../domain/frete/decimal-exato';
import { numeroBr, reais } from '../../domain/frete/formatar-traco';
import { ratearAgrupamento } from '../../domain/frete/ratear-agrupamento';
import type { CompanyDatabase, Db } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { configuracao } from '../db/schema/configuracao';
import { cte, cteAuditoria, cteGrupo } from '../db/schema/cte';
import { municipio } from '../db/schema/municipio';
import { tipoVeiculo } from '../db/schema/veiculo';
import { mensagemDestinoDesconhecido, mensagemOrigemDesconhecida } from '../tabelas-frete/calcular-pedido';
import { naLista } from '../tabelas-frete/resolver-tabela-frete';
import { carregarTabelasTransportadoras, type TabelasTransportadora } from './tabelas-auditoria';

// The audit of CT-es (spec 03 §4, freight-calculation.md "Audit verdict of a CT-e"): the engine's freight for
// the CT-e's carrier, dispatch date, customer, route, weight, cargo value, vehicle type and ICMS rate,
// compared with what the carrier charged. Built for volume (the benchmark audits 100,000 CT-es): CT-es are
// read in chunks; municipalities, customer registers, vehicle types and the tables in force (per day) are
// read once per chunk for what the chunk lacks and kept for the whole call (a carrier's tables: all of them,
// once; the engine picks the one in force on each CT-e's day); each chunk is written with one
// upsert of the audits and one update of the CT-es, in a transaction that locks the chunk's CT-es.

export type EventoAuditoria = 'AUDITAR' | 'REFAZER_AUDITORIA' | 'TROCAR_TABELA';

export interface OpcoesAuditoria {
  /** AUDITAR (Audit Selected, default), REFAZER_AUDITORIA (review dialog) or TROCAR_TABELA. */
  evento?: EventoAuditoria;
  /** TROCAR_TABELA: the only table the engine may use (the caller checked carrier and validity). */
  tabela?: TabelaFrete;
  /** CT-es read and written per chunk (default 500; tests use small chunks). */
  tamanhoLote?: number;
}

const TAMANHO_LOTE = 500;

/** The dispatch date is the emission's day in Brasília (timestamps are stored in UTC). */
const diaSaoPaulo = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });
export const dataDespachoDe = (emissao: Date) => diaSaoPaulo.format(emissao);

const colunasCte = {
  id: cte.id,
  numero: cte.numero,
  status: cte.status,
  versao: cte.versao,
  dataEmissao: cte.dataEmissao,
  transportadoraId: cte.transportadoraId,
  clienteId: cte.clienteId,
  codigoMunicipioOrigem: cte.codigoMunicipioOrigem,
  codigoMunicipioDestino: cte.codigoMunicipioDestino,
  pesoBruto: cte.pesoBruto,
  valorNotas: cte.valorNotas,
  valorCarga: cte.valorCarga,
  valorTotal: cte.valorTotal,
  valorReceber: cte.valorReceber,
  tipoVeiculoId: cte.tipoVeiculoId,
  grupoId: cte.grupoId,
  agrupamento: cte.agrupamento,
  // Only the ICMS of the document: the rest of the jsonb is not needed here.
  icms: sql<IcmsCte | null>`${cte.documento} -> 'icms'`,
};
export type LinhaCteAuditoria = {
  id: number;
  numero: number;
  status: StatusCte;
  versao: number;
  dataEmissao: Date;
  transportadoraId: number | null;
  clienteId: number | null;
  codigoMunicipioOrigem: number;
  codigoMunicipioDestino: number;
  pesoBruto: string | null;
  valorNotas: string | null;
  valorCarga: string | null;
  valorTotal: string;
  valorReceber: string | null;
  tipoVeiculoId: number | null;
  grupoId: number | null;
  agrupamento: string | null;
  icms: IcmsCte | null;
};

/** One CT-e's audit, ready to be written. */
interface AuditoriaCalculada {
  veredito: VereditoAuditoria;
  calculo: ResultadoCalculo | null;
}

/** Reference data kept for the whole call (a batch of 100,000 CT-es reads each item once). */
class Referencias {
  readonly municipios = new Map<number, MunicipioCalculo | null>();
  readonly clientes = new Map<number, number[]>();
  readonly tipos = new Map<number, { id: number; descricao: string } | null>();
  readonly gruposTipo = new Map<number, number | null>();
  /** Every table of each carrier met (null: no such carrier). */
  private readonly transportadoras = new Map<number, TabelasTransportadora | null>();

  constructor(
    private readonly db: Db,
    readonly tolerancia: ToleranciaAuditoria,
  ) {}

  async carregar(linhas: readonly LinhaCteAuditoria[]): Promise<void> {
    const codigos = new Set<number>();
    const clientes = new Set<number>();
    const tipos = new Set<number>();
    const grupos = new Set<number>();
    const transportadoras = new Set<number>();
    for (const l of linhas) {
      for (const c of [l.codigoMunicipioOrigem, l.codigoMunicipioDestino]) if (!this.municipios.has(c)) codigos.add(c);
      if (l.clienteId !== null && !this.clientes.has(l.clienteId)) clientes.add(l.clienteId);
      if (l.tipoVeiculoId !== null && !this.tipos.has(l.tipoVeiculoId)) tipos.add(l.tipoVeiculoId);
      if (l.grupoId !== null && !this.gruposTipo.has(l.grupoId)) grupos.add(l.grupoId);
      if (l.transportadoraId !== null && !this.transportadoras.has(l.transportadoraId)) transportadoras.add(l.transportadoraId);
    }
    const outroCliente = alias(cliente, 'mesmo_documento');
    const [municipios, registros, tiposLidos, gruposLidos, tabelas] = await Promise.all([
      codigos.size
        ? this.db
            .select({ id: municipio.id, codigo: municipio.codigo, nome: municipio.nome, siglaUf: municipio.siglaUf, ufId: municipio.ufId, latitude: municipio.latitude, longitude: municipio.longitude })
            .from(municipio)
            .where(naLista(municipio.codigo, codigos))
        : [],
      // The incidences name customer registers; every register with the CT-e customer's CPF/CNPJ counts
      // (as in the freight simulation, where the request names the customer by CNPJ).
      clientes.size
        ? this.db
            .select({ base: cliente.id, id: outroCliente.id })
            .from(cliente)
            .innerJoin(outroCliente, or(eq(outroCliente.id, cliente.id), and(isNotNull(cliente.cpfCnpj), eq(outroCliente.cpfCnpj, cliente.cpfCnpj))))
            .where(naLista(cliente.id, clientes))
        : [],
      tipos.size ? this.db.select({ id: tipoVeiculo.id, descricao: tipoVeiculo.descricao }).from(tipoVeiculo).where(naLista(tipoVeiculo.id, tipos)) : [],
      grupos.size ? this.db.select({ id: cteGrupo.id, tipoVeiculoId: cteGrupo.tipoVeiculoId }).from(cteGrupo).where(naLista(cteGrupo.id, grupos)) : [],
      carregarTabelasTransportadoras(this.db, transportadoras),
    ]);
    for (const t of transportadoras) this.transportadoras.set(t, tabelas.get(t) ?? null);
    for (const c of codigos) this.municipios.set(c, null);
    for (const m of municipios) this.municipios.set(m.codigo, m);
    for (const c of clientes) this.clientes.set(c, []);
    for (const r of registros) this.clientes.get(r.base)!.push(r.id);
    for (const c of clientes) this.clientes.get(c)!.sort((a, b) => a - b);
    for (const t of tipos) this.tipos.set(t, null);
    for (const t of tiposLidos) this.tipos.set(t.id, t);
    for (const g of grupos) this.gruposTipo.set(g, null);
    for (const g of gruposLidos) this.gruposTipo.set(g.id, g.tipoVeiculoId);
    const faltaTipo = gruposLidos.map((g) => g.tipoVeiculoId).filter((t): t is number => t !== null && !this.tipos.has(t));
    if (faltaTipo.length)
      for (const t of await this.db.select({ id: tipoVeiculo.id, descricao: tipoVeiculo.descricao }).from(tipoVeiculo).where(naLista(tipoVeiculo.id, faltaTipo)))
        this.tipos.set(t.id, t);
  }

  /** The carrier with all its tables (the engine picks the one in force); null when the id names no carrier. */
  tabelas(transportadoraId: number): TabelasTransportadora | null {
    return this.transportadoras.get(transportadoraId) ?? null;
  }
}

/** The company's tolerance (settings row 1; defaults R$ 0,10 and 0 % when absent). */
export async function lerTolerancia(db: Db): Promise<ToleranciaAuditoria> {
  const [c] = await db.select({ valor: configuracao.toleranciaValor, percentual: configuracao.toleranciaPercentual }).from(configuracao).where(eq(configuracao.id, 1));
  return c ?? { valor: '0.10', percentual: '0' };
}

/** ICMS rate of the document as a fraction ("12" → "0.12"); no rate (e.g. ICMS60, exempt): 0. */
const icmsFracao = (icms: IcmsCte | null): string => {
  const aliquota = icms?.aliquota?.trim();
  if (!aliquota) return '0';
  try {
    return new Dec(aliquota).div(100).toString();
  } catch {
    return '0';
  }
};

const cargaDe = (l: LinhaCteAuditoria) => l.valorNotas ?? l.valorCarga;

interface Envio {
  transportadora: TransportadoraRef | null;
  tabelas: TabelaFrete[];
  entrada: EntradaCalculo | null;
  faltando: string[];
}

/**
 * The engine request of a shipment: one CT-e, or a confirmed group (members listed, the first by emission
 * then id gives carrier, date, customer, route and ICMS; weights and values are summed; the group's vehicle type).
 */
function montarEnvio(ref: Referencias, membros: readonly LinhaCteAuditoria[], tabelaEscolhida: TabelaFrete | undefined, tipoGrupo: number | null): Envio {
  const lider = membros[0];
  const agrupado = membros.length > 1;
  const faltando: string[] = [];
  const doCte = (l: LinhaCteAuditoria, m: string) => (agrupado ? mensagemDoCte(l.numero, m) : m);
  let peso = new Dec(0);
  let valor = new Dec(0);
  for (const l of membros) {
    if (l.pesoBruto === null) faltando.push(doCte(l, MSG_PESO_NAO_INFORMADO));
    else if (new Dec(l.pesoBruto).isZero()) faltando.push(doCte(l, MSG_PESO_ZERADO));
    else peso = peso.plus(l.pesoBruto);
    const carga = cargaDe(l);
    if (carga === null) faltando.push(doCte(l, MSG_VALOR_CARGA_NAO_INFORMADO));
    else valor = valor.plus(carga);
  }
  if (agrupado && membros.some((l) => l.transportadoraId !== lider.transportadoraId)) faltando.unshift(MSG_AUDITORIA_GRUPO_TRANSPORTADORAS);
  const dia = dataDespachoDe(lider.dataEmissao);
  let transportadora: TransportadoraRef | null = null;
  let tabelas: TabelaFrete[] = [];
  if (lider.transportadoraId === null) faltando.unshift(MSG_TRANSPORTADORA_NAO_CADASTRADA);
  else if (tabelaEscolhida) {
    transportadora = tabelaEscolhida.transportadora ?? { id: lider.transportadoraId, razaoSocial: '' };
    tabelas = [tabelaEscolhida];
  } else {
    const grupo = ref.tabelas(lider.transportadoraId);
    if (!grupo) faltando.unshift(MSG_TRANSPORTADORA_NAO_CADASTRADA);
    else ({ transportadora, tabelas } = grupo);
  }
  const origem = ref.municipios.get(lider.codigoMunicipioOrigem) ?? null;
  const destino = ref.municipios.get(lider.codigoMunicipioDestino) ?? null;
  if (!origem) faltando.push(mensagemOrigemDesconhecida(lider.codigoMunicipioOrigem));
  if (!destino) faltando.push(mensagemDestinoDesconhecido(lider.codigoMunicipioDestino));
  const tipoId = agrupado ? (tipoGrupo ?? lider.tipoVeiculoId) : lider.tipoVeiculoId;
  const entrada: EntradaCalculo | null =
    origem && destino
      ? {
          dataDespacho: dia,
          clienteIds: lider.clienteId === null ? [] : (ref.clientes.get(lider.clienteId) ?? [lider.clienteId]),
          valor: valor.toFixed(2),
          peso: peso.toString(),
          origem,
          destino,
          tipoVeiculo: tipoId === null ? null : (ref.tipos.get(tipoId) ?? null),
          icms: icmsFracao(lider.icms),
          distancia: null,
          entregas: membros.length,
        }
      : null;
  return { transportadora, tabelas, entrada, faltando };
}

function calcular(envio: Envio): ResultadoCalculo | null {
  if (envio.faltando.length || !envio.entrada || !envio.transportadora) return null;
  return calcularFrete(envio.transportadora, envio.tabelas, envio.entrada);
}

/** How a line of the group's freight is shared: a RATEIO element by its own rule; every other line by weight. */
function regraRateio(linha: LinhaCalculo, tabela: TabelaFrete | undefined, percursoId: number | null): RateioAgrupamento {
  if (linha.tipo !== 'ELEMENTO' || !tabela) return 'PESO';
  const chave = chaveDescricao(linha.descricao);
  const percurso = tabela.percursos.find((p) => p.id === percursoId);
  const candidatos =
    linha.nivel === 'TABELA'
      ? tabela.elementosCusto
      : linha.nivel === 'PERCURSO'
        ? (percurso?.elementosCusto ?? [])
        : (percurso?.destinos.flatMap((d) => d.incidencias.flatMap((i) => i.elementosCusto)) ?? []);
  const elemento = candidatos.find((e) => chaveDescricao(e.descricao) === chave);
  return elemento?.flags.includes('RATEIO') ? elemento.rateioAgrupamento : 'PESO';
}

/**
 * The group's freight shared among its CT-es (freight-calculation.md step 11): each line of the group's
 * calculation is apportioned with ratearAgrupamento — RATEIO elements by their rateioAgrupamento (PESO,
 * VALOR, or NENHUM = all on the first CT-e), every other line (non-RATEIO elements, route adjustment, ICMS)
 * by weight — cents cut down and the remainder on the first CT-e, so the shares add up to each line.
 * A CT-e's expected value is the sum of its shares.
 */
function ratearGrupo(grupo: ResultadoCalculo, membros: readonly LinhaCteAuditoria[], tabelas: readonly TabelaFrete[]): Map<number, ResultadoCalculo> {
  const tabela = tabelas.find((t) => t.id === grupo.tabelaFrete?.id);
  const partes = membros.map((l) => ({ peso: l.pesoBruto ?? '0', valor: cargaDe(l) ?? '0' }));
  const cotas = grupo.elementosCusto.map((linha) => {
    const regra = regraRateio(linha, tabela, grupo.percurso?.id ?? null);
    return { linha, regra, valores: ratearAgrupamento(linha.valor, partes, regra) };
  });
  const pesoTotal = partes.reduce((s, p) => s.plus(p.peso), new Dec(0));
  const resumo =
    `Agrupamento de ${membros.length} CT-es (${membros.map((l) => l.numero).join(', ')}) auditado como uma só carga: ` +
    `peso ${numeroBr(pesoTotal)} kg, frete do agrupamento ${reais(new Dec(grupo.valorTotal))}. ` +
    `Rateio: elementos com RATEIO pela regra de cada um (${cotas.filter((c) => c.linha.tipo === 'ELEMENTO' && c.regra !== 'PESO').map((c) => `"${c.linha.descricao}" por ${c.regra}`).join(', ') || 'nenhum fora do peso'}); demais linhas pelo peso; centavos restantes no primeiro CT-e.`;
  const resultado = new Map<number, ResultadoCalculo>();
  membros.forEach((l, i) => {
    const elementosCusto = cotas.map((c) => ({ ...c.linha, valor: c.valores[i] }));
    const total = elementosCusto.reduce((s, e) => s.plus(e.valor), new Dec(0));
    resultado.set(l.id, {
      ...grupo,
      elementosCusto,
      valorTotal: total.toFixed(2),
      traco: [...grupo.traco, resumo, `Parte do CT-e ${l.numero} (peso ${numeroBr(new Dec(partes[i].peso))} kg): ${reais(total)}.`],
    });
  });
  return resultado;
}

const cobradoDe = (l: LinhaCteAuditoria) => ({ valorTotal: l.valorTotal, valorReceber: l.valorReceber, icmsPorSubstituicao: l.icms?.grupo === 'ICMS60' });

const selecionarCtes = (db: Db) => db.select(colunasCte).from(cte);

/**
 * Audits the CT-es `ids` in the given order (spec 03 §4 "Audit Selected"): statuses the machine refuses
 * the event from are skipped into `ignorados` with the machine's message; unknown ids too. Grouped CT-es
 * (AGRUPADO) are audited as one shipment with their confirmed group (CANCELADO and DESCONSIDERADO members
 * left out) and get their share of its freight; only the selected CT-es are recorded.
 */
export async function auditarCtes(banco: CompanyDatabase, ids: readonly number[], usuarioId: number | null, opcoes: OpcoesAuditoria = {}): Promise<ResultadoLote> {
  const { db } = banco;
  const evento = opcoes.evento ?? 'AUDITAR';
  const unicos = [...new Set(ids)];
  const ref = new Referencias(db, await lerTolerancia(db));
  const ignorados: ResultadoLote['ignorados'] = [];
  const contagem: Record<ResultadoAuditoria, number> = { SUCESSO: 0, OBSERVACOES: 0, FALHA: 0, ERRO: 0 };
  let processados = 0;
  // Group results of this call: a group selected whole is computed once.
  const grupos = new Map<number, Map<number, AuditoriaCalculada>>();

  const tamanho = opcoes.tamanhoLote ?? TAMANHO_LOTE;
  for (let inicio = 0; inicio < unicos.length; inicio += tamanho) {
    const lote = unicos.slice(inicio, inicio + tamanho);
    const linhas = await selecionarCtes(db).where(naLista(cte.id, lote));
    const porId = new Map(linhas.map((l) => [l.id, l as LinhaCteAuditoria]));
    const auditaveis: LinhaCteAuditoria[] = [];
    const motivos = new Map<number, { numero: number | null; motivo: string }>();
    for (const id of lote) {
      const l = porId.get(id);
      if (!l) motivos.set(id, { numero: null, motivo: MSG_CTE_NAO_ENCONTRADO });
      else if (proximoStatus(l.status, { type: evento, resultado: 'SUCESSO' }) === null) motivos.set(id, { numero: l.numero, motivo: mensagemTransicaoIlegal(l.status, evento) });
      else auditaveis.push(l);
    }

    // Members of the groups not yet computed.
    const gruposNovos = [...new Set(auditaveis.filter((l) => l.grupoId !== null && l.agrupamento === 'AGRUPADO' && !grupos.has(l.grupoId)).map((l) => l.grupoId!))];
    const membros = gruposNovos.length ? ((await selecionarCtes(db).where(naLista(cte.grupoId, gruposNovos))) as LinhaCteAuditoria[]) : [];
    await ref.carregar([...auditaveis, ...membros]);

    for (const grupoId of gruposNovos) {
      const doGrupo = membros
        .filter((m) => m.grupoId === grupoId && m.status !== 'CANCELADO' && m.status !== 'DESCONSIDERADO')
        .sort((a, b) => a.dataEmissao.getTime() - b.dataEmissao.getTime() || a.id - b.id);
      const envio = montarEnvio(ref, doGrupo, opcoes.tabela, ref.gruposTipo.get(grupoId) ?? null);
      const calculo = calcular(envio);
      const partes = calculo?.status === 'SUCESSO' ? ratearGrupo(calculo, doGrupo, envio.tabelas) : null;
      grupos.set(
        grupoId,
        new Map(
          doGrupo.map((m) => {
            const meu = partes?.get(m.id) ?? calculo;
            return [m.id, { calculo: meu, veredito: vereditoAuditoria(cobradoDe(m), meu, ref.tolerancia, envio.faltando) }];
          }),
        ),
      );
    }

    const calculadas = new Map<number, AuditoriaCalculada>();
    for (const l of auditaveis) {
      const doGrupo = l.grupoId !== null && l.agrupamento === 'AGRUPADO' ? grupos.get(l.grupoId)?.get(l.id) : undefined;
      if (doGrupo) {
        calculadas.set(l.id, doGrupo);
        continue;
      }
      const envio = montarEnvio(ref, [l], opcoes.tabela, null);
      const calculo = calcular(envio);
      calculadas.set(l.id, { calculo, veredito: vereditoAuditoria(cobradoDe(l), calculo, ref.tolerancia, envio.faltando) });
    }

    // Write the chunk, optimistically: a CT-e changed since it was read (its versao moved: a save, a
    // cancellation, another audit) is skipped, not overwritten; the audits are written for the CT-es updated.
    const gravadas = await db.transaction(async (tx) => {
      const agora = new Date();
      const resultados = new Map<number, ResultadoAuditoria>();
      if (auditaveis.length === 0) return resultados;
      const valores = sql.join(
        auditaveis.map((l) => {
          const { veredito } = calculadas.get(l.id)!;
          const status = proximoStatus(l.status, { type: evento, resultado: veredito.resultado })!;
          return sql`(${l.id}::int, ${l.versao}::int, ${status}::varchar, ${veredito.valorEsperado}::numeric)`;
        }),
        sql`, `,
      );
      const atualizados = (await tx.execute(
        sql`update cte set status = v.status, valor_auditoria = v.valor, valor_correto = null, versao = cte.versao + 1, alterado_em = ${agora.toISOString()}::timestamptz
            from (values ${valores}) as v(id, versao, status, valor) where cte.id = v.id and cte.versao = v.versao returning cte.id`,
      )) as unknown as { rows: { id: number }[] };
      const feitos = new Set(atualizados.rows.map((r) => Number(r.id)));
      const auditorias: (typeof cteAuditoria.$inferInsert)[] = [];
      for (const l of auditaveis) {
        if (!feitos.has(l.id)) {
          motivos.set(l.id, { numero: l.numero, motivo: MSG_CTE_ALTERADO_DURANTE_AUDITORIA });
          continue;
        }
        const { veredito, calculo } = calculadas.get(l.id)!;
        resultados.set(l.id, veredito.resultado);
        auditorias.push({
          cteId: l.id,
          status: veredito.resultado,
          valorCobrado: veredito.valorCobrado,
          valorTotal: veredito.valorEsperado,
          diferenca: veredito.diferenca,
          tolerancia: veredito.tolerancia,
          valorCorreto: null,
          tabelaFreteId: calculo?.tabelaFrete?.id ?? null,
          tabelaEscolhida: evento === 'TROCAR_TABELA',
          elementosCusto: veredito.resultado === 'ERRO' ? [] : (calculo?.elementosCusto ?? []),
          mensagens: veredito.mensagens,
          traco: calculo?.traco ?? [],
          responsavelId: usuarioId,
          observacoes: null,
          auditadoEm: agora,
          revisadoEm: null,
        });
      }
      if (auditorias.length) {
        const excluido = (coluna: string) => sql.raw(`excluded.${coluna}`);
        await tx
          .insert(cteAuditoria)
          .values(auditorias)
          .onConflictDoUpdate({
            target: cteAuditoria.cteId,
            set: {
              status: excluido('status'),
              valorCobrado: excluido('valor_cobrado'),
              valorTotal: excluido('valor_total'),
              diferenca: excluido('diferenca'),
              tolerancia: excluido('tolerancia'),
              valorCorreto: null,
              tabelaFreteId: excluido('tabela_frete_id'),
              tabelaEscolhida: excluido('tabela_escolhida'),
              elementosCusto: excluido('elementos_custo'),
              mensagens: excluido('mensagens'),
              traco: excluido('traco'),
              responsavelId: excluido('responsavel_id'),
              observacoes: null,
              auditadoEm: excluido('auditado_em'),
              revisadoEm: null,
            },
          });
      }
      return resultados;
    });

    for (const id of lote) {
      const r = gravadas.get(id);
      if (r) {
        processados++;
        contagem[r]++;
      } else {
        const m = motivos.get(id)!;
        ignorados.push({ id, numero: m.numero, motivo: m.motivo });
      }
    }
  }
  const mensagens = [resumoAuditoria(processados, ignorados.length)];
  if (processados) mensagens.push(resumoVeredictos(contagem));
  return { processados, ignorados, mensagens };
}

/** The CT-e as the audit reads it (the routes' checks before a single-CT-e action). */
export async function lerCteAuditoria(db: Db, id: number): Promise<LinhaCteAuditoria | undefined> {
  const [l] = await selecionarCtes(db).where(eq(cte.id, id));
  return l as LinhaCteAuditoria | undefined;
}

