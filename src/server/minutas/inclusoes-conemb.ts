import { eq, getTableColumns, sql } from 'drizzle-orm';
import {
  mensagemConhecimentoOutrosValores,
  mensagemConhecimentoRepetidoNoArquivo,
  type ConhecimentoConemb,
  type SaidaOutrosValores,
} from '../../contracts/conemb';
import { agoraSql } from '../db/agora-sql';
import { emLotes, proximaVolta } from '../db/ceder-vez';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { conembConhecimento, minuta } from '../db/schema/minuta';
import { diferencasConhecimento } from './diferencas-conhecimento';
import { chaveConhecimento, chavesJson } from './exclusoes-conemb';

// Ação I and C of a CONEMB (docs/decisoes.md §22): new conhecimentos are inserted in chunks, the event loop given
// back between them (issue 33: db/ceder-vez.ts emLotes); one already stored (same issuer CNPJ, série and número) is
// "já lido" when its values are the same, and refuses the whole file when they differ (as a DOCCOB re-sent with
// other values is refused): the reason names the fields. A stored one that was cancelled (ação E, or a person
// deleted its minuta) and has no minuta is free: the file's values replace it and it is read again, as new — so
// after deleting the PENDENTE minuta the changed file reads.

/**
 * Conhecimentos per statement (one jsonb parameter each): bounds the statement's size, not its parameters, and on
 * PGlite, which runs a statement synchronously in the event loop, how long the server answers nothing (issue 33).
 */
const LOTE = 250;

/** A reason to refuse the whole file: thrown inside the transaction, it rolls back. */
export class RecusaConemb extends Error {}

/** A conhecimento as the jsonb recordset of the INSERT and UPDATE reads it. */
const registro = (c: ConhecimentoConemb) => ({
  linha: c.linha,
  filial: c.filial,
  serie: c.serie,
  numero: c.numero,
  data_emissao: c.dataEmissao,
  condicao_frete: c.condicaoFrete,
  peso: c.peso,
  valor_total_frete: c.valorTotalFrete,
  base_icms: c.baseIcms,
  percentual_icms: c.percentualIcms,
  valor_icms: c.valorIcms,
  componentes: c.componentes,
  cfop: c.cfop,
  cnpj_emissor: c.cnpjEmissor,
  cnpj_embarcadora: c.cnpjEmbarcadora,
  chave: c.chave,
  placa: c.placa,
  notas: c.notas,
  acao: c.acao,
});

const RECORDSET = sql.raw(`x(linha int, filial text, serie text, numero text, data_emissao date,
  condicao_frete text, peso numeric, valor_total_frete numeric, base_icms numeric, percentual_icms numeric, valor_icms numeric,
  componentes jsonb, cfop text, cnpj_emissor text, cnpj_embarcadora text, chave text, placa text, notas jsonb, acao text)`);

/**
 * One INSERT … SELECT FROM jsonb_to_recordset per chunk (a single parameter whatever its size); those already
 * stored are skipped by the unique index and answered (their lines), so only they are looked at again.
 */
async function inserir(tx: Db, arquivoId: number, lote: ConhecimentoConemb[]): Promise<Set<number>> {
  const r = await tx.execute(sql`
    with x as (select * from jsonb_to_recordset(${JSON.stringify(lote.map(registro))}::jsonb) as ${RECORDSET}),
    novos as (
      insert into ${conembConhecimento} (arquivo_id, linha, filial, serie, numero, data_emissao, condicao_frete, peso, valor_total_frete, base_icms,
        percentual_icms, valor_icms, componentes, cfop, cnpj_emissor, cnpj_embarcadora, chave, placa, notas, acao, lido_em)
      select ${arquivoId}, x.linha, x.filial, x.serie, x.numero, x.data_emissao, x.condicao_frete, x.peso, x.valor_total_frete, x.base_icms,
        x.percentual_icms, x.valor_icms, x.componentes, x.cfop, x.cnpj_emissor, x.cnpj_embarcadora, x.chave, x.placa, x.notas, x.acao, ${agoraSql()}
      from x
      on conflict (cnpj_emissor, serie, numero) do nothing
      returning linha)
    select x.linha from x where not exists (select 1 from novos where novos.linha = x.linha)`);
  return new Set(linhas<{ linha: number }>(r).map((l) => l.linha));
}

/** The stored conhecimentos of these keys, with the minuta each became (if any). */
async function armazenados(tx: Db, cs: ConhecimentoConemb[]) {
  const chaves = sql`jsonb_to_recordset(${chavesJson(cs)}::jsonb) as k(cnpj text, serie text, numero text)`;
  return tx
    .select({ ...getTableColumns(conembConhecimento), minuta: { numero: minuta.numero, status: minuta.status } })
    .from(conembConhecimento)
    .leftJoin(minuta, eq(minuta.conhecimentoId, conembConhecimento.id))
    .where(sql`(${conembConhecimento.cnpjEmissor}, ${conembConhecimento.serie}, ${conembConhecimento.numero}) in (select k.cnpj, k.serie, k.numero from ${chaves})`);
}
type Armazenado = Awaited<ReturnType<typeof armazenados>>[number];

