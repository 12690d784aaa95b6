import type { AreaApi } from './permissoes/area-api';
import { pingApi } from './routes/ping';
import { loginApi } from './routes/login';
import { euApi } from './routes/eu';
import { usuariosApi } from './routes/usuarios';
import { versoesApi } from './routes/versoes';
import { perfisApi } from './routes/perfis';
import { transportadorasApi } from './routes/transportadoras';
import { clientesApi, vwClientesApi } from './routes/clientes';
import { configuracoesApi } from './routes/configuracoes';
import { ctesApi } from './routes/ctes';
import { auditoriasCteApi } from './routes/auditorias-cte';
import { faturasApi } from './routes/faturas';
import { minutasApi } from './routes/minutas';
import { romaneiosApi } from './routes/romaneios';
import { romaneiosColacrilApi } from './routes/romaneios-colacril';
import { ordensServicoApi } from './routes/ordens-servico';
import { vwApi } from './routes/vw';
import { indicadoresApi } from './routes/indicadores';
import { publicApi } from './routes/public';
import { vwPedidosApi, vwNotasFiscaisApi } from './routes/erp-consultas';
import { acompanhamentosApi } from './routes/acompanhamentos';
import { inadimplenciasApi } from './routes/inadimplencias';
import { tiposVeiculoApi, veiculosApi } from './routes/veiculos';
import { motoristasApi } from './routes/motoristas';
import { ufsApi, municipiosApi } from './routes/ufs';
import { tabelasFreteApi } from './routes/tabelas-frete';
import { tabelasFreteReajusteApi } from './routes/tabelas-frete-reajuste';
import { buscaApi } from './routes/busca';
import { contestacoesApi } from './routes/contestacoes';
import { alcadasApi } from './routes/alcadas';
import { pagamentosApi } from './routes/pagamentos';
import { preFaturasApi } from './routes/pre-faturas';
import { regrasPagamentoApi } from './routes/regras-pagamento';
import { recebimentoApi } from './routes/recebimento';
import { ocorrenciasApi } from './routes/ocorrencias';

/**
 * Every API base path, in mount order: app.ts mounts each sub-app and guards /api with their rules; the startup
 * check (permissoes/rotas-guardadas.ts) and the permission matrix test read the same rows. A new area adds its
 * routes file (src/server/routes/<base>.ts, exporting its areaApi) and one line here.
 */
export const AREAS_API: readonly AreaApi[] = [
  pingApi,
  loginApi,
  euApi,
  usuariosApi,
  versoesApi,
  perfisApi,
  transportadorasApi,
  clientesApi,
  vwClientesApi,
  configuracoesApi,
  ctesApi,
  auditoriasCteApi,
  faturasApi,
  minutasApi,
  romaneiosApi,
  romaneiosColacrilApi,
  ordensServicoApi,
  vwApi,
  indicadoresApi,
  publicApi,
  vwPedidosApi,
  vwNotasFiscaisApi,
  acompanhamentosApi,
  inadimplenciasApi,
  tiposVeiculoApi,
  veiculosApi,
  motoristasApi,
  ufsApi,
  municipiosApi,
  tabelasFreteApi,
  tabelasFreteReajusteApi,
  buscaApi,
  alcadasApi,
  pagamentosApi,
  preFaturasApi,
  regrasPagamentoApi,
  recebimentoApi,
  contestacoesApi,
  ocorrenciasApi,
];

/** Who may call what: every route of every area, with its full path. */
export const ROUTE_PERMISSIONS = AREAS_API.flatMap((a) => a.permissoes);
