import { count, sql } from 'drizzle-orm';
import type { ResumoConferencia } from '../../contracts/conferencia-fatura';
import { nomeArquivoExportacao, type FormatoExportacao } from '../../contracts/exportacao';
import { ROTULO_STATUS_FATURA, type FaturaListaQuery, type StatusFatura } from '../../contracts/faturas';
import { REGRAS, ROTULO_SITUACAO_PAGAMENTO, type RegraBloqueio, type SituacaoPagamento } from '../../contracts/pagamentos';
import { relogio } from '../../domain/relogio';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';
import type { Db } from '../db/database';
import { fatura } from '../db/schema/fatura';
import type { ColunaExportacao } from '../exportacao/colunas-exportacao';
import { lotesPorCursor, selecaoNomeada } from '../exportacao/lotes-cursor';
import type { Exportacao } from '../exportacao/responder-exportacao';
import { resumosConferencia } from './conferencia-fatura';
import { filtroFaturas, ordemFaturas } from './listar-faturas';

// Issue 32: "Exportar para Excel" of the Faturas screen (GET /faturas/exportar): every fatura of GET /faturas's
// filter and sort (filtroFaturas, ordemFaturas), counted as the list counts, read by a cursor in batches; each
// batch's check in short is one grouped query (resumosConferencia), as the list's page has it.

interface LinhaFaturaBanco {
  id: number;
  nomeArquivo: string | null;
  documento: string | null;
  numeroDocumento: string | null;
  transportadoraCnpj: string | null;
  transportadoraRazaoSocial: string | null;
  dataEmissao: string | null;
  dataVencimento: string | null;
  quantidade: number | null;
  valorTotal: string | null;
  status: StatusFatura;
  situacaoPagamento: SituacaoPagamento | null;
  bloqueios: RegraBloqueio[] | null;
  valorAPagar: string | null;
  valorContestado: string | null;
  descontoContestacoes: string | null;
}
type LinhaFaturaExportacao = LinhaFaturaBanco & { conferencia: ResumoConferencia };

const texto = (coluna: unknown) => sql`${coluna}::text`;
const CAMPOS = {
  id: fatura.id,
  nomeArquivo: fatura.nomeArquivo,
  documento: fatura.documento,
  numeroDocumento: fatura.numeroDocumento,
  transportadoraCnpj: fatura.transportadoraCnpj,
  transportadoraRazaoSocial: fatura.transportadoraRazaoSocial,
  dataEmissao: texto(fatura.dataEmissao),
  dataVencimento: texto(fatura.dataVencimento),
  quantidade: fatura.quantidade,
  valorTotal: texto(fatura.valorTotal),
  status: fatura.status,
  situacaoPagamento: fatura.situacaoPagamento,
  bloqueios: fatura.bloqueios,
  valorAPagar: texto(fatura.valorAPagar),
  valorContestado: texto(fatura.valorContestado),
  descontoContestacoes: texto(fatura.descontoContestacoes),
};

/** The grid's "Conferência" in words (as its indicator says it). */
export const textoConferencia = (c: ResumoConferencia): string =>
  c.conferida ? 'Conferida' : c.divergencias > 0 ? `${c.divergencias} ${c.divergencias === 1 ? 'divergência' : 'divergências'}` : 'Não conferida';

export const COLUNAS_EXPORTACAO_FATURAS: readonly ColunaExportacao<LinhaFaturaExportacao>[] = [
  { titulo: 'Nº documento', tipo: 'texto', valor: (l) => l.numeroDocumento, largura: 14 },
  { titulo: 'Documento', tipo: 'texto', valor: (l) => l.documento, largura: 16 },
  { titulo: 'Arquivo', tipo: 'texto', valor: (l) => l.nomeArquivo },
  { titulo: 'Transportadora', tipo: 'texto', valor: (l) => l.transportadoraRazaoSocial, largura: 32 },
  { titulo: 'CNPJ da transportadora', tipo: 'texto', valor: (l) => l.transportadoraCnpj, largura: 18 },
  { titulo: 'Emissão', tipo: 'data', valor: (l) => l.dataEmissao },
  { titulo: 'Vencimento', tipo: 'data', valor: (l) => l.dataVencimento },
  { titulo: 'Qtde CT-es', tipo: 'inteiro', valor: (l) => l.quantidade },
  { titulo: 'Valor total', tipo: 'dinheiro', valor: (l) => l.valorTotal },
  { titulo: 'Conferência', tipo: 'texto', valor: (l) => textoConferencia(l.conferencia), largura: 16 },
  { titulo: 'Status', tipo: 'texto', valor: (l) => ROTULO_STATUS_FATURA[l.status] ?? l.status, largura: 12 },
  { titulo: 'Pagamento', tipo: 'texto', valor: (l) => (l.situacaoPagamento ? ROTULO_SITUACAO_PAGAMENTO[l.situacaoPagamento] : null), largura: 16 },
  { titulo: 'Valor a pagar', tipo: 'dinheiro', valor: (l) => l.valorAPagar },
  { titulo: 'Valor contestado', tipo: 'dinheiro', valor: (l) => l.valorContestado },
  { titulo: 'Desconto de contestações', tipo: 'dinheiro', valor: (l) => l.descontoContestacoes },
  { titulo: 'Bloqueios', tipo: 'texto', valor: (l) => (l.bloqueios ?? []).map((r) => REGRAS[r]?.motivo ?? r).join('; '), largura: 40 },
];

/** GET /faturas/exportar: the list's filter and sort (page and size ignored). */
export async function exportacaoFaturas(db: Db, q: FaturaListaQuery, formato: FormatoExportacao, agora = relogio.agora()): Promise<Exportacao<LinhaFaturaExportacao>> {
  const onde = filtroFaturas(q, agora) ?? sql`true`;
  const ordem = ordemFaturas(q.sort);
  const [{ total }] = await db.select({ total: count() }).from(fatura).where(onde);
  const consulta = sql`select ${selecaoNomeada(CAMPOS)} from ${fatura} where ${onde} order by ${sql.join(ordem, sql`, `)}`;
  return {
    formato,
    arquivo: nomeArquivoExportacao('faturas', dataSaoPaulo(agora)!),
    aba: 'Faturas',
    colunas: COLUNAS_EXPORTACAO_FATURAS,
    total,
    lotes: () =>
      lotesPorCursor<LinhaFaturaBanco, LinhaFaturaExportacao>(db, consulta, {
        mapa: async (tx, linhas) => {
          const resumos = await resumosConferencia(tx, linhas.map((l) => l.id));
          return linhas.map((l) => ({ ...l, conferencia: resumos.get(l.id)! }));
        },
      }),
  };
}
