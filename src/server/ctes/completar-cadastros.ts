import { and, asc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { TipoCteEs } from '../../contracts/ctes';
import type { Db } from '../db/database';
import { cte } from '../db/schema/cte';
import { clientesPorDocumento, colunasPartes, documentoCliente } from './tipo-cte';
import { transportadorasDosEmitentes } from './transportadora-do-emitente';
import { agoraSql } from '../db/agora-sql';

const LOTE = 500;

/**
 * "Processar CT-es" also completes the PROCESSADO CT-es still missing their carrier or customer (registered
 * after the CT-e was processed): the carrier from the issuer's CNPJ (a branch by its root), the customer
 * from the CT-e's type. The status does not change; a CT-e changed meanwhile is left for the next run.
 * Answers how many CT-es got a carrier or a customer.
 */
export async function completarCadastros(db: Db): Promise<number> {
  let completados = 0;
  // A DESCONHECIDO CT-e names no customer (documentoCliente): only its carrier can be missing.
  const falta = or(isNull(cte.transportadoraId), and(isNull(cte.clienteId), ne(cte.tipo, 'DESCONHECIDO')));
  for (let ultimo = 0; ; ) {
    const ctes = await db
      .select({
        id: cte.id,
        versao: cte.versao,
        tipo: cte.tipo,
        transportadoraId: cte.transportadoraId,
        clienteId: cte.clienteId,
        emitenteDocumento: cte.emitenteDocumento,
        ...colunasPartes,
      })
      .from(cte)
      .where(and(eq(cte.status, 'PROCESSADO'), falta, gt(cte.id, ultimo)))
      .orderBy(asc(cte.id))
      .limit(LOTE);
    if (!ctes.length) return completados;
    ultimo = ctes[ctes.length - 1].id;
    const docCliente = (c: (typeof ctes)[number]) => documentoCliente(c, c.tipo as TipoCteEs);
    const [transportadoras, clientes] = await Promise.all([
      transportadorasDosEmitentes(db, ctes.filter((c) => c.transportadoraId === null).map((c) => c.emitenteDocumento)),
      clientesPorDocumento(db, ctes.filter((c) => c.clienteId === null).map(docCliente)),
    ]);
    const novos = ctes
      .map((c) => {
        const doc = docCliente(c);
        return {
          id: c.id,
          versao: c.versao,
          transportadora_id: c.transportadoraId ?? ((c.emitenteDocumento && transportadoras.get(c.emitenteDocumento)?.id) || null),
          cliente_id: c.clienteId ?? ((doc && clientes.get(doc)) || null),
          antes: c,
        };
      })
      .filter((n) => n.transportadora_id !== n.antes.transportadoraId || n.cliente_id !== n.antes.clienteId)
      .map(({ antes: _antes, ...n }) => n);
    if (!novos.length) continue;
    const escritos = (await db.execute(sql`
      update cte as c set transportadora_id = x.transportadora_id, cliente_id = x.cliente_id, versao = c.versao + 1, alterado_em = ${agoraSql()}
      from jsonb_to_recordset(${JSON.stringify(novos)}::jsonb) as x(id int, versao int, transportadora_id int, cliente_id int)
      where c.id = x.id and c.versao = x.versao returning c.id`)) as unknown as { rows: unknown[] };
    completados += escritos.rows.length;
  }
}
