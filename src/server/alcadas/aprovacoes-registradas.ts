import { desc, eq, type SQL } from 'drizzle-orm';
import type { AprovacaoRegistrada } from '../../contracts/alcadas';
import { mensagemAguardandoAprovacao } from '../../contracts/alcadas';
import type { Nivel } from '../../contracts/permissoes';
import type { Db } from '../db/database';
import { aprovacao } from '../db/schema/pagamento';
import { usuario } from '../db/schema/usuario';

/** The approvals history shown (CT-e detail, fatura): newest first, at most this many. */
export const MAXIMO_APROVACOES = 50;

/** The recorded approvals of one CT-e or fatura (aprovacao_cte_idx / aprovacao_fatura_idx), newest first. */
export async function aprovacoesRegistradas(db: Db, alvo: { cteId: number } | { faturaId: number }): Promise<AprovacaoRegistrada[]> {
  const onde: SQL = 'cteId' in alvo ? eq(aprovacao.cteId, alvo.cteId) : eq(aprovacao.faturaId, alvo.faturaId);
  const linhas = await db
    .select({
      id: aprovacao.id,
      tipo: aprovacao.tipo,
      cteId: aprovacao.cteId,
      faturaId: aprovacao.faturaId,
      usuario: usuario.nome,
      nivel: aprovacao.nivel,
      diferenca: aprovacao.diferenca,
      motivo: aprovacao.motivo,
      em: aprovacao.em,
    })
    .from(aprovacao)
    .innerJoin(usuario, eq(usuario.id, aprovacao.usuarioId))
    .where(onde)
    .orderBy(desc(aprovacao.em), desc(aprovacao.id))
    .limit(MAXIMO_APROVACOES);
  return linhas.map((l) => ({ ...l, em: l.em.toISOString() }));
}

/** "aguardando aprovação de Gerente" from cte.aguardando_aprovacao_nivel, or null. */
export const textoAguardando = (nivel: Nivel | string | null | undefined): string | null => (nivel ? mensagemAguardandoAprovacao(nivel as Nivel) : null);
