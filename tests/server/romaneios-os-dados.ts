import { asc, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { StatusItemRomaneioOs, StatusRomaneio } from '../../src/contracts/romaneio-status';
import type { RomaneioOsSalvarEntrada } from '../../src/contracts/romaneios-salvar';
import type { Db } from '../../src/server/db/database';
import { linhas } from '../../src/server/db/linhas';
import { cliente } from '../../src/server/db/schema/cliente';
import { motorista } from '../../src/server/db/schema/motorista';
import { municipio } from '../../src/server/db/schema/municipio';
import { romaneioOs, romaneioOsItem } from '../../src/server/db/schema/romaneio-os';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { tipoVeiculo } from '../../src/server/db/schema/veiculo';
import { relogio } from '../../src/domain/relogio';

// Service-order manifests for the server tests: the seeded registers they point at, request
// bodies, rows written straight into a company's database, and the "nothing changed" snapshot.

export interface RefsOs {
  transportadora: number;
  outraTransportadora: number;
  motorista: number;
  outroMotorista: number;
  /** The vehicle type with the smallest capacity, and it. */
  tipoVeiculo: number;
  capacidade: string;
  campoMourao: number;
  saoPaulo: number;
  campinas: number;
  cliente: number;
  outroCliente: number;
}

export async function refsOs(db: Db): Promise<RefsOs> {
  const [t1, t2] = await db.select({ id: transportadora.id }).from(transportadora).orderBy(asc(transportadora.id)).limit(2);
  const [m1, m2] = await db.select({ id: motorista.id }).from(motorista).orderBy(asc(motorista.id)).limit(2);
  const [tv] = await db
    .select({ id: tipoVeiculo.id, capacidade: tipoVeiculo.capacidade })
    .from(tipoVeiculo)
    .where(sql`${tipoVeiculo.capacidade} is not null`)
    .orderBy(asc(tipoVeiculo.capacidade))
    .limit(1);
  const [c1, c2] = await db.select({ id: cliente.id }).from(cliente).orderBy(asc(cliente.id)).limit(2);
  const mun = await db.select({ id: municipio.id, codigo: municipio.codigo }).from(municipio).where(inArray(municipio.codigo, [4104303, 3550308, 3509502]));
  const id = (codigo: number) => mun.find((m) => m.codigo === codigo)!.id;
  if (!t2 || !m2 || !tv || !c2 || mun.length !== 3) throw new Error('a semente não tem os cadastros dos romaneios');
  return {
    transportadora: t1.id,
    outraTransportadora: t2.id,
    motorista: m1.id,
    outroMotorista: m2.id,
    tipoVeiculo: tv.id,
    capacidade: tv.capacidade!,
    campoMourao: id(4104303),
    saoPaulo: id(3550308),
    campinas: id(3509502),
    cliente: c1.id,
    outroCliente: c2.id,
  };
}

type ItemEntrada = RomaneioOsSalvarEntrada['itens'][number];

/** An item taken from an O.S. (EXPEDIDO when new), without its invoice. */
export const itemOs = (r: RefsOs, i: Partial<ItemEntrada> = {}): ItemEntrada => ({
  itemId: 'PE00001-1',
  pedidoId: 'PE00001',
  observacao: null,
  cliente: { id: r.cliente },
  clienteRetira: false,
  redespacho: null,
  quantidadeM2: '120.500',
  pesoLiquido: '400.000',
  pesoBruto: '424.000',
  volumes: 12,
  frete: '85.00',
  unidade: 'CAIXA',
  valorNotaFiscal: null,
  notaFiscalId: null,
  origem: 'OS',
  ordensServico: ['50001'],
  dataEntrega: '2024-05-10',
  ...i,
});

/** An item taken from an invoice (FATURADO when new). */
export const itemNf = (r: RefsOs, i: Partial<ItemEntrada> = {}): ItemEntrada =>
  itemOs(r, { origem: 'NOTA_FISCAL', notaFiscalId: '300123', valorNotaFiscal: '2150.00', ordensServico: [], ...i });

/** The body of POST /romaneios-colacril for a complete new manifest. */
export function corpoOs(r: RefsOs, m: Partial<RomaneioOsSalvarEntrada> = {}): RomaneioOsSalvarEntrada {
  return {
    transportadora: { id: r.transportadora },
    motorista: { id: r.motorista },
    lacre: 'L-001',
    tipoVeiculo: { id: r.tipoVeiculo },
    origem: { id: r.campoMourao },
    destino: { id: r.saoPaulo },
    placaCarreta: 'abc1d23',
    placaCavalo: 'XYZ9876',
    observacao: 'Entregar pela manhã',
    itens: [itemOs(r)],
    ...m,
  };
}

export interface RomaneioOsTeste {
  status?: StatusRomaneio;
  dataEmissao?: Date;
  transportadoraId?: number;
  motoristaId?: number;
  origemId?: number;
  destinoId?: number;
  itens?: { clienteId?: number | null; pedidoId?: string | null; notaFiscalId?: string | null; status?: StatusItemRomaneioOs }[];
}

/** Writes manifests straight into the database (for the list); answers their ids and números in order. */
export async function inserirRomaneiosOs(db: Db, r: RefsOs, lista: RomaneioOsTeste[]): Promise<{ id: number; numero: number }[]> {
  return db.transaction(async (tx) => {
    const criados = await tx
      .insert(romaneioOs)
      .values(
        lista.map((m) => ({
          status: m.status ?? 'EXPEDICAO',
          dataEmissao: m.dataEmissao ?? relogio.agora(),
          transportadoraId: m.transportadoraId ?? r.transportadora,
          motoristaId: m.motoristaId ?? r.motorista,
          lacre: 'L-9',
          tipoVeiculoId: r.tipoVeiculo,
          origemId: m.origemId ?? r.campoMourao,
          destinoId: m.destinoId ?? r.saoPaulo,
        })),
      )
      .returning({ id: romaneioOs.id, numero: romaneioOs.numero });
    const itens = lista.flatMap((m, k) =>
      (m.itens ?? []).map((it, i) => ({
        romaneioOsId: criados[k].id,
        item: i + 1,
        clienteId: it.clienteId ?? null,
        pedidoId: it.pedidoId ?? null,
        notaFiscalId: it.notaFiscalId ?? null,
        status: it.status ?? 'EXPEDIDO',
        origem: 'OS' as const,
      })),
    );
    if (itens.length) await tx.insert(romaneioOsItem).values(itens);
    return criados;
  });
}

/** The stored header of one manifest. */
export const romaneioOsGravado = async (db: Db, id: number) => (await db.select().from(romaneioOs).where(eq(romaneioOs.id, id)))[0];

/** Every row of both manifest tables: compared before/after a refused request. */
export async function fotoRomaneiosOs(db: Db): Promise<string> {
  const tudo = async (tabela: string) => linhas(await db.execute(sql.raw(`select * from ${tabela} order by id`)));
  return JSON.stringify(await Promise.all(['romaneio_os', 'romaneio_os_item'].map(tudo)));
}

/** The request answers `status` with exactly `mensagens`, and no manifest row changes. */
export async function recusaOs(db: Db, enviar: () => Response | Promise<Response>, status: number, mensagens: string[]): Promise<void> {
  const antes = await fotoRomaneiosOs(db);
  const resposta = await enviar();
  expect([resposta.status, await resposta.json()]).toEqual([status, { mensagens }]);
  expect(await fotoRomaneiosOs(db)).toBe(antes);
}
