import type { Empresa } from '../../contracts/common';
import type { Nivel } from '../../domain/permissoes';

export const SENHA_DEMO = 'demo1234';
export const SENHA_ADMIN_DEMO = 'admin';

export interface UsuarioDemo {
  login: string;
  nome: string;
  nivel: Nivel;
  perfis: string[];
}

/** One demo user per level besides admin; all share the demo password. */
export function demoUsuarios(empresa: Empresa): UsuarioDemo[] {
  const rre = empresa === 'RRE';
  return [
    { login: 'diretor', nome: 'Helena Duarte', nivel: 'DIRETOR', perfis: ['Auditoria de Fretes', 'Comercial', 'Cadastros'] },
    { login: 'gerente', nome: 'Marcos Ribeiro', nivel: 'GERENTE', perfis: ['Auditoria de Fretes', 'Expedição', ...(rre ? ['Faturamento RRE'] : [])] },
    { login: 'supervisor', nome: 'Paula Nogueira', nivel: 'SUPERVISOR', perfis: ['Expedição'] },
    { login: 'representante', nome: 'Rafael Campos', nivel: 'REPRESENTANTE', perfis: ['Consulta de Fretes'] },
  ];
}
