import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { ArquivoConemb, ExclusaoConemb } from '../../contracts/conemb';
import type { Db } from '../db/database';
import { cederVez, proximaVolta } from '../db/ceder-vez';
import { conembArquivo } from '../db/schema/minuta';
import { nomeSeguro } from '../faturas/ler-arquivo-doccob';
import { lerConembCedendo } from '../ingest/conemb/ler-conemb';
import { decodificarEdi } from '../ingest/doccob/ler-doccob';
import { excluirConhecimentos } from './exclusoes-conemb';
import { incluirConhecimentos, RecusaConemb } from './inclusoes-conemb';

// One CONEMB file into the database ("Ler ConEmb's", docs/decisoes.md §22; docs/proceda.md "What a
// reader must do"): one file is one transaction. A file byte for byte identical to one read changes nothing
// (conemb_arquivo by the SHA-256 of its bytes); the ação E records go first (exclusoes-conemb.ts: each says
// what it did), then the conhecimentos (inclusoes-conemb.ts): one stored with the same values is skipped, one
// with other values refuses the whole file with the fields that differ.

/** The reading keeps the event loop at most about this long before it gives a turn back (issue 33; a ping waits more than one turn). */
const FATIA_LEITURA_MS = 5;

export type ResultadoArquivoConemb =
  | { tipo: 'LIDO'; conhecimentos: number; repetidos: number; excluidos: number; exclusoes: ExclusaoConemb[]; avisos: string[] }
  | { tipo: 'JA_LIDO' }
  | { tipo: 'RECUSADO'; motivo: string };

/** The file's identity: SHA-256 of its bytes (of the UTF-8 of a text given as a string). */
const hashConemb = (conteudo: Uint8Array | string): string => createHash('sha256').update(conteudo).digest('hex');

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

/** Stores a read file (the caller owns the transaction); JA_LIDO when a file with the same hash is stored. Throws RecusaConemb. */
async function gravarConemb(tx: Db, nomeArquivo: string, arquivo: ArquivoConemb, hash: string): Promise<ResultadoArquivoConemb> {
  const arquivoId = await inserirArquivo(tx, nomeArquivo, arquivo, hash);
  if (arquivoId === null) return { tipo: 'JA_LIDO' };
  const exclusoes = await excluirConhecimentos(
    tx,
    arquivo,
    arquivo.conhecimentos.filter((c) => c.acao === 'E'),
  );
  await proximaVolta(); // issue 33: the sum of the file's values, the ação E records and the keys are three slices, not one
  const inclusoes = arquivo.conhecimentos.filter((c) => c.acao !== 'E');
  const conhecimentos = await incluirConhecimentos(tx, arquivoId, inclusoes);
  // The file's record keeps what its ação E records did, with the reader's warnings.
  if (exclusoes.length) await tx.update(conembArquivo).set({ avisos: [...new Set([...arquivo.avisos, ...exclusoes.map((e) => e.mensagem)])] }).where(eq(conembArquivo.id, arquivoId));
  const excluidos = exclusoes.filter((e) => e.efeito === 'MINUTA_EXCLUIDA' || e.efeito === 'CONHECIMENTO_EXCLUIDO' || e.efeito === 'MINUTA_MANTIDA').length;
  return { tipo: 'LIDO', conhecimentos, repetidos: inclusoes.length - conhecimentos, excluidos, exclusoes, avisos: [...new Set(arquivo.avisos)] };
}

/** Reads one CONEMB file into the database (see ResultadoArquivoConemb): the folder reading, the demo seed and the bench come here. */
export async function lerArquivoConemb(db: Db, nomeArquivo: string, conteudo: Uint8Array | string): Promise<ResultadoArquivoConemb> {
  const hash = hashConemb(conteudo);
  const [lido] = await db.select({ id: conembArquivo.id }).from(conembArquivo).where(eq(conembArquivo.hash, hash));
  if (lido) return { tipo: 'JA_LIDO' };
  const leitura = await lerConembCedendo(typeof conteudo === 'string' ? conteudo : decodificarEdi(conteudo), cederVez(FATIA_LEITURA_MS));
  if (!leitura.ok) return { tipo: 'RECUSADO', motivo: leitura.motivo };
  try {
    return await db.transaction((tx) => gravarConemb(tx, nomeSeguro(nomeArquivo), leitura.arquivo, hash));
  } catch (e) {
    if (e instanceof RecusaConemb) return { tipo: 'RECUSADO', motivo: e.message };
    throw e;
  }
}
