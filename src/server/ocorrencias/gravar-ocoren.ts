import { sql } from 'drizzle-orm';
import type { LeituraOcoren, Ocorrencia } from '../../contracts/ocoren';
import { sentidoDaOcorrencia } from '../../contracts/ocorrencias';
import { FUSO_SAO_PAULO } from '../../domain/sao-paulo-date';
import { relogio } from '../../domain/relogio';
import { emLotes, proximaVolta } from '../db/ceder-vez';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { nomeSeguro } from '../faturas/ler-arquivo-doccob';
import { lerOcoren } from '../ingest/ocoren/ler-ocoren';

// One OCOREN file into `ocorrencia` (issue 31, docs/decisoes.md §38): the folder reading, the upload, the intake
// (mailbox, /recebimento/enviar) and the benchmark all come here. One file is one transaction; its rows go in
// batches of LOTE, a turn of the event loop given back between batches. The triggers of migration 0027 link each
// new row to the CT-es carrying its NF; a row already stored (same identity) is counted apart, never twice.

const LOTE = 100;

export type ResultadoArquivoOcoren =
  | { tipo: 'LIDO'; lidas: number; repetidas: number; naoVinculadas: number; avisos: string[] }
  | { tipo: 'RECUSADO'; motivo: string };

export const avisoTextoDiferente = (linha: number, nf: string, codigo: string, antes: string, agora: string) =>
  `Linha ${linha}: a ocorrência ${codigo} da NF ${nf} nesta data e hora já estava gravada com outro texto ("${antes}"); ficou o texto gravado antes, não "${agora}".`;

/** A row as json_to_recordset reads it (snake_case keys). */
interface Linha {
  transportadora_cnpj: string | null;
  cnpj_emissor_nf: string;
  serie_nf: string;
  numero_nf: number;
  chave_cte: string | null;
  codigo: string;
  codigo_observacao: string | null;
  sentido: string | null;
  observacao: string | null;
  data_hora: string;
  linha: number;
  identidade: string;
}

/** Série as stored and matched by the triggers: trimmed, leading zeros stripped ('' = blank or 0, any série). */
export const normalizarSerie = (serie: string) => serie.trim().replace(/^0+/, '');
/** A CNPJ field written with blanks for its leading zeros. */
const cnpj14 = (cnpj: string) => (/^\d{1,13}$/.test(cnpj) ? cnpj.padStart(14, '0') : cnpj);
/** The NF as messages and the list name it ("12345678000190 1/4521"; no série: "12345678000190 4521"). */
export const rotuloNf = (cnpj: string | null, serie: string | null, numero: number | string | null) => `${cnpj ?? ''} ${serie ? `${serie}/` : ''}${numero ?? ''}`.trim();
/** What makes a re-sent OCOREN occurrence the same one: its NF, code and local date-time. */
export const identidadeOcoren = (cnpj: string, serie: string, numero: string | number, codigo: string, dataHora: string) => `O|${cnpj}|${serie}|${numero}|${codigo}|${dataHora.slice(0, 16)}`;
/** What a re-sent occurrence is compared on (a different text is said, never silently dropped). */
const texto = (codigoObservacao: string | null, observacao: string | null) => [codigoObservacao ?? '', observacao ?? ''].join(' ').trim();

function linhaDe(o: Ocorrencia, transportadoraCnpj: string | null): Linha {
  const cnpj = cnpj14(o.cnpjEmissorNf);
  const serie = normalizarSerie(o.serieNf);
  return {
    transportadora_cnpj: transportadoraCnpj,
    cnpj_emissor_nf: cnpj,
    serie_nf: serie,
    numero_nf: Number(o.numeroNf),
    chave_cte: o.chaveCte,
    codigo: o.codigo,
    codigo_observacao: o.codigoObservacao,
    sentido: sentidoDaOcorrencia('OCOREN', o.codigo, o.codigoObservacao, o.observacao),
    observacao: o.observacao?.slice(0, 500) ?? null,
    // The file's local time, São Paulo's: made an instant by the database (with that day's daylight saving time).
    data_hora: o.dataHora,
    linha: o.linha,
    identidade: identidadeOcoren(cnpj, serie, o.numeroNf, o.codigo, o.dataHora),
  };
}

/**
 * Inserts one batch in one statement: answers the ids of the new rows and, for the rows already stored (same
 * identity), their stored texts (read in the statement's snapshot: the rows as they were before it).
 */
