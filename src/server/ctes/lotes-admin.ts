import Decimal from 'decimal.js';
import { and, asc, gt, ne, sql, type SQL } from 'drizzle-orm';
import type { CteLido } from '../../contracts/cte-documento';
import {
  MSG_NF_SOMENTE_ERP_DEMO,
  resumoCriarNf,
  resumoLerNotasFiscais,
  resumoPreencherTipo,
  resumoPreencherValor,
  resumoProcessarIntegracao,
  type ResultadoLote,
} from '../../contracts/ctes';
import type { CompanyDatabase, Db } from '../db/database';
import { cte, cteNota } from '../db/schema/cte';
import { erpNotasPedidosDe, schemaErpConfigurado, type ErpNotaFiscal, type ErpNotasPedidos } from '../erp/erp-source';
import { erpTabelas } from '../erp/erp-tabelas';
import { ApiError } from '../http/api-error';
import { numeroDaChaveNfe } from '../ingest/ler-arquivos-cte';
import { atualizarNotas, pesoDaCarga, recalcularTotais, type CampoNota } from './notas-cte';
import { decidirTipo, documentoCliente, idsPorDocumento, listasTipo } from './tipo-cte';

// The admin-only batches of the Fretes screen (spec 03 §2.1: Create NF, Fill Type, Process Integration,
// Fill Total Products Value; and Read Invoices). Each walks its rows in keyset batches (by id), reads the
// ERP once per batch by the notes' keys, writes with one UPDATE per batch and answers a ResultadoLote.

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
  const nomes: Record<CampoNota, string> = {
    pesoBruto: 'peso_bruto',
    pesoLiquido: 'peso_liquido',
    valorTotalProdutos: 'valor_total_produtos',
    valor: 'valor',
    pedidoId: 'pedido_id',
    notaFiscalId: 'nota_fiscal_id',
  };
  const comNulos = campos.filter((c) => linhas.some((l) => l[c] == null));
  if (!comNulos.length) return atualizarNotas(db, linhas, campos);
  // Rare: the ERP invoice exists but lacks some field; read the stored values of those notes first.
  const ids = linhas.map((l) => l.id);
  const atuais = (await db.execute(
    sql`select id, ${sql.raw(comNulos.map((c) => `${nomes[c]}::text as "${c}"`).join(', '))} from cte_nota where id = any(${sql.raw(`'{${ids.join(',')}}'::int[]`)})`,
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
      .select({
        id: cte.id,
        tipo: cte.tipo,
        clienteId: cte.clienteId,
        remetenteDocumento: cte.remetenteDocumento,
        destinatarioDocumento: cte.destinatarioDocumento,
        tomadorDocumento: cte.tomadorDocumento,
      })
      .from(cte)
      .where(and(gt(cte.id, ultimo), ne(cte.status, 'LIDO')))
      .orderBy(asc(cte.id))
      .limit(LOTE);
    if (!ctes.length) break;
    ultimo = ctes[ctes.length - 1].id;
    verificados += ctes.length;
    const tipos = new Map(ctes.map((c) => [c.id, decidirTipo(c, listas)]));
    const clientes = await idsPorDocumento(db, 'cliente', ctes.map((c) => documentoCliente(c, tipos.get(c.id)!)));
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
      update cte as c set tipo = x.tipo, cliente_id = x.cliente_id, versao = c.versao + 1, alterado_em = now()
      from jsonb_to_recordset(${JSON.stringify(mudaram)}::jsonb) as x(id int, tipo varchar, cliente_id int)
      where c.id = x.id`);
    alterados += mudaram.length;
  }
  return lote(alterados, resumoPreencherTipo(alterados, verificados));
}

/** Series, number and month of an NF-e key (cUF AAMM CNPJ mod série nNF ...); null for a key of another shape. */
export function dadosDaChaveNfe(chave: string): { serie: string; numero: number; dataEmissao: string | null } | null {
  const numero = numeroDaChaveNfe(chave);
  if (numero === null) return null;
  const aa = chave.slice(2, 4);
  const mm = Number(chave.slice(4, 6));
  return { serie: String(Number(chave.slice(22, 25))), numero, dataEmissao: mm >= 1 && mm <= 12 ? `20${aa}-${String(mm).padStart(2, '0')}-01` : null };
}

/** Splits `total` in `partes` shares of `casas` decimals; the rounding remainder goes to the first share. */
export function ratear(total: string | null, partes: number, casas: number): string[] {
  if (!total || partes <= 0) return Array.from({ length: Math.max(partes, 0) }, () => '0');
  const t = new Decimal(total);
  const parte = t.div(partes).toDecimalPlaces(casas, Decimal.ROUND_DOWN);
  const primeira = t.minus(parte.mul(partes - 1));
  return [primeira.toFixed(casas), ...Array.from({ length: partes - 1 }, () => parte.toFixed(casas))];
}

/**
 * GET /ctes/criar-nf (demo only): for each CT-e note whose key the demo ERP lacks, creates the
 * vw_nota_fiscal row: number, series and month from the key, the CT-e's cargo value and gross weight (the
 * document's infQ, else the CT-e's weight) split evenly among the CT-e's notes (remainder to the first),
 * net weight = gross, total products value = value, tipo ENTRADA for an ENTRADA CT-e and SAIDA otherwise,
 * the customer's ERP code; no order. Its id is "NFD" + the issuer's CNPJ + series + number (unique per key).
 * A configured real ERP (ERP_SCHEMA_<EMPRESA>) is never written: 409.
 */
export async function criarNotasFiscais(banco: CompanyDatabase, env: NodeJS.ProcessEnv = process.env): Promise<ResultadoLote> {
  if (schemaErpConfigurado(banco.empresa, env)) throw new ApiError(409, [MSG_NF_SOMENTE_ERP_DEMO]);
  const { db } = banco;
  const erp = erpNotasPedidosDe(banco, {});
  const { vwNotaFiscal } = erpTabelas(banco.erpSchema);
  const r: ResultadoLote = { processados: 0, ignorados: [], mensagens: [] };
  for (let ultimo = 0; ; ) {
    const res = (await db.execute(sql`
      select n.id, n.chave, c.id as cte_id, c.numero as cte_numero, c.tipo, c.data_emissao, c.valor_carga::text as valor_carga,
        c.peso_bruto::text as peso_bruto, c.documento, cl.cliente_id as cliente_codigo,
        (select count(*)::int from cte_nota m where m.cte_id = n.cte_id) as total,
        (select count(*)::int from cte_nota m where m.cte_id = n.cte_id and m.id < n.id) as posicao
      from cte_nota n join cte c on c.id = n.cte_id left join cliente cl on cl.id = c.cliente_id
      where n.id > ${ultimo} order by n.id limit ${LOTE}`)) as unknown as {
      rows: {
        id: number;
        chave: string;
        cte_id: number;
        cte_numero: number;
        tipo: string;
        data_emissao: Date | string;
        valor_carga: string | null;
        peso_bruto: string | null;
        documento: CteLido | string;
        cliente_codigo: string | null;
        total: number;
        posicao: number;
      }[];
    };
    const linhas = res.rows;
    if (!linhas.length) break;
    ultimo = Number(linhas[linhas.length - 1].id);
    const existentes = new Set((await erp.notasPorChave(linhas.map((l) => l.chave))).map((n) => n.chave));
    const novas: (typeof vwNotaFiscal.$inferInsert)[] = [];
    const vistas = new Set<string>();
    for (const l of linhas) {
      if (existentes.has(l.chave) || vistas.has(l.chave)) continue;
      const dados = dadosDaChaveNfe(l.chave);
      if (!dados) {
        r.ignorados.push({ id: l.cte_id, numero: l.cte_numero, motivo: `A chave de NF-e ${l.chave} não tem 44 dígitos: nota não criada.` });
        continue;
      }
      vistas.add(l.chave);
      const documento = typeof l.documento === 'string' ? (JSON.parse(l.documento) as CteLido) : l.documento;
      const peso = ratear(pesoDaCarga(documento)?.kg ?? l.peso_bruto, l.total, 3)[l.posicao];
      const valor = ratear(l.valor_carga, l.total, 2)[l.posicao];
      const emissao = new Date(l.data_emissao).toISOString().slice(0, 10);
      novas.push({
        notaFiscalId: `NFD${l.chave.slice(6, 20)}${l.chave.slice(22, 34)}`,
        chave: l.chave,
        numero: dados.numero,
        serie: dados.serie,
        dataEmissao: dados.dataEmissao ?? emissao,
        tipo: l.tipo === 'ENTRADA' ? 'ENTRADA' : 'SAIDA',
        pedidoId: null,
        clienteId: l.cliente_codigo,
        pesoBruto: peso,
        pesoLiquido: peso,
        valorTotalProdutos: valor,
        valor,
      });
    }
    if (novas.length) {
      const criadas = await db.insert(vwNotaFiscal).values(novas).onConflictDoNothing().returning({ id: vwNotaFiscal.notaFiscalId });
      r.processados += criadas.length;
    }
  }
  r.mensagens = [resumoCriarNf(r.processados), ...r.ignorados.map((i) => `CT-e ${i.numero}: ${i.motivo}`)];
  return r;
}
