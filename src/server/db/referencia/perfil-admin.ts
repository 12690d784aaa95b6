import { TODOS_CODIGOS } from '../../../domain/permissions';

/** A profile written by the first start. */
export interface PerfilInicial {
  descricao: string;
  roles: string[];
  ativado?: boolean;
}

/** The profile every install gets with its admin user (production too): every permission code. */
export const PERFIL_ADMIN: PerfilInicial = { descricao: 'Administração', roles: [...TODOS_CODIGOS] };
