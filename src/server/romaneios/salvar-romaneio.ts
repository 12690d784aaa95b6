import { eq, sql } from 'drizzle-orm';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../contracts/common';
import { MSG_MOTORISTA_OBRIGATORIO, MSG_VEICULO_DA_LISTA, mensagemNotaEmOutroRomaneio } from '../../contracts/romaneios';
import type { RomaneioFreteSalvar } from '../../contracts/romaneios-salvar';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { motorista } from '../db/schema/motorista';
import { romaneio, romaneioItem } from '../db/schema/romaneio';
import { veiculo } from '../db/schema/veiculo';
import { violouUnico } from '../db/violou-unico';
import { ApiError, badRequest } from '../http/api-error';
import { statusAposSalvar } from './evento-romaneio';
import { gravarItens } from './itens-romaneio';
import { romaneioNaoEncontrado } from './ler-romaneio';
import { conferirNotasLivres, conferirNotasRepetidas, romaneioComNota } from './notas-romaneio';
import { relogio } from '../../domain/relogio';

// POST /romaneios (spec 03 §4, §5, §7). A new manifest (no id) takes SALVAR from NOVO: EXPEDICAO, its
// number from the sequence, issued now. A saved one is locked, must take the event its sent status asks
// for (evento-romaneio.ts) at the version the user saw, and is rewritten with its items; CANCELAR changes
// the status alone and frees the invoices (the items stop being `ativo`). One transaction. Invoices: the
// same one twice in the body is 400; one held by another active manifest is 409 with its number, found
// before writing, or after the unique index refused the row when two saves raced past that check.

export const MSG_INFORME_VERSAO_ROMANEIO = 'Informe a versão do romaneio (recarregue-o e tente de novo).';

const colunas = (r: RomaneioFreteSalvar) => ({
  motoristaId: r.motorista.id,
  veiculoId: r.veiculo?.id ?? null,
  valorColeta: r.valorColeta,
  valorFrete: r.valorFrete,
  valorPedagio: r.valorPedagio,
  valorDescarga: r.valorDescarga,
  valorOutros: r.valorOutros,
  observacao: r.observacao,
});

const notasDe = (r: RomaneioFreteSalvar) => r.itens.flatMap((it) => (it.notaFiscalId ? [it.notaFiscalId] : []));

/** 400 when the driver, or the vehicle given, is not registered (one query for both). */
async function conferirCadastros(tx: Db, r: RomaneioFreteSalvar): Promise<void> {
  const veiculoId = r.veiculo?.id ?? null;
  const [linha] = linhas<{ motorista: boolean; veiculo: boolean }>(
    await tx.execute(
      sql`select exists(select 1 from ${motorista} where id = ${r.motorista.id}) as motorista,
                 ${veiculoId === null ? sql`true` : sql`exists(select 1 from ${veiculo} where id = ${veiculoId})`} as veiculo`,
    ),
  );
  const faltam = [...(linha.motorista ? [] : [MSG_MOTORISTA_OBRIGATORIO]), ...(linha.veiculo ? [] : [MSG_VEICULO_DA_LISTA])];
  if (faltam.length) throw badRequest(...faltam);
}

async function criar(tx: Db, r: RomaneioFreteSalvar): Promise<number> {
  statusAposSalvar('NOVO', r.status, null, r.valorFrete);
  await conferirCadastros(tx, r);
  await conferirNotasLivres(tx, notasDe(r));
  const [novo] = await tx.insert(romaneio).values({ ...colunas(r), status: 'EXPEDICAO' }).returning({ id: romaneio.id });
  await gravarItens(tx, novo.id, r.valorFrete, r.itens);
  return novo.id;
}

async function editar(tx: Db, id: number, r: RomaneioFreteSalvar): Promise<void> {
  const [atual] = await tx.select({ status: romaneio.status, versao: romaneio.versao, numero: romaneio.numero }).from(romaneio).where(eq(romaneio.id, id)).for('update');
  if (!atual) throw romaneioNaoEncontrado();
  const { evento, status } = statusAposSalvar(atual.status, r.status, atual.numero, r.valorFrete);
  if (atual.versao !== r.versao) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
  const comum = { status, versao: sql`${romaneio.versao} + 1`, alteradoEm: relogio.agora() };
  if (evento === 'CANCELAR') {
    await tx.update(romaneio).set(comum).where(eq(romaneio.id, id));
    await tx.update(romaneioItem).set({ ativo: false }).where(eq(romaneioItem.romaneioId, id));
    return;
  }
  await conferirCadastros(tx, r);
  await conferirNotasLivres(tx, notasDe(r), id);
  await tx.update(romaneio).set({ ...colunas(r), ...comum }).where(eq(romaneio.id, id));
  await gravarItens(tx, id, r.valorFrete, r.itens);
}

const gravar = (db: Db, r: RomaneioFreteSalvar) =>
  db.transaction(async (tx) => {
    if (r.id === undefined) return { id: await criar(tx, r), criado: true };
    await editar(tx, r.id, r);
    return { id: r.id, criado: false };
  });

/** Saves the manifest; answers its id and whether it was created. */
export async function salvarRomaneio(db: Db, r: RomaneioFreteSalvar): Promise<{ id: number; criado: boolean }> {
  if (r.id !== undefined && r.versao === undefined) throw badRequest(MSG_INFORME_VERSAO_ROMANEIO);
  conferirNotasRepetidas(r.itens);
  // Twice at most: when the index refused an invoice whose holder was cancelled before we could name it,
  // the invoice is free now and the second attempt may take it.
  for (let tentativa = 1; ; tentativa++) {
    try {
      return await gravar(db, r);
    } catch (erro) {
      if (!violouUnico(erro)) throw erro;
      const numero = await romaneioComNota(db, notasDe(r), r.id);
      if (numero !== null) throw new ApiError(409, [mensagemNotaEmOutroRomaneio(numero)]);
      if (tentativa === 2) throw erro;
    }
  }
}
