import type { ZodType } from 'zod';

/**
 * The sub-modal's messages (spec 03 §5): only `obrigatoria` when a field is missing ("O nome e valor do
 * elemento de custo são obrigatórios"), else each message of the schema once.
 */
export function mensagensDe(schema: ZodType, valor: unknown, obrigatoria: string): string[] {
  const r = schema.safeParse(valor);
  if (r.success) return [];
  const mensagens = [...new Set(r.error.issues.map((i) => i.message))];
  return mensagens.includes(obrigatoria) ? [obrigatoria] : mensagens;
}
