// Spec 01 §6 and spec 03 §6: permission codes are an area prefix plus _M/_C/_E/_D.
// This catalogue feeds the profile matrix (two tabs), the seed and the server guard.

export const NIVEIS = ['ADMIN', 'DIRETOR', 'GERENTE', 'SUPERVISOR', 'REPRESENTANTE'] as const;
export type Nivel = (typeof NIVEIS)[number];

export type Acao = 'M' | 'C' | 'E' | 'D';
export const ACOES: readonly Acao[] = ['M', 'C', 'E', 'D'];
export const ROTULO_ACAO: Record<Acao, string> = { M: 'Menu', C: 'Criar', E: 'Editar', D: 'Excluir' };

export type AbaPermissao = 'Cadastros' | 'Fretes';

export interface AreaPermissao {
  area: string;
  aba: AbaPermissao;
  /** Code per action; an action the area does not have is absent. */
  codigos: Partial<Record<Acao, string>>;
}

const crud = (prefixo: string): Partial<Record<Acao, string>> => ({
  M: `${prefixo}_M`,
  C: `${prefixo}_C`,
  E: `${prefixo}_E`,
  D: `${prefixo}_D`,
});

export const AREAS_PERMISSAO: readonly AreaPermissao[] = [
  { area: 'Perfis', aba: 'Cadastros', codigos: crud('____PERF') },
  { area: 'Clientes e Configuração', aba: 'Cadastros', codigos: crud('____CLIE') },
  { area: 'Usuários', aba: 'Cadastros', codigos: crud('____USER') },
  { area: 'Contas de E-mail', aba: 'Cadastros', codigos: crud('____MAIL') },
  { area: 'Transportadora', aba: 'Fretes', codigos: crud('FRETE_TRANS') },
  { area: 'Romaneio', aba: 'Fretes', codigos: crud('FRETE_ROMA') },
  { area: 'Tabelas de Frete', aba: 'Fretes', codigos: crud('FRETE_TABFR') },
  { area: 'Fretes', aba: 'Fretes', codigos: crud('FRETE_CTE') },
  { area: 'Tipos de Veículo', aba: 'Fretes', codigos: crud('FRETE_TVEIC') },
  { area: 'Veículos', aba: 'Fretes', codigos: crud('FRETE_VEIC') },
  { area: 'Motoristas', aba: 'Fretes', codigos: crud('FRETE_MOTO') },
  { area: 'Minutas', aba: 'Fretes', codigos: crud('FRETE_MINU') },
  { area: 'Faturas', aba: 'Fretes', codigos: { M: 'FRETE_FAT_M' } },
  { area: 'Limites por UF', aba: 'Fretes', codigos: { M: 'FRETE_LIMITE_UF_M', E: 'FRETE_LIMITE_UF_E' } },
  { area: 'Indicadores de Frete', aba: 'Fretes', codigos: { M: 'FRETE_IND_FRETE_PESO' } },
];

export const TODOS_CODIGOS: readonly string[] = AREAS_PERMISSAO.flatMap((a) => Object.values(a.codigos) as string[]);
const CODIGOS = new Set(TODOS_CODIGOS);
export const codigoValido = (codigo: string): boolean => CODIGOS.has(codigo);

/** ADMIN passes every check (issue 2); everyone else needs the code among their roles. */
export function temPermissao(usuario: { nivel: string; roles: readonly string[] }, codigo: string): boolean {
  return usuario.nivel === 'ADMIN' || usuario.roles.includes(codigo);
}
