import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { AlterarSenha, ConfiguracoesUsuario } from '../../contracts/auth';
import { api } from './api-client';

const mensagensSchema = z.object({ mensagens: z.array(z.string()) }).partial();

/** POST /usuarios/alterar-senha → {mensagens:[MSG_SENHA_ALTERADA]}; a 400 is routed to the message list. */
export function alterarSenha(dados: AlterarSenha): Promise<z.infer<typeof mensagensSchema>> {
  return api('/usuarios/alterar-senha', mensagensSchema, { method: 'POST', body: dados });
}

export function useAlterarSenha() {
  return useMutation({ mutationFn: alterarSenha });
}

/** POST /usuarios/configuracoes: the what's-new dialog reloads the page whatever the outcome. */
export async function salvarConfiguracoes(configuracoes: ConfiguracoesUsuario): Promise<void> {
  await api('/usuarios/configuracoes', null, { method: 'POST', body: configuracoes, rotearFalhas: false });
}
