import { asc, eq, gt, sql } from 'drizzle-orm';
import { dataSaoPaulo, somarDias } from '../../domain/sao-paulo-date';
import { erpTabelas, erpTabelasRelatorios } from '../erp/erp-tabelas';
import type { CompanyDatabase } from '../db/database';
import { aleatorio } from './ctes-demo/aleatorio';
import { EMPRESAS_DEMO } from './ctes-demo/constantes-demo';
import { travarCarga } from '../db/travar-carga';
import { notaFiscalPdfDemo, type NotaPdfDemo } from './relatorios-demo/nota-fiscal-pdf-demo';
import { relogio } from '../../domain/relogio';

// The demo ERP behind the report downloads: a PDF for every invoice but each fifth one (by id),
// so GET /vw-notas-fiscais/pdf has its 404 on real notes (CT-e notes among them), and receivables due from
// about three months ago to next month, some paid, so the overdue report has rows. Each part runs once
// (while its table is empty); run after the demo CT-es and minutas, whose notes it covers.

const LOTE = 500;
/** Every PDF_AUSENTE-th note (1-based, by notaFiscalId) has no PDF. */
export const PDF_AUSENTE = 5;
export const TITULOS_DEMO = 150;
const CLIENTES_TITULOS = 50;

export async function seedRelatoriosDemo(banco: CompanyDatabase, agora = relogio.agora()): Promise<void> {
  await banco.db.transaction(async (tx) => {
    // Two processes starting on the same PostgreSQL schema seed it once.
    await travarCarga(tx);
    await seedPdfsNotasDemo({ ...banco, db: tx });
    await seedTitulosDemo({ ...banco, db: tx }, agora);
  });
}

async function seedPdfsNotasDemo({ db, empresa, erpSchema }: CompanyDatabase): Promise<void> {
  const { vwNotaFiscal, vwCliente } = erpTabelas(erpSchema);
  const { vwNotaFiscalPdf } = erpTabelasRelatorios(erpSchema);
  if ((await db.select({ x: sql`1` }).from(vwNotaFiscalPdf).limit(1)).length) return;
  const emitente = { nome: EMPRESAS_DEMO[empresa].nome, cnpj: EMPRESAS_DEMO[empresa].plantas[0].cnpj };
  let ultimo = '';
  let posicao = 0;
  for (;;) {
    const notas: NotaPdfDemo[] = await db
      .select({
        notaFiscalId: vwNotaFiscal.notaFiscalId, numero: vwNotaFiscal.numero, serie: vwNotaFiscal.serie, chave: vwNotaFiscal.chave,
        dataEmissao: vwNotaFiscal.dataEmissao, tipo: vwNotaFiscal.tipo, pedidoId: vwNotaFiscal.pedidoId, valor: vwNotaFiscal.valor,
        pesoBruto: vwNotaFiscal.pesoBruto, clienteNome: vwCliente.razaoSocial, clienteDocumento: vwCliente.cpfCnpj,
      })
      .from(vwNotaFiscal)
      .leftJoin(vwCliente, eq(vwCliente.clienteId, vwNotaFiscal.clienteId))
      .where(gt(vwNotaFiscal.notaFiscalId, ultimo))
      .orderBy(asc(vwNotaFiscal.notaFiscalId))
      .limit(LOTE);
    if (!notas.length) return;
    const comPdf = notas.filter(() => ++posicao % PDF_AUSENTE !== 0);
    if (comPdf.length) await db.insert(vwNotaFiscalPdf).values(comPdf.map((n) => ({ notaFiscalId: n.notaFiscalId, pdf: notaFiscalPdfDemo(n, emitente) })));
    ultimo = notas[notas.length - 1].notaFiscalId;
  }
}

/** Receivables of the first active customers: issued 5 to 125 days ago, due 30 days later; two in three of the past-due ones paid. */
async function seedTitulosDemo({ db, empresa, erpSchema }: CompanyDatabase, agora: Date): Promise<void> {
  const { vwCliente } = erpTabelas(erpSchema);
  const { vwTituloReceber } = erpTabelasRelatorios(erpSchema);
  if ((await db.select({ x: sql`1` }).from(vwTituloReceber).limit(1)).length) return;
  const clientes = await db.select({ id: vwCliente.clienteId }).from(vwCliente).where(eq(vwCliente.posicao, 'ATIVO')).orderBy(asc(vwCliente.clienteId)).limit(CLIENTES_TITULOS);
  if (!clientes.length) return;
  const hoje = dataSaoPaulo(agora)!;
  const r = aleatorio(empresa === 'RRE' ? 1616 : 16);
  const titulos = Array.from({ length: TITULOS_DEMO }, (_, k) => {
    const emissao = somarDias(hoje, -(5 + ((k * 37) % 121)));
    const vencimento = somarDias(emissao, 30);
    const pago = vencimento < hoje && r.inteiro(3) > 0;
    const pagamento = pago ? somarDias(vencimento, r.entre(-3, 4)) : null;
    return {
      tituloId: `T${String(k + 1).padStart(6, '0')}`,
      clienteId: clientes[k % clientes.length].id,
      notaFiscalId: null,
      documento: `DUP-${String(20_000 + k)}`,
      parcela: 1 + (k % 3),
      dataEmissao: emissao,
      dataVencimento: vencimento,
      dataPagamento: pagamento && pagamento > hoje ? hoje : pagamento,
      valor: (150 + r.inteiro(885_000) / 100).toFixed(2),
    };
  });
  await db.insert(vwTituloReceber).values(titulos);
}
