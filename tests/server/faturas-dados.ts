import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { StatusCte } from '../../src/contracts/cte-status';
import type { FaturaDoccob, LayoutDoccob } from '../../src/contracts/doccob';
import type { Db } from '../../src/server/db/database';
import { cte } from '../../src/server/db/schema/cte';
import { escreverDoccob } from '../../src/server/ingest/doccob/escrever-doccob';
import { json, type Harness } from './harness';

// DOCCOB files for the faturas tests, made with the writer from the demo CT-es.

export interface CteDemo {
  id: number;
  chave: string;
  serie: string;
  numero: number;
  emitente: string;
  valorTotal: string;
  status: StatusCte;
  numeroFatura: string | null;
  versao: number;
}

const colunas = {
  id: cte.id,
  chave: cte.chave,
  serie: cte.serie,
  numero: cte.numero,
  emitente: sql<string>`${cte.emitenteDocumento}`,
  valorTotal: cte.valorTotal,
  status: cte.status,
  numeroFatura: cte.numeroFatura,
  versao: cte.versao,
};

/** `quantos` demo CT-es of one status from one issuer (the one with most of them), the oldest ids first. */
export async function ctesDemo(db: Db, status: StatusCte, quantos: number, emitente?: string): Promise<CteDemo[]> {
  const filtro = and(eq(cte.status, status), isNotNull(cte.emitenteDocumento), emitente ? eq(cte.emitenteDocumento, emitente) : undefined);
  const [maior] = await db
    .select({ emitente: cte.emitenteDocumento, n: sql<number>`count(*)::int` })
    .from(cte)
    .where(filtro)
    .groupBy(cte.emitenteDocumento)
    .orderBy(sql`count(*) desc`)
    .limit(1);
  if (!maior) return [];
  return db.select(colunas).from(cte).where(and(filtro, eq(cte.emitenteDocumento, maior.emitente!))).orderBy(asc(cte.id)).limit(quantos);
}

export const ctesPorId = (db: Db, ids: number[]) => db.select(colunas).from(cte).where(inArray(cte.id, ids)).orderBy(asc(cte.id));

export interface LinhaFaturaTeste {
  cte?: CteDemo;
  /** A CT-e the database does not have. */
  numero?: string;
  valorFrete?: string | null;
  /** Link by key (default) or by CNPJ + série + número. */
  porChave?: boolean;
  /** The 353 without the issuer CNPJ: the carrier's 351 CNPJ stands in. */
  semEmissor?: boolean;
}

export interface FaturaTeste {
  numero: string;
  cnpj: string;
  linhas: LinhaFaturaTeste[];
  acao?: 'I' | 'E';
  dataEmissao?: string;
  valor?: string;
  serie?: string;
  documento?: string;
}

const reais = (centavos: bigint) => {
  const t = centavos.toString().padStart(3, '0');
  return `${t.slice(0, -2)}.${t.slice(-2)}`;
};
const centavos = (v: string | null | undefined) => (v ? BigInt(v.replace('.', '')) : 0n);

/** One fatura (352) of the test, its CT-e lines built from demo CT-es or invented numbers. */
export function faturaDoccob(f: FaturaTeste, layout: LayoutDoccob = '3.0A'): FaturaDoccob {
  const ctes = f.linhas.map((l, i) => {
    const valorFrete = l.valorFrete === undefined ? (l.cte?.valorTotal ?? '10.00') : l.valorFrete;
    return {
      linha: 0,
      filial: '0000000001',
      serie: l.cte?.serie ?? '1',
      numero: l.cte ? String(l.cte.numero) : (l.numero ?? String(900_000_000 + i)),
      valorFrete,
      dataEmissao: '2024-05-02',
      cnpjRemetente: '11222333000181',
      cnpjDestinatario: '44555666000172',
      cnpjEmissor: l.semEmissor ? null : (l.cte?.emitente ?? f.cnpj),
      chave: l.cte && l.porChave !== false ? l.cte.chave : null,
      notas: [{ serie: '1', numero: String(1000 + i), dataEmissao: '2024-05-01', peso: '120.50', valor: '1500.00', cnpjEmissor: '11222333000181' }],
    };
  });
  return {
    layout,
    remetente: 'TRANSPORTADORA TESTE',
    destinatario: 'COLACRIL',
    idIntercambio: `COB${f.numero}`.slice(0, 12),
    dataIntercambio: '2024-05-03T10:15',
    documento: f.documento ?? `COBRA${f.numero}`.slice(0, 14),
    transportadora: { cnpj: f.cnpj, razaoSocial: 'Transportadora do Teste Ltda' },
    filial: '0000000001',
    tipo: '0',
    serie: f.serie ?? '1',
    numero: f.numero,
    dataEmissao: f.dataEmissao ?? '2024-05-03',
    dataVencimento: '2024-06-03',
    valor: f.valor ?? reais(ctes.reduce((s, c) => s + centavos(c.valorFrete), 0n) || 10000n),
    tipoCobranca: 'BCO',
    valorIcms: '12.34',
    valorJurosDia: '0.50',
    dataLimiteDesconto: null,
    valorDesconto: '0.00',
    agenteCobranca: 'Banco do Teste',
    agencia: '1234',
    digitoAgencia: '5',
    conta: '98765',
    digitoConta: '0',
    acao: f.acao ?? 'I',
    ctes,
    total: null,
    avisos: [],
  };
}

/** The bytes of a DOCCOB holding these faturas (all of one carrier). */
export const arquivoDoccob = (faturas: FaturaTeste[], layout: LayoutDoccob = '3.0A') =>
  new TextEncoder().encode(escreverDoccob(faturas.map((f) => faturaDoccob(f, layout)), layout));

/** A test-unique número (the demo's faturas use small ones). */
let sequencia = 0;
export const numeroTeste = () => String(7_000_000 + ((Date.now() % 100_000) * 10 + ++sequencia));

/** POST /faturas/enviar with these files (name → bytes). */
export async function enviar(h: Harness, token: string, arquivos: Record<string, Uint8Array<ArrayBuffer>>, empresa?: string) {
  const form = new FormData();
  for (const [nome, bytes] of Object.entries(arquivos)) form.append('arquivos', new Blob([bytes]), nome);
  return h.request('POST', '/api/faturas/enviar', { token, body: form, empresa });
}

export const obter = async <T = any>(h: Harness, token: string, path: string, status = 200): Promise<T> => {
  const r = await h.request('GET', path, { token });
  if (r.status !== status) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return json<T>(r);
};
