import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { mensagemUsuarioAlcadaDesconhecido, MSG_INFORME_VERSAO_ALCADAS, MSG_NIVEL_REPETIDO, MSG_USUARIO_REPETIDO, type Alcadas, type AlcadasSalvar } from '../../contracts/alcadas';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../contracts/common';
import type { Db } from '../db/database';
import { configuracao } from '../db/schema/configuracao';
import { alcada } from '../db/schema/pagamento';
import { usuario } from '../db/schema/usuario';
import { ApiError, badRequest } from '../http/api-error';
import { lerAlcadas } from './ler-alcadas';

/**
 * POST /alcadas (ADMIN): the levels sent get their row (replacing the default), the users sent their own row
 * (both limits null: the override is removed). The limits are one record versioned by configuracao.alcadas_versao:
 * a stale `versao` gets 409 and nothing changes. Answers the limits as GET /alcadas reads them.
 */
export async function salvarAlcadas(db: Db, dados: AlcadasSalvar): Promise<Alcadas> {
  if (dados.versao === undefined) throw badRequest(MSG_INFORME_VERSAO_ALCADAS);
  if (new Set(dados.niveis.map((n) => n.nivel)).size !== dados.niveis.length) throw badRequest(MSG_NIVEL_REPETIDO);
  const usuarioIds = dados.usuarios.map((u) => u.usuario);
  if (new Set(usuarioIds).size !== usuarioIds.length) throw badRequest(MSG_USUARIO_REPETIDO);
  await db.transaction(async (tx) => {
    const [config] = await tx.select({ versao: configuracao.alcadasVersao }).from(configuracao).where(eq(configuracao.id, 1)).for('update');
    if ((config?.versao ?? 0) !== dados.versao) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
    if (usuarioIds.length) {
      const existentes = new Set((await tx.select({ id: usuario.id }).from(usuario).where(inArray(usuario.id, usuarioIds))).map((u) => u.id));
      const faltam = usuarioIds.filter((id) => !existentes.has(id));
      if (faltam.length) throw new ApiError(400, faltam.map(mensagemUsuarioAlcadaDesconhecido));
      await tx.delete(alcada).where(and(isNotNull(alcada.usuarioId), inArray(alcada.usuarioId, usuarioIds)));
      const proprias = dados.usuarios.filter((u) => u.limiteCte !== null || u.limiteFatura !== null);
      if (proprias.length) await tx.insert(alcada).values(proprias.map((u) => ({ usuarioId: u.usuario, limiteCte: u.limiteCte, limiteFatura: u.limiteFatura })));
    }
    if (dados.niveis.length) {
      await tx.delete(alcada).where(inArray(alcada.nivel, dados.niveis.map((n) => n.nivel)));
      await tx.insert(alcada).values(dados.niveis.map((n) => ({ nivel: n.nivel, limiteCte: n.limiteCte, limiteFatura: n.limiteFatura })));
    }
    await tx.update(configuracao).set({ alcadasVersao: (config?.versao ?? 0) + 1 }).where(eq(configuracao.id, 1));
  });
  return lerAlcadas(db);
}
