import type { CompanyDatabase, Db } from '../../db/database';
import { aleatorio } from './aleatorio';
import { calculadoraDemo } from './auditoria-demo';
import { carregarDadosDemo } from './carregar-dados-demo';
import { documentosDemo } from './documento-demo';
import { gravarCtesDemo } from './gravar-ctes-demo';
import { inserirJson } from '../../db/inserir-json';
import { notasDemo } from './notas-demo';
import { notasPedidosErp } from './notas-pedidos-erp';
import { planejadorDemo } from './planejador-demo';
import { planejarCtes } from './planejar-ctes';
import type { ContextoDemo } from './tipos-demo';

/**
 * Builds and writes the demo CT-es inside the caller's transaction. One random sequence per company drives
 * every step, in this order: the first note numbers, the plans (with their audits), inconsistencies, the
 * documents, the ERP orders, then the batches' times. Reordering the steps changes every CT-e.
 */
export async function criarCtesDemo(db: Db, banco: CompanyDatabase, hoje: Date): Promise<void> {
  const empresa = banco.empresa;
  const r = aleatorio(empresa === 'RRE' ? 5105 : 2026);
  const dados = await carregarDadosDemo(db, empresa);
  if (!dados) return;
  const ctx: ContextoDemo = { empresa, hoje, r, dados };
  const notasDe = notasDemo(r, empresa, dados.plantas);
  const planos = await planejarCtes(ctx, planejadorDemo(ctx, notasDe), calculadoraDemo(db, dados.plantas));
  const documentos = documentosDemo(empresa, planos, dados.plantas, r, hoje.getTime());

  const erp = notasPedidosErp(planos, r);
  const schemaErp = `"${banco.erpSchema}"`;
  await inserirJson(db, `${schemaErp}.vw_nota_fiscal`, erp.notas);
  await inserirJson(db, `${schemaErp}.vw_pedido`, erp.pedidos);

  await gravarCtesDemo(db, ctx, planos, documentos);
}
