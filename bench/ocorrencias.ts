// Occurrence benchmark (issue 31): an OCOREN of 50,000 occurrences read and linked by the database's triggers
// against 1,000,000 generated CT-es (target ≤ 10 s on PostgreSQL), the same file again (all already known), and
// the list of unlinked occurrences and the Fretes "reentrega" filter afterwards. Figures only, with the load.
// Alone: npx tsx -e "import('./bench/ocorrencias.ts').then(async m => console.log((await m.benchOcorrencias()).join('\n')))"
// BENCH_OCORRENCIAS_CTES (default 1000000) and BENCH_OCORRENCIAS (default 50000) change the sizes;
// BENCH_OCORRENCIAS_BANCOS=pg,pglite adds PGlite (default pg only).
import { sql } from 'drizzle-orm';
import type { Ocorrencia } from '../src/contracts/ocoren';
import type { CompanyDatabase } from '../src/server/db/database';
import { escreverOcoren } from '../src/server/ingest/ocoren/escrever-ocoren';
import { lerArquivoOcoren } from '../src/server/ocorrencias/gravar-ocoren';
import { comBancosGerados, emCadaBanco, linhas, medirConsulta, mil } from './bancos-bench';
import { carga, time } from './measure';

const CTES = Number(process.env.BENCH_OCORRENCIAS_CTES ?? 1_000_000);
const OCORRENCIAS = Number(process.env.BENCH_OCORRENCIAS ?? 50_000);
/** One in NAO_VINCULADA occurrences names an NF no CT-e carries. */
const NAO_VINCULADA = 10;
/** Re-delivery, delivery, failed attempt, scheduled, requested re-delivery: each sets or leaves the CT-e's marks. */
const CODIGOS = ['24', '01', '34', '91', '19'];

type Nota = { cnpj: string; serie: string; numero: number };

/** Distinct NFs of the generated CT-es, spread over the table (one pass over cte_nota). */
async function notas(banco: CompanyDatabase, n: number): Promise<Nota[]> {
  const [{ total }] = linhas<{ total: number }>(await banco.db.execute(sql`select count(*)::int as total from cte_nota`));
  const passo = Math.max(1, Math.floor(total / n));
  return linhas<Nota>(
    await banco.db.execute(sql`
      select substr(chave, 7, 14) as cnpj, ltrim(substr(chave, 23, 3), '0') as serie, numero
        from cte_nota where numero is not null and id % ${passo} = 0 limit ${n}`),
  );
}

/** The file: 3.1, one carrier, the NFs above and every NAO_VINCULADA-th numbered past any generated NF. */
async function ocorenGrande(banco: CompanyDatabase): Promise<{ bytes: Uint8Array; linhas: number }> {
  const achadas = await notas(banco, OCORRENCIAS);
  const base = Date.UTC(2026, 2, 1, 8, 0);
  const ocorrencias = Array.from({ length: OCORRENCIAS }, (_, i): Ocorrencia => {
    const nf = achadas[i % achadas.length];
    const solta = i % NAO_VINCULADA === NAO_VINCULADA - 1;
    return {
      linha: 0,
      cnpjEmissorNf: nf.cnpj,
      serieNf: nf.serie,
      // 3.1's NF number has 8 digits: the unlinked ones above any generated NF.
      numeroNf: String(solta ? 99_000_000 + i : nf.numero),
      codigo: CODIGOS[i % CODIGOS.length],
      descricao: null,
      // A minute apart each: no two lines are the same occurrence.
      dataHora: new Date(base + i * 60_000).toISOString().slice(0, 16),
      codigoObservacao: null,
      observacao: i % 7 === 0 ? 'CLIENTE AUSENTE NO PRIMEIRO HORARIO' : null,
      conhecimento: null,
      redespacho: null,
      chaveCte: null,
    };
  });
  const texto = escreverOcoren({ documento: 'OCO31BENCH', transportadora: { cnpj: '12345678000195', razaoSocial: 'Transportadora Bench' }, ocorrencias });
  return { bytes: new TextEncoder().encode(texto), linhas: ocorrencias.length };
}

async function medirLeitura(nome: string, banco: CompanyDatabase): Promise<string[]> {
  const arquivo = await ocorenGrande(banco);
  const kb = (arquivo.bytes.length / 1024).toFixed(0);
  const cargaAntes = carga();
  const [ms, r] = await time(() => lerArquivoOcoren(banco.db, 'OCOREN-bench.txt', arquivo.bytes));
  if (r.tipo !== 'LIDO') throw new Error(`OCOREN do benchmark recusado: ${r.motivo}`);
  const cargaDepois = carga();
  const [ms2, r2] = await time(() => lerArquivoOcoren(banco.db, 'OCOREN-bench.txt', arquivo.bytes));
  if (r2.tipo !== 'LIDO' || r2.lidas !== 0) throw new Error(`a segunda leitura devia achar todas já gravadas: ${JSON.stringify(r2).slice(0, 300)}`);
  const [{ vinculos }] = linhas<{ vinculos: number }>(await banco.db.execute(sql`select count(*)::int as vinculos from ocorrencia_cte`));
  return [
    `${nome}, leitura de um OCOREN 3.1 de ${mil(arquivo.linhas)} ocorrências (${kb} KiB) contra ${mil(CTES)} CT-es: ${(ms / 1000).toFixed(2)} s ` +
      `(meta ≤ 10 s; ${cargaAntes} antes, ${cargaDepois} depois); ${mil(r.lidas)} gravadas, ${mil(vinculos)} vínculos a CT-es, ${mil(r.naoVinculadas)} sem CT-e`,
    `${nome}, o mesmo arquivo de novo (todas já conhecidas): ${(ms2 / 1000).toFixed(2)} s, ${mil(r2.repetidas)} repetidas (${carga()})`,
  ];
}

const medir = (nome: string, local: { dataDir?: string; databaseUrl?: string }) =>
  comBancosGerados(nome, local, CTES, async ({ banco, servir }) => {
    const figuras = await medirLeitura(nome, banco);
    const s = await servir();
    for (const [rotulo, caminho] of [
      ['GET /api/ocorrencias?naoVinculadas=true', '/api/ocorrencias?naoVinculadas=true&size=50'],
      ['GET /api/ctes/listar-simples?ocorrencia=REENTREGA (12 meses)', '/api/ctes/listar-simples?ocorrencia=REENTREGA&tomadorServico=TODOS&dataIni=2000-01-01&dataFim=2099-12-31&size=50'],
    ]) {
      const { latencia, totalElements } = await medirConsulta(s.url, s.token, caminho, rotulo);
      figuras.push(`${nome}, ${rotulo}: ${latencia}, total ${mil(totalElements)} (${carga()})`);
    }
    return figuras;
  });

export async function benchOcorrencias(): Promise<string[]> {
  return emCadaBanco(process.env.BENCH_OCORRENCIAS_BANCOS ?? 'pg', 'ocorrencias', medir);
}
