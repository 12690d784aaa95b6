import { eq } from 'drizzle-orm';
import { alias, union } from 'drizzle-orm/pg-core';
import type { TabelaFrete } from '../../contracts/tabela-frete-modelo';
import { OCORRENCIA_AUSENTE_PADRAO, type OcorrenciaAusente } from '../../contracts/ocorrencias';
import { acessoriosCobrados, type OcorrenciaAuditoria } from '../../domain/auditoria/acessorios-cobrados';
import { cte } from '../db/schema/cte';
import { complementosDosOriginais, ocorrenciasDosCtes, type ComplementoCobrado } from './ocorrencias-auditoria';
import { selecionarCtes } from './linha-cte-auditoria';
import type { ToleranciaAuditoria } from '../../domain/auditoria/veredito-auditoria';
import type { MunicipioCalculo } from '../../domain/frete/calcular-frete';
import type { Db } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { configuracao } from '../db/schema/configuracao';
import { cteGrupo } from '../db/schema/cte';
import { municipio } from '../db/schema/municipio';
import { tipoVeiculo } from '../db/schema/veiculo';
import { transportadorasDosEmitentes, type TransportadoraDoEmitente } from '../ctes/transportadora-do-emitente';
import { naLista } from '../tabelas-frete/resolver-tabela-frete';
import type { LinhaCteAuditoria } from './linha-cte-auditoria';
import { carregarTabelasTransportadoras, type TabelasTransportadora } from './tabelas-auditoria';

/** The audit's company settings in one read: the tolerance (defaults R$ 0,10 and 0 %) and what a charged accessorial without occurrence does (issue 31). */
export async function lerConfiguracaoAuditoria(db: Db): Promise<{ tolerancia: ToleranciaAuditoria; ocorrenciaAusente: OcorrenciaAusente }> {
  const [c] = await db
    .select({ valor: configuracao.toleranciaValor, percentual: configuracao.toleranciaPercentual, ausente: configuracao.ocorrenciaAusente })
    .from(configuracao)
    .where(eq(configuracao.id, 1));
  return {
    tolerancia: c ? { valor: c.valor, percentual: c.percentual } : { valor: '0.10', percentual: '0' },
    ocorrenciaAusente: c?.ausente === 'OBSERVACAO' ? 'OBSERVACAO' : OCORRENCIA_AUSENTE_PADRAO,
  };
}

type Tipo = { id: number; descricao: string };
const faltantes = <K>(chaves: Iterable<K | null>, mapa: Map<K, unknown>) => new Set([...chaves].filter((k): k is K => k !== null && !mapa.has(k)));

/**
 * Reference data of an audit call, kept for the whole call (a batch of 100,000 CT-es reads each item once):
 * municipalities, customer registers, vehicle types, groups, the carriers' tables, and the carrier of each
 * CT-e that had none when it was processed (resolved now from the issuer's CNPJ, a branch by its root).
 */
export class Referencias {
  readonly municipios = new Map<number, MunicipioCalculo | null>();
  readonly clientes = new Map<number, number[]>();
  readonly tipos = new Map<number, Tipo | null>();
  readonly gruposTipo = new Map<number, number | null>();
  private readonly transportadoras = new Map<number, TabelasTransportadora | null>();
  private readonly emitentes = new Map<string, TransportadoraDoEmitente | null>();
  /** Issue 31: each CT-e's linked occurrences (not cancelled); a complement's original; the original's complements. */
  readonly ocorrencias = new Map<number, OcorrenciaAuditoria[]>();
  readonly originais = new Map<number, LinhaCteAuditoria | null>();
  readonly complementos = new Map<number, ComplementoCobrado[]>();

  constructor(
    private readonly db: Db,
    readonly tolerancia: ToleranciaAuditoria,
    readonly ocorrenciaAusente: OcorrenciaAusente = OCORRENCIA_AUSENTE_PADRAO,
  ) {}

  /**
   * The originals of the chunk's complements (tpCTe 1) not read yet, and their complements' charges: two queries.
   * Answers the originals read now (carregar must load their references too).
   */
  async carregarOriginais(linhas: readonly LinhaCteAuditoria[]): Promise<LinhaCteAuditoria[]> {
    const ids = faltantes(linhas.filter((l) => l.tipoCte === 1).map((l) => l.cteReferenciadoId), this.originais);
    if (!ids.size) return [];
    const [lidos, complementos] = await Promise.all([selecionarCtes(this.db).where(naLista(cte.id, ids)), complementosDosOriginais(this.db, ids)]);
    for (const id of ids) this.originais.set(id, null);
    for (const o of lidos) this.originais.set(o.id, o);
    for (const [id, lista] of complementos) this.complementos.set(id, lista);
    return lidos;
  }

