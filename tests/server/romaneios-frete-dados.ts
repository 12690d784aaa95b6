import { and, asc, isNotNull, sql } from 'drizzle-orm';
import type { RomaneioFrete } from '../../src/contracts/romaneios';
import type { RomaneioFreteSalvarEntrada, RomaneioSalvo } from '../../src/contracts/romaneios-salvar';
import type { Db } from '../../src/server/db/database';
import { linhas } from '../../src/server/db/linhas';
import { cliente } from '../../src/server/db/schema/cliente';
import { motorista } from '../../src/server/db/schema/motorista';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { veiculo } from '../../src/server/db/schema/veiculo';
import { createHarness, json, type Harness } from './harness';
import type { CodigoPermissao } from '../../src/contracts/permissoes';

// Freight-cost manifests (/romaneios) for the server tests: seeded registers to point at, save
// bodies with invoices no other manifest of the run holds, and a snapshot of the manifest tables.

export const CODIGOS_ROMANEIO: CodigoPermissao[] = ['FRETE_ROMA_M', 'FRETE_ROMA_C', 'FRETE_ROMA_E'];

export interface RefsRomaneio {
  motorista: { id: number; nome: string; cpf: string; cnh: string | null };
  veiculo: { id: number; placa: string };
  transportadora: { id: number; cnpj: string; razaoSocial: string };
  cliente: { id: number; cnpj: string; razaoSocial: string };
}

export async function referenciasRomaneio(db: Db): Promise<RefsRomaneio> {
  const [m] = await db.select({ id: motorista.id, nome: motorista.nome, cpf: motorista.cpf, cnh: motorista.cnh }).from(motorista).where(isNotNull(motorista.cnh)).orderBy(asc(motorista.id)).limit(1);
  const [v] = await db.select({ id: veiculo.id, placa: veiculo.placa }).from(veiculo).where(isNotNull(veiculo.tipoVeiculoId)).orderBy(asc(veiculo.id)).limit(1);
  const [t] = await db
    .select({ id: transportadora.id, cnpj: transportadora.cnpj, razaoSocial: transportadora.razaoSocial })
    .from(transportadora)
    .where(and(isNotNull(transportadora.cnpj), sql`not exists (select 1 from transportadora t2 where t2.cnpj = ${transportadora.cnpj} and t2.id <> ${transportadora.id})`))
    .orderBy(asc(transportadora.id))
    .limit(1);
  const [c] = await db
    .select({ id: cliente.id, cnpj: cliente.cpfCnpj, razaoSocial: cliente.razaoSocial })
    .from(cliente)
    .where(and(isNotNull(cliente.cpfCnpj), sql`not exists (select 1 from cliente c2 where c2.cpf_cnpj = ${cliente.cpfCnpj} and c2.id <> ${cliente.id})`))
    .orderBy(asc(cliente.id))
    .limit(1);
  if (!m || !v || !t || !c) throw new Error('a semente não tem motorista, veículo, transportadora ou cliente');
  return { motorista: m, veiculo: v, transportadora: { ...t, cnpj: t.cnpj! }, cliente: { ...c, cnpj: c.cnpj! } };
}

/** The start of a manifest test file: a harness, a token with the manifest rights (CODIGOS_ROMANEIO), the seeded references. */
export async function prepararRomaneios(): Promise<{ h: Harness; token: string; r: RefsRomaneio }> {
  const h = await createHarness();
  try {
    return { h, token: await h.tokenCom(CODIGOS_ROMANEIO, 'REPRESENTANTE'), r: await referenciasRomaneio(h.bancos.COLACRIL.db) };
  } catch (erro) {
    await h.close();
    throw erro;
  }
}

let sequencia = 0;
/** An invoice number no other manifest of the file holds. */
export const notaUnica = (prefixo = 'NF') => `${prefixo}${Date.now().toString(36)}${++sequencia}`.slice(0, 30);

