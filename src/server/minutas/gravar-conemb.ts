import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { podeMinuta } from '../../../machines/minuta-confirmation';
import type { ArquivoConemb, ConhecimentoConemb } from '../../contracts/conemb';
import { ROTULO_STATUS_MINUTA, STATUS_MINUTA, type StatusMinuta } from '../../contracts/minutas';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { conembArquivo, conembConhecimento, minuta } from '../db/schema/minuta';
import { nomeSeguro } from '../faturas/ler-arquivo-doccob';
import { lerConemb } from '../ingest/conemb/ler-conemb';
import { decodificarEdi } from '../ingest/doccob/ler-doccob';
import { agoraSql } from '../db/agora-sql';

// One CONEMB file into the database ("Ler ConEmb's", issue 14; ../shared/design/proceda.md "What a reader
// must do"): one file is one transaction. The same content twice changes nothing (conemb_arquivo by the
// SHA-256 of the decoded text); a conhecimento already stored (same issuer CNPJ, série and número) is skipped;
// a record with ação E cancels the conhecimento it names. Inserts go in chunks: a 10,000-conhecimento file
// is four statements, not ten thousand.

export type ResultadoArquivoConemb =
  | { tipo: 'LIDO'; conhecimentos: number; repetidos: number; excluidos: number; avisos: string[] }
  | { tipo: 'JA_LIDO' }
  | { tipo: 'RECUSADO'; motivo: string };

/** Conhecimentos per INSERT (one jsonb parameter each): bounds the statement's size, not its parameters. */
const LOTE_INSERCAO = 2500;

/** Minuta statuses a cancelled conhecimento's minuta may still be deleted in (the machine's EXCLUIR). */
const STATUS_EXCLUIVEIS = STATUS_MINUTA.filter((s) => podeMinuta(s, 'EXCLUIR'));

const descricao = (c: { serie: string; numero: string }) => `série ${c.serie || '—'} nº ${c.numero}`;
const avisoExclusaoAusente = (c: ConhecimentoConemb) =>
  `Linha ${c.linha}: o conhecimento ${descricao(c)} a excluir (ação E) não foi encontrado ou já estava excluído.`;
const avisoExclusaoComMinuta = (c: ConhecimentoConemb, status: StatusMinuta) =>
  `Linha ${c.linha}: o conhecimento ${descricao(c)} foi excluído, mas a sua minuta (${ROTULO_STATUS_MINUTA[status]}) foi mantida.`;

/** The file's identity: SHA-256 of the decoded text, line endings made LF and trailing blank lines dropped. */
function hashConemb(texto: string): string {
  return createHash('sha256')
    .update(texto.replace(/\r\n?/g, '\n').replace(/\n+$/, ''))
    .digest('hex');
}

const chaveConhecimento = (c: { cnpjEmissor: string; serie: string; numero: string }) => `${c.cnpjEmissor}|${c.serie}|${c.numero}`;

async function inserirArquivo(tx: Db, nomeArquivo: string, arquivo: ArquivoConemb, hash: string): Promise<number | null> {
  const [novo] = await tx
    .insert(conembArquivo)
    .values({
      nomeArquivo,
      layout: arquivo.layout,
      documento: arquivo.documento.slice(0, 14),
      transportadoraCnpj: arquivo.transportadora.cnpj.slice(0, 14),
      transportadoraRazaoSocial: arquivo.transportadora.razaoSocial.slice(0, 50),
      quantidade: arquivo.conhecimentos.length,
      valorTotal: arquivo.conhecimentos.reduce((s, c) => s.plus(c.valorTotalFrete), new Decimal(0)).toFixed(2),
      avisos: [...new Set(arquivo.avisos)],
      hash,
    })
    .onConflictDoNothing({ target: conembArquivo.hash })
    .returning({ id: conembArquivo.id });
  return novo?.id ?? null;
}

/**
 * Ação I and C: one INSERT … SELECT FROM jsonb_to_recordset per chunk (a single parameter whatever the chunk's
 * size: no parameter limit, and far cheaper to build than a VALUES list); those already stored are skipped by
 * the unique index. Returns how many were new.
 */
async function inserirConhecimentos(tx: Db, arquivoId: number, conhecimentos: ConhecimentoConemb[]): Promise<number> {
  let novos = 0;
  for (let i = 0; i < conhecimentos.length; i += LOTE_INSERCAO) {
    const lote = conhecimentos.slice(i, i + LOTE_INSERCAO).map((c) => ({
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
    }));
    const r = await tx.execute(sql`
      with novos as (
        insert into ${conembConhecimento} (arquivo_id, linha, filial, serie, numero, data_emissao, condicao_frete, peso, valor_total_frete, base_icms,
          percentual_icms, valor_icms, componentes, cfop, cnpj_emissor, cnpj_embarcadora, chave, placa, notas, acao, lido_em)
        select ${arquivoId}, x.linha, x.filial, x.serie, x.numero, x.data_emissao, x.condicao_frete, x.peso, x.valor_total_frete, x.base_icms,
          x.percentual_icms, x.valor_icms, x.componentes, x.cfop, x.cnpj_emissor, x.cnpj_embarcadora, x.chave, x.placa, x.notas, x.acao, ${agoraSql()}
        from jsonb_to_recordset(${JSON.stringify(lote)}::jsonb) as x(linha int, filial text, serie text, numero text, data_emissao date,
          condicao_frete text, peso numeric, valor_total_frete numeric, base_icms numeric, percentual_icms numeric, valor_icms numeric,
          componentes jsonb, cfop text, cnpj_emissor text, cnpj_embarcadora text, chave text, placa text, notas jsonb, acao text)
        on conflict (cnpj_emissor, serie, numero) do nothing
        returning 1)
      select count(*)::int as n from novos`);
    novos += linhas<{ n: number }>(r)[0].n;
  }
  return novos;
}

