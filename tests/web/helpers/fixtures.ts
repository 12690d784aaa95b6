import type { UsuarioLogado } from '../../../src/contracts/auth';
import type { PerfilSalvo } from '../../../src/contracts/perfis';

export function usuario(over: Partial<UsuarioLogado> = {}): UsuarioLogado {
  return {
    id: 1,
    login: 'ana',
    nome: 'Ana Souza',
    email: 'ana@exemplo.com.br',
    perfil: 'Administração',
    nivel: 'GERENTE',
    authorities: [],
    roles: ['____PERF_M', '____PERF_C', '____PERF_E', '____PERF_D', 'FRETE_CTE_M'],
    settings: {},
    mostrarChangelog: false,
    principal: 'ana',
    empresa: 'COLACRIL',
    ...over,
  };
}

export function perfil(id: number, descricao: string, over: Partial<PerfilSalvo> = {}): PerfilSalvo {
  return { id, descricao, roles: ['____PERF_M'], ativado: true, versao: 0, ...over };
}

export function pagina<T>(content: T[], number = 0, size = 50) {
  return { content, totalElements: content.length, totalPages: Math.max(1, Math.ceil(content.length / size)), number, size };
}
