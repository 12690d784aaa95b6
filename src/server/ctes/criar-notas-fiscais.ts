import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { CteLido } from '../../contracts/cte-documento';
import { MSG_NF_SOMENTE_ERP_DEMO, resumoCriarNf, type ResultadoLote } from '../../contracts/ctes';
import { notaDaChave } from '../../domain/cte/chave-nfe';
import { dividir } from '../../domain/dinheiro';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';
import type { CompanyDatabase, Db } from '../db/database';
import { erpNotasPedidosDe, schemaErpConfigurado } from '../erp/erp-source';
import { erpTabelas } from '../erp/erp-tabelas';
import { ApiError } from '../http/api-error';
import { pesoDaCarga } from './notas-cte';

// GET /ctes/criar-nf (spec 03 §2.1 "Create NF", admin only, demo ERP only).

const LOTE = 1000;

/** Series, number and month of an NF-e key (notaDaChave, and AAMM as the month's first day); null for a key of another shape. */
function dadosDaChaveNfe(chave: string): { serie: string; numero: number; dataEmissao: string | null } | null {
  const nota = notaDaChave(chave);
  if (!nota) return null;
  const aa = chave.slice(2, 4);
  const mm = Number(chave.slice(4, 6));
  return { serie: nota.serie, numero: nota.numero, dataEmissao: mm >= 1 && mm <= 12 ? `20${aa}-${String(mm).padStart(2, '0')}-01` : null };
}

/** Splits `total` in `partes` shares of `casas` decimals; the rounding remainder goes to the first share. */
function ratear(total: string | null, partes: number, casas: number): string[] {
  if (!total || partes <= 0) return Array.from({ length: Math.max(partes, 0) }, () => '0');
  const t = new Decimal(total);
  const parte = dividir(t, partes, casas, 'para-baixo');
  const primeira = t.minus(parte.mul(partes - 1));
  return [primeira.toFixed(casas), ...Array.from({ length: partes - 1 }, () => parte.toFixed(casas))];
}

/** A CT-e note with what its ERP invoice is built from: its CT-e's figures and its place among the CT-e's notes. */
interface NotaDoCte {
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
}

/** The notes after id `ultimo`, a batch of LOTE, each with its CT-e's figures. */
async function notasDoLote(db: Db, ultimo: number): Promise<NotaDoCte[]> {
  const res = (await db.execute(sql`
      select n.id, n.chave, c.id as cte_id, c.numero as cte_numero, c.tipo, c.data_emissao, c.valor_carga::text as valor_carga,
        c.peso_bruto::text as peso_bruto, c.documento, cl.cliente_id as cliente_codigo,
        (select count(*)::int from cte_nota m where m.cte_id = n.cte_id) as total,
        (select count(*)::int from cte_nota m where m.cte_id = n.cte_id and m.id < n.id) as posicao
      from cte_nota n join cte c on c.id = n.cte_id left join cliente cl on cl.id = c.cliente_id
      where n.id > ${ultimo} order by n.id limit ${LOTE}`)) as unknown as { rows: NotaDoCte[] };
  return res.rows;
}

/** The vw_nota_fiscal row of a note: its share of the CT-e's weight and cargo value. */
function notaErpDe(l: NotaDoCte, dados: NonNullable<ReturnType<typeof dadosDaChaveNfe>>) {
  const documento = typeof l.documento === 'string' ? (JSON.parse(l.documento) as CteLido) : l.documento;
  const peso = ratear(pesoDaCarga(documento)?.kg ?? l.peso_bruto, l.total, 3)[l.posicao];
  const valor = ratear(l.valor_carga, l.total, 2)[l.posicao];
  const emissao = dataSaoPaulo(l.data_emissao)!;
  return {
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
  };
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
    const linhas = await notasDoLote(db, ultimo);
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
      novas.push(notaErpDe(l, dados));
    }
    if (novas.length) {
      const criadas = await db.insert(vwNotaFiscal).values(novas).onConflictDoNothing().returning({ id: vwNotaFiscal.notaFiscalId });
      r.processados += criadas.length;
    }
  }
  r.mensagens = [resumoCriarNf(r.processados), ...r.ignorados.map((i) => `CT-e ${i.numero}: ${i.motivo}`)];
  return r;
}
