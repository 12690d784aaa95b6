import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { mensagemTransicaoIlegal, proximoStatus } from '../../../machines/cte-audit';
import { mensagemAguardandoAprovacao, MSG_NENHUM_NIVEL_COBRE, type encaminharSchema } from '../../contracts/alcadas';
import { MSG_CTE_SEM_AUDITORIA, mensagemCteNaoEncontrado, type ResultadoLote } from '../../contracts/ctes';
import type { Nivel } from '../../contracts/permissoes';
import type { Db } from '../db/database';
import { cte, cteAuditoria } from '../db/schema/cte';
import { ApiError } from '../http/api-error';
import { lerCtesParaAprovar } from './aprovar-ctes';
import { naLista } from '../tabelas-frete/resolver-tabela-frete';
import { alcadaDoUsuario, dentroDoLimite, limitesDosNiveis, type Limites } from '../alcadas/ler-alcadas';
import { diferencaCte, registrarAprovacoes } from '../alcadas/registrar-aprovacoes';

export type Encaminhamento = z.infer<typeof encaminharSchema>;

/** The levels a CT-e may be forwarded to, lowest first. */
const ORDEM_NIVEIS: readonly Nivel[] = ['SUPERVISOR', 'GERENTE', 'DIRETOR', 'ADMIN'];

/** The lowest level whose CT-e limit covers `diferenca`, or null. */
export const nivelQueCobre = (diferenca: string, limites: Record<Nivel, Limites>): Nivel | null =>
  ORDEM_NIVEIS.find((n) => dentroDoLimite(diferenca, limites[n].limiteCte)) ?? null;

/**
 * POST /auditorias-cte/encaminhar (issue 29): each CT-e the machine lets be approved waits for the lowest level
 * whose limit covers its difference (cte.aguardando_aprovacao_nivel), recorded as ENCAMINHAMENTO. One CT-e sent:
 * a refusal answers 409; a batch forwards the others and lists the refused in `ignorados`. Unknown ids: 404.
 */
export async function encaminharCtes(db: Db, dados: Encaminhamento, usuarioId: number): Promise<ResultadoLote> {
  const ids = [...new Set(dados.ctes)];
  const motivo = dados.motivo?.trim() || null;
  const resultado = await db.transaction(async (tx) => {
    const porId = await lerCtesParaAprovar(tx, ids);
    const [limites, quem] = await Promise.all([limitesDosNiveis(tx), alcadaDoUsuario(tx, usuarioId)]);
    const ignorados: ResultadoLote['ignorados'] = [];
    const destinos: { id: number; nivel: Nivel; diferenca: string }[] = [];
    for (const id of ids) {
      const l = porId.get(id)!;
      if (proximoStatus(l.status, { type: 'APROVAR' }) === null) ignorados.push({ id, numero: l.numero, motivo: mensagemTransicaoIlegal(l.status, 'APROVAR') });
      else if (l.valorCobrado === null) ignorados.push({ id, numero: l.numero, motivo: MSG_CTE_SEM_AUDITORIA });
      else {
        const diferenca = diferencaCte(l.valorCobrado, l.valorTotal);
        const nivel = nivelQueCobre(diferenca, limites);
        if (nivel === null) ignorados.push({ id, numero: l.numero, motivo: MSG_NENHUM_NIVEL_COBRE });
        else destinos.push({ id, nivel, diferenca });
      }
    }
    if (destinos.length) {
      const valores = sql.join(destinos.map((d) => sql`(${d.id}::int, ${d.nivel}::varchar)`), sql`, `);
      await tx.execute(sql`update cte set aguardando_aprovacao_nivel = v.nivel from (values ${valores}) as v(id, nivel) where cte.id = v.id`);
      await registrarAprovacoes(
        tx,
        destinos.map((d) => ({ tipo: 'ENCAMINHAMENTO', cteId: d.id, usuarioId, nivel: quem.nivel, nivelDestino: d.nivel, diferenca: d.diferenca, motivo })),
      );
    }
    return { processados: destinos.length, ignorados, mensagens: resumoEncaminhamento(destinos.map((d) => d.nivel)) };
  });
  if (ids.length === 1 && resultado.ignorados.length) throw new ApiError(409, [resultado.ignorados[0].motivo]);
  return resultado;
}

/** One CT-e: "aguardando aprovação de Gerente"; several: "2 CT-e(s) aguardando aprovação de Gerente." per level. */
function resumoEncaminhamento(niveis: Nivel[]): string[] {
  if (niveis.length === 1) return [mensagemAguardandoAprovacao(niveis[0])];
  return ORDEM_NIVEIS.filter((n) => niveis.includes(n)).map((n) => `${niveis.filter((x) => x === n).length} CT-e(s) ${mensagemAguardandoAprovacao(n)}.`);
}
