import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { AlterarSenha, ConfiguracoesUsuario } from '../../contracts/auth';
import { usuarioPageSchema, usuarioSchema, type Usuario, type UsuarioCadastro } from '../../contracts/usuarios';
import { perfilPageSchema, type PerfilSalvo } from '../../contracts/perfis';
import { buildSearch, contem } from '../../domain/build-search';
import { api } from './api-client';
import { crudApi } from './crud-api';

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

/** /usuarios register (spec 01 §2): list, read, save (also reactivates), DELETE deactivates. */
export const usuariosApi = crudApi<Usuario, UsuarioCadastro>('/usuarios', 'usuarios', usuarioSchema, usuarioPageSchema, { salvo: 'Usuário salvo.', excluido: 'Usuário desativado.' });

/** GET /ping when the users screen opens (spec 01 §2); its failure is routed like any other. */
export async function pingUsuarios(): Promise<void> {
  await api('/ping', null);
}

/** Profile autocomplete of the user dialog: active, description contains, size 10, chosen ones excluded (id!{ids}). */
export function buscarPerfisParaUsuario(texto: string, excluir: readonly number[], signal?: AbortSignal): Promise<PerfilSalvo[]> {
  const search = buildSearch(contem('descricao', texto), 'ativado:true', excluir.length > 0 && `id!{${excluir.join(',')}}`);
  return api('/perfis', perfilPageSchema, { query: { search, sort: 'descricao', page: 0, size: 10 }, signal }).then((p) => p.content);
}