async function inserirLote(tx: Db, arquivo: string, lote: Linha[], lidaEm: Date) {
  const json = Buffer.from(JSON.stringify(lote));
  const r = await tx.execute(sql`
    with j as materialized (
      select * from json_to_recordset(convert_from(${json}::bytea, 'UTF8')::json) as j(
        transportadora_cnpj varchar(14), cnpj_emissor_nf varchar(14), serie_nf varchar(3), numero_nf integer, chave_cte varchar(44), codigo varchar(6),
        codigo_observacao varchar(2), sentido varchar(12), observacao varchar(500), data_hora timestamp, linha integer, identidade varchar(120))),
    novas as (
      insert into ocorrencia (origem, transportadora_cnpj, cnpj_emissor_nf, serie_nf, numero_nf, chave_cte, codigo, codigo_observacao, sentido,
                              observacao, data_hora, arquivo, linha, identidade, lida_em)
      select 'OCOREN', transportadora_cnpj, cnpj_emissor_nf, serie_nf, numero_nf, chave_cte, codigo, codigo_observacao, sentido,
             observacao, data_hora at time zone ${FUSO_SAO_PAULO}, ${arquivo}, linha, identidade, ${lidaEm.toISOString()}::timestamptz
        from j
      on conflict (identidade) do nothing
      returning id)
    select id, null::text as identidade, null::text as codigo_observacao, null::text as observacao from novas
    union all
    select null, o.identidade, o.codigo_observacao, o.observacao from j join ocorrencia o on o.identidade = j.identidade`);
  const ids: number[] = [];
  const gravados = new Map<string, string>();
  for (const l of linhas<{ id: number | null; identidade: string | null; codigo_observacao: string | null; observacao: string | null }>(r)) {
    if (l.id !== null) ids.push(l.id);
    else gravados.set(l.identidade!, texto(l.codigo_observacao, l.observacao));
  }
  return { ids, gravados };
}

/** Stores the occurrences of a read file (the caller owns the transaction). */
export async function gravarOcorrencias(tx: Db, arquivo: string, leitura: Extract<LeituraOcoren, { ok: true }>): Promise<Omit<Extract<ResultadoArquivoOcoren, { tipo: 'LIDO' }>, 'tipo'>> {
  const avisos = [...leitura.avisos];
  const cnpj = leitura.transportadora?.cnpj ?? null;
  // The same occurrence twice in the file: the first is kept, the second counted (and said when its text differs).
  const daqui = new Map<string, Linha>();
  const novas: Linha[] = [];
  let repetidas = 0;
  const comparar = (l: Linha, antes: string) => {
    const agora = texto(l.codigo_observacao, l.observacao);
    if (antes !== agora) avisos.push(avisoTextoDiferente(l.linha, rotuloNf(l.cnpj_emissor_nf, l.serie_nf, l.numero_nf), l.codigo, antes, agora));
  };
  for (const o of leitura.ocorrencias) {
    const l = linhaDe(o, cnpj);
    const primeira = daqui.get(l.identidade);
    if (primeira) {
      repetidas++;
      comparar(l, texto(primeira.codigo_observacao, primeira.observacao));
    } else {
      daqui.set(l.identidade, l);
      novas.push(l);
    }
  }
  const ids: number[] = [];
  const lidaEm = relogio.agora();
  // In NF order: a batch's links and marks touch neighbouring rows of cte_nota and cte.
  novas.sort((a, b) => (a.cnpj_emissor_nf === b.cnpj_emissor_nf ? a.numero_nf - b.numero_nf : a.cnpj_emissor_nf < b.cnpj_emissor_nf ? -1 : 1));
  await emLotes(novas, LOTE, async (lote) => {
    const r = await inserirLote(tx, arquivo, lote, lidaEm);
    ids.push(...r.ids);
    // Not inserted: stored before (or meanwhile by another reading, whose text is not at hand to compare).
    repetidas += lote.length - r.ids.length;
    for (const l of lote) {
      const antes = r.gravados.get(l.identidade);
      if (antes !== undefined) comparar(l, antes);
    }
  });
  return { lidas: ids.length, repetidas, naoVinculadas: await contarNaoVinculadas(tx, ids), avisos };
}

/** Of the rows just stored, those the triggers linked to no CT-e (one query). */
async function contarNaoVinculadas(tx: Db, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const r = await tx.execute(sql`select count(*)::int as n from ocorrencia where id = any(${`{${ids.join(',')}}`}::int[]) and not vinculada`);
  return linhas<{ n: number }>(r)[0].n;
}

/** Reads one OCOREN file into the database (see ResultadoArquivoOcoren). A refused file stores nothing. */
export async function lerArquivoOcoren(db: Db, nomeArquivo: string, bytes: Uint8Array): Promise<ResultadoArquivoOcoren> {
  const leitura = lerOcoren(bytes);
  if (!leitura.ok) return { tipo: 'RECUSADO', motivo: leitura.motivo };
  await proximaVolta(); // the parse is one slice of the event loop, the first batch another
  const r = await db.transaction((tx) => gravarOcorrencias(tx, nomeSeguro(nomeArquivo), leitura));
  return { tipo: 'LIDO', ...r };
}
