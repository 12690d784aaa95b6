import Decimal from 'decimal.js';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ALCADAS_PADRAO, mensagemAlcadaInsuficiente, MSG_SEM_ALCADA, type Alcadas, type MinhaAlcada } from '../../contracts/alcadas';
import { NIVEIS, type Nivel } from '../../contracts/permissoes';
import { formatBrl } from '../../domain/format-brl';
import type { Db } from '../db/database';
import { configuracao } from '../db/schema/configuracao';
import { alcada } from '../db/schema/pagamento';
import { usuario } from '../db/schema/usuario';

// Approval limits (issue 29; docs/decisoes.md §36): a user's own row of `alcada`, else their level's row, else
// ALCADAS_PADRAO. null limit: no limit.

export type Limites = { limiteCte: string | null; limiteFatura: string | null };

/** Every level's limits: its row, else the default. */
export async function limitesDosNiveis(db: Db): Promise<Record<Nivel, Limites>> {
  const linhas = await db.select({ nivel: alcada.nivel, limiteCte: alcada.limiteCte, limiteFatura: alcada.limiteFatura }).from(alcada).where(isNotNull(alcada.nivel));
  const porNivel = new Map(linhas.map((l) => [l.nivel, l]));
  return Object.fromEntries(
    NIVEIS.map((n) => {
      const l = porNivel.get(n);
      return [n, l ? { limiteCte: texto(l.limiteCte), limiteFatura: texto(l.limiteFatura) } : { ...ALCADAS_PADRAO[n] }];
    }),
  ) as Record<Nivel, Limites>;
}

/** One user's limits (one query: their row, their level's row). */
export async function alcadaDoUsuario(db: Db, usuarioId: number): Promise<MinhaAlcada> {
  const propria = alias(alcada, 'propria');
  const doNivel = alias(alcada, 'do_nivel');
  const [l] = await db
    .select({
      nivel: usuario.nivel,
      propriaId: propria.id,
      propriaCte: propria.limiteCte,
      propriaFatura: propria.limiteFatura,
      nivelId: doNivel.id,
      nivelCte: doNivel.limiteCte,
      nivelFatura: doNivel.limiteFatura,
    })
    .from(usuario)
    .leftJoin(propria, eq(propria.usuarioId, usuario.id))
    .leftJoin(doNivel, eq(doNivel.nivel, sql`${usuario.nivel}`))
    .where(eq(usuario.id, usuarioId));
  const nivel = (l?.nivel ?? 'REPRESENTANTE') as Nivel;
  if (l?.propriaId) return { nivel, limiteCte: texto(l.propriaCte), limiteFatura: texto(l.propriaFatura), propria: true };
  if (l?.nivelId) return { nivel, limiteCte: texto(l.nivelCte), limiteFatura: texto(l.nivelFatura), propria: false };
  return { nivel, ...ALCADAS_PADRAO[nivel], propria: false };
}

/** numeric read raw (PGlite and pg differ on the text form): "500.00" or null. */
const texto = (v: string | null): string | null => (v === null ? null : new Decimal(v).toFixed(2));

/** GET /alcadas: every level (defaults filled), the users with their own row, and the version. */
export async function lerAlcadas(db: Db): Promise<Alcadas> {
  const [niveis, usuarios, [config]] = await Promise.all([
    limitesDosNiveis(db),
    db
      .select({ usuario: usuario.id, login: usuario.login, nome: usuario.nome, nivel: usuario.nivel, limiteCte: alcada.limiteCte, limiteFatura: alcada.limiteFatura })
      .from(alcada)
      .innerJoin(usuario, eq(usuario.id, alcada.usuarioId))
      .where(and(isNotNull(alcada.usuarioId), isNull(alcada.nivel)))
      .orderBy(asc(usuario.nome), asc(usuario.id)),
    db.select({ versao: configuracao.alcadasVersao }).from(configuracao).where(eq(configuracao.id, 1)),
  ]);
  return {
    niveis: NIVEIS.map((nivel) => ({ nivel, ...niveis[nivel] })),
    usuarios: usuarios.map((u) => ({ ...u, nivel: u.nivel as Nivel, limiteCte: texto(u.limiteCte), limiteFatura: texto(u.limiteFatura) })),
    versao: config?.versao ?? 0,
  };
}

/** Whether `diferenca` is within `limite` (null: no limit). */
export const dentroDoLimite = (diferenca: string, limite: string | null): boolean => limite === null || new Decimal(diferenca).lte(limite);

/** The refusal's amount as the message writes it: "500,00" (BRL without the "R$ " the message has). */
export const valorDaMensagem = (limite: string): string => formatBrl(limite).replace(/^R\$ /, '');

/** The refusal of a difference above the approver's limit (issue 29): "até R$ …", or none at all when the limit is 0. */
export const mensagemAcimaDaAlcada = (limite: string | null) =>
  limite !== null && new Decimal(limite).isZero() ? MSG_SEM_ALCADA : mensagemAlcadaInsuficiente(valorDaMensagem(limite ?? '0'));
