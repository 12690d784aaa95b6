import { z } from 'zod';
import { MSG_SENHA_MAXIMO, SENHA_TAMANHO_MAXIMO, problemaSenhaNova } from './auth';
import { identificadorSchema, pageSchema, versaoSchema } from './common';

// Spec 01 §5, User save: messages verbatim where the spec quotes them.
export const MSG_USUARIO_LOGIN = 'O login do usuário é obrigatório';
export const MSG_USUARIO_NOME = 'O nome do usuário é obrigatório';
export const MSG_USUARIO_SENHA = 'A senha do usuário é obrigatória';
export const MSG_USUARIO_SENHAS_DIFERENTES = 'Os campos de senha não conferem';
export const MSG_USUARIO_PERFIL = 'Selecione ao menos um perfil.';
export const MSG_USUARIO_EMAIL = 'O e-mail informado é inválido';
export const MSG_USUARIO_LOGIN_ALTERADO = 'O login de um usuário existente não pode ser alterado';
export const MSG_USUARIO_LOGIN_DUPLICADO = 'Já existe um usuário com este login';
export const MSG_ADMIN_NAO_DESATIVA = 'O usuário admin não pode ser desativado';
// docs/decisoes.md §3: a user (an ADMIN aside) never changes their own profiles or level; nobody sets their own
// password here (the password change asks for the current one).
export const MSG_USUARIO_PROPRIOS_PERFIS = 'Você não pode alterar os próprios perfis ou nível.';
export const MSG_USUARIO_PROPRIA_SENHA = 'Para alterar a própria senha, use "Alterar senha".';

export const perfilRefSchema = z.object({ id: identificadorSchema(), descricao: z.string().optional() });

/** POST /usuarios: create (no id; senha required) or edit (login fixed; empty senha keeps the current one). */
export const usuarioCadastroSchema = z
  .object({
    id: identificadorSchema().optional(),
    login: z.string({ error: MSG_USUARIO_LOGIN }).trim().min(1, MSG_USUARIO_LOGIN).max(100, 'O login deve ter no máximo 100 caracteres'),
    nome: z.string({ error: MSG_USUARIO_NOME }).trim().min(1, MSG_USUARIO_NOME).max(150, 'O nome deve ter no máximo 150 caracteres'),
    email: z
      .string()
      .trim()
      .max(200, 'O e-mail deve ter no máximo 200 caracteres')
      .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), MSG_USUARIO_EMAIL)
      .nullish(),
    senha: z.string().max(SENHA_TAMANHO_MAXIMO, MSG_SENHA_MAXIMO).nullish(),
    csenha: z.string().max(SENHA_TAMANHO_MAXIMO, MSG_SENHA_MAXIMO).nullish(),
    ativado: z.boolean().default(true),
    /** Added: optional level (see nivelUsuarioSchema below). */
    nivel: z.enum(['ADMIN', 'DIRETOR', 'GERENTE', 'SUPERVISOR', 'REPRESENTANTE'], { error: 'Nível de usuário desconhecido.' }).optional(),
    perfis: z.array(perfilRefSchema, { error: MSG_USUARIO_PERFIL }).min(1, MSG_USUARIO_PERFIL).max(100),
    versao: versaoSchema,
  })
  .superRefine((u, ctx) => {
    if (!u.id && !u.senha) ctx.addIssue({ code: 'custom', message: MSG_USUARIO_SENHA, path: ['senha'] });
    // The same rule as the own password change (minimum 8, no control characters).
    const problema = u.senha ? problemaSenhaNova(u.senha) : undefined;
    if (problema) ctx.addIssue({ code: 'custom', message: problema, path: ['senha'] });
    if ((u.senha ?? '') !== (u.csenha ?? '')) ctx.addIssue({ code: 'custom', message: MSG_USUARIO_SENHAS_DIFERENTES, path: ['csenha'] });
  });
export type UsuarioCadastro = z.infer<typeof usuarioCadastroSchema>;

/** A user as answered (never the password). */
export const usuarioSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  nome: z.string(),
  email: z.string().nullable(),
  nivel: z.string(),
  ativado: z.boolean(),
  perfis: z.array(z.object({ id: z.number().int(), descricao: z.string() })),
  versao: z.number().int(),
});
export type Usuario = z.infer<typeof usuarioSchema>;
export const usuarioPageSchema = pageSchema(usuarioSchema);

/** Optional on POST /usuarios (added by the server): the level; new users default to REPRESENTANTE; only an ADMIN grants or edits ADMIN. */
export const nivelUsuarioSchema = z.enum(['ADMIN', 'DIRETOR', 'GERENTE', 'SUPERVISOR', 'REPRESENTANTE'], { error: 'Nível de usuário desconhecido.' });
export const NIVEL_PADRAO_USUARIO = 'REPRESENTANTE';
export const MSG_USUARIO_PERFIL_DESCONHECIDO = 'Perfil não encontrado.';

/**
 * GET /usuarios/listar-simples and /usuarios/auto-completar items. docs/decisoes.md §3: the login only goes to those
 * who manage users (an ADMIN or a ____USER_* code); anyone else gets id and nome (a picker needs no more).
 */
export const usuarioSimplesSchema = z.object({ id: z.number().int(), login: z.string().optional(), nome: z.string() });
export type UsuarioSimples = z.infer<typeof usuarioSimplesSchema>;
export const usuarioSimplesPageSchema = pageSchema(usuarioSimplesSchema);
export const usuariosSimplesSchema = z.array(usuarioSimplesSchema);
/** GET /usuarios/auto-completar?usuario=texto&size=n (size ≤ 20). */
export const usuarioAutoCompletarQuerySchema = z.object({
  usuario: z.string().max(100, 'O texto de busca é longo demais.').optional(),
  size: z.coerce.number({ error: 'O tamanho deve ser um número.' }).int('O tamanho deve ser um número inteiro.').min(1, 'O tamanho deve ser ao menos 1.').max(20, 'O tamanho deve ser no máximo 20.').default(10),
});
/** GET /usuarios/empresas: the companies of the installation. */
export const empresasSchema = z.array(z.string());
