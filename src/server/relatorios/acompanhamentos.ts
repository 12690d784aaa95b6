import Decimal from 'decimal.js';
import { and, between, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Empresa } from '../../contracts/common';
import { STATUS_PEDIDO_OCULTOS } from '../../contracts/pedidos-erp';
import type { PeriodoRelatorio } from '../../contracts/relatorios';
import type { CompanyDatabase } from '../db/database';
import { tabelasRelatorios } from './tabelas-relatorios';

// Vendido × faturado (spec 03 §7 /acompanhamentos/vendidoXfaturado and /consolidado; the spec names them
// only): per customer, the orders placed in the period (their value; orders in ERRO, CANCELADO, RASCUNHO
// and NAO_PROCESSADO never count) against the outgoing invoices (tipo SAIDA) issued in it. Two grouped
// queries over the date indexes of migration 0019; one row per customer with either.

export interface LinhaAcompanhamento {
  clienteId: string;
  razaoSocial: string;
  uf: string;
  pedidos: number;
  vendido: string;
  notas: number;
  faturado: string;
}

export interface DadosAcompanhamento extends PeriodoRelatorio {
  empresa: Empresa;
  linhas: LinhaAcompanhamento[];
}

const SEM_CLIENTE = '—';

export async function dadosAcompanhamento(banco: CompanyDatabase, p: PeriodoRelatorio): Promise<DadosAcompanhamento> {
  const t = tabelasRelatorios(banco);
  const { db } = banco;
  const clienteP = sql<string>`coalesce(${t.vwPedido.clienteId}, '')`;
  const clienteN = sql<string>`coalesce(${t.vwNotaFiscal.clienteId}, '')`;
  const [vendas, faturas] = await Promise.all([
    db
      .select({ clienteId: clienteP, n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${t.vwPedido.valorTotal}), 0)::text` })
      .from(t.vwPedido)
      .where(and(between(t.vwPedido.dataPedido, p.inicio, p.fim), notInArray(t.vwPedido.status, [...STATUS_PEDIDO_OCULTOS])))
      .groupBy(clienteP),
    db
      .select({ clienteId: clienteN, n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${t.vwNotaFiscal.valor}), 0)::text` })
      .from(t.vwNotaFiscal)
      .where(and(between(t.vwNotaFiscal.dataEmissao, p.inicio, p.fim), eq(t.vwNotaFiscal.tipo, 'SAIDA')))
      .groupBy(clienteN),
  ]);
  const ids = [...new Set([...vendas, ...faturas].map((l) => l.clienteId).filter(Boolean))];
  const clientes = new Map<string, { razaoSocial: string; estado: string | null }>();
  for (let i = 0; i < ids.length; i += 1000) {
    const lote = await db.select({ id: t.vwCliente.clienteId, razaoSocial: t.vwCliente.razaoSocial, estado: t.vwCliente.estado }).from(t.vwCliente).where(inArray(t.vwCliente.clienteId, ids.slice(i, i + 1000)));
    for (const c of lote) clientes.set(c.id, c);
  }
  const linhas = new Map<string, LinhaAcompanhamento>();
  const linha = (clienteId: string) => {
    let l = linhas.get(clienteId);
    if (!l) {
      const c = clientes.get(clienteId);
      l = { clienteId, razaoSocial: c?.razaoSocial ?? (clienteId ? clienteId : 'Sem cliente'), uf: c?.estado ?? SEM_CLIENTE, pedidos: 0, vendido: '0', notas: 0, faturado: '0' };
      linhas.set(clienteId, l);
    }
    return l;
  };
  for (const v of vendas) Object.assign(linha(v.clienteId), { pedidos: v.n, vendido: new Decimal(v.total).toFixed(2) });
  for (const f of faturas) Object.assign(linha(f.clienteId), { notas: f.n, faturado: new Decimal(f.total).toFixed(2) });
  const ordem = new Intl.Collator('pt-BR');
  return { empresa: banco.empresa, ...p, linhas: [...linhas.values()].sort((a, b) => ordem.compare(a.razaoSocial, b.razaoSocial) || a.clienteId.localeCompare(b.clienteId)) };
}

/** Σ of a column of the rows. */
export const somaDe = (linhas: readonly LinhaAcompanhamento[], campo: 'vendido' | 'faturado') => linhas.reduce((s, l) => s.plus(l[campo]), new Decimal(0)).toFixed(2);

/** The rows summed by UF (sorted by UF). */
export function porUf(linhas: readonly LinhaAcompanhamento[]): LinhaAcompanhamento[] {
  const ufs = new Map<string, LinhaAcompanhamento>();
  for (const l of linhas) {
    const u = ufs.get(l.uf) ?? { clienteId: l.uf, razaoSocial: l.uf, uf: l.uf, pedidos: 0, vendido: '0', notas: 0, faturado: '0' };
    ufs.set(l.uf, { ...u, pedidos: u.pedidos + l.pedidos, notas: u.notas + l.notas, vendido: new Decimal(u.vendido).plus(l.vendido).toFixed(2), faturado: new Decimal(u.faturado).plus(l.faturado).toFixed(2) });
  }
  return [...ufs.values()].sort((a, b) => a.uf.localeCompare(b.uf));
}
