import { and, eq, inArray, sql } from 'drizzle-orm';
import { verifyPassword } from '../auth/senha';
import type { CompanyDatabase } from '../db/database';
import { usuario } from '../db/schema/usuario';
import { SENHA_DEMO, demoUsuarios } from './demo-usuarios';

/**
 * A production start (ADMIN_PASSWORD set; seedDatabase calls this) over a database that an earlier version
 * seeded with the demo accounts: every active demo login that still opens with the published demo password is
 * deactivated and the operator is told; their sessions end (a later reactivation does not revive old tokens).
 * Costs nothing on a clean install (no such login exists, no hash is computed); an active account named like
 * a demo one whose password was changed costs one hash per start (four per company at most).
 */
export async function desativarContasDemo(banco: CompanyDatabase, log: (mensagem: string) => void): Promise<string[]> {
  const logins = demoUsuarios(banco.empresa).map((u) => u.login);
  const candidatos = await banco.db
    .select({ id: usuario.id, login: usuario.login, hash: usuario.senhaHash })
    .from(usuario)
    .where(and(inArray(usuario.login, logins), eq(usuario.ativado, true)));
  const abertas: typeof candidatos = [];
  for (const c of candidatos) if (await verifyPassword(SENHA_DEMO, c.hash)) abertas.push(c);
  if (abertas.length === 0) return [];
  await banco.db
    .update(usuario)
    .set({ ativado: false, versao: sql`${usuario.versao} + 1`, sessaoVersao: sql`${usuario.sessaoVersao} + 1` })
    .where(inArray(usuario.id, abertas.map((c) => c.id)));
  const nomes = abertas.map((c) => c.login);
  log(`AVISO (${banco.empresa}): contas de demonstração com a senha publicada foram desativadas: ${nomes.join(', ')}.`);
  return nomes;
}
