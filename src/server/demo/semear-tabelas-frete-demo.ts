import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { tabelaFreteCadastroSchema } from '../../contracts/tabela-frete-modelo';
import { salvarTabelaFrete } from '../tabelas-frete/salvar-tabela-frete';
import type { Db } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { tabelaFrete } from '../db/schema/tabela-frete';
import { transportadora } from '../db/schema/transportadora';
import { uf } from '../db/schema/uf';
import { tipoVeiculo } from '../db/schema/veiculo';
import { tabelasFreteDemo } from './demo-tabelas-frete';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';
import { relogio } from '../../domain/relogio';

/** How many demo carriers (the first active ones, by name) get freight tables. */
export const TRANSPORTADORAS_COM_TABELA_DEMO = 6;

/**
 * The year the demo's current tables start (1 January; the first carrier's older table is the year before):
 * the São Paulo year of the month six before today's, so the demo CT-es (this month and the two before) and
 * the half-year before them are priced whatever the day, January included.
 */
export function anoTabelasDemo(hoje: Date): number {
  const [ano, mes] = dataSaoPaulo(hoje)!.split('-').map(Number);
  return mes > 6 ? ano : ano - 1;
}

/**
 * Demo freight tables (docs/decisoes.md §32): saved through the same service as POST /tabelas-frete, so they pass every
 * rule of spec 02 §5. Runs once: nothing happens when any table exists or no carrier is registered.
 */
export async function seedTabelasFreteDemo(db: Db, hoje = relogio.agora()): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(tabelaFrete);
  if (n > 0) return;
  const transportadoras = await db
    .select({ id: transportadora.id })
    .from(transportadora)
    .where(eq(transportadora.ativado, true))
    .orderBy(asc(transportadora.razaoSocial), asc(transportadora.id))
    .limit(TRANSPORTADORAS_COM_TABELA_DEMO);
  if (!transportadoras.length) return;
  const ufs = await db.select({ id: uf.id, sigla: uf.sigla }).from(uf);
  const [carreta] = await db.select({ id: tipoVeiculo.id }).from(tipoVeiculo).where(eq(tipoVeiculo.codigo, 'CARRETA'));
  const [clienteTde] = await db
    .select({ id: cliente.id, uf: cliente.estado })
    .from(cliente)
    .where(and(eq(cliente.ativado, true), inArray(cliente.estado, ['PR', 'SC', 'RS'])))
    .orderBy(asc(cliente.id))
    .limit(1);
  const tabelas = tabelasFreteDemo({
    transportadoras: transportadoras.map((t) => t.id),
    ufs: new Map(ufs.map((u) => [u.sigla, u.id])),
    carreta: carreta?.id ?? null,
    clienteTde: clienteTde?.uf ? { id: clienteTde.id, uf: clienteTde.uf } : null,
    ano: anoTabelasDemo(hoje),
  });
  for (const tabela of tabelas) await salvarTabelaFrete(db, tabelaFreteCadastroSchema.parse(tabela), null);
}
