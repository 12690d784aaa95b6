import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import type { StatusItemRomaneioOs } from '../../contracts/romaneio-status';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../contracts/common';
import { MSG_LIMITE_PESO_VEICULO } from '../../contracts/romaneios';
import type { RomaneioOsSalvar } from '../../contracts/romaneios-salvar';
import type { Db } from '../db/database';
import { romaneioOs, romaneioOsItem } from '../db/schema/romaneio-os';
import { ApiError, badRequest } from '../http/api-error';
import { eventoLegal, statusApos, statusDosItens } from './ciclo-romaneio-os';
import { romaneioOsNaoEncontrado } from './ler-romaneio-os';
import { conferirReferenciasOs } from './referencias-romaneio-os';
import { relogio } from '../../domain/relogio';

// POST /romaneios-colacril (spec 03 §4, §5 "Service-order manifest"; docs/decisoes.md §24). A new manifest (no id)
// takes its número from the sequence and is saved in EXPEDICAO; a saved one is locked, and the event read from
// (stored status, sent status) is asked of the machine (ciclo-romaneio-os.ts) before the version is compared.
// SALVAR, FATURAR and FINALIZAR save the sent fields (finalizing also saves); the items replace the stored
// ones, numbered as sent. CANCELAR changes only the status (and the version): it needs only the menu code,
// so nothing else of the body is taken. One transaction.
//
// The weight limit (our choice): when the gross weight of the items that are not cancelled exceeds the
// vehicle type's capacity, the save still succeeds and answers avisos: [MSG_LIMITE_PESO_VEICULO] — spec §5
// calls it a warning, and the load may be split or the type changed later.

export const MSG_INFORME_VERSAO_ROMANEIO = 'Informe a versão do romaneio (recarregue-o e tente de novo).';

export interface ResultadoSalvarOs {
  id: number;
  criado: boolean;
  avisos: string[];
}

const colunas = (m: RomaneioOsSalvar) => ({
  transportadoraId: m.transportadora.id,
  motoristaId: m.motorista.id,
  lacre: m.lacre,
  tipoVeiculoId: m.tipoVeiculo.id,
  origemId: m.origem.id,
  destinoId: m.destino.id,
  placaCarreta: m.placaCarreta,
  placaCavalo: m.placaCavalo,
  observacao: m.observacao,
});

/** Over the vehicle type's capacity (kg), counting the items that are not cancelled. */
export function passaDoLimite(m: RomaneioOsSalvar, status: readonly StatusItemRomaneioOs[], capacidade: string | null): boolean {
  if (capacidade === null) return false;
  const total = m.itens.reduce((s, it, i) => (status[i] === 'CANCELADO' || !it.pesoBruto ? s : s.plus(it.pesoBruto)), new Decimal(0));
  return total.greaterThan(capacidade);
}

async function gravarItens(tx: Db, romaneioOsId: number, m: RomaneioOsSalvar, status: readonly StatusItemRomaneioOs[]): Promise<void> {
  if (!m.itens.length) return;
  await tx.insert(romaneioOsItem).values(
    m.itens.map((it, i) => ({
      romaneioOsId,
      item: i + 1,
      itemId: it.itemId,
      pedidoId: it.pedidoId,
      observacao: it.observacao,
      clienteId: it.cliente?.id ?? null,
      clienteRetira: it.clienteRetira,
      redespachoId: it.redespacho?.id ?? null,
      quantidadeM2: it.quantidadeM2,
      pesoLiquido: it.pesoLiquido,
      pesoBruto: it.pesoBruto,
      volumes: it.volumes,
      frete: it.frete,
      unidade: it.unidade,
      valorNotaFiscal: it.valorNotaFiscal,
      notaFiscalId: it.notaFiscalId,
      status: status[i],
      origem: it.origem,
      ordensServico: it.ordensServico,
      dataEntrega: it.dataEntrega,
    })),
  );
}

async function criar(tx: Db, m: RomaneioOsSalvar): Promise<ResultadoSalvarOs> {
  const evento = eventoLegal('NOVO', m.status, null);
  const statusItens = statusDosItens(m.itens);
  const status = statusApos('NOVO', evento, m, statusItens);
  const { capacidade } = await conferirReferenciasOs(tx, m);
  const [novo] = await tx
    .insert(romaneioOs)
    .values({ ...colunas(m), status })
    .returning({ id: romaneioOs.id });
  await gravarItens(tx, novo.id, m, statusItens);
  return { id: novo.id, criado: true, avisos: passaDoLimite(m, statusItens, capacidade) ? [MSG_LIMITE_PESO_VEICULO] : [] };
}

/** Locks a saved manifest: 404, then 409 for an event its status does not take, then 409 for a stale version. */
async function travar(tx: Db, id: number, m: RomaneioOsSalvar, versao: number) {
  const [atual] = await tx
    .select({ status: romaneioOs.status, versao: romaneioOs.versao, numero: romaneioOs.numero })
    .from(romaneioOs)
    .where(eq(romaneioOs.id, id))
    .for('update');
  if (!atual) throw romaneioOsNaoEncontrado();
  const evento = eventoLegal(atual.status, m.status, atual.numero);
  if (atual.versao !== versao) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
  return { armazenado: atual.status, evento };
}

async function editar(tx: Db, id: number, versao: number, m: RomaneioOsSalvar): Promise<ResultadoSalvarOs> {
  const { armazenado, evento } = await travar(tx, id, m, versao);
  const mudanca = { versao: sql`${romaneioOs.versao} + 1`, alteradoEm: relogio.agora() };
  if (evento === 'CANCELAR') {
    // Only the status: the stored fields and items stay as they were.
    await tx.update(romaneioOs).set({ ...mudanca, status: 'CANCELADO' }).where(eq(romaneioOs.id, id));
    return { id, criado: false, avisos: [] };
  }
  const statusItens = statusDosItens(m.itens);
  const status = statusApos(armazenado, evento, m, statusItens);
  const { capacidade } = await conferirReferenciasOs(tx, m);
  await tx
    .update(romaneioOs)
    .set({ ...colunas(m), ...mudanca, status })
    .where(eq(romaneioOs.id, id));
  await tx.delete(romaneioOsItem).where(eq(romaneioOsItem.romaneioOsId, id));
  await gravarItens(tx, id, m, statusItens);
  return { id, criado: false, avisos: passaDoLimite(m, statusItens, capacidade) ? [MSG_LIMITE_PESO_VEICULO] : [] };
}

/** Saves the manifest; answers its id, whether it was created, and the warnings. */
export async function salvarRomaneioOs(db: Db, m: RomaneioOsSalvar): Promise<ResultadoSalvarOs> {
  const { id, versao } = m;
  if (id !== undefined && versao === undefined) throw badRequest(MSG_INFORME_VERSAO_ROMANEIO);
  return db.transaction((tx) => (id === undefined ? criar(tx, m) : editar(tx, id, versao!, m)));
}
