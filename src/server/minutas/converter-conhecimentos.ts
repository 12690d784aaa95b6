import Decimal from 'decimal.js';
import { and, asc, eq, gt, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { ComponentesConemb, NotaConemb } from '../../contracts/conemb';
import type { OrigemMinuta, StatusMinuta } from '../../contracts/minutas';
import { resumoConversaoMinutas, type ResultadoConversaoMinutas } from '../../contracts/minutas-lotes';
import { transportadorasDosEmitentes } from '../ctes/transportadora-do-emitente';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { cliente } from '../db/schema/cliente';
import { conembConhecimento, minuta, minutaElementoCusto, minutaNotaFiscal } from '../db/schema/minuta';
import { municipio } from '../db/schema/municipio';
import { dobrarSql } from '../db/texto-busca';
import { serieNormalizada, type ErpNotasPedidos } from '../erp/erp-source';
import { agoraSql } from '../db/agora-sql';
import { proximaVolta } from '../db/ceder-vez';

// GET /public/conhecimentos/minutas ("Converter Minutas", spec 03 §2.5, §7): every conhecimento
// read from a CONEMB that is not cancelled and has no minuta yet becomes a PENDENTE minuta: carrier by the
// issuer's CNPJ (a branch by its root), número, série, key, issue date, weight, ICMS, freight, the shipper as
// sender, its notes and one cost element per non-zero component. Client and destination come from the ERP's
// notes when it knows them; origin, fatura (and the payer of a FOB freight) are left for a person, so the
// minuta stays PENDENTE until completed. In batches of 250 conhecimentos, a constant number of queries
// each; the unique index on minuta.conhecimento_id makes a second run (or a concurrent one) create nothing.
// Issue 33: the batch waits a turn of the event loop before each of its steps (a PGlite query resolves without
// one, so 5,000 conhecimentos held every request until the end), and a batch's transaction stays short.

const LOTE = 250;

/** The cost elements, in the CONEMB's order, with the names the minuta shows. */
export const ELEMENTOS_CONEMB: readonly (readonly [keyof ComponentesConemb, string])[] = [
  ['fretePeso', 'Frete peso'],
  ['freteValor', 'Frete valor'],
  ['secCat', 'SEC/CAT'],
  ['itr', 'ITR'],
  ['despacho', 'Despacho'],
  ['pedagio', 'Pedágio'],
  ['ademe', 'ADEME'],
];

const colunas = {
  id: conembConhecimento.id,
  serie: conembConhecimento.serie,
  numero: conembConhecimento.numero,
  chave: conembConhecimento.chave,
  dataEmissao: conembConhecimento.dataEmissao,
  condicaoFrete: conembConhecimento.condicaoFrete,
  peso: conembConhecimento.peso,
  percentualIcms: conembConhecimento.percentualIcms,
  valorTotalFrete: conembConhecimento.valorTotalFrete,
  componentes: conembConhecimento.componentes,
  cnpjEmissor: conembConhecimento.cnpjEmissor,
  cnpjEmbarcadora: conembConhecimento.cnpjEmbarcadora,
  notas: conembConhecimento.notas,
};
type Conhecimento = Awaited<ReturnType<typeof pendentes>>[number];

/** The next batch (by id) of conhecimentos not cancelled and without a minuta. */
const pendentes = (db: Db, depoisDe: number) =>
  db
    .select(colunas)
    .from(conembConhecimento)
    .where(
      and(
        gt(conembConhecimento.id, depoisDe),
        isNull(conembConhecimento.excluidoEm),
        notExists(db.select({ um: sql`1` }).from(minuta).where(eq(minuta.conhecimentoId, conembConhecimento.id))),
      ),
    )
    .orderBy(asc(conembConhecimento.id))
    .limit(LOTE);

const semZeros = (v: string) => v.trim().replace(/^0+(?=\d)/, '');
const chaveNota = (serie: string, numero: string | number) => `${serieNormalizada(serie)}|${typeof numero === 'number' ? numero : Number(semZeros(numero))}`;
const notasDo = (c: Conhecimento): NotaConemb[] => c.notas ?? [];

/** The cost elements of the components that are given and not zero. */
function elementosDoConhecimento(componentes: ComponentesConemb): { nome: string; valor: string }[] {
  return ELEMENTOS_CONEMB.flatMap(([campo, nome]) => {
    const valor = componentes[campo];
    return valor !== null && valor !== undefined && !new Decimal(valor).isZero() ? [{ nome, valor: new Decimal(valor).toFixed(2) }] : [];
  });
}

/** Per conhecimento: our client register and its municipality, from the first of its notes the ERP knows. */
async function clientesDasNotas(db: Db, erp: ErpNotasPedidos, lote: Conhecimento[]): Promise<Map<number, { clienteId: number; destinoId: number | null }>> {
  const pares = lote.flatMap((c) => notasDo(c).filter((n) => /^\d{1,9}$/.test(semZeros(n.numero))).map((n) => ({ serie: n.serie, numero: Number(semZeros(n.numero)) })));
  const notasErp = pares.length ? await erp.notasPorNumero(pares) : [];
  const clienteDaNota = new Map<string, string>();
  for (const n of notasErp) if (n.clienteId && !clienteDaNota.has(chaveNota(n.serie, n.numero))) clienteDaNota.set(chaveNota(n.serie, n.numero), n.clienteId);
  const codigos = [...new Set(clienteDaNota.values())];
  // The client's municipality: its city and UF against the IBGE names, folded (accents, case).
  const registros = codigos.length
    ? await db
        .select({ id: cliente.id, clienteId: cliente.clienteId, destinoId: sql<number | null>`min(${municipio.id})` })
        .from(cliente)
        .leftJoin(municipio, and(eq(municipio.nomeBusca, dobrarSql(sql`trim(${cliente.cidade})`)), eq(municipio.siglaUf, sql`upper(trim(${cliente.estado}))`)))
        .where(inArray(cliente.clienteId, codigos))
        .groupBy(cliente.id, cliente.clienteId)
    : [];
  const porCodigo = new Map(registros.map((r) => [r.clienteId, { clienteId: r.id, destinoId: r.destinoId === null ? null : Number(r.destinoId) }]));
  const saida = new Map<number, { clienteId: number; destinoId: number | null }>();
  for (const c of lote) {
    for (const n of notasDo(c)) {
      const registro = porCodigo.get(clienteDaNota.get(chaveNota(n.serie, n.numero)) ?? '');
      if (registro) {
        saida.set(c.id, registro);
        break;
      }
    }
  }
  return saida;
}

interface Referencias {
  transportadoras: Map<string, { id: number }>;
  clientes: Map<number, { clienteId: number; destinoId: number | null }>;
}

/**
 * The minutas of one batch, with their notes and cost elements, in one transaction: three INSERT … SELECT
 * FROM jsonb_to_recordset (one parameter each, whatever the batch's size). Returns the conhecimentos converted.
 */
async function gravarMinutas(tx: Db, lote: Conhecimento[], ref: Referencias): Promise<number[]> {
  const porId = new Map(lote.map((c) => [c.id, { notas: notasDo(c), elementos: elementosDoConhecimento(c.componentes) }]));
  const dados = lote.map((c) => ({
    conhecimento_id: c.id,
    numero: c.numero,
    serie: serieNormalizada(c.serie).slice(0, 3) || null,
    chave: c.chave,
    data_emissao: c.dataEmissao,
    transportadora_id: ref.transportadoras.get(c.cnpjEmissor)?.id ?? null,
    cliente_id: ref.clientes.get(c.id)?.clienteId ?? null,
    destino_id: ref.clientes.get(c.id)?.destinoId ?? null,
    peso: c.peso,
    percentual_icms: c.percentualIcms,
    valor_total_frete: c.valorTotalFrete,
    cnpj_remetente: c.cnpjEmbarcadora,
    // CIF: the shipper pays. FOB (or blank): the payer is the recipient, whose CNPJ the CONEMB lacks.
    cnpj_tomador: c.condicaoFrete === 'C' ? c.cnpjEmbarcadora : null,
    notas: porId.get(c.id)!.notas.length,
    elementos: porId.get(c.id)!.elementos.length,
  }));
  const r = await tx.execute(sql`
    insert into ${minuta} (status, origem_minuta, conhecimento_id, numero, serie, chave, data_emissao, transportadora_id, cliente_id, destino_id,
      peso, percentual_icms, valor_total_frete, cnpj_remetente, cnpj_tomador, quantidade_notas_fiscais, quantidade_elementos_custo, criada_em, alterada_em)
    select ${'PENDENTE' satisfies StatusMinuta}, ${'CONEMB' satisfies OrigemMinuta}, x.conhecimento_id, x.numero, x.serie, x.chave, x.data_emissao,
      x.transportadora_id, x.cliente_id, x.destino_id, x.peso, x.percentual_icms, x.valor_total_frete, x.cnpj_remetente, x.cnpj_tomador, x.notas, x.elementos,
      ${agoraSql()}, ${agoraSql()}
    from jsonb_to_recordset(${JSON.stringify(dados)}::jsonb) as x(conhecimento_id int, numero text, serie text, chave text, data_emissao date,
      transportadora_id int, cliente_id int, destino_id int, peso numeric, percentual_icms numeric, valor_total_frete numeric, cnpj_remetente text,
      cnpj_tomador text, notas int, elementos int)
    on conflict (conhecimento_id) do nothing
    returning id, conhecimento_id`);
  const criadas = linhas<{ id: number; conhecimento_id: number }>(r);
  const notas = criadas.flatMap((m) =>
    porId.get(m.conhecimento_id)!.notas.map((n) => ({ minuta_id: m.id, serie: serieNormalizada(n.serie).slice(0, 3), numero: semZeros(n.numero).slice(0, 9) })),
  );
  const elementos = criadas.flatMap((m) => porId.get(m.conhecimento_id)!.elementos.map((e) => ({ minuta_id: m.id, ...e })));
  await proximaVolta();
  if (notas.length)
    await tx.execute(sql`insert into ${minutaNotaFiscal} (minuta_id, serie, numero)
      select x.minuta_id, x.serie, x.numero from jsonb_to_recordset(${JSON.stringify(notas)}::jsonb) as x(minuta_id int, serie text, numero text)`);
  await proximaVolta();
  if (elementos.length)
    await tx.execute(sql`insert into ${minutaElementoCusto} (minuta_id, nome, valor)
      select x.minuta_id, x.nome, x.valor from jsonb_to_recordset(${JSON.stringify(elementos)}::jsonb) as x(minuta_id int, nome text, valor numeric)`);
  return criadas.map((m) => m.conhecimento_id);
}

/** Converts every pending conhecimento (see the header); idempotent. */
export async function converterConhecimentos(db: Db, erp: ErpNotasPedidos): Promise<ResultadoConversaoMinutas> {
  const r: ResultadoConversaoMinutas = { minutas: 0, comCliente: 0, semTransportadora: 0, mensagens: [] };
  for (let ultimo = 0; ; ) {
    await proximaVolta();
    const lote = await pendentes(db, ultimo);
    if (!lote.length) break;
    ultimo = lote[lote.length - 1].id;
    await proximaVolta();
    const transportadoras = await transportadorasDosEmitentes(db, lote.map((c) => c.cnpjEmissor));
    await proximaVolta();
    const ref: Referencias = { transportadoras, clientes: await clientesDasNotas(db, erp, lote) };
    await proximaVolta();
    const convertidos = await db.transaction((tx) => gravarMinutas(tx, lote, ref));
    const porId = new Map(lote.map((c) => [c.id, c]));
    r.minutas += convertidos.length;
    r.comCliente += convertidos.filter((id) => ref.clientes.has(id)).length;
    r.semTransportadora += convertidos.filter((id) => !ref.transportadoras.has(porId.get(id)!.cnpjEmissor)).length;
  }
  return { ...r, mensagens: [resumoConversaoMinutas(r)] };
}
