import type { ResultadoCalculo } from '../../contracts/calculo-frete';
import type { TabelaFrete } from '../../contracts/tabela-frete-modelo';
import { auditarCte } from '../auditoria/acessorios-auditoria';
import { auditarComplemento } from '../auditoria/complemento-auditoria';
import { calcular, montarEnvio } from '../auditoria/envio-auditoria';
import { selecionarCtes, type LinhaCteAuditoria } from '../auditoria/linha-cte-auditoria';
import { ratearGrupo } from '../auditoria/ratear-grupo';
import type { Referencias } from '../auditoria/referencias-auditoria';
import { cederVez, proximaVolta } from '../db/ceder-vez';
import type { Db } from '../db/database';
import { cte } from '../db/schema/cte';
import { naLista } from '../tabelas-frete/resolver-tabela-frete';

// Issue 32: each CT-e priced again by the AUDIT's own engine with the readjusted table forced (as "Trocar tabela"
// forces one): a CT-e alone with the accessorials its occurrences justify (auditarCte), a complement against its
// original (auditarComplemento), a confirmed group as one shipment shared among its CT-es (ratearGrupo), exactly as
// auditar-ctes.ts does. A complement's "difference still owed" takes its original priced now with the readjusted
// table, not the original's stored audit (the stored value is the old table's).

export interface Precificado {
  /** The engine's result (null: data missing). */
  calculo: ResultadoCalculo | null;
  /** Why it was not priced (null when it was). */
  falha: string | null;
}

const grupoDe = (l: LinhaCteAuditoria) => (l.grupoId !== null && l.agrupamento === 'AGRUPADO' ? l.grupoId : null);

function deVeredito(calculo: ResultadoCalculo | null, valorEsperado: string | null, mensagens: readonly string[]): Precificado {
  if (calculo?.status === 'SUCESSO' && valorEsperado !== null) return { calculo, falha: null };
  const motivo = mensagens.length ? mensagens : (calculo?.mensagens ?? []);
  return { calculo, falha: motivo.join(' ') || 'Não foi possível calcular o frete deste CT-e.' };
}

/** A confirmed group under the readjusted table: each member's share (CANCELADO and DESCONSIDERADO left out). */
function precificarGrupo(ref: Referencias, grupoId: number, membros: readonly LinhaCteAuditoria[], tabela: TabelaFrete): Map<number, Precificado> {
  const doGrupo = membros
    .filter((m) => m.grupoId === grupoId && m.status !== 'CANCELADO' && m.status !== 'DESCONSIDERADO')
    .sort((a, b) => a.dataEmissao.getTime() - b.dataEmissao.getTime() || a.id - b.id);
  const envio = montarEnvio(ref, doGrupo, tabela, ref.gruposTipo.get(grupoId) ?? null);
  const calculo = calcular(envio);
  const partes = calculo?.status === 'SUCESSO' ? ratearGrupo(calculo, doGrupo, envio.tabelas) : null;
  return new Map(doGrupo.map((m) => [m.id, deVeredito(partes?.get(m.id) ?? calculo, partes?.get(m.id)?.valorTotal ?? null, envio.faltando)]));
}

export interface LoteLido {
  linhas: LinhaCteAuditoria[];
  /** Groups first met in this chunk, and all their members. */
  novos: number[];
  membros: LinhaCteAuditoria[];
}

/**
 * Prices chunks of CT-es (by id); `grupos` keeps each group's shares for the whole call. A chunk is read (`ler`)
 * while the previous one is computed (`calcular`): the references only grow, so the overlap is safe.
 */
export class PrecificadorReajuste {
  private readonly grupos = new Map<number, Map<number, Precificado>>();

  constructor(
    private readonly db: Db,
    private readonly ref: Referencias,
    private readonly tabela: TabelaFrete,
  ) {}

  /** A chunk's reads: its CT-es, their groups' members, the complements' originals, the references they need. */
  async ler(ids: readonly number[]): Promise<LoteLido> {
    const { db, ref } = this;
    await proximaVolta();
    const linhas = await selecionarCtes(db).where(naLista(cte.id, ids));
    const novos = [...new Set(linhas.map(grupoDe).filter((g): g is number => g !== null && !this.grupos.has(g)))];
    const membros = novos.length ? await selecionarCtes(db).where(naLista(cte.grupoId, novos)) : [];
    const originais = await ref.carregarOriginais(linhas);
    // Their stored expected values are the old table's: the readjusted one prices them again.
    for (const o of originais) ref.originais.set(o.id, { ...o, valorCorreto: null, valorAuditoria: null });
    await proximaVolta();
    await ref.carregar([...linhas, ...membros, ...originais]);
    return { linhas, novos, membros };
  }

  /** Prices a chunk read by `ler` (the CPU part, yielding to the event loop as it goes). */
  async calcular({ linhas, novos, membros }: LoteLido): Promise<Map<number, Precificado>> {
    const { ref, tabela } = this;
    for (const g of novos) if (!this.grupos.has(g)) this.grupos.set(g, precificarGrupo(ref, g, membros, tabela));
    const resultado = new Map<number, Precificado>();
    const ceder = cederVez();
    for (const l of linhas) {
      await ceder();
      const g = grupoDe(l);
      const doGrupo = g === null ? undefined : this.grupos.get(g)?.get(l.id);
      if (doGrupo) {
        resultado.set(l.id, doGrupo);
        continue;
      }
      const a = l.tipoCte === 1 ? auditarComplemento(ref, l, tabela) : auditarCte(ref, l, tabela);
      resultado.set(l.id, deVeredito(a.calculo, a.veredito.valorEsperado, a.veredito.mensagens));
    }
    return resultado;
  }

  async precificar(ids: readonly number[]): Promise<Map<number, Precificado>> {
    return this.calcular(await this.ler(ids));
  }
}
