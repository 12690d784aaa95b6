import { and, asc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import { proximoStatusMinuta } from '../../../machines/minuta-confirmation';
import { resumoConversaoCtes, type ResultadoConversaoCtes } from '../../contracts/minutas-lotes';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { cliente } from '../db/schema/cliente';
import { cte } from '../db/schema/cte';
import { minuta, minutaElementoCusto } from '../db/schema/minuta';
import { transportadora } from '../db/schema/transportadora';
import type { ErpNotasPedidos } from '../erp/erp-source';
import { destino, origem } from './minuta-linha';
import { completarNotasDoErp } from './notas-dos-ctes';
import { chaveSinteticaMinuta, cteDaMinuta, dataDeCriacao, serieDaMinuta, type MinutaParaCte } from './cte-da-minuta';
import { agoraSql } from '../db/agora-sql';
import { emLotes, proximaVolta } from '../db/ceder-vez';
import { relogio } from '../../domain/relogio';

// GET /public/minutas/ctes ("Converter CT-es", spec 03 §2.5, §7; docs/decisoes.md §13): every confirmed (PREENCHIDO)
// minuta becomes a CT-e of the Fretes list, PROCESSADO and ready to audit, marked as coming from a minuta;
// when the CT-e is already there (read from its XML: the same key, or the same carrier CNPJ, série and
// número) the minuta is linked to it and nothing is created. The minuta then takes CONVERTER (PROCESSADO).
// In batches of 200 minutas, each one transaction with a constant number of queries; a second run finds no
// PREENCHIDO minuta and converts nothing.

// 200: PGlite (0.5) aborts its WebAssembly (RuntimeError: Aborted) on the UPDATE of 500 minutas after inserting
// their 500 CT-es in one transaction (bench/minutas.ts found it; 250 passed, 500 failed, with jsonb or unnest alike).
const LOTE = 200;
// The CT-es of a batch go in by 100, a turn of the event loop between: 200 CT-es were one 45 ms PGlite step (about 40
// index entries a row), 100 are half.
const INSERCAO = 100;
const PROCESSADO = proximoStatusMinuta('PREENCHIDO', { type: 'CONVERTER' })!;

const mensagemMinutaNaoConvertida = (numero: string | null, faltas: readonly string[]) =>
  `A minuta ${numero ?? 'sem número'} não foi convertida em CT-e: falta ${faltas.join(', ')}.`;

/**
 * The next batch (by id) of PREENCHIDO minutas with their carrier, municipalities and client, locked. The batch's ids
 * first: just after a CONEMB's conversion the statistics still say "5 minutas" and the planner joined all 5,000 before
 * sorting and cutting (51 ms in one PGlite step, bench lotes).
 */
const confirmadas = (tx: Db, depoisDe: number) =>
  tx
    .select({
      minuta,
      transportadora: {
        cnpj: transportadora.cnpj,
        razaoSocial: transportadora.razaoSocial,
        nomeFantasia: transportadora.nomeFantasia,
        inscricaoEstadual: transportadora.inscricaoEstadual,
        logradouro: transportadora.logradouro,
        complemento: transportadora.complemento,
        bairro: transportadora.bairro,
        localidade: transportadora.localidade,
        estado: transportadora.estado,
        cep: transportadora.cep,
        telefone1: transportadora.telefone1,
      },
      origem: { codigo: origem.codigo, nome: origem.nome, siglaUf: origem.siglaUf },
      destino: { codigo: destino.codigo, nome: destino.nome, siglaUf: destino.siglaUf },
      cliente: { cpfCnpj: cliente.cpfCnpj, razaoSocial: cliente.razaoSocial, nomeFantasia: cliente.nomeFantasia },
    })
    .from(minuta)
    .leftJoin(transportadora, eq(transportadora.id, minuta.transportadoraId))
    .leftJoin(origem, eq(origem.id, minuta.origemId))
    .leftJoin(destino, eq(destino.id, minuta.destinoId))
    .leftJoin(cliente, eq(cliente.id, minuta.clienteId))
    .where(inArray(minuta.id, tx.select({ id: minuta.id }).from(minuta).where(and(eq(minuta.status, 'PREENCHIDO'), gt(minuta.id, depoisDe))).orderBy(asc(minuta.id)).limit(LOTE)))
    .orderBy(asc(minuta.id))
    .for('update', { of: minuta });
type Linha = Awaited<ReturnType<typeof confirmadas>>[number];

/** What a CT-e needs that the minuta lacks (a confirmed minuta is complete: a safety net). */
function faltas(l: Linha): string[] {
  const m = l.minuta;
  return [
    !l.transportadora && 'transportadora',
    !l.origem && 'origem',
    !l.destino && 'destino',
    !/^\d{1,9}$/.test(m.numero ?? '') && 'nº da minuta',
    !m.valorTotalFrete && 'valor do frete',
  ].filter((f): f is string => !!f);
}

function paraCte(l: Linha, elementos: Map<number, { nome: string; valor: string }[]>): MinutaParaCte {
  const m = l.minuta;
  return {
    ...m,
    numero: m.numero!,
    dataEmissao: m.dataEmissao ?? dataDeCriacao(m.criadaEm),
    valorTotalFrete: m.valorTotalFrete!,
    transportadoraId: m.transportadoraId!,
    transportadora: l.transportadora!,
    origem: l.origem!,
    destino: l.destino!,
    cliente: l.cliente,
    elementos: elementos.get(m.id) ?? [],
  };
}

const chaveFrete = (emitente: string | null, serie: string | null, numero: number) => `${emitente}|${serie === null ? '*' : serieDaMinuta(serie)}|${numero}`;

/**
 * The CT-es already there for the batch: by key, or by issuer CNPJ + número (cte_emitente_numero_idx) with the
 * série compared without leading zeros (a minuta without série takes any). A live CT-e before a cancelled or
 * disregarded one, then the newest.
 */
async function ctesExistentes(tx: Db, minutas: MinutaParaCte[]) {
  const chaves = minutas.map((m) => m.chave ?? chaveSinteticaMinuta(m.id));
  const pares = minutas.filter((m) => m.transportadora.cnpj).map((m) => sql`(${m.transportadora.cnpj}, ${Number(m.numero)}::int)`);
  const porNumero = pares.length ? sql`(${cte.emitenteDocumento}, ${cte.numero}) in (${sql.join(pares, sql`, `)})` : sql`false`;
  const achados = await tx
    .select({ id: cte.id, chave: cte.chave, emitente: cte.emitenteDocumento, serie: cte.serie, numero: cte.numero })
    .from(cte)
    .where(sql`${inArray(cte.chave, chaves)} or ${porNumero}`)
    .orderBy(sql`${cte.status} in ('CANCELADO', 'DESCONSIDERADO')`, sql`${cte.id} desc`);
  const porChave = new Map<string, number>();
  const porFrete = new Map<string, number>();
  const primeiro = (mapa: Map<string, number>, k: string, id: number) => mapa.has(k) || mapa.set(k, id);
  for (const c of achados) {
    primeiro(porChave, c.chave, c.id);
    primeiro(porFrete, chaveFrete(c.emitente, c.serie, c.numero), c.id);
    primeiro(porFrete, chaveFrete(c.emitente, null, c.numero), c.id);
  }
  return (m: MinutaParaCte) => porChave.get(m.chave ?? chaveSinteticaMinuta(m.id)) ?? porFrete.get(chaveFrete(m.transportadora.cnpj, m.serie, Number(m.numero)));
}

/** Registered names (customers) of the senders' and payers' CNPJs, for the synthetic document. */
async function nomesDosDocumentos(tx: Db, minutas: MinutaParaCte[]): Promise<Map<string, string>> {
  const docs = [...new Set(minutas.flatMap((m) => [m.cnpjRemetente, m.cnpjTomador]).filter((d): d is string => !!d))];
  if (!docs.length) return new Map();
  const achados = await tx.select({ doc: cliente.cpfCnpj, nome: cliente.razaoSocial }).from(cliente).where(inArray(cliente.cpfCnpj, docs)).orderBy(asc(cliente.id));
  const nomes = new Map<string, string>();
  for (const a of achados) if (a.doc && !nomes.has(a.doc)) nomes.set(a.doc, a.nome);
  return nomes;
}

const COLUNAS_CTE = getTableColumns(cte);

/**
 * The new CT-es in one INSERT … SELECT FROM jsonb_populate_recordset (one parameter: a VALUES list of 200 rows
 * × 30 columns costs more to build than to run); answers each one's id by its key.
 */
async function inserirCtes(tx: Db, novos: (typeof cte.$inferInsert)[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  await emLotes(novos, INSERCAO, async (parte) => {
    await proximaVolta();
    for (const [chave, id] of await inserirParte(tx, parte)) ids.set(chave, id);
  });
  return ids;
}

async function inserirParte(tx: Db, novos: (typeof cte.$inferInsert)[]): Promise<[string, number][]> {
  const agora = relogio.agora();
  const comDatas = novos.map((n) => ({ lidoEm: agora, alteradoEm: agora, ...n }));
  const usadas = Object.keys(comDatas[0]) as (keyof typeof COLUNAS_CTE)[];
  const nomes = usadas.map((k) => COLUNAS_CTE[k].name);
  const linhasJson = comDatas.map((n) => Object.fromEntries(usadas.map((k, i) => [nomes[i], n[k] instanceof Date ? n[k].toISOString() : n[k]])));
  const lista = sql.raw(nomes.map((n) => `"${n}"`).join(', '));
  const r = await tx.execute(sql`
    insert into ${cte} (${lista}) select ${lista} from jsonb_populate_recordset(null::${cte}, ${JSON.stringify(linhasJson)}::jsonb)
    returning id, chave`);
  return linhas<{ id: number; chave: string }>(r).map((c) => [c.chave, c.id]);
}

interface ResultadoLote {
  criados: number[];
  vinculados: number[];
  recusas: string[];
  /** Minutas read (the next batch starts after the last). */
  ultimo: number;
}

/**
 * Where each minuta of a batch goes: an existing CT-e's id, a new CT-e (`{ criada: key }`), or the key of one made
 * earlier in the batch (two minutas of the same freight: the first makes the CT-e, the others link to it).
 */
function alvosDoLote(minutas: MinutaParaCte[], existente: (m: MinutaParaCte) => number | undefined, nomes: Map<string, string>) {
  const novos = new Map<string, ReturnType<typeof cteDaMinuta>>();
  const novoPorFrete = new Map<string, string>();
  const alvos = minutas.map((m): number | string | { criada: string } => {
    const id = existente(m);
    if (id !== undefined) return id;
    const frete = chaveFrete(m.transportadora.cnpj, m.serie, Number(m.numero));
    const mesmo = (m.chave && novos.has(m.chave) ? m.chave : undefined) ?? novoPorFrete.get(frete);
    if (mesmo) return mesmo;
    const linha = cteDaMinuta(m, nomes);
    novos.set(linha.chave, linha);
    novoPorFrete.set(frete, linha.chave);
    return { criada: linha.chave };
  });
  return { alvos, novos };
}

/** One batch in one transaction: link or create, then every converted minuta becomes PROCESSADO. */
async function converterLote(tx: Db, depoisDe: number): Promise<ResultadoLote | null> {
  const lidas = await confirmadas(tx, depoisDe);
  if (!lidas.length) return null;
  const r: ResultadoLote = { criados: [], vinculados: [], recusas: [], ultimo: lidas[lidas.length - 1].minuta.id };
  // A minuta a concurrent conversion (another process) took while this one waited for its lock comes back as it is
  // now, no longer PREENCHIDO: it is skipped. (The status in the WHERE beside the ids brought back the plan above.)
  const aptas = lidas.filter((l) => {
    if (l.minuta.status !== 'PREENCHIDO') return false;
    const f = faltas(l);
    if (f.length) r.recusas.push(mensagemMinutaNaoConvertida(l.minuta.numero, f));
    return !f.length;
  });
  if (!aptas.length) return r;
  const ids = aptas.map((l) => l.minuta.id);
  await proximaVolta();
  const elementosLidos = await tx.select({ minutaId: minutaElementoCusto.minutaId, nome: minutaElementoCusto.nome, valor: minutaElementoCusto.valor }).from(minutaElementoCusto).where(inArray(minutaElementoCusto.minutaId, ids)).orderBy(asc(minutaElementoCusto.id));
  const elementos = new Map<number, { nome: string; valor: string }[]>();
  for (const e of elementosLidos) {
    const lista = elementos.get(e.minutaId);
    if (lista) lista.push({ nome: e.nome, valor: e.valor });
    else elementos.set(e.minutaId, [{ nome: e.nome, valor: e.valor }]);
  }
  const minutas = aptas.map((l) => paraCte(l, elementos));
  // One after the other: a transaction is one connection.
  await proximaVolta();
  const existente = await ctesExistentes(tx, minutas);
  await proximaVolta();
  const nomes = await nomesDosDocumentos(tx, minutas);

  const { alvos, novos } = alvosDoLote(minutas, existente, nomes);
  const idDaChave = await inserirCtes(tx, [...novos.values()]);
  const vinculos = minutas.map((m, i) => {
    const alvo = alvos[i];
    if (typeof alvo === 'object') {
      r.criados.push(idDaChave.get(alvo.criada)!);
      return { id: m.id, cte_id: idDaChave.get(alvo.criada)! };
    }
    const cteId = typeof alvo === 'number' ? alvo : idDaChave.get(alvo)!;
    r.vinculados.push(cteId);
    return { id: m.id, cte_id: cteId };
  });
  await proximaVolta();
  await tx.execute(sql`
    update ${minuta} as m set status = ${PROCESSADO}, cte_id = x.cte_id, versao = m.versao + 1, alterada_em = ${agoraSql()}
    from jsonb_to_recordset(${JSON.stringify(vinculos)}::jsonb) as x(id int, cte_id int)
    where m.id = x.id and m.status = 'PREENCHIDO'`);
  return r;
}

/**
 * Converts every confirmed minuta (see the header); idempotent. With the company's ERP, the CT-es created get
 * the notes the ERP knows and their cargo value (notas-dos-ctes.ts).
 */
export async function converterMinutasEmCtes(db: Db, erp?: ErpNotasPedidos): Promise<ResultadoConversaoCtes> {
  const r: ResultadoConversaoCtes = { criados: 0, vinculados: 0, ctes: [], mensagens: [] };
  const recusas: string[] = [];
  const criados: number[] = [];
  for (let ultimo = 0; ; ) {
    // Issue 33: a turn of the event loop between batches (a PGlite query resolves without one): requests go first.
    await proximaVolta();
    const lote = await db.transaction((tx) => converterLote(tx, ultimo));
    if (!lote) break;
    ultimo = lote.ultimo;
    r.criados += lote.criados.length;
    r.vinculados += lote.vinculados.length;
    r.ctes.push(...lote.criados, ...lote.vinculados);
    criados.push(...lote.criados);
    recusas.push(...lote.recusas);
  }
  if (erp && criados.length) await completarNotasDoErp(db, erp, [...new Set(criados)]);
  return { ...r, ctes: [...new Set(r.ctes)], mensagens: [resumoConversaoCtes(r), ...recusas] };
}
