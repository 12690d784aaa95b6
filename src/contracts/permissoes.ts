// Spec 01 §6 and spec 03 §6: permission codes are an area prefix plus _M/_C/_E/_D.
// This catalogue feeds the profile matrix (two tabs), the seed and the server guard.

export const NIVEIS = ['ADMIN', 'DIRETOR', 'GERENTE', 'SUPERVISOR', 'REPRESENTANTE'] as const;
export type Nivel = (typeof NIVEIS)[number];

export type Acao = 'M' | 'C' | 'E' | 'D';
export const ACOES: readonly Acao[] = ['M', 'C', 'E', 'D'];
export const ROTULO_ACAO: Record<Acao, string> = { M: 'Menu', C: 'Criar', E: 'Editar', D: 'Excluir' };

export type AbaPermissao = 'Cadastros' | 'Fretes';

const crud = <P extends string>(prefixo: P) =>
  ({ M: `${prefixo}_M`, C: `${prefixo}_C`, E: `${prefixo}_E`, D: `${prefixo}_D` }) as const;

const AREAS = [
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
  // Issue 29: /pagamentos (see), open disputes and pré-faturas (C), export, record answers and payments (E).
  { area: 'Pagamentos', aba: 'Fretes', codigos: { M: 'FRETE_PAG_M', C: 'FRETE_PAG_C', E: 'FRETE_PAG_E' } },
  // Issue 30: /recebimento (the intake screen: runs, "Ler agora", uploads); its settings are the admin's.
  { area: 'Recebimento', aba: 'Fretes', codigos: { M: 'FRETE_RECEB_M' } },
  { area: 'Limites por UF', aba: 'Fretes', codigos: { M: 'FRETE_LIMITE_UF_M', E: 'FRETE_LIMITE_UF_E' } },
  { area: 'Indicadores de Frete', aba: 'Fretes', codigos: { M: 'FRETE_IND_FRETE_PESO' } },
] as const satisfies readonly { area: string; aba: AbaPermissao; codigos: Partial<Record<Acao, string>> }[];

type ValoresDe<T> = T extends unknown ? T[keyof T] : never;

/** Every permission code of the catalogue: a typo in a check, a menu role or a demo profile fails the type check. */
export type CodigoPermissao = ValoresDe<(typeof AREAS)[number]['codigos']>;

export interface AreaPermissao {
  area: string;
  aba: AbaPermissao;
  /** Code per action; an action the area does not have is absent. */
  codigos: Partial<Record<Acao, CodigoPermissao>>;
}

export const AREAS_PERMISSAO: readonly AreaPermissao[] = AREAS;

export const TODOS_CODIGOS: readonly CodigoPermissao[] = AREAS_PERMISSAO.flatMap((a) => Object.values(a.codigos));
const CODIGOS = new Set<string>(TODOS_CODIGOS);
export const codigoValido = (codigo: string): codigo is CodigoPermissao => CODIGOS.has(codigo);

/** The codes of an area, by their prefix ("FRETE_ROMA" → FRETE_ROMA_M, _C, _E, _D). */
export const codigosDaArea = (...prefixos: string[]): CodigoPermissao[] =>
  TODOS_CODIGOS.filter((c) => prefixos.some((p) => c.startsWith(`${p}_`)));

/** Who manages users: they read the register, and only they see other users' logins in the pickers. */
export const CODIGOS_USUARIOS: readonly CodigoPermissao[] = Object.values(crud('____USER'));

/** ADMIN passes every check (the level above every profile: the admin sees and does everything); everyone else needs the code among their roles. */
export function temPermissao(usuario: { nivel: string; roles: readonly string[] }, codigo: CodigoPermissao): boolean {
  return usuario.nivel === 'ADMIN' || usuario.roles.includes(codigo);
}
