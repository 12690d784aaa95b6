// Part of bench/minutas.ts: a CONEMB 3.0 of 10,000 conhecimentos of one registered carrier, written by the
// project's writer into a temporary input folder, read twice ("Ler ConEmb's": the second reading finds it
// already read), then "Converter Minutas" over them. Figures only.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { ArquivoConemb, ConhecimentoConemb } from '../src/contracts/conemb';
import type { CompanyDatabase } from '../src/server/db/database';
import { erpNotasPedidosDe } from '../src/server/erp/erp-source';
import { escreverConemb } from '../src/server/ingest/conemb/escrever-conemb';
import { converterConhecimentos } from '../src/server/minutas/converter-conhecimentos';
import { lerPastaConemb } from '../src/server/minutas/ler-pasta-conemb';
import { linhas, mil } from './bancos-bench';
import { time } from './measure';

export const CONHECIMENTOS_NO_ARQUIVO = 10_000;

const centavos = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

function conhecimento(i: number, cnpjEmissor: string): ConhecimentoConemb {
  const peso = 100 + (i % 900) * 3;
  const valorPeso = 2000 + (i % 500) * 37;
  const valorValor = 500 + (i % 70) * 11;
  return {
    linha: i + 4,
    filial: 'BENCH',
    serie: '7',
    numero: String(500_000 + i),
    dataEmissao: '2026-10-15',
    condicaoFrete: i % 4 === 0 ? 'F' : 'C',
    peso: centavos(peso * 100),
    valorTotalFrete: centavos(valorPeso + valorValor),
    baseIcms: centavos(valorPeso + valorValor),
    percentualIcms: '12.00',
    valorIcms: centavos(Math.round(((valorPeso + valorValor) * 12) / 100)),
    componentes: { fretePeso: centavos(valorPeso), freteValor: centavos(valorValor), secCat: '0.00', itr: '0.00', despacho: '0.00', pedagio: '0.00', ademe: '0.00' },
    substituicaoTributaria: null,
    cfop: '5352',
    cnpjEmissor,
    cnpjEmbarcadora: '89850341001212',
    chave: null,
    placa: null,
    notas: Array.from({ length: 1 + (i % 3) }, (_, j) => ({ serie: '11', numero: String(700_000 + i * 3 + j), cnpjEmissor: null, dataEmissao: null, valor: null, peso: null })),
    acao: 'I',
    tipo: null,
  };
}

/** The file: CONHECIMENTOS_NO_ARQUIVO conhecimentos of the first registered carrier with a CNPJ. */
async function arquivo(banco: CompanyDatabase): Promise<string> {
  const [t] = linhas<{ cnpj: string; razao: string }>(
    await banco.db.execute(sql`select cnpj, left(razao_social, 40) as razao from transportadora where cnpj ~ '^[0-9]{14}$' order by id limit 1`),
  );
  const conhecimentos = Array.from({ length: CONHECIMENTOS_NO_ARQUIVO }, (_, i) => conhecimento(i, t.cnpj));
  const soma = conhecimentos.reduce((s, c) => s + Math.round(Number(c.valorTotalFrete) * 100), 0);
  const a: ArquivoConemb = {
    layout: '3.0',
    remetente: t.razao.slice(0, 35),
    destinatario: 'COLACRIL',
    idIntercambio: 'CON261015001',
    documento: 'CONHE261015001',
    transportadora: { cnpj: t.cnpj, razaoSocial: t.razao },
    conhecimentos,
    total: { quantidade: conhecimentos.length, valorTotal: centavos(soma) },
    avisos: [],
  };
  return escreverConemb(a, '3.0');
}

/** Import twice, then convert: the figures of "Ler ConEmb's" and "Converter Minutas". */
export async function medirImportacao(nome: string, banco: CompanyDatabase): Promise<string[]> {
  const base = mkdtempSync(join(tmpdir(), 'frete-bench-conemb-'));
  const pastas = { entrada: join(base, 'entrada'), saida: join(base, 'saida'), erro: join(base, 'erro') };
  for (const p of Object.values(pastas)) mkdirSync(p, { recursive: true });
  try {
    const texto = await arquivo(banco);
    writeFileSync(join(pastas.entrada, 'CONEMB-BENCH.txt'), texto, 'latin1');
    const [ms1, r1] = await time(() => lerPastaConemb(banco.db, pastas));
    writeFileSync(join(pastas.entrada, 'CONEMB-BENCH-2.txt'), texto, 'latin1');
    const [ms2, r2] = await time(() => lerPastaConemb(banco.db, pastas));
    const [ms3, r3] = await time(() => converterConhecimentos(banco.db, erpNotasPedidosDe(banco)));
    const mb = (Buffer.byteLength(texto, 'latin1') / 1024 / 1024).toFixed(1);
    return [
      `${nome}: "Ler ConEmb's", um CONEMB 3.0 de ${mil(CONHECIMENTOS_NO_ARQUIVO)} conhecimentos (${mb} MB): ${(ms1 / 1000).toFixed(2)} s (${mil(r1.conhecimentos)} gravados, ${r1.erros.length} erro(s))`,
      `${nome}: o mesmo arquivo de novo: ${(ms2 / 1000).toFixed(2)} s (${r2.jaLidos} arquivo já lido, ${mil(r2.conhecimentos)} novos)`,
      `${nome}: "Converter Minutas" de ${mil(r3.minutas)} conhecimentos: ${(ms3 / 1000).toFixed(2)} s`,
    ];
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