/**
 * Ação E: the named conhecimentos are marked cancelled in one statement; their minutas still PENDENTE are
 * deleted (notes and cost elements with them), confirmed or processed ones are kept with a warning.
 */
async function excluirConhecimentos(tx: Db, exclusoes: ConhecimentoConemb[]): Promise<{ excluidos: number; avisos: string[] }> {
  if (!exclusoes.length) return { excluidos: 0, avisos: [] };
  const alvos = exclusoes.map((c) => ({ cnpj: c.cnpjEmissor, serie: c.serie, numero: c.numero }));
  const r = await tx.execute(sql`
    update ${conembConhecimento} as c set excluido_em = ${agoraSql()}
    from (select distinct * from jsonb_to_recordset(${JSON.stringify(alvos)}::jsonb) as x(cnpj text, serie text, numero text)) as x
    where c.cnpj_emissor = x.cnpj and c.serie = x.serie and c.numero = x.numero and c.excluido_em is null
    returning c.id, c.cnpj_emissor, c.serie, c.numero`);
  const excluidos = linhas<{ id: number; cnpj_emissor: string; serie: string; numero: string }>(r);
  const idPorChave = new Map(excluidos.map((e) => [chaveConhecimento({ cnpjEmissor: e.cnpj_emissor, serie: e.serie, numero: e.numero }), e.id]));
  const ids = excluidos.map((e) => e.id);
  const mantidas = new Map<number, StatusMinuta>();
  if (ids.length) {
    await tx.delete(minuta).where(and(inArray(minuta.conhecimentoId, ids), inArray(minuta.status, STATUS_EXCLUIVEIS)));
    const restantes = await tx.select({ conhecimentoId: minuta.conhecimentoId, status: minuta.status }).from(minuta).where(inArray(minuta.conhecimentoId, ids));
    for (const m of restantes) mantidas.set(m.conhecimentoId!, m.status);
  }
  const avisos: string[] = [];
  for (const c of exclusoes) {
    const id = idPorChave.get(chaveConhecimento(c));
    if (id === undefined) avisos.push(avisoExclusaoAusente(c));
    else if (mantidas.has(id)) avisos.push(avisoExclusaoComMinuta(c, mantidas.get(id)!));
  }
  return { excluidos: excluidos.length, avisos };
}

/** Stores a read file (the caller owns the transaction); null when a file with the same hash is already stored. */
async function gravarConemb(tx: Db, nomeArquivo: string, arquivo: ArquivoConemb, hash: string): Promise<ResultadoArquivoConemb> {
  const arquivoId = await inserirArquivo(tx, nomeArquivo, arquivo, hash);
  if (arquivoId === null) return { tipo: 'JA_LIDO' };
  const inclusoes = arquivo.conhecimentos.filter((c) => c.acao !== 'E');
  const conhecimentos = await inserirConhecimentos(tx, arquivoId, inclusoes);
  const exclusao = await excluirConhecimentos(
    tx,
    arquivo.conhecimentos.filter((c) => c.acao === 'E'),
  );
  const avisos = [...new Set([...arquivo.avisos, ...exclusao.avisos])];
  if (exclusao.avisos.length) await tx.update(conembArquivo).set({ avisos }).where(eq(conembArquivo.id, arquivoId));
  return { tipo: 'LIDO', conhecimentos, repetidos: inclusoes.length - conhecimentos, excluidos: exclusao.excluidos, avisos };
}

/** Reads one CONEMB file into the database (see ResultadoArquivoConemb): the folder reading, the demo seed and the bench come here. */
export async function lerArquivoConemb(db: Db, nomeArquivo: string, conteudo: Uint8Array | string): Promise<ResultadoArquivoConemb> {
  const texto = typeof conteudo === 'string' ? conteudo : decodificarEdi(conteudo);
  const hash = hashConemb(texto);
  const [lido] = await db.select({ id: conembArquivo.id }).from(conembArquivo).where(eq(conembArquivo.hash, hash));
  if (lido) return { tipo: 'JA_LIDO' };
  const leitura = lerConemb(texto);
  if (!leitura.ok) return { tipo: 'RECUSADO', motivo: leitura.motivo };
  return db.transaction((tx) => gravarConemb(tx, nomeSeguro(nomeArquivo), leitura.arquivo, hash));
}
