import { and, eq } from 'drizzle-orm';
import { sentidoDaOcorrencia } from '../../contracts/ocorrencias';
import type { Db } from '../db/database';
import { ocorrencia } from '../db/schema/ocorrencia';
import { observacaoCancelamentoEntrega, type EventoEntregaLido } from './evento-entrega-xml';

// Issue 31: a CT-e delivery event read from XML (folder, upload, mailbox, SEFAZ) becomes an occurrence of its CT-e (origem
// EVENTO_CTE); migration 0027's triggers link it by the key, now or when the CT-e arrives, and keep the CT-e's marks. A
// cancellation (110181, 110191) is an occurrence too (the timeline shows it) and sets `cancelada` on the event whose
// protocol it names; read before that event, the event is stored already cancelled. The same event read again
// (same key, type and sequence) changes nothing.

/** The event a cancellation cancels, and the cancellation of an event. */
const CANCELA = { '110181': '110180', '110191': '110190' } as const;
const CANCELADO_POR = { '110180': '110181', '110190': '110191' } as const;

export const identidadeEvento = (e: Pick<EventoEntregaLido, 'chave' | 'tipoEvento' | 'sequencia'>) => `E|${e.chave}|${e.tipoEvento}|${e.sequencia}`;

/** Stores one delivery event (one transaction): NOVO, or REPETIDO when it was stored before. */
export async function gravarEventoEntrega(db: Db, e: EventoEntregaLido, arquivo: string): Promise<'NOVO' | 'REPETIDO'> {
  return db.transaction(async (tx) => {
    let cancelada = false;
    if (e.tipoEvento === '110180' || e.tipoEvento === '110190') {
      // Its cancellation may have come first: it names this event's protocol.
      const cancelamento = CANCELADO_POR[e.tipoEvento];
      if (e.protocolo) {
        const [c] = await tx
          .select({ id: ocorrencia.id })
          .from(ocorrencia)
          .where(and(eq(ocorrencia.chaveCte, e.chave), eq(ocorrencia.codigo, cancelamento), eq(ocorrencia.observacao, observacaoCancelamentoEntrega(cancelamento, e.protocolo))))
          .limit(1);
        cancelada = c !== undefined;
      }
    }
    const [nova] = await tx
      .insert(ocorrencia)
      .values({
        origem: 'EVENTO_CTE',
        transportadoraCnpj: e.transportadoraCnpj,
        chaveCte: e.chave,
        codigo: e.tipoEvento,
        sentido: sentidoDaOcorrencia('EVENTO_CTE', e.tipoEvento, null, null),
        observacao: e.observacao,
        dataHora: new Date(e.dataHora),
        arquivo: arquivo.slice(0, 255),
        cancelada,
        protocolo: e.protocolo,
        identidade: identidadeEvento(e),
      })
      .onConflictDoNothing({ target: ocorrencia.identidade })
      .returning({ id: ocorrencia.id });
    if (!nova) return 'REPETIDO';
    if ((e.tipoEvento === '110181' || e.tipoEvento === '110191') && e.protocoloCancelado) {
      // The trigger on `cancelada` recomputes the marks of the CT-es it is linked to.
      await tx
        .update(ocorrencia)
        .set({ cancelada: true })
        .where(and(eq(ocorrencia.protocolo, e.protocoloCancelado), eq(ocorrencia.chaveCte, e.chave), eq(ocorrencia.codigo, CANCELA[e.tipoEvento]), eq(ocorrencia.cancelada, false)));
    }
    return 'NOVO';
  });
}
