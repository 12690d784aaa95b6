import type { Context } from 'hono';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ROTULO_STATUS_ROMANEIO, type StatusRomaneio } from '../../contracts/romaneio-status';
import type { RomaneioListaQuery } from '../../contracts/romaneios-salvar';
import type { Db } from '../db/database';
import { motorista } from '../db/schema/motorista';
import { romaneioOs, romaneioOsItem } from '../db/schema/romaneio-os';
import { transportadora } from '../db/schema/transportadora';
import { tipoVeiculo } from '../db/schema/veiculo';
import { exportarCadastro } from '../exportacao/cadastros/exportar-cadastro';
import type { TermoOrdem } from '../exportacao/cadastros/ordem-keyset';
import type { ColunaExportacao } from '../exportacao/colunas-exportacao';
import { destinoOs, origemOs } from './ler-romaneio-os';
import { filtroRomaneiosOs } from './listar-romaneios-os';

// GET /romaneios-colacril/exportar (issue 32): the service-order manifests of the list's filter (filtroRomaneiosOs,
// the list's own WHERE), the newest first like the list, in keyset batches on romaneio_os_emissao_idx. Beside the
// grid's columns: vehicle type, plates, seal, and the items' count, gross weight, freight and invoice value
// (correlated sums on romaneio_os_item_romaneio_idx, in the same statement).

const doItem = (expr: SQL) => sql<string | null>`(select ${expr} from ${romaneioOsItem} where ${romaneioOsItem.romaneioOsId} = ${romaneioOs.id})`;

const colunas = {
  id: romaneioOs.id,
  numero: romaneioOs.numero,
  status: romaneioOs.status,
  dataEmissao: romaneioOs.dataEmissao,
  transportadora: transportadora.razaoSocial,
  origemNome: origemOs.nome,
  origemUf: origemOs.siglaUf,
  destinoNome: destinoOs.nome,
  destinoUf: destinoOs.siglaUf,
  motorista: motorista.nome,
  tipoVeiculo: tipoVeiculo.descricao,
  placaCavalo: romaneioOs.placaCavalo,
  placaCarreta: romaneioOs.placaCarreta,
  lacre: romaneioOs.lacre,
  itens: doItem(sql`count(*)::text`),
  pesoBruto: doItem(sql`sum(${romaneioOsItem.pesoBruto})::text`),
  frete: doItem(sql`sum(${romaneioOsItem.frete})::text`),
  valorNotas: doItem(sql`sum(${romaneioOsItem.valorNotaFiscal})::text`),
  observacao: romaneioOs.observacao,
};
type Linha = { id: number; numero: number; status: StatusRomaneio; dataEmissao: Date; lacre: string } & Record<
  | 'transportadora'
  | 'origemNome'
  | 'origemUf'
  | 'destinoNome'
  | 'destinoUf'
  | 'motorista'
  | 'tipoVeiculo'
  | 'placaCavalo'
  | 'placaCarreta'
  | 'itens'
  | 'pesoBruto'
  | 'frete'
  | 'valorNotas'
  | 'observacao',
  string | null
>;

export const COLUNAS_ROMANEIO_OS: readonly ColunaExportacao<Linha>[] = [
  { titulo: 'Número', tipo: 'inteiro', valor: (r) => r.numero },
  { titulo: 'Status', tipo: 'texto', valor: (r) => ROTULO_STATUS_ROMANEIO[r.status] ?? r.status, largura: 12 },
  { titulo: 'Emissão', tipo: 'dataHora', valor: (r) => r.dataEmissao },
  { titulo: 'Transportadora', tipo: 'texto', valor: (r) => r.transportadora, largura: 36 },
  { titulo: 'Origem', tipo: 'texto', valor: (r) => r.origemNome, largura: 28 },
  { titulo: 'UF origem', tipo: 'texto', valor: (r) => r.origemUf, largura: 10 },
  { titulo: 'Destino', tipo: 'texto', valor: (r) => r.destinoNome, largura: 28 },
  { titulo: 'UF destino', tipo: 'texto', valor: (r) => r.destinoUf, largura: 10 },
  { titulo: 'Motorista', tipo: 'texto', valor: (r) => r.motorista, largura: 32 },
  { titulo: 'Tipo de veículo', tipo: 'texto', valor: (r) => r.tipoVeiculo },
  { titulo: 'Placa do cavalo', tipo: 'texto', valor: (r) => r.placaCavalo, largura: 14 },
  { titulo: 'Placa da carreta', tipo: 'texto', valor: (r) => r.placaCarreta, largura: 14 },
  { titulo: 'Lacre', tipo: 'texto', valor: (r) => r.lacre, largura: 14 },
  { titulo: 'Itens', tipo: 'inteiro', valor: (r) => (r.itens === null ? null : Number(r.itens)) },
  { titulo: 'Peso bruto (kg)', tipo: 'decimal', casas: 3, valor: (r) => r.pesoBruto },
  { titulo: 'Frete', tipo: 'dinheiro', valor: (r) => r.frete },
  { titulo: 'Valor das notas', tipo: 'dinheiro', valor: (r) => r.valorNotas },
  { titulo: 'Observação', tipo: 'texto', valor: (r) => r.observacao, largura: 40 },
];

/** The list's order: emissão, then id, both descending. */
export const ORDEM_ROMANEIOS_OS: readonly TermoOrdem[] = [
  { expr: sql`${romaneioOs.dataEmissao}`, direcao: 'desc' },
  { expr: sql`${romaneioOs.id}`, direcao: 'desc' },
];

/** A batch of the export: the columns and the keys, after `depois`, in `ordem` (lotesPorChave's source). */
export const buscarRomaneiosOs =
  (db: Db, onde: SQL | undefined) =>
  (chaves: Record<string, SQL<string | null>>, depois: SQL | undefined, ordem: SQL[], limite: number) =>
    db
      .select({ ...colunas, ...chaves })
      .from(romaneioOs)
      .leftJoin(transportadora, eq(transportadora.id, romaneioOs.transportadoraId))
      .leftJoin(origemOs, eq(origemOs.id, romaneioOs.origemId))
      .leftJoin(destinoOs, eq(destinoOs.id, romaneioOs.destinoId))
      .leftJoin(motorista, eq(motorista.id, romaneioOs.motoristaId))
      .leftJoin(tipoVeiculo, eq(tipoVeiculo.id, romaneioOs.tipoVeiculoId))
      .where(and(onde, depois))
      .orderBy(...ordem)
      .limit(limite);

export function exportarRomaneiosOs(c: Context, db: Db, q: Omit<RomaneioListaQuery, 'page' | 'size'>): Promise<Response> {
  const onde = filtroRomaneiosOs(db, q);
  return exportarCadastro(c, {
    lista: 'romaneios-os',
    aba: 'Romaneios de O.S.',
    colunas: COLUNAS_ROMANEIO_OS,
    // The list's own count.
    contar: async () => (await db.select({ total: sql<number>`count(*)::int` }).from(romaneioOs).where(onde))[0].total,
    termos: ORDEM_ROMANEIOS_OS,
    buscar: buscarRomaneiosOs(db, onde),
    paraLinha: (l): Linha => l,
  });
}
