import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import type { FaturaDoccob } from '../../contracts/doccob';
import { somarValores } from '../../domain/faturas/conferencia-fatura';
import type { Db } from '../db/database';
import { fatura, faturaCte, faturaDocumento } from '../db/schema/fatura';
import { linhas } from '../db/linhas';
import { emLotes, proximaVolta } from '../db/ceder-vez';
import { relogio } from '../../domain/relogio';
import { identidadeCte } from '../../domain/faturas/identidade-cte';
import { cancelarCobrancas, registrarCobrancas } from './cobranca-cte';
import { recalcularSituacaoPagamento } from '../pagamentos/recalcular-situacao';
import { mensagemTransicaoPagamento, podePagamento } from '../../../machines/fatura-pagamento';
import { ApiError } from '../http/api-error';

// Storing one interchange (its documents with ação I) as a fatura: the fatura, its documents and its CT-e
// lines, each line linked in bulk to the CT-e of the database, and the linked CT-es get the fatura's número; each
// step a statement per chunk of lines, the event loop given back between chunks (issue 33: on PGlite one statement
// over a 5,000-line file held every request for seconds). The caller owns the transaction: one file, one transaction.


/**
 * What makes two readings the same fatura ("already read"): the carrier, and per document its série,
 * número, dates and value with each CT-e line's série, número, value, key and issuer.
 */
export function hashFatura(docs: FaturaDoccob[]): string {
  const essencia = {
    cnpj: docs[0].transportadora.cnpj,
    documentos: docs.map((d) => ({
      serie: d.serie,
      numero: d.numero,
      emissao: d.dataEmissao,
      vencimento: d.dataVencimento,
      valor: new Decimal(d.valor).toFixed(2),
      ctes: d.ctes.map((c) => [c.serie, c.numero, c.valorFrete, c.chave, c.cnpjEmissor]),
    })),
  };
  return createHash('sha256').update(JSON.stringify(essencia)).digest('hex');
}

/** CT-e lines per INSERT: a few milliseconds of PGlite's synchronous work each. */
const LINHAS_POR_INSERT = 500;

const unicos = (avisos: string[]) => [...new Set(avisos)];
const numeroCte = (numero: string) => (/^\d{1,9}$/.test(numero) ? Number(numero) : null);

async function inserirFatura(tx: Db, nomeArquivo: string, docs: FaturaDoccob[], hash: string): Promise<number> {
  const [primeiro] = docs;
  const [nova] = await tx
    .insert(fatura)
    .values({
      nomeArquivo,
      layout: primeiro.layout,
      documento: primeiro.documento.slice(0, 14),
      remetente: primeiro.remetente.slice(0, 35),
      destinatario: primeiro.destinatario.slice(0, 35),
      intercambio: primeiro.idIntercambio.slice(0, 12),
      dataIntercambio: primeiro.dataIntercambio,
      transportadoraCnpj: primeiro.transportadora.cnpj,
      transportadoraRazaoSocial: primeiro.transportadora.razaoSocial.slice(0, 50),
      // The register that has the carrier's CNPJ (the active one first), when there is one.
      transportadoraId: sql`(select t.id from transportadora t where t.cnpj = ${primeiro.transportadora.cnpj} order by t.ativado desc, t.id limit 1)`,
      numeroDocumento: primeiro.numero,
      dataEmissao: primeiro.dataEmissao,
      dataVencimento: primeiro.dataVencimento,
      quantidade: docs.reduce((n, d) => n + d.ctes.length, 0),
      valorTotal: somarValores(docs.map((d) => d.valor)),
      totalQuantidade: primeiro.total?.quantidade ?? null,
      totalValor: primeiro.total?.valorTotal ?? null,
      avisos: unicos(docs.flatMap((d) => d.avisos)),
      hash,
    })
    .returning({ id: fatura.id });
  return nova.id;
}

