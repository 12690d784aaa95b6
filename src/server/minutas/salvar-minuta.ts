import { eq, sql } from 'drizzle-orm';
import { mensagemTransicaoMinuta, podeMinuta } from '../../../machines/minuta-confirmation';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../contracts/common';
import { MSG_INFORME_VERSAO_MINUTA, type MinutaSalvar } from '../../contracts/minutas';
import type { Db } from '../db/database';
import { minuta, minutaElementoCusto, minutaNotaFiscal } from '../db/schema/minuta';
import { ApiError, badRequest } from '../http/api-error';
import { minutaNaoEncontrada } from './ler-minuta';
import { conferirReferencias } from './referencias-minuta';
import { relogio } from '../../domain/relogio';

// POST /minutas (spec 03 §7 "save"): a new minuta (no id) is PENDENTE and MANUAL; a saved one must still take
// EDITAR (PENDENTE) at the version the user saw. Its notes and cost elements replace the stored ones and
// their counts (read by the list's completeness) change with them. One transaction; the row is locked, so a
// save and a confirmation of the same minuta run one after the other and the second sees the first.

/** The minuta's own columns from the request (what POST /minutas may change). */
const colunas = (m: MinutaSalvar) => ({
  fatura: m.fatura,
  numero: m.numero,
  serie: m.serie,
  chave: m.chave,
  dataEmissao: m.dataEmissao,
  transportadoraId: m.transportadora?.id ?? null,
  origemId: m.origem?.id ?? null,
  destinoId: m.destino?.id ?? null,
  clienteId: m.cliente?.id ?? null,
  peso: m.peso,
  percentualIcms: m.percentualIcms,
  valorTotalFrete: m.valorTotalFrete,
  cnpjTomador: m.cnpjTomador,
  cnpjRemetente: m.cnpjRemetente,
  quantidadeNotasFiscais: m.notasFiscais.length,
  quantidadeElementosCusto: m.elementosCusto.length,
});

async function gravarFilhos(tx: Db, minutaId: number, m: MinutaSalvar): Promise<void> {
  if (m.notasFiscais.length) await tx.insert(minutaNotaFiscal).values(m.notasFiscais.map((n) => ({ minutaId, serie: n.serie, numero: n.numero })));
  if (m.elementosCusto.length) await tx.insert(minutaElementoCusto).values(m.elementosCusto.map((e) => ({ minutaId, nome: e.nome, valor: e.valor })));
}

/** Locks a saved minuta and checks it may be edited at `versao`: 404, 409 (status, then version). */
async function travarParaEditar(tx: Db, id: number, versao: number): Promise<void> {
  const [atual] = await tx.select({ status: minuta.status, versao: minuta.versao, numero: minuta.numero }).from(minuta).where(eq(minuta.id, id)).for('update');
  if (!atual) throw minutaNaoEncontrada();
  if (!podeMinuta(atual.status, 'EDITAR')) throw new ApiError(409, [mensagemTransicaoMinuta(atual.status, 'EDITAR', atual.numero)]);
  if (atual.versao !== versao) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
}

/** Saves the minuta; answers its id and whether it was created. */
export async function salvarMinuta(db: Db, m: MinutaSalvar): Promise<{ id: number; criada: boolean }> {
  const { id, versao } = m;
  if (id !== undefined && versao === undefined) throw badRequest(MSG_INFORME_VERSAO_MINUTA);
  return db.transaction(async (tx) => {
    await conferirReferencias(tx, m);
    if (id === undefined) {
      const [criada] = await tx
        .insert(minuta)
        .values({ ...colunas(m), status: 'PENDENTE', origemMinuta: 'MANUAL' })
        .returning({ id: minuta.id });
      await gravarFilhos(tx, criada.id, m);
      return { id: criada.id, criada: true };
    }
    await travarParaEditar(tx, id, versao!);
    await tx
      .update(minuta)
      .set({ ...colunas(m), versao: sql`${minuta.versao} + 1`, alteradaEm: relogio.agora() })
      .where(eq(minuta.id, id));
    await tx.delete(minutaNotaFiscal).where(eq(minutaNotaFiscal.minutaId, id));
    await tx.delete(minutaElementoCusto).where(eq(minutaElementoCusto.minutaId, id));
    await gravarFilhos(tx, id, m);
    return { id, criada: false };
  });
}
