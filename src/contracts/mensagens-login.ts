// Spec 01 §8, login failures as the user sees them. Apart from auth.ts (zod) so the session machine and the
// login screen load without zod (docs/decisoes.md §31); auth.ts re-exports them.
export const MSG_LOGIN_INVALIDO = 'Usuário e/ou senha inválidos. Por favor, tente novamente.';
export const MSG_LOGIN_FALHA = 'Falha ao autenticar com o serviço. Por favor, tente novamente.';
export const MSG_LOGIN_MUITAS_TENTATIVAS = 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.';
