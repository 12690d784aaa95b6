import { HEADER_EMPRESA } from '../../contracts/empresas';
import type { UsuarioLogado } from '../../contracts/auth';
import type { Credenciais } from '../../../machines/session';
import { api, apiRaw } from './api-client';
import { gravarEmpresa, gravarSessao } from './session-storage';

// The session machine handles login and /eu failures itself (spec 01 §8), so they are not routed.

/** POST /login: the token comes in the Authorization header of the answer. */
export async function entrar({ login, senha, empresa }: Credenciais): Promise<void> {
  gravarEmpresa(empresa);
  const resposta = await apiRaw('/login', {
    method: 'POST',
    body: { login, senha },
    headers: { [HEADER_EMPRESA]: empresa },
    rotearFalhas: false,
  });
  const token = (resposta.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
  if (!token) throw Object.assign(new Error('Resposta de login sem token'), { status: resposta.status === 200 ? 500 : resposta.status });
  gravarSessao({ token, empresa });
}

/** GET /eu: the identified user. Its contract (and zod) loads beside the call: not part of the login screen's JS. */
export function carregarUsuario(): Promise<UsuarioLogado> {
  return api('/eu', import('../../contracts/auth').then((m) => m.usuarioLogadoSchema), { rotearFalhas: false });
}

/** GET /ping: health check of the unavailable dialog. */
export async function ping(): Promise<void> {
  await apiRaw('/ping', { rotearFalhas: false });
}
