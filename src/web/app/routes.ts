import { lazy, type ComponentType } from 'react';
import type { CodigoPermissao } from '../../contracts/permissoes';
import { CtesScreen } from '../features/ctes/ctes-screen';
import type { ScreenArgs } from '../ui/screen-args';

// Spec 01 §2 route table, one row per screen: path, menu title, the code that opens it, menu group, priority and
// the screen itself. Menu priorities (the spec gives only the ranges 407–410 and 900–909):
// CADASTROS 407 Usuários, 408 Perfis, 409 Configuração, 410 Transportadoras;
// FRETE 900 Fretes, 901 Tabelas de Frete, 902 Minutas, 903 Romaneios, 904 Faturas, 905 Indicadores,
// 906 Tipos de Veículo, 907 Veículos, 908 Motoristas, 909 Limites por UF.
// Carriers are a register, so they close CADASTROS: that fills both ranges with the 14 routes.
export type MenuGroup = 'CADASTROS' | 'FRETE';

export interface RouteDef {
  path: string;
  title: string;
  role: CodigoPermissao;
  group: MenuGroup;
  priority: number;
  /** The screen: one chunk per screen family (React.lazy), so the shell loads without them. */
  tela: ComponentType<ScreenArgs>;
}

/** A screen loaded on first visit, from a module exporting it under `nome`. */
function tela<K extends string>(carregar: () => Promise<Record<K, ComponentType<ScreenArgs>>>, nome: K): ComponentType<ScreenArgs> {
  return lazy(async () => {
    const componente: ComponentType<ScreenArgs> = (await carregar())[nome];
    return { default: componente };
  });
}

export const ROUTES: readonly RouteDef[] = [
  { path: '/usuarios', title: 'Usuários', role: '____USER_M', group: 'CADASTROS', priority: 407, tela: tela(() => import('../features/usuarios/usuarios-screen'), 'UsuariosScreen') },
  { path: '/perfis', title: 'Perfis', role: '____PERF_M', group: 'CADASTROS', priority: 408, tela: tela(() => import('../features/perfis/perfis-screen'), 'PerfisScreen') },
  { path: '/configuracoes', title: 'Configuração', role: '____CLIE_M', group: 'CADASTROS', priority: 409, tela: tela(() => import('../features/configuracoes/configuracoes-screen'), 'ConfiguracoesScreen') },
  { path: '/transportadora', title: 'Transportadoras', role: 'FRETE_TRANS_M', group: 'CADASTROS', priority: 410, tela: tela(() => import('../features/transportadoras/transportadoras-screen'), 'TransportadorasScreen') },
  // The landing page after login (spec 03 §2): in the main chunk, so the first screen needs no second trip.
  { path: '/ctes', title: 'Fretes', role: 'FRETE_CTE_M', group: 'FRETE', priority: 900, tela: CtesScreen },
  // Issue 31: the occurrences (OCOREN, CT-e delivery events) belong to whoever sees Fretes.
  { path: '/ocorrencias', title: 'Ocorrências', role: 'FRETE_CTE_M', group: 'FRETE', priority: 900.5, tela: tela(() => import('../features/ocorrencias/ocorrencias-screen'), 'OcorrenciasScreen') },
  { path: '/tabelas-frete', title: 'Tabelas de Frete', role: 'FRETE_TABFR_M', group: 'FRETE', priority: 901, tela: tela(() => import('../features/tabelas-frete/tabelas-frete-screen'), 'TabelasFreteScreen') },
  { path: '/minutas', title: 'Minutas', role: 'FRETE_MINU_M', group: 'FRETE', priority: 902, tela: tela(() => import('../features/minutas/minutas-screen'), 'MinutasScreen') },
  { path: '/romaneios', title: 'Romaneios', role: 'FRETE_ROMA_M', group: 'FRETE', priority: 903, tela: tela(() => import('../features/romaneios/romaneios-screen'), 'RomaneiosScreen') },
  { path: '/faturas', title: 'Faturas', role: 'FRETE_FAT_M', group: 'FRETE', priority: 904, tela: tela(() => import('../features/faturas/faturas-screen'), 'FaturasScreen') },
  { path: '/pagamentos', title: 'Pagamentos', role: 'FRETE_PAG_M', group: 'FRETE', priority: 904.5, tela: tela(() => import('../features/pagamentos/pagamentos-screen'), 'PagamentosScreen') },
  { path: '/recebimento', title: 'Recebimento', role: 'FRETE_RECEB_M', group: 'FRETE', priority: 904.6, tela: tela(() => import('../features/recebimento/recebimento-screen'), 'RecebimentoScreen') },
  { path: '/indicadores', title: 'Indicadores de Frete', role: 'FRETE_IND_FRETE_PESO', group: 'FRETE', priority: 905, tela: tela(() => import('../features/indicadores/indicadores-screen'), 'IndicadoresScreen') },
  { path: '/tipos-veiculo', title: 'Tipos de Veículo', role: 'FRETE_TVEIC_M', group: 'FRETE', priority: 906, tela: tela(() => import('../features/tipos-veiculo/tipos-veiculo-screen'), 'TiposVeiculoScreen') },
  { path: '/veiculos', title: 'Veículos', role: 'FRETE_VEIC_M', group: 'FRETE', priority: 907, tela: tela(() => import('../features/veiculos/veiculos-screen'), 'VeiculosScreen') },
  { path: '/motoristas', title: 'Motoristas', role: 'FRETE_MOTO_M', group: 'FRETE', priority: 908, tela: tela(() => import('../features/motoristas/motoristas-screen'), 'MotoristasScreen') },
  { path: '/uf', title: 'Limites por UF', role: 'FRETE_LIMITE_UF_M', group: 'FRETE', priority: 909, tela: tela(() => import('../features/ufs/limites-uf-screen'), 'LimitesUfScreen') },
];

export const ROTA_INICIAL = '/ctes';
