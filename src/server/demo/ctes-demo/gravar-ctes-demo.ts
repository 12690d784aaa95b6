import type { CteLido } from '../../../contracts/cte-documento';
import { gerarXmlCte } from '../../ingest/gerar-xml-cte';
import type { Db } from '../../db/database';
import { cteGrupo } from '../../db/schema/cte';
import { GRUPOS_DEMO } from './constantes-demo';
import { inserirJson } from '../../db/inserir-json';
import { auditoriasCte, linhasCte, notasCte } from './linhas-cte-demo';
import type { ContextoDemo, Plano } from './tipos-demo';

const LOTE_CTE = 500;

/** The groups, then the CT-es with their notes, XMLs and audits, in multi-row batches of LOTE_CTE. */
export async function gravarCtesDemo(db: Db, ctx: ContextoDemo, planos: Plano[], documentos: CteLido[]): Promise<void> {
  const { dados, hoje } = ctx;
  // Confirmed five hours after the group's latest CT-e, never after now.
  const confirmadoEm = (i: number) => new Date(Math.min(Math.max(...planos.filter((p) => p.grupo === i).map((p) => p.ms)) + 3_600_000 * 5, hoje.getTime()));
  const grupos = GRUPOS_DEMO.length
    ? await db
        .insert(cteGrupo)
        .values(GRUPOS_DEMO.map((_, i) => ({ tipoVeiculoId: dados.truck, confirmadoPor: dados.responsavel, confirmadoEm: confirmadoEm(i) })))
        .returning({ id: cteGrupo.id })
    : [];
  for (let i = 0; i < planos.length; i += LOTE_CTE) await gravarLote(db, ctx, planos.slice(i, i + LOTE_CTE), documentos.slice(i, i + LOTE_CTE), grupos);
}

async function gravarLote(db: Db, ctx: ContextoDemo, lote: Plano[], docs: CteLido[], grupos: { id: number }[]): Promise<void> {
  const linhas = linhasCte(ctx, lote, docs, grupos);
  const ids = await inserirJson<{ id: number; chave: string }>(
    db,
    'cte',
    linhas.map(({ _veredito, _aprovado, ...l }) => l),
    'id, chave',
  );
  const idDe = new Map(ids.map((x) => [x.chave, x.id]));
  await inserirJson(db, 'cte_nota', notasCte(lote, docs, idDe));
  await inserirJson(db, 'cte_xml', docs.map((d) => ({ cteId: idDe.get(d.chave)!, nomeArquivo: `${d.chave}-procCTe.xml`, xml: gerarXmlCte(d) })));
  await inserirJson(db, 'cte_auditoria', auditoriasCte(ctx, lote, linhas, idDe));
}
