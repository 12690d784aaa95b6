// Spec 01 §2 route table. Menu priorities (the spec gives only the ranges 407–410 and 900–909):
// CADASTROS 407 Usuários, 408 Perfis, 409 Configuração, 410 Transportadoras;
// FRETE 900 Fretes, 901 Tabelas de Frete, 902 Minutas, 903 Romaneios, 904 Faturas, 905 Indicadores,
// 906 Tipos de Veículo, 907 Veículos, 908 Motoristas, 909 Limites por UF.
// Carriers are a register, so they close CADASTROS: that fills both ranges with the 14 routes.
export type MenuGroup = 'CADASTROS' | 'FRETE';

export interface RouteDef {
  path: string;
  title: string;
  role: string;
  group: MenuGroup;
  priority: number;
}

export const ROUTES: readonly RouteDef[] = [
  { path: '/usuarios', title: 'Usuários', role: '____USER_M', group: 'CADASTROS', priority: 407 },
  { path: '/perfis', title: 'Perfis', role: '____PERF_M', group: 'CADASTROS', priority: 408 },
  { path: '/configuracoes', title: 'Configuração', role: '____CLIE_M', group: 'CADASTROS', priority: 409 },
  { path: '/transportadora', title: 'Transportadoras', role: 'FRETE_TRANS_M', group: 'CADASTROS', priority: 410 },
  { path: '/ctes', title: 'Fretes', role: 'FRETE_CTE_M', group: 'FRETE', priority: 900 },
  { path: '/tabelas-frete', title: 'Tabelas de Frete', role: 'FRETE_TABFR_M', group: 'FRETE', priority: 901 },
  { path: '/minutas', title: 'Minutas', role: 'FRETE_MINU_M', group: 'FRETE', priority: 902 },
  { path: '/romaneios', title: 'Romaneios', role: 'FRETE_ROMA_M', group: 'FRETE', priority: 903 },
  { path: '/faturas', title: 'Faturas', role: 'FRETE_FAT_M', group: 'FRETE', priority: 904 },
  { path: '/indicadores', title: 'Indicadores de Frete', role: 'FRETE_IND_FRETE_PESO', group: 'FRETE', priority: 905 },
  { path: '/tipos-veiculo', title: 'Tipos de Veículo', role: 'FRETE_TVEIC_M', group: 'FRETE', priority: 906 },
  { path: '/veiculos', title: 'Veículos', role: 'FRETE_VEIC_M', group: 'FRETE', priority: 907 },
  { path: '/motoristas', title: 'Motoristas', role: 'FRETE_MOTO_M', group: 'FRETE', priority: 908 },
  { path: '/uf', title: 'Limites por UF', role: 'FRETE_LIMITE_UF_M', group: 'FRETE', priority: 909 },
];

export const ROTA_INICIAL = '/ctes';