  async carregar(linhas: readonly LinhaCteAuditoria[]): Promise<void> {
    const semTransportadora = faltantes(linhas.filter((l) => l.transportadoraId === null).map((l) => l.emitenteDocumento), this.emitentes);
    const resolvidas = await transportadorasDosEmitentes(this.db, semTransportadora);
    for (const d of semTransportadora) this.emitentes.set(d, resolvidas.get(d) ?? null);
    const ids = linhas.map((l) => this.transportadoraDe(l)?.id ?? null);
    await Promise.all([
      this.carregarMunicipios(faltantes(linhas.flatMap((l) => [l.codigoMunicipioOrigem, l.codigoMunicipioDestino]), this.municipios)),
      this.carregarClientes(faltantes(linhas.map((l) => l.clienteId), this.clientes)),
      this.carregarGrupos(faltantes(linhas.map((l) => l.grupoId), this.gruposTipo)),
      this.carregarTabelas(faltantes(ids, this.transportadoras)),
      // Only CT-es that charge an accessorial, complements and their originals read their occurrences.
      this.carregarOcorrencias(faltantes(linhas.filter((l) => this.precisaOcorrencias(l)).map((l) => l.id), this.ocorrencias)),
    ]);
    const grupos = [...this.gruposTipo.values()];
    await this.carregarTipos(faltantes([...linhas.map((l) => l.tipoVeiculoId), ...grupos], this.tipos));
  }

  /** The CT-e's carrier: the registered one, else the one its issuer's CNPJ names now (with the branch message). */
  transportadoraDe(l: LinhaCteAuditoria): TransportadoraDoEmitente | null {
    if (l.transportadoraId !== null) return { id: l.transportadoraId, mensagem: null };
    return (l.emitenteDocumento && this.emitentes.get(l.emitenteDocumento)) || null;
  }

  /** The carrier found now for a CT-e that had none (the audit records it on the CT-e); null otherwise. */
  transportadoraNova(l: LinhaCteAuditoria): number | null {
    return l.transportadoraId === null ? (this.transportadoraDe(l)?.id ?? null) : null;
  }

  /** The carrier with all its tables (the engine picks the one in force); null when the id names no carrier. */
  tabelas(transportadoraId: number): TabelasTransportadora | null {
    return this.transportadoras.get(transportadoraId) ?? null;
  }

  /** The table chosen for the CT-e with "Trocar tabela", among its carrier's (null: gone, or another carrier's). */
  tabelaEscolhida(l: LinhaCteAuditoria, transportadoraId: number): TabelaFrete | null {
    if (l.tabelaEscolhidaId === null) return null;
    return this.tabelas(transportadoraId)?.tabelas.find((t) => t.id === l.tabelaEscolhidaId) ?? null;
  }

  private precisaOcorrencias(l: LinhaCteAuditoria): boolean {
    return l.tipoCte === 1 || this.originais.has(l.id) || acessoriosCobrados(l.componentes ?? [], l.codigoCobrancaAdicional).length > 0;
  }

  private async carregarOcorrencias(ids: Set<number>) {
    for (const [id, lista] of await ocorrenciasDosCtes(this.db, ids)) this.ocorrencias.set(id, lista);
  }

  private async carregarMunicipios(codigos: Set<number>) {
    if (!codigos.size) return;
    const colunas = { id: municipio.id, codigo: municipio.codigo, nome: municipio.nome, siglaUf: municipio.siglaUf, ufId: municipio.ufId, latitude: municipio.latitude, longitude: municipio.longitude };
    const lidos = await this.db.select(colunas).from(municipio).where(naLista(municipio.codigo, codigos));
    for (const c of codigos) this.municipios.set(c, null);
    for (const m of lidos) this.municipios.set(m.codigo, m);
  }

  /** The incidences name customer registers: every register with the CT-e customer's CPF/CNPJ counts. */
  private async carregarClientes(ids: Set<number>) {
    if (!ids.size) return;
    const outro = alias(cliente, 'mesmo_documento');
    // Two joins in a union, not one join on "same id or same document": an OR condition leaves the planner
    // only a nested loop over every pair (37 ms for 400 customers, each call).
    const lidos = await union(
      this.db.select({ base: cliente.id, id: cliente.id }).from(cliente).where(naLista(cliente.id, ids)),
      this.db.select({ base: cliente.id, id: outro.id }).from(cliente).innerJoin(outro, eq(outro.cpfCnpj, cliente.cpfCnpj)).where(naLista(cliente.id, ids)),
    );
    for (const c of ids) this.clientes.set(c, []);
    for (const r of lidos) this.clientes.get(r.base)!.push(r.id);
    for (const c of ids) this.clientes.get(c)!.sort((a, b) => a - b);
  }

  private async carregarGrupos(ids: Set<number>) {
    if (!ids.size) return;
    const lidos = await this.db.select({ id: cteGrupo.id, tipoVeiculoId: cteGrupo.tipoVeiculoId }).from(cteGrupo).where(naLista(cteGrupo.id, ids));
    for (const g of ids) this.gruposTipo.set(g, null);
    for (const g of lidos) this.gruposTipo.set(g.id, g.tipoVeiculoId);
  }

  private async carregarTipos(ids: Set<number>) {
    if (!ids.size) return;
    const lidos = await this.db.select({ id: tipoVeiculo.id, descricao: tipoVeiculo.descricao }).from(tipoVeiculo).where(naLista(tipoVeiculo.id, ids));
    for (const t of ids) this.tipos.set(t, null);
    for (const t of lidos) this.tipos.set(t.id, t);
  }

  private async carregarTabelas(ids: Set<number>) {
    if (!ids.size) return;
    const tabelas = await carregarTabelasTransportadoras(this.db, ids);
    for (const t of ids) this.transportadoras.set(t, tabelas.get(t) ?? null);
  }
}
