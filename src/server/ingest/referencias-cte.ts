import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';

// Issue 31: cte.cte_referenciado_id follows cte.chave_referenciada. Migration 0027's insert trigger resolves it both ways
// for new CT-es; a CT-e changed in place (its XML read again, a minuta's CT-e taken over by its XML with another key)
// is resolved here: its own reference (cleared when the key it names is not stored), and the CT-es that name its key.

const listaChaves = (chaves: string[]) => `{${chaves.filter((c) => /^\d{44}$/.test(c)).join(',')}}`;

/** Resolves the references of the CT-es of these keys, and to them: two statements, by cte_chave_idx and cte_chave_referenciada_idx. */
export async function resolverReferencias(db: Db, chaves: string[]): Promise<void> {
  if (!chaves.length) return;
  const lista = listaChaves(chaves);
  await db.execute(sql`
    update cte as f set cte_referenciado_id = o.id
    from cte as c left join cte as o on o.chave = c.chave_referenciada
    where c.chave = any(${lista}::varchar[]) and f.id = c.id and f.cte_referenciado_id is distinct from o.id`);
  await db.execute(sql`
    update cte as f set cte_referenciado_id = n.id
    from cte as n
    where n.chave = any(${lista}::varchar[]) and f.chave_referenciada = n.chave and f.cte_referenciado_id is distinct from n.id`);
}
