import { eq, sql } from 'drizzle-orm';
import type { CteListaQuery } from '../../contracts/ctes';
import { nomeArquivoExportacao, type FormatoExportacao } from '../../contracts/exportacao';
import { ROTULO_STATUS_CTE, ROTULO_TIPO_ES } from '../../domain/cte/rotulos-cte';
import { relogio } from '../../domain/relogio';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';
import { textoAguardando } from '../alcadas/aprovacoes-registradas';
import type { Db } from '../db/database';
import { cte } from '../db/schema/cte';
import { transportadora } from '../db/schema/transportadora';
import type { ColunaExportacao } from '../exportacao/colunas-exportacao';
import { lotesPorCursor, selecaoNomeada } from '../exportacao/lotes-cursor';
import type { Exportacao } from '../exportacao/responder-exportacao';
import { nomeTransportadora, ordemCtes } from './consultar-ctes';
import { filtroCtes } from './filtro-ctes';
import { totaisCtes } from './totais-ctes';

// Issue 32: "Exportar para Excel" of the Fretes screen (GET /ctes/exportar): every CT-e of GET /ctes/listar-simples's
// filter (its WHERE, filtro-ctes.ts, and its sort, ordemCtes), counted by the list's own totals query, then read
// by a cursor in batches (exportacao/lotes-cursor.ts). The columns are the grid's, plus the useful hidden ones.

/** A row as the cursor reads it: money as exact decimal text, the emission as an instant. */
interface LinhaCteExportacao {
  numeroFatura: string | null;
  numero: number;
  chave: string;
  dataEmissao: Date | string;
  remetente: string | null;
  destinatario: string | null;
  transportadora: string | null;
  origem: string | null;
  ufOrigem: string | null;
  destino: string | null;
  ufDestino: string | null;
  status: string;
  tipo: string;
  valorTotal: string;
  valorAuditoria: string | null;
  diferenca: string | null;
  valorCorreto: string | null;
  valorPrestacao: string | null;
  valorReceber: string | null;
  inconsistencias: string | null;
  aguardandoAprovacaoNivel: string | null;
  origemDocumento: string;
}

const texto = (expr: ReturnType<typeof sql>) => sql`${expr}::text`;

const CAMPOS = {
  numeroFatura: cte.numeroFatura,
  numero: cte.numero,
  chave: cte.chave,
  dataEmissao: cte.dataEmissao,
  remetente: sql`${cte.documento}->'remetente'->>'nome'`,
  destinatario: sql`${cte.documento}->'destinatario'->>'nome'`,
  transportadora: nomeTransportadora,
  origem: sql`${cte.documento}->'identificacao'->>'nomeMunicipioOrigem'`,
  ufOrigem: cte.ufOrigem,
  destino: sql`${cte.documento}->'identificacao'->>'nomeMunicipioDestino'`,
  ufDestino: cte.ufDestino,
  status: cte.status,
  tipo: cte.tipo,
  valorTotal: texto(sql`${cte.valorTotal}`),
  valorAuditoria: texto(sql`${cte.valorAuditoria}`),
  // The grid's "Diferença": charged minus audited, exact (numeric), none while unaudited.
  diferenca: texto(sql`(${cte.valorTotal} - ${cte.valorAuditoria})`),
  valorCorreto: texto(sql`${cte.valorCorreto}`),
  valorPrestacao: texto(sql`${cte.valorPrestacao}`),
  valorReceber: texto(sql`${cte.valorReceber}`),
  inconsistencias: sql`array_to_string(${cte.inconsistencias}, ', ')`,
  aguardandoAprovacaoNivel: cte.aguardandoAprovacaoNivel,
  origemDocumento: cte.origemDocumento,
};

export const COLUNAS_EXPORTACAO_CTES: readonly ColunaExportacao<LinhaCteExportacao>[] = [
  { titulo: 'Fatura', tipo: 'texto', valor: (l) => l.numeroFatura },
  { titulo: 'CT-e', tipo: 'inteiro', valor: (l) => l.numero },
  { titulo: 'Chave', tipo: 'texto', valor: (l) => l.chave, largura: 46 },
  { titulo: 'Emissão', tipo: 'dataHora', valor: (l) => l.dataEmissao },
  { titulo: 'Remetente', tipo: 'texto', valor: (l) => l.remetente, largura: 32 },
  { titulo: 'Destinatário', tipo: 'texto', valor: (l) => l.destinatario, largura: 32 },
  { titulo: 'Transportadora', tipo: 'texto', valor: (l) => l.transportadora, largura: 32 },
  { titulo: 'Origem', tipo: 'texto', valor: (l) => l.origem },
  { titulo: 'UF origem', tipo: 'texto', valor: (l) => l.ufOrigem, largura: 10 },
  { titulo: 'Destino', tipo: 'texto', valor: (l) => l.destino },
  { titulo: 'UF destino', tipo: 'texto', valor: (l) => l.ufDestino, largura: 10 },
  { titulo: 'Status', tipo: 'texto', valor: (l) => ROTULO_STATUS_CTE[l.status as keyof typeof ROTULO_STATUS_CTE] ?? l.status },
  { titulo: 'Tipo', tipo: 'texto', valor: (l) => ROTULO_TIPO_ES[l.tipo] ?? l.tipo, largura: 12 },
  { titulo: 'Cobrado', tipo: 'dinheiro', valor: (l) => l.valorTotal },
  { titulo: 'Auditoria', tipo: 'dinheiro', valor: (l) => l.valorAuditoria },
  { titulo: 'Diferença', tipo: 'dinheiro', valor: (l) => l.diferenca },
  { titulo: 'Correto', tipo: 'dinheiro', valor: (l) => l.valorCorreto },
  { titulo: 'Valor da prestação', tipo: 'dinheiro', valor: (l) => l.valorPrestacao },
  { titulo: 'Valor a receber', tipo: 'dinheiro', valor: (l) => l.valorReceber },
  { titulo: 'Inconsistências', tipo: 'texto', valor: (l) => l.inconsistencias },
  { titulo: 'Aguardando aprovação', tipo: 'texto', valor: (l) => textoAguardando(l.aguardandoAprovacaoNivel) },
  { titulo: 'Origem do documento', tipo: 'texto', valor: (l) => l.origemDocumento, largura: 12 },
];

/** GET /ctes/exportar: the list's filter and sort (page and size ignored), as the shared answer's input. */
export async function exportacaoCtes(db: Db, q: CteListaQuery, formato: FormatoExportacao, agora = relogio.agora()): Promise<Exportacao<LinhaCteExportacao>> {
  const onde = filtroCtes(q, agora);
  const ordem = ordemCtes(q.sort);
  const { quantidade } = await totaisCtes(db, q, onde, agora);
  const consulta = sql`select ${selecaoNomeada(CAMPOS)} from ${cte} left join ${transportadora} on ${eq(transportadora.id, cte.transportadoraId)}
    where ${onde} order by ${sql.join(ordem, sql`, `)}`;
  return {
    formato,
    arquivo: nomeArquivoExportacao('fretes', dataSaoPaulo(agora)!),
    aba: 'Fretes',
    colunas: COLUNAS_EXPORTACAO_CTES,
    total: quantidade,
    lotes: () => lotesPorCursor<LinhaCteExportacao, LinhaCteExportacao>(db, consulta, { mapa: (_tx, linhas) => linhas }),
  };
}
