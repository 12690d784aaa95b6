import { Hono } from 'hono';
import { asc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { VersaoNotas } from '../../contracts/versoes';
import type { AppEnv } from '../app-env';
import { versaoNota } from '../db/schema/versao-nota';
import { versaoSistema } from '../db/schema/versao-sistema';
import { validate } from '../http/validate';
import { areaApi } from '../permissoes/area-api';
import { AUTH } from '../permissoes/regras';

// 0 is a valid "last seen" id: a user who has seen no version yet.
const ultimaVistaSchema = z.object({
  id: z.coerce
    .number({ error: 'O identificador deve ser um número.' })
    .int('O identificador deve ser um número inteiro.')
    .min(0, 'O identificador não pode ser negativo.')
    .max(2_147_483_647, 'O identificador é grande demais.'),
});

/** GET /versoes/{lastSeenId}: versions newer than that id, oldest first, notes aggregated in the same query. */
export const versoesRoutes = () =>
  new Hono<AppEnv>().get('/:id', validate('param', ultimaVistaSchema), async (c) => {
    const linhas = await c
      .get('banco')
      .db.select({
        id: versaoSistema.id,
        detalhes: sql<VersaoNotas['detalhes']>`coalesce(json_agg(json_build_object('tipo', ${versaoNota.tipo}, 'nota', ${versaoNota.nota}) order by ${versaoNota.ordem}) filter (where ${versaoNota.id} is not null), '[]'::json)`,
      })
      .from(versaoSistema)
      .leftJoin(versaoNota, eq(versaoNota.versaoId, versaoSistema.id))
      .where(gt(versaoSistema.id, c.req.valid('param').id))
      .groupBy(versaoSistema.id)
      .orderBy(asc(versaoSistema.id));
    return c.json(linhas, 200);
  });

export const versoesApi = areaApi('/api/versoes', () => versoesRoutes(), {
  'GET /:id': AUTH,
});
