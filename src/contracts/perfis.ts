import { z } from 'zod';
import { codigoValido } from './permissoes';
import { identificadorSchema, pageSchema, versaoSchema } from './common';

/** Spec 01 §5, Profile save: messages verbatim. */
export const MSG_PERFIL_DESCRICAO = 'A descrição do perfil é obrigatória';
export const MSG_PERFIL_PERMISSAO = 'O perfil deve ter ao menos uma permissão atribuída';
export const PERFIL_DESCRICAO_MAXIMO = 100;
export const SUFIXO_COPIA = ' (Cópia)';

export const perfilSchema = z.object({
  id: identificadorSchema().optional(),
  descricao: z
    .string({ error: MSG_PERFIL_DESCRICAO })
    .trim()
    .min(1, MSG_PERFIL_DESCRICAO)
    .max(PERFIL_DESCRICAO_MAXIMO, `A descrição do perfil deve ter no máximo ${PERFIL_DESCRICAO_MAXIMO} caracteres`),
  roles: z
    .array(z.string().refine((c: string): boolean => codigoValido(c), { message: 'Permissão desconhecida.' }), { error: MSG_PERFIL_PERMISSAO })
    .min(1, MSG_PERFIL_PERMISSAO)
    .max(200),
  ativado: z.boolean().default(true),
  versao: versaoSchema,
});
export type Perfil = z.infer<typeof perfilSchema>;

/** A saved profile as answered by the server. */
export const perfilSalvoSchema = z.object({
  id: z.number().int(),
  descricao: z.string(),
  roles: z.array(z.string()),
  ativado: z.boolean(),
  versao: z.number().int(),
  /** Active users holding the profile (every /perfis answer has it): deactivating warns that they lose it. */
  usuarios: z.number().int().optional(),
});
export type PerfilSalvo = z.infer<typeof perfilSalvoSchema>;
export const perfilPageSchema = pageSchema(perfilSalvoSchema);

/**
 * The question before deactivating a profile (spec 01 §4: delete = deactivate), naming how many active users
 * lose it.
 */
export function mensagemDesativarPerfil(p: Pick<PerfilSalvo, 'descricao' | 'usuarios'>): string {
  const n = p.usuarios ?? 0;
  const perda = n === 0 ? '' : n === 1 ? ' 1 usuário ativo perderá este perfil.' : ` ${n} usuários ativos perderão este perfil.`;
  return `Deseja desativar o perfil "${p.descricao}"?${perda}`;
}

/** Spec 01 §4: a clone has no id and " (Cópia)" appended. */
export function clonarPerfil(p: PerfilSalvo): Perfil {
  return { descricao: `${p.descricao}${SUFIXO_COPIA}`.slice(0, PERFIL_DESCRICAO_MAXIMO), roles: [...p.roles], ativado: true };
}
