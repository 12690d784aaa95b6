import { asc, eq } from 'drizzle-orm';
import type { DetalheItemRomaneio, ItemRomaneioFrete, RomaneioFrete } from '../../contracts/romaneios';
import { formatarCpf } from '../../domain/cpf';
import type { Db } from '../db/database';
import { motorista } from '../db/schema/motorista';
import { romaneio, romaneioItem, romaneioItemDetalhe } from '../db/schema/romaneio';
import { tipoVeiculo, veiculo } from '../db/schema/veiculo';
import { ApiError } from '../http/api-error';
import { relogio } from '../../domain/relogio';

// GET /romaneios/{id} (the dialog: spec 03 §3 "Freight-cost manifest") and GET /romaneios/new. Three queries
// whatever the number of items: the manifest with its driver, vehicle and vehicle type (joins on primary
// keys); its items; the detail lines of all its items.

export const MSG_ROMANEIO_NAO_ENCONTRADO = 'Romaneio não encontrado.';
export const romaneioNaoEncontrado = () => new ApiError(404, [MSG_ROMANEIO_NAO_ENCONTRADO]);

/** GET /romaneios/new: not saved yet; a save makes it EXPEDICAO with a number from the sequence. */
export const romaneioNovo = (agora = relogio.agora()): RomaneioFrete => ({
  id: null,
  numero: null,
  status: 'EXPEDICAO',
  dataEmissao: agora.toISOString(),
  motorista: null,
  veiculo: null,
  valorColeta: null,
  valorFrete: null,
  valorPedagio: null,
  valorDescarga: null,
  valorOutros: null,
  observacao: null,
  itens: [],
  versao: 0,
});

function cabecalho(db: Db, id: number) {
  return db
    .select({
      r: romaneio,
      motorista: { id: motorista.id, nome: motorista.nome, cpf: motorista.cpf, cnh: motorista.cnh, rntnc: motorista.rntnc },
      veiculo: { id: veiculo.id, placa: veiculo.placa, capacidade: veiculo.capacidade },
      tipoVeiculo: { id: tipoVeiculo.id, descricao: tipoVeiculo.descricao, capacidade: tipoVeiculo.capacidade },
    })
    .from(romaneio)
    .innerJoin(motorista, eq(motorista.id, romaneio.motoristaId))
    .leftJoin(veiculo, eq(veiculo.id, romaneio.veiculoId))
    .leftJoin(tipoVeiculo, eq(tipoVeiculo.id, veiculo.tipoVeiculoId))
    .where(eq(romaneio.id, id));
}
export type CabecalhoRomaneio = Awaited<ReturnType<typeof cabecalho>>[number];

const itensDe = (db: Db, id: number) => db.select().from(romaneioItem).where(eq(romaneioItem.romaneioId, id)).orderBy(asc(romaneioItem.item));
export type LinhaItemRomaneio = Awaited<ReturnType<typeof itensDe>>[number];

const detalhesDe = (db: Db, id: number) =>
  db
    .select({
      itemId: romaneioItemDetalhe.itemId,
      linha: romaneioItemDetalhe.linha,
      descricao: romaneioItemDetalhe.descricao,
      quantidade: romaneioItemDetalhe.quantidade,
      unidade: romaneioItemDetalhe.unidade,
      valorTotalItem: romaneioItemDetalhe.valorTotalItem,
      valorFreteRateio: romaneioItemDetalhe.valorFreteRateio,
    })
    .from(romaneioItemDetalhe)
    .innerJoin(romaneioItem, eq(romaneioItem.id, romaneioItemDetalhe.itemId))
    .where(eq(romaneioItem.romaneioId, id))
    .orderBy(asc(romaneioItem.item), asc(romaneioItemDetalhe.id));

/** The manifest's header, items and detail lines (grouped by item id), or 404. */
export async function lerPartesRomaneio(db: Db, id: number) {
  const [[linha], itens, detalhes] = await Promise.all([cabecalho(db, id), itensDe(db, id), detalhesDe(db, id)]);
  if (!linha) throw romaneioNaoEncontrado();
  const porItem = new Map<number, DetalheItemRomaneio[]>();
  for (const { itemId, ...d } of detalhes) porItem.set(itemId, [...(porItem.get(itemId) ?? []), d]);
  return { linha, itens, detalhesDoItem: (itemId: number) => porItem.get(itemId) ?? [] };
}

/** The whole manifest, or 404 MSG_ROMANEIO_NAO_ENCONTRADO. */
export async function lerRomaneio(db: Db, id: number): Promise<RomaneioFrete> {
  const { linha, itens, detalhesDoItem } = await lerPartesRomaneio(db, id);
  const { r, motorista: m, veiculo: v, tipoVeiculo: t } = linha;
  return {
    id: r.id,
    numero: r.numero,
    status: r.status,
    dataEmissao: r.dataEmissao.toISOString(),
    motorista: { id: m.id, nome: m.nome, cpfFormatado: formatarCpf(m.cpf), cnh: m.cnh },
    veiculo: v ? { id: v.id, placa: v.placa, tipoVeiculo: t ? { id: t.id, nome: t.descricao } : null } : null,
    valorColeta: r.valorColeta,
    valorFrete: r.valorFrete,
    valorPedagio: r.valorPedagio,
    valorDescarga: r.valorDescarga,
    valorOutros: r.valorOutros,
    observacao: r.observacao,
    itens: itens.map(
      (it): ItemRomaneioFrete => ({
        item: it.item,
        notaFiscalId: it.notaFiscalId,
        pedidoId: it.pedidoId,
        volumes: it.volumes,
        peso: it.peso,
        valorNotaFiscal: it.valorNotaFiscal,
        cliente: it.cliente,
        transportadora: it.transportadora,
        detalhes: detalhesDoItem(it.id),
        semPedido: it.semPedido,
      }),
    ),
    versao: r.versao,
  };
}
