import { eq, sql } from 'drizzle-orm';
import type { Empresa } from '../../contracts/common';
import { MSG_IMPRESSAO_SEM_AUDITORIA } from '../../contracts/ctes';
import { MSG_REGISTRO_NAO_ENCONTRADO } from '../../contracts/erros';
import type { Db } from '../db/database';
import { cte } from '../db/schema/cte';
import { transportadora } from '../db/schema/transportadora';
import { ApiError } from '../http/api-error';
import type { DadosCalculoCte } from '../documentos/calculo-cte-pdf';
import { lerAuditorias } from './ler-auditorias';
import { relogio } from '../../domain/relogio';

/** What the calculation PDF of a CT-e prints; 404 when the CT-e does not exist or has no audit yet. */
export async function dadosCalculoCte(db: Db, id: number, empresa: Empresa): Promise<DadosCalculoCte> {
  const [[linha], [auditoria]] = await Promise.all([
    db
      .select({
        numero: cte.numero,
        serie: cte.serie,
        chave: cte.chave,
        dataEmissao: cte.dataEmissao,
        status: cte.status,
        razaoSocial: transportadora.razaoSocial,
        emitente: sql<string | null>`${cte.documento} #>> '{emitente,nome}'`,
        origem: sql<string>`(${cte.documento} #>> '{identificacao,nomeMunicipioOrigem}') || '/' || ${cte.ufOrigem}`,
        destino: sql<string>`(${cte.documento} #>> '{identificacao,nomeMunicipioDestino}') || '/' || ${cte.ufDestino}`,
        pesoBruto: cte.pesoBruto,
        valorCarga: sql<string | null>`coalesce(${cte.valorNotas}, ${cte.valorCarga})::text`,
      })
      .from(cte)
      .leftJoin(transportadora, eq(transportadora.id, cte.transportadoraId))
      .where(eq(cte.id, id)),
    lerAuditorias(db, [id]),
  ]);
  if (!linha) throw new ApiError(404, [MSG_REGISTRO_NAO_ENCONTRADO]);
  if (!auditoria) throw new ApiError(404, [MSG_IMPRESSAO_SEM_AUDITORIA]);
  const { razaoSocial, emitente, ...resto } = linha;
  return {
    empresa,
    emitidoEm: relogio.agora(),
    cte: { ...resto, transportadora: razaoSocial ?? emitente ?? '—', origem: resto.origem ?? '—', destino: resto.destino ?? '—' },
    auditoria,
  };
}
