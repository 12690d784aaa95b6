import { and, asc, eq, gt } from 'drizzle-orm';
import { COLUNAS_EXPORTACAO_PAGAMENTO, MSG_EXPORTACAO_NAO_ENCONTRADA } from '../../contracts/pagamentos';
import { formatDateBr } from '../../domain/format-date-br';
import { csvStream, decimalCsv, type ColunaCsv } from '../csv/csv-stream';
import type { Db } from '../db/database';
import { fatura, faturaDocumento } from '../db/schema/fatura';
import { exportacaoPagamento } from '../db/schema/pagamento';
import { ApiError } from '../http/api-error';

// GET /pagamentos/exportacoes/{id}/csv (issue 29): the run's faturas for payables, streamed in batches (keyset on
// fatura_exportacao_idx), by the project's CSV writer (';', pt-BR decimals, formulas neutralised: §29). The bank
// data is the fatura's first 352/552's (agente de cobrança, agência-dígito, conta-dígito).

interface LinhaExportada {
  id: number;
  cnpj: string;
  transportadora: string;
  numero: string;
  vencimento: string | null;
  valorTotal: string;
  desconto: string;
  valorAPagar: string;
  banco: string | null;
  agencia: string | null;
  digitoAgencia: string | null;
  conta: string | null;
  digitoConta: string | null;
}

const comDigito = (numero: string | null, digito: string | null) => (numero ? (digito?.trim() ? `${numero}-${digito.trim()}` : numero) : '');

const VALORES: ((l: LinhaExportada) => string | null)[] = [
  (l) => l.cnpj,
  (l) => l.transportadora,
  (l) => l.numero,
  (l) => (l.vencimento ? formatDateBr(l.vencimento) : ''),
  (l) => decimalCsv(l.valorTotal),
  (l) => decimalCsv(l.desconto),
  (l) => decimalCsv(l.valorAPagar),
  (l) => l.banco,
  (l) => comDigito(l.agencia, l.digitoAgencia),
  (l) => comDigito(l.conta, l.digitoConta),
];
const COLUNAS: ColunaCsv<LinhaExportada>[] = COLUNAS_EXPORTACAO_PAGAMENTO.map((titulo, i) => ({ titulo, valor: VALORES[i] }));

const LOTE = 1000;

async function* lotes(db: Db, exportacaoId: number): AsyncGenerator<LinhaExportada[]> {
  let depoisDe = 0;
  for (;;) {
    const linhas = await db
      .select({
        id: fatura.id,
        cnpj: fatura.transportadoraCnpj,
        transportadora: fatura.transportadoraRazaoSocial,
        numero: fatura.numeroDocumento,
        vencimento: fatura.dataVencimento,
        valorTotal: fatura.valorTotal,
        desconto: fatura.descontoContestacoes,
        valorAPagar: fatura.valorAPagar,
        banco: faturaDocumento.agenteCobranca,
        agencia: faturaDocumento.agencia,
        digitoAgencia: faturaDocumento.digitoAgencia,
        conta: faturaDocumento.conta,
        digitoConta: faturaDocumento.digitoConta,
      })
      .from(fatura)
      .leftJoin(faturaDocumento, and(eq(faturaDocumento.faturaId, fatura.id), eq(faturaDocumento.ordem, 0)))
      .where(and(eq(fatura.exportacaoId, exportacaoId), gt(fatura.id, depoisDe)))
      .orderBy(asc(fatura.id))
      .limit(LOTE);
    if (linhas.length) yield linhas;
    if (linhas.length < LOTE) return;
    depoisDe = linhas[linhas.length - 1].id;
  }
}

/** The run's CSV; 404 for an unknown run. */
export async function csvExportacao(db: Db, exportacaoId: number): Promise<ReadableStream<Uint8Array>> {
  const [run] = await db.select({ id: exportacaoPagamento.id }).from(exportacaoPagamento).where(eq(exportacaoPagamento.id, exportacaoId));
  if (!run) throw new ApiError(404, [MSG_EXPORTACAO_NAO_ENCONTRADA]);
  return csvStream(COLUNAS, lotes(db, exportacaoId));
}

/** The file name of a run's CSV (safe characters only). */
export const nomeCsvExportacao = (id: number) => `exportacao-pagamentos-${id}.csv`;
