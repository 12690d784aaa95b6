import { Hono } from 'hono';
import { eq, sql } from 'drizzle-orm';
import { MSG_SENHA_ALTERADA, alterarSenhaSchema, configuracoesUsuarioSchema } from '../../contracts/auth';
import { MSG_SESSAO_INVALIDA } from '../../contracts/erros';
import type { AppEnv } from '../app-env';
import { hashPassword } from '../auth/password';
import { usuario } from '../db/schema/usuario';
import { ApiError } from '../http/api-error';
import { validate } from '../http/validate';
import { loadUsuarioLogado } from '../usuarios/load-usuario-logado';
import { toUsuarioLogado } from '../usuarios/to-usuario-logado';

/** /usuarios: for now the logged user's own password and settings (the register comes with the users screen). */
export const usuariosRoutes = () =>
  new Hono<AppEnv>()
    .post('/alterar-senha', validate('json', alterarSenhaSchema), async (c) => {
      const { senha } = c.req.valid('json');
      const hash = await hashPassword(senha);
      await c
        .get('banco')
        .db.update(usuario)
        .set({ senhaHash: hash, versao: sql`${usuario.versao} + 1` })
        .where(eq(usuario.id, c.get('usuario').id));
      return c.json({ mensagens: [MSG_SENHA_ALTERADA] }, 200);
    })
    // Our path (the spec does not name it): merges known keys into the settings map, e.g. ultimaVersao.
    .post('/configuracoes', validate('json', configuracoesUsuarioSchema), async (c) => {
      const { db } = c.get('banco');
      const { id } = c.get('usuario');
      await db
        .update(usuario)
        .set({ settings: sql`${usuario.settings} || ${JSON.stringify(c.req.valid('json'))}::jsonb` })
        .where(eq(usuario.id, id));
      const atualizado = await loadUsuarioLogado(db, id, c.get('empresa'));
      if (!atualizado) throw new ApiError(401, [MSG_SESSAO_INVALIDA]);
      return c.json(toUsuarioLogado(atualizado), 200);
    });
