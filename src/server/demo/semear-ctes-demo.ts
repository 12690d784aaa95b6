import { sql } from 'drizzle-orm';
import type { CompanyDatabase } from '../db/database';
import { cte } from '../db/schema/cte';
import { criarCtesDemo } from './ctes-demo/criar-ctes-demo';
import { travarCarga } from '../db/travar-carga';
import { relogio } from '../../domain/relogio';

// Demo CT-es (docs/decisoes.md §32): the Fretes screen is full out of the box. Every document is a CteLido as the XML
// reader returns it, its XML (gerarXmlCte) is stored in cte_xml, its NF-e are in the demo ERP
// (vw_nota_fiscal, vw_pedido) so processing finds them, and every audited one was audited by the real
// engine against the demo freight tables, with the charged value set on purpose equal (SUCESSO), lower
// (OBSERVACOES) or higher (FALHA) than the table, so a new audit of the same CT-e gives the same verdict.
// The parts live in ./ctes-demo/ (constants and counts: constantes-demo.ts).
//
// What an audit reads from a CT-e here (and what a re-audit is expected to read):
//   dataDespacho  = the local date of dataEmissao (emitted between 06:00 and 20:59 at -03:00, so the UTC date is the same)
//   transportadora = cte.transportadora_id; clienteIds = the registers with the customer's CPF/CNPJ
//                   (recipient of a SAIDA, sender of an ENTRADA: cte.cliente_id)
//   peso = cte.peso_bruto (= the notes' sum = the CT-e's infQ in KG); valor = cte.valor_notas (= vCarga)
//   origem/destino = codigo_municipio_origem/destino; tipoVeiculo = cte.tipo_veiculo_id (null: "Qualquer")
//   icms = documento.icms.aliquota / 100; distancia null; entregas 1; charged = vTPrest (ICMS00, no substitution)
//   tolerance = the configuracao row.

export interface SeedCtesOpcoes {
  /** "Now" (default relogio.agora()): the CT-es fall in this month and the two before. */
  hoje?: Date;
}

/**
 * Seeds the demo CT-es once (nothing when a CT-e exists, when no carrier has a table in force or no
 * customer is registered). Its own transaction, after the rest of the seed (the responsible users exist).
 */
export async function seedCtesDemo(banco: CompanyDatabase, opcoes: SeedCtesOpcoes = {}): Promise<void> {
  await banco.db.transaction(async (tx) => {
    await travarCarga(tx);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(cte);
    if (n > 0) return;
    await criarCtesDemo(tx, banco, opcoes.hoje ?? relogio.agora());
  });
}
