import { and, eq, sql } from 'drizzle-orm';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../contracts/common';
import { MSG_REGISTRO_NAO_ENCONTRADO } from '../../contracts/erros';
import type { TabelaFrete, TabelaFreteCadastro } from '../../contracts/tabela-frete-modelo';
import { validarTabelaFrete } from '../../domain/frete/validar-tabela-frete';
import type { Db } from '../db/database';
import { tabelaFrete } from '../db/schema/tabela-frete';
import { ApiError, badRequest } from '../http/api-error';
import { atribuirIds } from './atribuir-ids';
import { resolverTabelaFrete } from './resolver-tabela-frete';
import { relogio } from '../../domain/relogio';

/**
 * POST /tabelas-frete (spec 02 §4, §5): resolves the references, validates the whole table (every
 * message at once), assigns the nested ids and inserts it, or updates it when `versao` is current
 * (409 otherwise, 404 for an unknown id). Also used by the demo seed.
 */
export async function salvarTabelaFrete(db: Db, cadastro: TabelaFreteCadastro, usuarioId: number | null): Promise<TabelaFrete> {
  const tabela = await resolverTabelaFrete(db, cadastro);
  const mensagens = validarTabelaFrete(tabela);
  if (mensagens.length) throw badRequest(...mensagens);
  const conteudo = atribuirIds(tabela);
  const valores = {
    transportadoraId: tabela.transportadora!.id,
    inicio: tabela.inicio!,
    fim: tabela.fim,
    flags: tabela.flags,
    descricaoIcms: tabela.descricaoIcms,
    descricaoPesoTaxado: tabela.descricaoPesoTaxado,
    conteudo,
    alteradoPor: usuarioId,
  };
  const colunas = { id: tabelaFrete.id, versao: tabelaFrete.versao };
  const salvar = async (): Promise<{ id: number; versao: number } | undefined> => {
    if (cadastro.id === undefined) return (await db.insert(tabelaFrete).values(valores).returning(colunas))[0];
    if (cadastro.versao === undefined) return undefined;
    const [salvo] = await db
      .update(tabelaFrete)
      .set({ ...valores, versao: sql`${tabelaFrete.versao} + 1`, alteradoEm: relogio.agora() })
      .where(and(eq(tabelaFrete.id, cadastro.id), eq(tabelaFrete.versao, cadastro.versao)))
      .returning(colunas);
    return salvo;
  };
  const salvo = await salvar();
  if (!salvo) {
    const [existe] = await db.select({ id: tabelaFrete.id }).from(tabelaFrete).where(eq(tabelaFrete.id, cadastro.id!));
    throw existe ? new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]) : new ApiError(404, [MSG_REGISTRO_NAO_ENCONTRADO]);
  }
  return { ...tabela, ...conteudo, id: salvo.id, versao: salvo.versao };
}