async function inserirDocumentos(tx: Db, faturaId: number, docs: FaturaDoccob[]): Promise<number[]> {
  const inseridos = await tx
    .insert(faturaDocumento)
    .values(
      docs.map((d, ordem) => ({
        faturaId,
        ordem,
        transportadoraCnpj: d.transportadora.cnpj,
        filial: d.filial,
        tipoDocumento: d.tipo.slice(0, 1),
        serie: d.serie,
        numero: d.numero,
        dataEmissao: d.dataEmissao,
        dataVencimento: d.dataVencimento,
        dataLimiteDesconto: d.dataLimiteDesconto,
        tipoCobranca: d.tipoCobranca,
        valor: d.valor,
        valorIcms: d.valorIcms,
        valorJurosDia: d.valorJurosDia,
        valorDesconto: d.valorDesconto,
        agenteCobranca: d.agenteCobranca,
        agencia: d.agencia,
        digitoAgencia: d.digitoAgencia,
        conta: d.conta,
        digitoConta: d.digitoConta,
        acao: d.acao,
        quantidadeCtes: d.ctes.length,
      })),
    )
    .returning({ id: faturaDocumento.id, ordem: faturaDocumento.ordem });
  return inseridos.sort((a, b) => a.ordem - b.ordem).map((d) => d.id);
}

/**
 * Inserts every CT-e line and links it in the same statement, LINHAS_POR_INSERT lines a statement: by key when the
 * line has one, else by issuer CNPJ (the line's, or the carrier's when blank) + série + número, a live CT-e before
 * a cancelled one.
 */
async function inserirCtes(tx: Db, faturaId: number, docs: FaturaDoccob[], documentoIds: number[]): Promise<{ vinculados: number; naoEncontrados: number }> {
  const dados = docs.flatMap((d, i) =>
    d.ctes.map((c) => ({
      documento_id: documentoIds[i],
      linha: c.linha,
      filial: c.filial,
      serie: c.serie,
      numero: c.numero,
      numero_cte: numeroCte(c.numero),
      valor_frete: c.valorFrete,
      data_emissao: c.dataEmissao,
      cnpj_remetente: c.cnpjRemetente,
      cnpj_destinatario: c.cnpjDestinatario,
      cnpj_emissor: c.cnpjEmissor,
      emissor: c.cnpjEmissor ?? d.transportadora.cnpj,
      chave: c.chave,
      notas: c.notas,
      identidade: identidadeCte({ chave: c.chave, emissor: c.cnpjEmissor ?? d.transportadora.cnpj, serie: c.serie, numero: c.numero }),
    })),
  );
  let vinculados = 0;
  // A chunk a statement, a turn of the event loop between (emLotes): on PGlite one statement over a 5,000-line file froze the server.
  await emLotes(dados, LINHAS_POR_INSERT, async (lote) => {
    const r = await tx.execute(sql`
      insert into ${faturaCte} (fatura_id, documento_id, linha, filial, serie, numero, valor_frete, data_emissao, cnpj_remetente, cnpj_destinatario, cnpj_emissor, chave, identidade, cte_id, notas)
      select ${faturaId}, x.documento_id, x.linha, x.filial, x.serie, x.numero, x.valor_frete, x.data_emissao, x.cnpj_remetente, x.cnpj_destinatario, x.cnpj_emissor, x.chave, x.identidade,
        case when x.chave is not null then (select c.id from cte c where c.chave = x.chave)
          else (select c.id from cte c where c.emitente_documento = x.emissor and c.numero = x.numero_cte and c.serie = x.serie
                order by c.status in ('CANCELADO', 'DESCONSIDERADO'), c.id desc limit 1) end,
        coalesce(x.notas, '[]'::jsonb)
      from jsonb_to_recordset(${JSON.stringify(lote)}::jsonb) as x(documento_id int, linha int, filial text, serie text, numero text, numero_cte int,
        valor_frete numeric, data_emissao date, cnpj_remetente text, cnpj_destinatario text, cnpj_emissor text, emissor text, chave text, identidade text, notas jsonb)
      returning cte_id`);
    vinculados += linhas<{ cte_id: number | null }>(r).filter((l) => l.cte_id !== null).length;
  });
  return { vinculados, naoEncontrados: dados.length - vinculados };
}

