import { z } from 'zod';
import { empresaSchema } from './common';

export const loginRequestSchema = z.object({
  login: z.string({ error: 'Informe o usuário.' }).trim().min(1, 'Informe o usuário.').max(100, 'O usuário deve ter no máximo 100 caracteres.'),
  senha: z.string({ error: 'Informe a senha.' }).min(1, 'Informe a senha.').max(200, 'A senha deve ter no máximo 200 caracteres.'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** GET /eu: the logged-in user (spec 01 §3). */
export const usuarioLogadoSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  nome: z.string(),
  email: z.string().nullable(),
  perfil: z.string().nullable(),
  nivel: z.string(),
  authorities: z.array(z.string()),
  roles: z.array(z.string()),
  settings: z.record(z.string(), z.string()),
  mostrarChangelog: z.boolean(),
  principal: z.string(),
  empresa: empresaSchema,
});
export type UsuarioLogado = z.infer<typeof usuarioLogadoSchema>;

/** Spec 01 §5, Password change: messages verbatim. */
export const MSG_SENHA_PREENCHER = 'Por favor, preencha a senha e a confirmação.';
export const MSG_SENHA_MINIMO = 'A senha deve ter ao menos 4 caracteres.';
export const MSG_SENHA_DIFERENTE = 'As senhas não coincidem.';
export const MSG_SENHA_ALTERADA = 'Senha alterada com sucesso!';
export const SENHA_TAMANHO_MINIMO = 4;

export const alterarSenhaSchema = z
  .object({
    senha: z.string({ error: MSG_SENHA_PREENCHER }).max(200, 'A senha deve ter no máximo 200 caracteres.'),
    confirmacao: z.string({ error: MSG_SENHA_PREENCHER }).max(200, 'A senha deve ter no máximo 200 caracteres.'),
  })
  .superRefine((v, ctx) => {
    if (!v.senha || !v.confirmacao) ctx.addIssue({ code: 'custom', message: MSG_SENHA_PREENCHER });
    else if (v.senha.length < SENHA_TAMANHO_MINIMO) ctx.addIssue({ code: 'custom', message: MSG_SENHA_MINIMO });
    else if (v.senha !== v.confirmacao) ctx.addIssue({ code: 'custom', message: MSG_SENHA_DIFERENTE });
  });
export type AlterarSenha = z.infer<typeof alterarSenhaSchema>;

/** Spec 01 §8, login failures as the user sees them. */
export const MSG_LOGIN_INVALIDO = 'Usuário e/ou senha inválidos. Por favor, tente novamente.';
export const MSG_LOGIN_FALHA = 'Falha ao autenticar com o serviço. Por favor, tente novamente.';
export const MSG_LOGIN_MUITAS_TENTATIVAS = 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.';

/** User settings map (spec 01 §3): only known keys may be stored. */
export const configuracoesUsuarioSchema = z
  .object({ ultimaVersao: z.string().regex(/^\d{1,9}$/, 'A versão deve ser um número.') })
  .strict();
export type ConfiguracoesUsuario = z.infer<typeof configuracoesUsuarioSchema>;