/** An item of invoice `nf`: 100 kg, two detail lines (valued 300 and 100), the reference customer and carrier. */
export const itemTeste = (r: RefsRomaneio, nf = notaUnica(), extra: Record<string, unknown> = {}) => ({
  notaFiscalId: nf,
  pedidoId: `P${nf}`.slice(0, 30),
  volumes: 3,
  peso: '100',
  valorNotaFiscal: '400.00',
  cliente: r.cliente.cnpj,
  transportadora: r.transportadora.cnpj,
  semPedido: false,
  detalhes: [
    { linha: '1', descricao: 'Papel couchê', quantidade: '10', unidade: 'CX', valorTotalItem: '300.00' },
    { linha: '2', descricao: 'Etiqueta', quantidade: '5.5', unidade: 'UN', valorTotalItem: '100.00' },
  ],
  ...extra,
});

/** A complete save body of a new manifest: the driver and vehicle of `r`, one item per invoice (two new ones by default). */
export const corpoRomaneio = (r: RefsRomaneio, extra: Partial<RomaneioFreteSalvarEntrada> = {}, notas = [notaUnica(), notaUnica()]): RomaneioFreteSalvarEntrada => ({
  motorista: { id: r.motorista.id },
  veiculo: { id: r.veiculo.id },
  valorColeta: '50.00',
  valorFrete: '1000.00',
  valorPedagio: '20.00',
  valorDescarga: '30.00',
  valorOutros: '5.00',
  observacao: 'Entregar pela manhã.',
  itens: notas.map((nf) => itemTeste(r, nf)) as RomaneioFreteSalvarEntrada['itens'],
  ...extra,
});

/** The body that saves `m` again (the dialog's save): what was read, plus `extra`. */
export const corpoDe = (m: RomaneioFrete, extra: Partial<RomaneioFreteSalvarEntrada> = {}): RomaneioFreteSalvarEntrada => ({
  id: m.id!,
  status: m.status,
  motorista: { id: m.motorista!.id },
  veiculo: m.veiculo ? { id: m.veiculo.id } : null,
  valorColeta: m.valorColeta,
  valorFrete: m.valorFrete,
  valorPedagio: m.valorPedagio,
  valorDescarga: m.valorDescarga,
  valorOutros: m.valorOutros,
  observacao: m.observacao,
  itens: m.itens.map(({ item: _i, ...it }) => ({ ...it, detalhes: it.detalhes.map(({ valorFreteRateio: _v, ...d }) => d) })),
  versao: m.versao,
  ...extra,
});

/** POST /api/romaneios with `token`; the answer and its body. */
export async function salvar(h: Harness, token: string, corpo: unknown) {
  const resposta = await h.request('POST', '/api/romaneios', { token, body: corpo });
  return { status: resposta.status, corpo: await json(resposta) };
}

/** Saves and expects 200/201; the manifest as stored. */
export async function salvarOk(h: Harness, token: string, corpo: unknown): Promise<RomaneioFrete> {
  const { status, corpo: resposta } = await salvar(h, token, corpo);
  if (status !== 200 && status !== 201) throw new Error(`POST /api/romaneios: ${status} ${JSON.stringify(resposta)}`);
  return (resposta as RomaneioSalvo<RomaneioFrete>).romaneio;
}

/** Every row of the manifest tables, to compare before and after a refused request. */
export async function fotoRomaneios(db: Db): Promise<string> {
  const tudo = async (tabela: string) => linhas(await db.execute(sql.raw(`select * from ${tabela} order by id`)));
  return JSON.stringify(await Promise.all(['romaneio', 'romaneio_item', 'romaneio_item_detalhe'].map(tudo)));
}

/** The manifest's items' `ativo`, by invoice. */
export async function ativos(db: Db, romaneioId: number): Promise<Record<string, boolean>> {
  const rows = linhas<{ nf: string; ativo: boolean }>(await db.execute(sql`select nota_fiscal_id as nf, ativo from romaneio_item where romaneio_id = ${romaneioId} order by item`));
  return Object.fromEntries(rows.map((l) => [l.nf, l.ativo]));
}


