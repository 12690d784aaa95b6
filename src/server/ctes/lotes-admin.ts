import Decimal from 'decimal.js';
import { listaInteiros } from '../db/lista-inteiros';
import { and, asc, gt, ne, sql, type SQL } from 'drizzle-orm';
import {
  resumoLerNotasFiscais,
  resumoPreencherTipo,
  resumoPreencherValor,
  resumoProcessarIntegracao,
  type ResultadoLote,
} from '../../contracts/ctes';
import type { CompanyDatabase, Db } from '../db/database';
import { cte, cteNota } from '../db/schema/cte';
import { erpNotasPedidosDe, type ErpNotaFiscal, type ErpNotasPedidos } from '../erp/erp-source';
import { atualizarNotas, colunaNota, recalcularTotais, type CampoNota } from './notas-cte';
import { clientesPorDocumento, colunasPartes, decidirTipo, documentoCliente, listasTipo } from './tipo-cte';
import { agoraSql } from '../db/agora-sql';

// The admin-only batches of the Fretes screen (spec 03 §2.1: Fill Type, Process Integration, Fill Total
// Products Value; and Read Invoices; Create NF is criar-notas-fiscais.ts). Each walks its rows in keyset
// batches (by id), reads the ERP once per batch by the notes' keys, writes with one UPDATE per batch and
// answers a ResultadoLote.

const LOTE = 1000;

type LinhaNota = { id: number } & Partial<Record<CampoNota, string | null>>;

interface NotaAlvo {
  id: number;
  cteId: number;
  chave: string;
}

/** The notes matching `condicao`, in id order, a batch at a time. */
async function* notasEmLotes(db: Db, condicao: SQL): AsyncGenerator<NotaAlvo[]> {
  for (let ultimo = 0; ; ) {
    const linhas = await db
      .select({ id: cteNota.id, cteId: cteNota.cteId, chave: cteNota.chave })
      .from(cteNota)
      .where(and(gt(cteNota.id, ultimo), condicao))
      .orderBy(asc(cteNota.id))
      .limit(LOTE);
    if (!linhas.length) return;
    yield linhas;
    ultimo = linhas[linhas.length - 1].id;
  }
}

/**
 * Fills fields of the notes matching `condicao` from the ERP invoice of the same key (a field the ERP has
 * no value for keeps the note's), then recomputes the totals and inconsistencies of their processed CT-es.
 */
async function preencherDoErp(db: Db, erp: ErpNotasPedidos, condicao: SQL, campos: readonly CampoNota[], util: (n: ErpNotaFiscal) => boolean) {
  let preenchidas = 0;
  let semErp = 0;
  for await (const lote of notasEmLotes(db, condicao)) {
    const porChave = new Map((await erp.notasPorChave(lote.map((n) => n.chave))).map((n) => [n.chave, n]));
    const linhas: LinhaNota[] = [];
    const ctes = new Set<number>();
    for (const n of lote) {
      const nf = porChave.get(n.chave);
      if (!nf || !util(nf)) {
        semErp++;
        continue;
      }
      linhas.push({ id: n.id, ...Object.fromEntries(campos.map((c) => [c, nf[c]])) } as LinhaNota);
      ctes.add(n.cteId);
    }
    if (!linhas.length) continue;
    await db.transaction(async (tx) => {
      // A value the ERP lacks keeps the note's: coalesce in SQL would need per-field casts, so merge here.
      await atualizarNotasMantendo(tx, linhas, campos);
      await recalcularTotais(tx, [...ctes]);
    });
    preenchidas += linhas.length;
  }
  return { preenchidas, semErp };
}

/** atualizarNotas, but a null from the ERP keeps the stored value. */
async function atualizarNotasMantendo(db: Db, linhas: LinhaNota[], campos: readonly CampoNota[]) {
  const comNulos = campos.filter((c) => linhas.some((l) => l[c] == null));
  if (!comNulos.length) return atualizarNotas(db, linhas, campos);
  // Rare: the ERP invoice exists but lacks some field; read the stored values of those notes first.
  const ids = linhas.map((l) => l.id);
  const atuais = (await db.execute(
    sql`select id, ${sql.raw(comNulos.map((c) => `${colunaNota(c)}::text as "${c}"`).join(', '))} from cte_nota where id = any(${listaInteiros(ids)})`,
  )) as unknown as { rows: LinhaNota[] };
  const porId = new Map(atuais.rows.map((l) => [Number(l.id), l]));
  return atualizarNotas(
    db,
    linhas.map((l) => ({ ...l, ...Object.fromEntries(comNulos.map((c) => [c, l[c] ?? porId.get(l.id)?.[c] ?? null])) })),
    campos,
  );
}