/**
 * Lines per registrarCobrancas call (two statements): its UPDATE of the CT-es is the reading's costliest per line (each
 * CT-e's row and indexes, and the triggers that carry the change to its notes): about 0.3 ms a line on PGlite.
 */
const LINHAS_POR_COBRANCA = 100;

/** registrarCobrancas over the fatura's lines in line order, LINHAS_POR_COBRANCA at a time, a turn before each (emLotes). */
async function cobrar(tx: Db, faturaId: number, docs: FaturaDoccob[]): Promise<number> {
  const numeros = docs.flatMap((d) => d.ctes.map((c) => c.linha)).sort((a, b) => a - b);
  let jaCobrados = 0;
  await proximaVolta();
  await emLotes(numeros, LINHAS_POR_COBRANCA, async (lote) => {
    jaCobrados += await registrarCobrancas(tx, faturaId, { de: lote[0], ate: lote[lote.length - 1] });
  });
  return jaCobrados;
}

/** Stores the documents (ação I) of one file as one fatura; a concurrent reading of the same documents fails on the unique index. */
export async function gravarFatura(tx: Db, nomeArquivo: string, docs: FaturaDoccob[], hash: string) {
  const faturaId = await inserirFatura(tx, nomeArquivo, docs, hash);
  const documentoIds = await inserirDocumentos(tx, faturaId, docs);
  await proximaVolta();
  const ctes = await inserirCtes(tx, faturaId, docs, documentoIds);
  const jaCobrados = await cobrar(tx, faturaId, docs);
  await proximaVolta();
  await recalcularSituacaoPagamento(tx, { faturaIds: [faturaId] });
  // Nobody saw it before its first conferência: a fatura just stored starts at version 0.
  await tx.update(fatura).set({ versao: 0 }).where(eq(fatura.id, faturaId));
  return { faturaId, ...ctes, jaCobrados };
}

/**
 * Cancels a fatura (ação E or POST /faturas/cancelar): its payment situation must take CANCELAR (an exported or
 * paid fatura is the payables system's: 409 with the machine's message); the fatura and its documents become
 * CANCELADO (situation CANCELADA) and its CT-es pass to the next fatura billing them, or lose the fatura number
 * (cobranca-cte.ts); the other faturas billing the same CT-es are reconferred.
 */
export async function cancelarFaturaTx(tx: Db, faturaId: number): Promise<void> {
  const [atual] = await tx.select({ situacao: fatura.situacaoPagamento, numero: fatura.numeroDocumento }).from(fatura).where(eq(fatura.id, faturaId));
  if (atual && !podePagamento(atual.situacao, 'CANCELAR')) throw new ApiError(409, [mensagemTransicaoPagamento(atual.situacao, 'CANCELAR', atual.numero)]);
  await cancelarCobrancas(tx, faturaId, async () => {
    await tx.update(faturaDocumento).set({ status: 'CANCELADO' }).where(eq(faturaDocumento.faturaId, faturaId));
    await tx
      .update(fatura)
      .set({ status: 'CANCELADO', situacaoPagamento: 'CANCELADA', canceladaEm: relogio.agora(), versao: sql`${fatura.versao} + 1` })
      .where(eq(fatura.id, faturaId));
  });
  const outras = await tx.execute(sql`
    select distinct o.fatura_id as id from ${faturaCte} o
    where o.identidade in (select identidade from ${faturaCte} where fatura_id = ${faturaId}) and o.fatura_id <> ${faturaId}`);
  await recalcularSituacaoPagamento(tx, { faturaIds: linhas<{ id: number }>(outras).map((l) => l.id) });
}
