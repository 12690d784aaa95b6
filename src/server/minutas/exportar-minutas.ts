import { eq, sql } from 'drizzle-orm';
import { nomeArquivoExportacao, type FormatoExportacao } from '../../contracts/exportacao';
import { ROTULO_STATUS_MINUTA, type MinutaListaQuery, type StatusMinuta } from '../../contracts/minutas';
import { relogio } from '../../domain/relogio';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';
import type { Db } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { minuta } from '../db/schema/minuta';
import { municipio } from '../db/schema/municipio';
import { transportadora } from '../db/schema/transportadora';
import type { ColunaExportacao } from '../exportacao/colunas-exportacao';
import { lotesPorCursor, selecaoNomeada } from '../exportacao/lotes-cursor';
import type { Exportacao } from '../exportacao/responder-exportacao';
import { filtroMinutas, ordemMinutas } from './listar-minutas';
import { destino, origem } from './minuta-linha';

// Issue 32: "Exportar para Excel" of the Minutas screen (GET /minutas/exportar): every minuta of GET /minutas's
// search and sort (filtroMinutas, ordemMinutas), counted as the list counts, read by a cursor in batches.

interface LinhaMinutaExportacao {
  status: StatusMinuta;
  fatura: string | null;
  numero: string | null;
  serie: string | null;
  chave: string | null;
  dataEmissao: string | null;
  cliente: string | null;
  transportadora: string | null;
  origem: string | null;
  ufOrigem: string | null;
  destino: string | null;
  ufDestino: string | null;
  peso: string | null;
  valorTotalFrete: string | null;
  cnpjTomador: string | null;
  cnpjRemetente: string | null;
  quantidadeNotasFiscais: number | null;
  quantidadeElementosCusto: number | null;
}

const texto = (coluna: unknown) => sql`${coluna}::text`;
const CAMPOS = {
  status: minuta.status,
  fatura: minuta.fatura,
  numero: minuta.numero,
  serie: minuta.serie,
  chave: minuta.chave,
  dataEmissao: texto(minuta.dataEmissao),
  cliente: cliente.razaoSocial,
  transportadora: transportadora.razaoSocial,
  origem: origem.nome,
  ufOrigem: origem.siglaUf,
  destino: destino.nome,
  ufDestino: destino.siglaUf,
  peso: texto(minuta.peso),
  valorTotalFrete: texto(minuta.valorTotalFrete),
  cnpjTomador: minuta.cnpjTomador,
  cnpjRemetente: minuta.cnpjRemetente,
  quantidadeNotasFiscais: minuta.quantidadeNotasFiscais,
  quantidadeElementosCusto: minuta.quantidadeElementosCusto,
};

export const COLUNAS_EXPORTACAO_MINUTAS: readonly ColunaExportacao<LinhaMinutaExportacao>[] = [
  { titulo: 'Status', tipo: 'texto', valor: (l) => ROTULO_STATUS_MINUTA[l.status] ?? l.status, largura: 14 },
  { titulo: 'Fatura', tipo: 'texto', valor: (l) => l.fatura, largura: 14 },
  { titulo: 'Número', tipo: 'texto', valor: (l) => l.numero, largura: 12 },
  { titulo: 'Série', tipo: 'texto', valor: (l) => l.serie, largura: 8 },
  { titulo: 'Chave', tipo: 'texto', valor: (l) => l.chave, largura: 46 },
  { titulo: 'Emissão', tipo: 'data', valor: (l) => l.dataEmissao },
  { titulo: 'Cliente', tipo: 'texto', valor: (l) => l.cliente, largura: 32 },
  { titulo: 'Transportadora', tipo: 'texto', valor: (l) => l.transportadora, largura: 32 },
  { titulo: 'Origem', tipo: 'texto', valor: (l) => l.origem },
  { titulo: 'UF origem', tipo: 'texto', valor: (l) => l.ufOrigem, largura: 10 },
  { titulo: 'Destino', tipo: 'texto', valor: (l) => l.destino },
  { titulo: 'UF destino', tipo: 'texto', valor: (l) => l.ufDestino, largura: 10 },
  { titulo: 'Peso (kg)', tipo: 'decimal', casas: 3, valor: (l) => l.peso },
  { titulo: 'Valor', tipo: 'dinheiro', valor: (l) => l.valorTotalFrete },
  { titulo: 'CNPJ do tomador', tipo: 'texto', valor: (l) => l.cnpjTomador, largura: 18 },
  { titulo: 'CNPJ do remetente', tipo: 'texto', valor: (l) => l.cnpjRemetente, largura: 18 },
  { titulo: 'Qtde NFs', tipo: 'inteiro', valor: (l) => l.quantidadeNotasFiscais },
  { titulo: 'Qtde elementos de custo', tipo: 'inteiro', valor: (l) => l.quantidadeElementosCusto },
];

/** GET /minutas/exportar: the list's search and sort (page and size ignored). */
export async function exportacaoMinutas(db: Db, q: MinutaListaQuery, formato: FormatoExportacao, agora = relogio.agora()): Promise<Exportacao<LinhaMinutaExportacao>> {
  const onde = filtroMinutas(q) ?? sql`true`;
  const ordem = ordemMinutas(q.sort);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(minuta).where(onde);
  const consulta = sql`select ${selecaoNomeada(CAMPOS)} from ${minuta}
    left join ${transportadora} on ${eq(transportadora.id, minuta.transportadoraId)}
    left join ${cliente} on ${eq(cliente.id, minuta.clienteId)}
    left join ${municipio} as ${sql.identifier('origem')} on ${eq(origem.id, minuta.origemId)}
    left join ${municipio} as ${sql.identifier('destino')} on ${eq(destino.id, minuta.destinoId)}
    where ${onde} order by ${sql.join(ordem, sql`, `)}`;
  return {
    formato,
    arquivo: nomeArquivoExportacao('minutas', dataSaoPaulo(agora)!),
    aba: 'Minutas',
    colunas: COLUNAS_EXPORTACAO_MINUTAS,
    total,
    lotes: () => lotesPorCursor<LinhaMinutaExportacao, LinhaMinutaExportacao>(db, consulta, { mapa: (_tx, linhas) => linhas }),
  };
}
