import { asc, sql } from 'drizzle-orm';
import { mensagemTransicaoMinuta, podeMinuta, proximoStatusMinuta } from '../../../machines/minuta-confirmation';
import { mensagemMinutaIncompleta, mensagemMinutasConfirmadas, type MinutasConfirmadas } from '../../contracts/minutas';
import { faltasMinuta } from '../../domain/minutas/completude-minuta';
import type { Db } from '../db/database';
import { minuta } from '../db/schema/minuta';
import { ApiError } from '../http/api-error';
import { idEmLista } from './minuta-linha';
import { relogio } from '../../domain/relogio';

// POST /minutas/confirmar (spec 03 §4 "Minuta status", §7; docs/decisoes.md §21): all or nothing, in one transaction of
// three statements whatever the number of ids (up to 5,000). The rows are locked in id order (two
// confirmations, or a confirmation and a save, never wait on each other in a cycle); every id must exist, be
// PENDENTE and be complete by completude-minuta's one rule; otherwise 404/409 lists every culprit and
// nothing changes. Then one UPDATE moves them all to the machine's next status (PREENCHIDO).

const MAXIMO_IDS_NA_MENSAGEM = 20;

/** 404 of a confirmation naming the ids the company does not have (the first 20 of them). */
export function mensagemMinutasNaoEncontradas(ids: readonly number[]): string {
  const mostrados = ids.slice(0, MAXIMO_IDS_NA_MENSAGEM).join(', ');
  const resto = ids.length > MAXIMO_IDS_NA_MENSAGEM ? ` e mais ${ids.length - MAXIMO_IDS_NA_MENSAGEM}` : '';
  return `Minuta(s) não encontrada(s): id ${mostrados}${resto}.`;
}

const colunasCompletude = {
  id: minuta.id,
  status: minuta.status,
  numero: minuta.numero,
  fatura: minuta.fatura,
  origem: minuta.origemId,
  destino: minuta.destinoId,
  transportadora: minuta.transportadoraId,
  cliente: minuta.clienteId,
  cnpjRemetente: minuta.cnpjRemetente,
  cnpjTomador: minuta.cnpjTomador,
  peso: minuta.peso,
  valorTotalFrete: minuta.valorTotalFrete,
  quantidadeNotasFiscais: minuta.quantidadeNotasFiscais,
  quantidadeElementosCusto: minuta.quantidadeElementosCusto,
};
type LinhaCompletude = Awaited<ReturnType<typeof travar>>[number];

function travar(tx: Db, ids: readonly number[]) {
  return tx.select(colunasCompletude).from(minuta).where(idEmLista(minuta.id, ids)).orderBy(asc(minuta.id)).for('update');
}

/** Why this locked minuta cannot be confirmed, or null. */
function recusa(m: LinhaCompletude): string | null {
  if (!podeMinuta(m.status, 'CONFIRMAR')) return mensagemTransicaoMinuta(m.status, 'CONFIRMAR', m.numero);
  const faltas = faltasMinuta(m);
  return faltas.length ? mensagemMinutaIncompleta(m.numero, faltas) : null;
}

/** Confirms every id or none; answers how many and the status-line message. */
export async function confirmarMinutas(db: Db, ids: readonly number[]): Promise<MinutasConfirmadas> {
  const confirmado = proximoStatusMinuta('PENDENTE', { type: 'CONFIRMAR', completa: true })!;
  return db.transaction(async (tx) => {
    const linhas = await travar(tx, ids);
    if (linhas.length < ids.length) {
      const achados = new Set(linhas.map((l) => l.id));
      throw new ApiError(404, [mensagemMinutasNaoEncontradas(ids.filter((id) => !achados.has(id)).sort((a, b) => a - b))]);
    }
    const recusas = linhas.map(recusa).filter((m): m is string => m !== null);
    if (recusas.length) throw new ApiError(409, recusas);
    await tx
      .update(minuta)
      .set({ status: confirmado, versao: sql`${minuta.versao} + 1`, alteradaEm: relogio.agora() })
      .where(idEmLista(minuta.id, ids));
    return { confirmadas: linhas.length, mensagens: [mensagemMinutasConfirmadas(linhas.length)] };
  });
}
