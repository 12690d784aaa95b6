import { TODOS_CODIGOS, type CodigoPermissao } from '../../../domain/permissoes';

/** A profile written by the first start. */
export interface PerfilInicial {
  descricao: string;
  roles: CodigoPermissao[];
  ativado?: boolean;
}

/** The profile every install gets with its admin user (production too): every permission code. */
export const PERFIL_ADMIN: PerfilInicial = { descricao: 'Administração', roles: [...TODOS_CODIGOS] };
