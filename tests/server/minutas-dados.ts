import { asc, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { MinutaSalvarEntrada, OrigemMinuta, StatusMinuta } from '../../src/contracts/minutas';
import { linhas } from '../../src/server/db/linhas';
import type { Db } from '../../src/server/db/database';
import { cliente } from '../../src/server/db/schema/cliente';
import { minuta, minutaElementoCusto, minutaNotaFiscal } from '../../src/server/db/schema/minuta';
import { municipio } from '../../src/server/db/schema/municipio';
import { transportadora } from '../../src/server/db/schema/transportadora';

// Minutas for the server tests, written straight into a company's database with drizzle.

/** Ids of seeded registers a minuta may point at (two carriers, a client, two municipalities). */
export interface Referencias {
  transportadora: number;
  outraTransportadora: number;
  cliente: number;
  origem: number;
  destino: number;
}

export async function referencias(db: Db): Promise<Referencias> {
  const [t1, t2] = await db.select({ id: transportadora.id }).from(transportadora).orderBy(asc(transportadora.id)).limit(2);
  const [c] = await db.select({ id: cliente.id }).from(cliente).orderBy(asc(cliente.id)).limit(1);
  const [o, d] = await db.select({ id: municipio.id }).from(municipio).where(inArray(municipio.codigo, [3550308, 3509502])).orderBy(asc(municipio.codigo));
  if (!t1 || !t2 || !c || !o || !d) throw new Error('a semente não tem transportadoras, clientes ou municípios');
  return { transportadora: t1.id, outraTransportadora: t2.id, cliente: c.id, origem: o.id, destino: d.id };
}

let sequencia = 0;
/** A número no other minuta of the run has (7 digits, process-unique). */
export const numeroMinuta = () => String(1_000_000 + ((process.pid * 1000 + ++sequencia) % 8_999_999));
/** A fatura número unique to the caller, to filter a test's own minutas. */
export const faturaUnica = (prefixo = 'T') => `${prefixo}${Date.now().toString(36).slice(-6)}${++sequencia}`.slice(0, 20);

export const CNPJ_TOMADOR = '11222333000181';
export const CNPJ_REMETENTE = '12345678000195';

export interface MinutaTeste {
  status?: StatusMinuta;
  fatura?: string | null;
  numero?: string | null;
  chave?: string | null;
  dataEmissao?: string | null;
  transportadoraId?: number | null;
  clienteId?: number | null;
  origemId?: number | null;
  destinoId?: number | null;
  peso?: string | null;
  valorTotalFrete?: string | null;
  cnpjTomador?: string | null;
  cnpjRemetente?: string | null;
  notas?: { serie: string; numero: string }[];
  elementos?: { nome: string; valor: string }[];
  origemMinuta?: OrigemMinuta;
}

/** A complete PENDENTE minuta (every field completeness asks for), with `m` over it. */
export function minutaCompletaTeste(r: Referencias, m: MinutaTeste = {}): Required<MinutaTeste> {
  return {
    status: 'PENDENTE',
    fatura: faturaUnica(),
    numero: numeroMinuta(),
    chave: null,
    dataEmissao: '2001-03-15',
    transportadoraId: r.transportadora,
    clienteId: r.cliente,
    origemId: r.origem,
    destinoId: r.destino,
    peso: '1250.500',
    valorTotalFrete: '350.75',
    cnpjTomador: CNPJ_TOMADOR,
    cnpjRemetente: CNPJ_REMETENTE,
    notas: [{ serie: '1', numero: '4521' }],
    elementos: [{ nome: 'FRETE PESO', valor: '350.75' }],
    origemMinuta: 'MANUAL',
    ...m,
  };
}

/** Inserts minutas with their notes and cost elements (counts kept in step), 500 a statement; answers their ids in order. */
export async function inserirMinutas(db: Db, minutas: Required<MinutaTeste>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < minutas.length; i += 500) ids.push(...(await inserirLote(db, minutas.slice(i, i + 500))));
  return ids;
}

async function inserirLote(db: Db, minutas: Required<MinutaTeste>[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    const criadas = await tx
      .insert(minuta)
      .values(minutas.map(({ notas, elementos, ...m }) => ({ ...m, quantidadeNotasFiscais: notas.length, quantidadeElementosCusto: elementos.length })))
      .returning({ id: minuta.id });
    const notas = minutas.flatMap((m, i) => m.notas.map((n) => ({ ...n, minutaId: criadas[i].id })));
    const elementos = minutas.flatMap((m, i) => m.elementos.map((e) => ({ ...e, minutaId: criadas[i].id })));
    if (notas.length) await tx.insert(minutaNotaFiscal).values(notas);
    if (elementos.length) await tx.insert(minutaElementoCusto).values(elementos);
    return criadas.map((c) => c.id);
  });
}

export const inserirMinuta = async (db: Db, m: Required<MinutaTeste>) => (await inserirMinutas(db, [m]))[0];

/** The stored row (status, versão, counts…) of one minuta, or undefined. */
export const minutaGravada = async (db: Db, id: number) => (await db.select().from(minuta).where(eq(minuta.id, id)))[0];

/** Every row of the three minuta tables: compared before/after a refused request. */
export async function fotoMinutas(db: Db): Promise<string> {
  const tudo = async (tabela: string) => linhas(await db.execute(sql.raw(`select * from ${tabela} order by id`)));
  return JSON.stringify(await Promise.all(['minuta', 'minuta_nota_fiscal', 'minuta_elemento_custo'].map(tudo)));
}

/** The request answers `status` with exactly `mensagens`, and no minuta row changes. */
export async function recusaSemMudanca(db: Db, enviar: () => Response | Promise<Response>, status: number, mensagens: string[]): Promise<void> {
  const antes = await fotoMinutas(db);
  const resposta = await enviar();
  expect([resposta.status, await resposta.json()]).toEqual([status, { mensagens }]);
  expect(await fotoMinutas(db)).toBe(antes);
}

/** The body of POST /minutas for a complete minuta over the seeded registers. */
export function corpoMinuta(r: Referencias, m: Partial<MinutaSalvarEntrada> = {}): MinutaSalvarEntrada {
  return {
    fatura: faturaUnica('S'),
    numero: numeroMinuta(),
    serie: '1',
    chave: null,
    dataEmissao: '2002-06-10',
    transportadora: { id: r.transportadora },
    origem: { id: r.origem },
    destino: { id: r.destino },
    cliente: { id: r.cliente },
    peso: '980.250',
    percentualIcms: '12',
    valorTotalFrete: '410.30',
    cnpjTomador: '11.222.333/0001-81',
    cnpjRemetente: CNPJ_REMETENTE,
    notasFiscais: [
      { serie: '1', numero: '000123' },
      { serie: '2', numero: '124' },
    ],
    elementosCusto: [
      { nome: 'FRETE PESO', valor: '400.00' },
      { nome: 'PEDÁGIO', valor: '10.30' },
    ],
    ...m,
  };
}
