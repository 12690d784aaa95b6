import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { chaveAssinatura } from '../db/schema/chave-assinatura';

/** The company's HS256 key, created by the seed (64 random bytes, base64). */
export async function loadSigningKey(db: Db): Promise<Uint8Array> {
  const [linha] = await db.select({ chave: chaveAssinatura.chave }).from(chaveAssinatura).where(eq(chaveAssinatura.id, 1));
  if (!linha) throw new Error('Chave de assinatura ausente: o banco não foi semeado.');
  return new Uint8Array(Buffer.from(linha.chave, 'base64'));
}
