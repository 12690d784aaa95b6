import { z } from 'zod';
import { CARACTERE_CONTROLE, empresaSchema } from './common';

/**
 * Logins and passwords are typed into one-line fields: besides what no text may hold (CARACTERE_CONTROLE,
 * common.ts: NUL and the other C0 characters, DEL), TAB, LF, CR and the C1 controls are refused too (TAB
 * moves the focus, so a password holding one could never be typed in again).
 */
const FORA_DE_UMA_LINHA = /[\t\n\r\u0080-\u009f]/;
const semControle = (v: string) => !CARACTERE_CONTROLE.test(v) && !FORA_DE_UMA_LINHA.test(v);
export const MSG_SENHA_CONTROLE = 'A senha não pode conter caracteres de controle.';
export const SENHA_TAMANHO_MAXIMO = 200;
export const MSG_SENHA_MAXIMO = `A senha deve ter no máximo ${SENHA_TAMANHO_MAXIMO} caracteres.`;

export const loginRequestSchema = z.object({
  login: z
    .string({ error: 'Informe o usuário.' })
    .trim()
    .min(1, 'Informe o usuário.')
    .max(100, 'O usuário deve ter no máximo 100 caracteres.')
    .refine(semControle, 'O usuário não pode conter caracteres de controle.'),
  senha: z
    .string({ error: 'Informe a senha.' })
    .min(1, 'Informe a senha.')
    .max(SENHA_TAMANHO_MAXIMO, MSG_SENHA_MAXIMO)
    .refine(semControle, MSG_SENHA_CONTROLE),
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

/** Spec 01 §5, Password change: messages verbatim (docs/decisoes.md §2 raised the minimum from 4 to 8). */
export const MSG_SENHA_PREENCHER = 'Por favor, preencha a senha e a confirmação.';
export const MSG_SENHA_MINIMO = 'A senha deve ter ao menos 8 caracteres.';
export const MSG_SENHA_DIFERENTE = 'As senhas não coincidem.';
export const MSG_SENHA_ALTERADA = 'Senha alterada com sucesso!';
export const SENHA_TAMANHO_MINIMO = 8;
// docs/decisoes.md §2: the current password is asked for, and the new one must differ from it.
export const MSG_SENHA_ATUAL_PREENCHER = 'Informe a senha atual.';
export const MSG_SENHA_ATUAL_INVALIDA = 'A senha atual não confere.';
export const MSG_SENHA_IGUAL_ATUAL = 'A nova senha deve ser diferente da atual.';

/**
 * The rule every new password follows (own change, an admin creating or resetting a user): the message of
 * the first broken rule, or undefined. Characters are counted as code points.
 */
export function problemaSenhaNova(senha: string): string | undefined {
  if ([...senha].length < SENHA_TAMANHO_MINIMO) return MSG_SENHA_MINIMO;
  if (!semControle(senha)) return MSG_SENHA_CONTROLE;
  return undefined;
}

const campoSenha = (mensagem: string) => z.string({ error: mensagem }).max(SENHA_TAMANHO_MAXIMO, MSG_SENHA_MAXIMO);

export const alterarSenhaSchema = z
  .object({
    senhaAtual: campoSenha(MSG_SENHA_ATUAL_PREENCHER),
    senha: campoSenha(MSG_SENHA_PREENCHER),
    confirmacao: campoSenha(MSG_SENHA_PREENCHER),
  })
  .superRefine((v, ctx) => {
    const erro = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!v.senhaAtual) erro(MSG_SENHA_ATUAL_PREENCHER);
    if (!v.senha || !v.confirmacao) return erro(MSG_SENHA_PREENCHER);
    const problema = problemaSenhaNova(v.senha);
    if (problema) erro(problema);
    else if (v.senha !== v.confirmacao) erro(MSG_SENHA_DIFERENTE);
    else if (v.senhaAtual && v.senha === v.senhaAtual) erro(MSG_SENHA_IGUAL_ATUAL);
  });
export type AlterarSenha = z.infer<typeof alterarSenhaSchema>;

export { MSG_LOGIN_FALHA, MSG_LOGIN_INVALIDO, MSG_LOGIN_MUITAS_TENTATIVAS } from './mensagens-login';

/** User settings map (spec 01 §3): only known keys may be stored. */
export const configuracoesUsuarioSchema = z
  .object({ ultimaVersao: z.string().regex(/^\d{1,9}$/, 'A versão deve ser um número.') })
  .strict();
export type ConfiguracoesUsuario = z.infer<typeof configuracoesUsuarioSchema>;
