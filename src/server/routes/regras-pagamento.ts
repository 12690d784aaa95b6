import { Hono } from 'hono';
import { regrasPagamentoSchema, type RegrasPagamento } from '../../contracts/pagamentos';
import type { AppEnv } from '../app-env';
import { validate } from '../http/validate';
import { lerRegrasPagamento } from '../pagamentos/regras-pagamento';
import { salvarRegrasPagamento, type RegrasPagamentoSalvas } from '../pagamentos/regras-salvar';
import { areaApi } from '../permissoes/area-api';
import { ADMIN, anyOf } from '../permissoes/regras';

/** /regras-pagamento (issue 29; docs/decisoes.md §36): the release rules, read by who sees faturas or payments, saved by the admin. */
export const regrasPagamentoRoutes = () =>
  new Hono<AppEnv>()
    .get('/', async (c) => c.json<RegrasPagamento>(await lerRegrasPagamento(c.get('banco').db), 200))
    .post('/', validate('json', regrasPagamentoSchema), async (c) =>
      c.json<RegrasPagamentoSalvas>(await salvarRegrasPagamento(c.get('banco').db, c.req.valid('json')), 200),
    );

export const regrasPagamentoApi = areaApi('/api/regras-pagamento', () => regrasPagamentoRoutes(), {
  'GET /': anyOf('FRETE_FAT_M', 'FRETE_PAG_M'),
  'POST /': ADMIN,
});