/** The stored one takes the file's values and is read again (free: cancelled, without a minuta). */
async function lerDeNovo(tx: Db, arquivoId: number, pares: { id: number; c: ConhecimentoConemb }[]): Promise<void> {
  if (!pares.length) return;
  const dados = JSON.stringify(pares.map((p) => ({ ...registro(p.c), id: p.id })));
  await tx.execute(sql`
    update ${conembConhecimento} as c set arquivo_id = ${arquivoId}, linha = x.linha, filial = x.filial, data_emissao = x.data_emissao,
      condicao_frete = x.condicao_frete, peso = x.peso, valor_total_frete = x.valor_total_frete, base_icms = x.base_icms,
      percentual_icms = x.percentual_icms, valor_icms = x.valor_icms, componentes = x.componentes, cfop = x.cfop,
      cnpj_embarcadora = x.cnpj_embarcadora, chave = x.chave, placa = x.placa, notas = x.notas, acao = x.acao,
      excluido_em = null, lido_em = ${agoraSql()}
    from jsonb_to_recordset(${dados}::jsonb) as x(id int, linha int, filial text, data_emissao date, condicao_frete text, peso numeric,
      valor_total_frete numeric, base_icms numeric, percentual_icms numeric, valor_icms numeric, componentes jsonb, cfop text,
      cnpj_embarcadora text, chave text, placa text, notas jsonb, acao text)
    where c.id = x.id`);
}

const saida = (a: Armazenado): SaidaOutrosValores => {
  if (!a.minuta) return { minuta: null };
  return a.minuta.status === 'PENDENTE' ? { minuta: 'PENDENTE', numero: a.minuta.numero } : { minuta: 'TRAVADA', numero: a.minuta.numero, status: a.minuta.status };
};

/** The conhecimentos the INSERT skipped: free ones read again, same values counted, other values refuse the file. */
async function conferirRepetidos(tx: Db, arquivoId: number, repetidos: ConhecimentoConemb[]): Promise<{ relidos: number }> {
  const porChave = new Map<string, Armazenado>();
  await emLotes(repetidos, LOTE, async (lote) => {
    for (const a of await armazenados(tx, lote)) porChave.set(chaveConhecimento(a), a);
  });
  const livres: { id: number; c: ConhecimentoConemb }[] = [];
  const recusas: { c: ConhecimentoConemb; a: Armazenado }[] = [];
  for (const c of repetidos) {
    const a = porChave.get(chaveConhecimento(c));
    // Gone meanwhile cannot happen inside the transaction but for a concurrent reading: counted as already read.
    if (!a) continue;
    if (a.excluidoEm !== null && !a.minuta) livres.push({ id: a.id, c });
    else if (diferencasConhecimento(a, c).length) recusas.push({ c, a });
  }
  if (recusas.length) {
    const [{ c, a }] = recusas;
    throw new RecusaConemb(mensagemConhecimentoOutrosValores(c, diferencasConhecimento(a, c), saida(a), recusas.length - 1));
  }
  await emLotes(livres, LOTE, (lote) => lerDeNovo(tx, arquivoId, lote));
  return { relidos: livres.length };
}

/**
 * The file's conhecimentos once each: the same one again with the same values is dropped (counted as already
 * read); with other values it refuses the file.
 */
function unicos(inclusoes: ConhecimentoConemb[]): ConhecimentoConemb[] {
  const vistos = new Map<string, ConhecimentoConemb>();
  for (const c of inclusoes) {
    const primeiro = vistos.get(chaveConhecimento(c));
    if (!primeiro) vistos.set(chaveConhecimento(c), c);
    else {
      const diferencas = diferencasConhecimento(primeiro, c);
      if (diferencas.length) throw new RecusaConemb(mensagemConhecimentoRepetidoNoArquivo(c, primeiro.linha, diferencas));
    }
  }
  return [...vistos.values()];
}

/** Ação I and C (the caller owns the transaction): answers how many were stored (new or read again). Throws RecusaConemb. */
export async function incluirConhecimentos(tx: Db, arquivoId: number, inclusoes: ConhecimentoConemb[]): Promise<number> {
  const lista = unicos(inclusoes);
  await proximaVolta(); // the file's keys (10–18 ms for 5,000) are one slice of the event loop, the batches the next ones
  const repetidos: ConhecimentoConemb[] = [];
  await emLotes(lista, LOTE, async (lote) => {
    const pulados = await inserir(tx, arquivoId, lote);
    if (pulados.size) repetidos.push(...lote.filter((c) => pulados.has(c.linha)));
  });
  const inseridos = lista.length - repetidos.length;
  if (!repetidos.length) return inseridos;
  const { relidos } = await conferirRepetidos(tx, arquivoId, repetidos);
  return inseridos + relidos;
}
