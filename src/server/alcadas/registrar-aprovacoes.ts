import Decimal from 'decimal.js';
import type { AprovacaoRegistrada } from '../../contracts/alcadas';
import type { Nivel } from '../../contracts/permissoes';
import type { Db } from '../db/database';
import { aprovacao } from '../db/schema/pagamento';

/** One row of the approvals ledger (table aprovacao) to insert. */
export interface NovaAprovacao {
  tipo: AprovacaoRegistrada['tipo'];
  cteId?: number | null;
  faturaId?: number | null;
  usuarioId: number;
  nivel: Nivel;
  nivelDestino?: Nivel | null;
  diferenca: string;
  motivo?: string | null;
}

/** Inserts the rows in one statement (none: nothing). */
export async function registrarAprovacoes(db: Db, linhas: readonly NovaAprovacao[]): Promise<void> {
  if (!linhas.length) return;
  await db.insert(aprovacao).values(
    linhas.map((l) => ({
      tipo: l.tipo,
      cteId: l.cteId ?? null,
      faturaId: l.faturaId ?? null,
      usuarioId: l.usuarioId,
      nivel: l.nivel,
      nivelDestino: l.nivelDestino ?? null,
      diferenca: l.diferenca,
      motivo: l.motivo ?? null,
    })),
  );
}

/** |cobrado − previsto| rounded half-up to cents; without an expected value the whole charged value. */
export function diferencaCte(cobrado: string, previsto: string | null): string {
  return new Decimal(cobrado).minus(previsto ?? 0).abs().toFixed(2, Decimal.ROUND_HALF_UP);
}
