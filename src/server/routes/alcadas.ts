import { Hono } from 'hono';
import { alcadasSalvarSchema, type Alcadas, type MinhaAlcada } from '../../contracts/alcadas';
import type { AppEnv } from '../app-env';
import { alcadaDoUsuario, lerAlcadas } from '../alcadas/ler-alcadas';
import { salvarAlcadas } from '../alcadas/salvar-alcadas';
import { validate } from '../http/validate';
import { areaApi } from '../permissoes/area-api';
import { ADMIN, AUTH } from '../permissoes/regras';

/** /alcadas (issue 29; docs/decisoes.md §36): the approval limits (ADMIN), and the logged user's own (any user). */
export const alcadasRoutes = () =>
  new Hono<AppEnv>()
    .get('/minha', async (c) => c.json<MinhaAlcada>(await alcadaDoUsuario(c.get('banco').db, c.get('usuario').id), 200))
    .get('/', async (c) => c.json<Alcadas>(await lerAlcadas(c.get('banco').db), 200))
    .post('/', validate('json', alcadasSalvarSchema), async (c) => c.json<Alcadas>(await salvarAlcadas(c.get('banco').db, c.req.valid('json')), 200));

export const alcadasApi = areaApi('/api/alcadas', () => alcadasRoutes(), {
  'GET /': ADMIN,
  'POST /': ADMIN,
  'GET /minha': AUTH,
});
