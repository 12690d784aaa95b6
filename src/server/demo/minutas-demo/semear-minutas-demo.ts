import { sql } from 'drizzle-orm';
import type { CompanyDatabase, Db } from '../../db/database';
import { erpTabelas } from '../../erp/erp-tabelas';
import { linhas } from '../../db/linhas';
import { minuta, minutaElementoCusto, minutaNotaFiscal } from '../../db/schema/minuta';
import { deixarAmostraNaEntrada, notasErpAmostra, registrarTransportadoraDlb } from './amostra-conemb-demo';
import { ctesVinculadosDemo, modelosMinutasDemo } from './dados-minutas-demo';
import { CTES_VINCULADOS_DEMO, MODELOS_POR_TRANSPORTADORA, montarMinutasDemo, TRANSPORTADORAS_MINUTAS_DEMO, type MinutaDemo } from './plano-minutas-demo';
import { travarCarga } from '../../db/travar-carga';
import { relogio } from '../../../domain/relogio';

// Demo minutas (docs/decisoes.md §32), over the demo CT-es and registers, dated this month in São Paulo: every status,
// complete and incomplete PENDENTE ones (plano-minutas-demo.ts says what each lacks), confirmed ones, and
// converted ones linked to demo CT-es. And the CONEMB sample ready for "Ler ConEmb's" and "Converter
// Minutas": its carrier registered, some of its notes in the ERP, the file in the input folder.

export interface SeedMinutasOpcoes {
  /** EDI_DIR: the sample goes to <pastaEdi>/<empresa>/conemb/entrada. Without it, no file is placed. */
  pastaEdi?: string;
  /** "Now" (default relogio.agora()): the minutas' São Paulo month and days. */
  hoje?: Date;
}

/**
 * Seeds the demo minutas once: nothing when a minuta exists or a CONEMB was read (a database in use), or
 * when the demo CT-es they repeat are not there. Its own transaction; the file is placed after the commit,
 * only when this call seeded (a fresh demo database) and never over a file of the same name.
 */
export async function seedMinutasDemo(banco: CompanyDatabase, opcoes: SeedMinutasOpcoes = {}): Promise<void> {
  const hoje = opcoes.hoje ?? relogio.agora();
  const semeou = await banco.db.transaction(async (tx) => {
    await travarCarga(tx);
    const [{ usado }] = linhas<{ usado: boolean }>(
      await tx.execute(sql`select exists (select 1 from minuta) or exists (select 1 from conemb_arquivo) as usado`),
    );
    if (usado) return false;
    const modelos = await modelosMinutasDemo(tx, TRANSPORTADORAS_MINUTAS_DEMO, MODELOS_POR_TRANSPORTADORA);
    const vinculados = await ctesVinculadosDemo(tx, CTES_VINCULADOS_DEMO);
    if (!modelos.length || vinculados.length < CTES_VINCULADOS_DEMO) return false;
    const dentro = { ...banco, db: tx };
    await gravar(tx, montarMinutasDemo(modelos, vinculados, await maiorNotaErp(dentro), hoje));
    await registrarTransportadoraDlb(dentro);
    await notasErpAmostra(dentro);
    return true;
  });
  if (semeou && opcoes.pastaEdi) deixarAmostraNaEntrada(opcoes.pastaEdi, banco.empresa);
}

/** The highest NF número of série 1 in the demo ERP: the demo minutas' notes come after it. */
async function maiorNotaErp(banco: CompanyDatabase): Promise<number> {
  const { vwNotaFiscal } = erpTabelas(banco.erpSchema);
  const [{ maior }] = await banco.db
    .select({ maior: sql<number>`coalesce(max(${vwNotaFiscal.numero}), 0)::int` })
    .from(vwNotaFiscal)
    .where(sql`${vwNotaFiscal.serie} = '1'`);
  return maior;
}

/** The minutas in order (ids ascending), then their notes and cost elements, one insert each. */
async function gravar(tx: Db, minutas: MinutaDemo[]): Promise<void> {
  const criadas = await tx
    .insert(minuta)
    .values(minutas.map((m) => m.linha))
    .returning({ id: minuta.id });
  const notas = minutas.flatMap((m, i) => m.notas.map((n) => ({ ...n, minutaId: criadas[i].id })));
  const elementos = minutas.flatMap((m, i) => m.elementos.map((e) => ({ ...e, minutaId: criadas[i].id })));
  if (notas.length) await tx.insert(minutaNotaFiscal).values(notas);
  if (elementos.length) await tx.insert(minutaElementoCusto).values(elementos);
}
