import type { Context } from 'hono';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ROTULO_STATUS_ROMANEIO, type StatusRomaneio } from '../../contracts/romaneio-status';
import type { RomaneioListaQuery } from '../../contracts/romaneios-salvar';
import type { Db } from '../db/database';
import { motorista } from '../db/schema/motorista';
import { romaneio, romaneioItem } from '../db/schema/romaneio';
import { veiculo } from '../db/schema/veiculo';
import { exportarCadastro } from '../exportacao/cadastros/exportar-cadastro';
import type { TermoOrdem } from '../exportacao/cadastros/ordem-keyset';
import type { ColunaExportacao } from '../exportacao/colunas-exportacao';
import { filtroRomaneios } from './listar-romaneios';

// GET /romaneios/exportar (issue 32): the freight-cost manifests of the list's filter (filtroRomaneios, the list's
// own WHERE), the newest first like the list, in keyset batches on romaneio_emissao_idx (emissão desc, id desc).
// Beside the grid's columns: the vehicle, the five values and their total (exact numeric sums in the statement),
// and the items' count, weight and invoice value (correlated sums on romaneio_item_romaneio_idx, no query per row).

const somaItens = (expr: ReturnType<typeof sql>) =>
  sql<string | null>`(select ${expr} from ${romaneioItem} where ${romaneioItem.romaneioId} = ${romaneio.id})`;

const colunas = {
  id: romaneio.id,
  numero: romaneio.numero,
  status: romaneio.status,
  dataEmissao: romaneio.dataEmissao,
  motorista: motorista.nome,
  placa: veiculo.placa,
  valorColeta: romaneio.valorColeta,
  valorFrete: romaneio.valorFrete,
  valorPedagio: romaneio.valorPedagio,
  valorDescarga: romaneio.valorDescarga,
  valorOutros: romaneio.valorOutros,
  total: sql<string>`(coalesce(${romaneio.valorColeta}, 0) + coalesce(${romaneio.valorFrete}, 0) + coalesce(${romaneio.valorPedagio}, 0) + coalesce(${romaneio.valorDescarga}, 0) + coalesce(${romaneio.valorOutros}, 0))::text`,
  itens: somaItens(sql`count(*)::text`),
  peso: somaItens(sql`sum(${romaneioItem.peso})::text`),
  valorNotas: somaItens(sql`sum(${romaneioItem.valorNotaFiscal})::text`),
  observacao: romaneio.observacao,
};
type Linha = { id: number; numero: number; status: StatusRomaneio; dataEmissao: Date; motorista: string; placa: string | null } & Record<
  'valorColeta' | 'valorFrete' | 'valorPedagio' | 'valorDescarga' | 'valorOutros' | 'itens' | 'peso' | 'valorNotas' | 'observacao',
  string | null
> & { total: string };

export const COLUNAS_ROMANEIO: readonly ColunaExportacao<Linha>[] = [
  { titulo: 'Número', tipo: 'inteiro', valor: (r) => r.numero },
  { titulo: 'Status', tipo: 'texto', valor: (r) => ROTULO_STATUS_ROMANEIO[r.status] ?? r.status, largura: 12 },
  { titulo: 'Emissão', tipo: 'dataHora', valor: (r) => r.dataEmissao },
  { titulo: 'Motorista', tipo: 'texto', valor: (r) => r.motorista, largura: 32 },
  { titulo: 'Placa', tipo: 'texto', valor: (r) => r.placa, largura: 10 },
  { titulo: 'Itens', tipo: 'inteiro', valor: (r) => (r.itens === null ? null : Number(r.itens)) },
  { titulo: 'Peso (kg)', tipo: 'decimal', casas: 3, valor: (r) => r.peso },
  { titulo: 'Valor das notas', tipo: 'dinheiro', valor: (r) => r.valorNotas },
  { titulo: 'Coleta', tipo: 'dinheiro', valor: (r) => r.valorColeta },
  { titulo: 'Frete', tipo: 'dinheiro', valor: (r) => r.valorFrete },
  { titulo: 'Pedágio', tipo: 'dinheiro', valor: (r) => r.valorPedagio },
  { titulo: 'Descarga', tipo: 'dinheiro', valor: (r) => r.valorDescarga },
  { titulo: 'Outros', tipo: 'dinheiro', valor: (r) => r.valorOutros },
  { titulo: 'Total', tipo: 'dinheiro', valor: (r) => r.total },
  { titulo: 'Observação', tipo: 'texto', valor: (r) => r.observacao, largura: 40 },
];

/** The list's order: emissão, then id, both descending. */
export const ORDEM_ROMANEIOS: readonly TermoOrdem[] = [
  { expr: sql`${romaneio.dataEmissao}`, direcao: 'desc' },
  { expr: sql`${romaneio.id}`, direcao: 'desc' },
];

/** A batch of the export: the columns and the keys, after `depois`, in `ordem` (lotesPorChave's source). */
export const buscarRomaneios =
  (db: Db, onde: SQL | undefined) =>
  (chaves: Record<string, SQL<string | null>>, depois: SQL | undefined, ordem: SQL[], limite: number) =>
    db
      .select({ ...colunas, ...chaves })
      .from(romaneio)
      .innerJoin(motorista, eq(motorista.id, romaneio.motoristaId))
      .leftJoin(veiculo, eq(veiculo.id, romaneio.veiculoId))
      .where(and(onde, depois))
      .orderBy(...ordem)
      .limit(limite);

export function exportarRomaneios(c: Context, db: Db, q: Omit<RomaneioListaQuery, 'page' | 'size'>): Promise<Response> {
  const onde = filtroRomaneios(q);
  return exportarCadastro(c, {
    lista: 'romaneios',
    aba: 'Romaneios',
    colunas: COLUNAS_ROMANEIO,
    // The list's own count.
    contar: async () => (await db.select({ total: sql<number>`count(*)::int` }).from(romaneio).where(onde))[0].total,
    termos: ORDEM_ROMANEIOS,
    buscar: buscarRomaneios(db, onde),
    paraLinha: (l): Linha => l,
  });
}
