import { eq } from 'drizzle-orm';
import { REGRAS_PAGAMENTO_PADRAO, type RegrasPagamento } from '../../contracts/pagamentos';
import type { Db } from '../db/database';
import { configuracao } from '../db/schema/configuracao';

/** The company's release rules (issue 29): its settings row's, or the careful shipper's defaults (all on); with the settings' version. */
export async function lerRegrasPagamento(db: Db): Promise<RegrasPagamento & { versao: number }> {
  const [cfg] = await db.select({ regras: configuracao.regrasPagamento, versao: configuracao.versao }).from(configuracao).where(eq(configuracao.id, 1));
  const salvas = cfg?.regras ?? REGRAS_PAGAMENTO_PADRAO;
  return {
    ...REGRAS_PAGAMENTO_PADRAO,
    ...salvas,
    bloqueios: { ...REGRAS_PAGAMENTO_PADRAO.bloqueios, ...salvas.bloqueios },
    versao: cfg?.versao ?? 0,
  };
}
