import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { dataSaoPaulo } from '../../../domain/sao-paulo-date';
import { lerArquivoDoccob } from '../../faturas/ler-arquivo-doccob';
import { pastasEdi } from '../../ingest/ler-pasta-edi';
import { escreverDoccob } from '../../ingest/doccob/escrever-doccob';
import type { CompanyDatabase, Db } from '../../db/database';
import { ctesFaturasDemo } from './ctes-faturas-demo';
import { FATURAS_DEMO, montarFaturasDemo, type ArquivoFaturaDemo } from './montar-faturas-demo';
import { linhas } from '../../db/linhas';
import { travarCarga } from '../../db/travar-carga';
import { relogio } from '../../../domain/relogio';

// Demo faturas (docs/decisoes.md §32): written as DOCCOB files from the demo CT-es and stored through the real reader
// and linker (lerArquivoDoccob), dated today in São Paulo; one more file is dropped in the company's DOCCOB
// input folder, unread, so "Ler Faturas" has something to read on a fresh start.

export interface SeedFaturasOpcoes {
  /** EDI_DIR: the 5.0 file goes to <pastaEdi>/<empresa>/doccob/entrada. Without it, no file is dropped. */
  pastaEdi?: string;
  /** "Now" (default relogio.agora()): the faturas' issue date is its São Paulo day. */
  hoje?: Date;
}


/**
 * Seeds the demo faturas once: nothing when a fatura exists (read, cancelled, or seeded before) or when the
 * demo CT-es to bill are not there. Its own transaction; the file is written after the commit.
 */
export async function seedFaturasDemo(banco: CompanyDatabase, opcoes: SeedFaturasOpcoes = {}): Promise<void> {
  const hoje = opcoes.hoje ?? relogio.agora();
  const dia = dataSaoPaulo(hoje)!;
  const arquivo = await banco.db.transaction(async (tx) => {
    await travarCarga(tx);
    const [{ existe }] = linhas<{ existe: boolean }>(await tx.execute(sql`select exists (select 1 from fatura) as existe`));
    if (existe) return null;
    const maior = Math.max(...Object.values(FATURAS_DEMO).map((f) => f.ctes));
    const transportadoras = await ctesFaturasDemo(tx, dia, 4, maior);
    if (transportadoras.length < 3) return null;
    const { lidas, arquivo } = montarFaturasDemo(banco.empresa, hoje, transportadoras);
    for (const f of lidas) await ler(tx, f);
    return arquivo;
  });
  if (arquivo && opcoes.pastaEdi) deixarNaEntrada(opcoes.pastaEdi, banco, arquivo);
}

async function ler(tx: Db, f: ArquivoFaturaDemo): Promise<void> {
  const r = await lerArquivoDoccob(tx, f.nome, new TextEncoder().encode(escreverDoccob([f.fatura], f.layout)));
  if (r.tipo !== 'LIDA') throw new Error(`Fatura de demonstração ${f.nome} não foi lida: ${r.tipo === 'RECUSADA' ? r.motivo : r.tipo}.`);
}

/** In Latin-1, as many carriers' systems write them (the reader takes both). */
function deixarNaEntrada(pastaEdi: string, banco: CompanyDatabase, f: ArquivoFaturaDemo): void {
  const { entrada } = pastasEdi(pastaEdi, banco.empresa, 'doccob');
  mkdirSync(entrada, { recursive: true, mode: 0o700 });
  writeFileSync(join(entrada, f.nome), Buffer.from(escreverDoccob([f.fatura], f.layout), 'latin1'));
}
