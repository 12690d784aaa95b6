import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import type { HitBusca } from '../../contracts/busca';
import { formatarCpf, somenteDigitos } from '../../domain/cpf';
import { formatDateBr } from '../../domain/format-date-br';
import type { Db } from '../db/database';
import { chaveOrdem, ordemTexto } from '../db/ordem-texto';
import { motorista } from '../db/schema/motorista';
import { perfil } from '../db/schema/perfil';
import { tabelaFrete } from '../db/schema/tabela-frete';
import { transportadora } from '../db/schema/transportadora';
import { usuario } from '../db/schema/usuario';
import { veiculo } from '../db/schema/veiculo';
import { contemLike } from '../db/texto-busca';
import { padraoLike } from '../list/search-to-sql';

// The registers' palette searches: the same filters and order as the list calls the palette used to make
// (GET /perfis, /transportadoras, /motoristas, /veiculos, /tabelas-frete, /usuarios), but only the columns
// the hit shows and no count: one short query each (the registers are small, but for the carriers).

/** "contains" for ILIKE as the list's `campo~texto` reads it: % _ \ literal, * a wildcard. */
const contem = (texto: string) => `%${padraoLike(texto)}%`;
const semNulo = (v: string | null | undefined) => v || undefined;

/** Active profiles whose description contains the text (the spec's profile autocomplete: 10). */
export async function buscarPerfis(db: Db, texto: string, limite: number): Promise<HitBusca[]> {
  const linhas = await db
    .select({ id: perfil.id, descricao: perfil.descricao })
    .from(perfil)
    .where(and(ilike(perfil.descricao, contem(texto)), eq(perfil.ativado, true)))
    .orderBy(...ordemTexto(perfil.descricao), asc(perfil.id))
    .limit(limite);
  return linhas.map((p) => ({ id: p.id, rotulo: p.descricao }));
}

/**
 * Active carriers by razão social, nome fantasia, CNPJ or code (the folded `busca` column), in Portuguese
 * order. The order key (a translate) is expensive per row: sorting every match of a common word ("transp":
 * 4,000 of 10,000) took 55 ms on PostgreSQL and over 200 ms on PGlite — the plan both pick without
 * statistics, and PGlite never gathers them. So the search walks the order index (transportadora_ativado_
 * razao_ordem_idx, the key read from the index, never computed) and stops at the first hits: enable_sort = off,
 * for this statement only, keeps the planner on that walk. A common word stops within a few rows; a rare one
 * reads the table once, as a scan would. Names that fold alike (the key ties) are then put in the lists' full
 * order (ordem-texto.ts) among the rows read, twice the hits so a tie at the cut is rarely left out.
 */
export async function buscarTransportadoras(db: Db, texto: string, limite: number): Promise<HitBusca[]> {
  const linhas = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    const achadas = tx
      .select({ id: transportadora.id, razaoSocial: transportadora.razaoSocial, cnpj: transportadora.cnpjFormatado })
      .from(transportadora)
      .where(and(eq(transportadora.ativado, true), sql`${transportadora.busca} like ${contemLike(texto)}`))
      .orderBy(chaveOrdem(transportadora.razaoSocial))
      .limit(limite * 2)
      .as('achadas');
    return tx.select().from(achadas).orderBy(...ordemTexto(achadas.razaoSocial), asc(achadas.id)).limit(limite);
  });
  return linhas.map((t) => ({ id: t.id, rotulo: t.razaoSocial, detalhe: semNulo(t.cnpj) }));
}

/** Active drivers by name, or by CPF when the text is digits (formatted or not). */
export async function buscarMotoristas(db: Db, texto: string, limite: number): Promise<HitBusca[]> {
  const digitos = somenteDigitos(texto);
  const porCpf = /^[\d.\-\s]+$/.test(texto) && digitos.length >= 3;
  const linhas = await db
    .select({ id: motorista.id, nome: motorista.nome, cpf: motorista.cpf })
    .from(motorista)
    .where(and(porCpf ? ilike(motorista.cpf, contem(digitos)) : ilike(motorista.nome, contem(texto)), eq(motorista.status, 'ATIVO')))
    .orderBy(...ordemTexto(motorista.nome), asc(motorista.id))
    .limit(limite);
  return linhas.map((m) => ({ id: m.id, rotulo: m.nome, detalhe: formatarCpf(m.cpf) }));
}

/** Vehicles whose plate contains the text (plates are stored in capitals). */
export async function buscarVeiculos(db: Db, texto: string, limite: number): Promise<HitBusca[]> {
  const linhas = await db
    .select({ id: veiculo.id, placa: veiculo.placa, modelo: veiculo.modelo })
    .from(veiculo)
    .where(ilike(veiculo.placa, contem(texto.toUpperCase())))
    .orderBy(asc(veiculo.placa), asc(veiculo.id))
    .limit(limite);
  return linhas.map((v) => ({ id: v.id, rotulo: v.placa, detalhe: semNulo(v.modelo) }));
}

/**
 * Freight tables of the carriers the text names, by carrier then newest start. From the tables (a few per
 * contracted carrier), each one's carrier by its key: a LATERAL fenced by its LIMIT 1 (one carrier per key), so the plan never scans
 * every carrier for the text and joins afterwards (the plan PostgreSQL picks without statistics).
 */
export async function buscarTabelasFrete(db: Db, texto: string, limite: number): Promise<HitBusca[]> {
  const dona = db
    .select({ razaoSocial: transportadora.razaoSocial, busca: transportadora.busca })
    .from(transportadora)
    .where(sql`"transportadora"."id" = "tabela_frete"."transportadora_id"`)
    .limit(1)
    .as('dona');
  const linhas = await db
    .select({ id: tabelaFrete.id, razaoSocial: dona.razaoSocial, inicio: tabelaFrete.inicio, fim: tabelaFrete.fim })
    .from(tabelaFrete)
    .innerJoinLateral(dona, sql`true`)
    .where(sql`${dona.busca} like ${contemLike(texto)}`)
    .orderBy(...ordemTexto(dona.razaoSocial), desc(tabelaFrete.inicio), asc(tabelaFrete.id))
    .limit(limite);
  return linhas.map((t) => ({ id: t.id, rotulo: t.razaoSocial, detalhe: `${formatDateBr(t.inicio)} a ${t.fim ? formatDateBr(t.fim) : 'sem fim'}` }));
}

/** Active users by name; the login rides along (only those who manage users search them). */
export async function buscarUsuarios(db: Db, texto: string, limite: number): Promise<HitBusca[]> {
  const linhas = await db
    .select({ id: usuario.id, nome: usuario.nome, login: usuario.login })
    .from(usuario)
    .where(and(ilike(usuario.nome, contem(texto)), eq(usuario.ativado, true)))
    .orderBy(...ordemTexto(usuario.nome), asc(usuario.id))
    .limit(limite);
  return linhas.map((u) => ({ id: u.id, rotulo: u.nome, detalhe: u.login }));
}