const lote = (processados: number, mensagem: string): ResultadoLote => ({ processados, ignorados: [], mensagens: [mensagem] });

/** GET /ctes/preencher-valor: notes whose total products value is missing or zero take the ERP's. */
export async function preencherValor(banco: CompanyDatabase, erp = erpNotasPedidosDe(banco)): Promise<ResultadoLote> {
  const { preenchidas, semErp } = await preencherDoErp(
    banco.db,
    erp,
    sql`(${cteNota.valorTotalProdutos} is null or ${cteNota.valorTotalProdutos} = 0)`,
    ['valorTotalProdutos'],
    (nf) => nf.valorTotalProdutos != null && new Decimal(nf.valorTotalProdutos).gt(0),
  );
  return lote(preenchidas, resumoPreencherValor(preenchidas, semErp));
}

/** GET /ctes/processar-integracao: notes lacking the ERP's order or invoice id take them. */
export async function processarIntegracao(banco: CompanyDatabase, erp = erpNotasPedidosDe(banco)): Promise<ResultadoLote> {
  const { preenchidas, semErp } = await preencherDoErp(
    banco.db,
    erp,
    sql`(${cteNota.pedidoId} is null or ${cteNota.notaFiscalId} is null)`,
    ['pedidoId', 'notaFiscalId'],
    () => true,
  );
  return lote(preenchidas, resumoProcessarIntegracao(preenchidas, semErp));
}

/** GET /ctes/ler-notas-fiscais: notes lacking gross weight or value re-read weights and values from the ERP. */
export async function lerNotasFiscais(banco: CompanyDatabase, erp = erpNotasPedidosDe(banco)): Promise<ResultadoLote> {
  const { preenchidas, semErp } = await preencherDoErp(
    banco.db,
    erp,
    sql`(coalesce(${cteNota.pesoBruto}, 0) = 0 or coalesce(${cteNota.valor}, 0) = 0)`,
    ['pesoBruto', 'pesoLiquido', 'valor', 'valorTotalProdutos'],
    () => true,
  );
  return lote(preenchidas, resumoLerNotasFiscais(preenchidas, semErp));
}

/**
 * GET /ctes/preencher-tipo: the tipo (and so the customer) of every processed CT-e (not LIDO, whose tipo
 * processing decides), recomputed from the settings' lists with the processing rule (decidirTipo).
 */
export async function preencherTipo(banco: CompanyDatabase): Promise<ResultadoLote> {
  const { db } = banco;
  const listas = await listasTipo(db);
  let verificados = 0;
  let alterados = 0;
  for (let ultimo = 0; ; ) {
    const ctes = await db
      .select({ id: cte.id, tipo: cte.tipo, clienteId: cte.clienteId, ...colunasPartes })
      .from(cte)
      .where(and(gt(cte.id, ultimo), ne(cte.status, 'LIDO')))
      .orderBy(asc(cte.id))
      .limit(LOTE);
    if (!ctes.length) break;
    ultimo = ctes[ctes.length - 1].id;
    verificados += ctes.length;
    const tipos = new Map(ctes.map((c) => [c.id, decidirTipo(c, listas)]));
    const clientes = await clientesPorDocumento(db, ctes.map((c) => documentoCliente(c, tipos.get(c.id)!)));
    const mudaram = ctes
      .map((c) => {
        const tipo = tipos.get(c.id)!;
        const doc = documentoCliente(c, tipo);
        return { id: c.id, tipo, cliente_id: (doc && clientes.get(doc)) || null, antes: c };
      })
      .filter((l) => l.tipo !== l.antes.tipo || l.cliente_id !== l.antes.clienteId)
      .map(({ antes: _antes, ...l }) => l);
    if (!mudaram.length) continue;
    await db.execute(sql`
      update cte as c set tipo = x.tipo, cliente_id = x.cliente_id, versao = c.versao + 1, alterado_em = ${agoraSql()}
      from jsonb_to_recordset(${JSON.stringify(mudaram)}::jsonb) as x(id int, tipo varchar, cliente_id int)
      where c.id = x.id`);
    alterados += mudaram.length;
  }
  return lote(alterados, resumoPreencherTipo(alterados, verificados));
}
