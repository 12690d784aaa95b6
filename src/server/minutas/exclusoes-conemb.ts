import { eq, inArray, sql } from 'drizzle-orm';
import { podeMinuta } from '../../../machines/minuta-confirmation';
import { mensagemExclusaoConemb, type ArquivoConemb, type ConhecimentoConemb, type EfeitoExclusaoConemb, type ExclusaoConemb } from '../../contracts/conemb';
import { STATUS_MINUTA, type StatusMinuta } from '../../contracts/minutas';
import { agoraSql } from '../db/agora-sql';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { conembConhecimento, minuta } from '../db/schema/minuta';
import { transportadora } from '../db/schema/transportadora';

// Ação E of a CONEMB (docs/decisoes.md §22): the named conhecimentos are cancelled in one statement;
// their minutas still PENDENTE are deleted (notes and cost elements with them), confirmed or processed ones are
// kept. Every record says what it did — minuta deleted (número, carrier), conhecimento cancelled before it
// became a minuta, minuta kept, or why nothing was done (never read, already cancelled) — for the summary.

/** Minuta statuses a cancelled conhecimento's minuta may still be deleted in (the machine's EXCLUIR). */
const STATUS_EXCLUIVEIS = STATUS_MINUTA.filter((s) => podeMinuta(s, 'EXCLUIR'));

type Chave = { cnpjEmissor: string; serie: string; numero: string };
export const chaveConhecimento = (c: Chave) => `${c.cnpjEmissor}|${c.serie}|${c.numero}`;

/** The keys as one jsonb parameter (any number of them, one statement). */
export const chavesJson = (cs: Chave[]) => JSON.stringify(cs.map((c) => ({ cnpj: c.cnpjEmissor, serie: c.serie, numero: c.numero })));

/** Marks the named conhecimentos not yet cancelled as cancelled; answers their ids by key. */
async function cancelar(tx: Db, exclusoes: ConhecimentoConemb[]): Promise<Map<string, number>> {
  const r = await tx.execute(sql`
    update ${conembConhecimento} as c set excluido_em = ${agoraSql()}
    from (select distinct * from jsonb_to_recordset(${chavesJson(exclusoes)}::jsonb) as x(cnpj text, serie text, numero text)) as x
    where c.cnpj_emissor = x.cnpj and c.serie = x.serie and c.numero = x.numero and c.excluido_em is null
    returning c.id, c.cnpj_emissor, c.serie, c.numero`);
  const cancelados = linhas<{ id: number; cnpj_emissor: string; serie: string; numero: string }>(r);
  return new Map(cancelados.map((e) => [chaveConhecimento({ cnpjEmissor: e.cnpj_emissor, serie: e.serie, numero: e.numero }), e.id]));
}

type MinutaDoConhecimento = { numero: string | null; transportadora: string; status: StatusMinuta };

/** The minutas of the cancelled conhecimentos, locked; the PENDENTE ones deleted. Answers each by conhecimento id. */
async function minutasDosCancelados(tx: Db, ids: number[], transportadoraDoArquivo: string): Promise<Map<number, MinutaDoConhecimento>> {
  if (!ids.length) return new Map();
  const minutas = await tx
    .select({ id: minuta.id, conhecimentoId: minuta.conhecimentoId, numero: minuta.numero, status: minuta.status, transportadora: transportadora.razaoSocial })
    .from(minuta)
    .leftJoin(transportadora, eq(transportadora.id, minuta.transportadoraId))
    .where(inArray(minuta.conhecimentoId, ids))
    .for('update', { of: minuta });
  const excluiveis = minutas.filter((m) => STATUS_EXCLUIVEIS.includes(m.status)).map((m) => m.id);
  if (excluiveis.length) await tx.delete(minuta).where(inArray(minuta.id, excluiveis));
  return new Map(minutas.map((m) => [m.conhecimentoId!, { numero: m.numero, status: m.status, transportadora: m.transportadora ?? transportadoraDoArquivo }]));
}

/** Of these keys, those stored at all (cancelled before): the rest were never read. */
async function jaArmazenados(tx: Db, chaves: ConhecimentoConemb[]): Promise<Set<string>> {
  if (!chaves.length) return new Set();
  const r = await tx.execute(sql`
    select c.cnpj_emissor, c.serie, c.numero from ${conembConhecimento} as c
    join (select distinct * from jsonb_to_recordset(${chavesJson(chaves)}::jsonb) as x(cnpj text, serie text, numero text)) as x
      on c.cnpj_emissor = x.cnpj and c.serie = x.serie and c.numero = x.numero`);
  return new Set(linhas<{ cnpj_emissor: string; serie: string; numero: string }>(r).map((e) => chaveConhecimento({ cnpjEmissor: e.cnpj_emissor, serie: e.serie, numero: e.numero })));
}

function exclusao(c: ConhecimentoConemb, efeito: EfeitoExclusaoConemb, m: MinutaDoConhecimento | null): ExclusaoConemb {
  const e = { linha: c.linha, serie: c.serie, numero: c.numero, efeito, minuta: m };
  return { ...e, mensagem: mensagemExclusaoConemb(e) };
}

/** Applies the file's ação E records (the caller owns the transaction); answers what each did, in file order. */
export async function excluirConhecimentos(tx: Db, arquivo: ArquivoConemb, registros: ConhecimentoConemb[]): Promise<ExclusaoConemb[]> {
  if (!registros.length) return [];
  const cancelados = await cancelar(tx, registros);
  const minutas = await minutasDosCancelados(tx, [...cancelados.values()], arquivo.transportadora.razaoSocial.trim() || arquivo.transportadora.cnpj);
  const faltantes = registros.filter((c) => !cancelados.has(chaveConhecimento(c)));
  const armazenados = await jaArmazenados(tx, faltantes);
  const aplicados = new Set<number>();
  return registros.map((c) => {
    const id = cancelados.get(chaveConhecimento(c));
    // The same conhecimento twice in the file: the second finds it cancelled already.
    if (id === undefined || aplicados.has(id)) return exclusao(c, id !== undefined || armazenados.has(chaveConhecimento(c)) ? 'JA_EXCLUIDO' : 'NAO_ENCONTRADO', null);
    aplicados.add(id);
    const m = minutas.get(id) ?? null;
    if (!m) return exclusao(c, 'CONHECIMENTO_EXCLUIDO', null);
    return exclusao(c, STATUS_EXCLUIVEIS.includes(m.status) ? 'MINUTA_EXCLUIDA' : 'MINUTA_MANTIDA', m);
  });
}
