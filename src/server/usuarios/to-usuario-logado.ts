import type { UsuarioLogado } from '../../contracts/auth';
import type { UsuarioCarregado } from './load-usuario-logado';

/** The /eu answer: the loaded user without server-only fields. */
export function toUsuarioLogado({ ativado: _ativado, sessaoVersao: _sessaoVersao, ...usuario }: UsuarioCarregado): UsuarioLogado {
  return usuario;
}
