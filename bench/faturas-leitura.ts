// Part of bench/faturas.ts: a DOCCOB of 5,000 CT-es of one carrier over the generated CT-es (half with the
// CT-e key at 96/44, half by CNPJ + série + número, a few not in the database), read twice with lerArquivoDoccob.
import { sql } from 'drizzle-orm';
import type { CteDoccob } from '../src/contracts/doccob';
import { Dec } from '../src/domain/frete/decimal-exato';
import { dataSaoPaulo } from '../src/domain/sao-paulo-date';
import type { CompanyDatabase } from '../src/server/db/database';
import { lerArquivoDoccob } from '../src/server/faturas/ler-arquivo-doccob';
import { escreverDoccob } from '../src/server/ingest/doccob/escrever-doccob';
import { linhas } from './bancos-bench';
import { time } from './measure';

export const CTES_NO_ARQUIVO = 5_000;
/** Lines whose CT-e is not in the database. */
const NAO_ENCONTRADOS = 25;

type Cte = { chave: string; serie: string; numero: number; dia: string; valor: string; emitente: string; remetente: string | null; destinatario: string | null };

/** The carrier with the most generated CT-es, and its newest CT-es (not cancelled). */
async function ctesDaTransportadora(banco: CompanyDatabase, n: number, pular: number) {
  const [t] = linhas<{ cnpj: string; razao: string; maior: number }>(
    await banco.db.execute(sql`
      select t.cnpj, t.razao_social as razao, (select max(numero) from cte where emitente_documento = t.cnpj)::int as maior
      from transportadora t join (select emitente_documento, count(*) as n from cte group by 1 order by n desc limit 1) m on m.emitente_documento = t.cnpj`),
  );
  const ctes = linhas<Cte>(
    await banco.db.execute(sql`
      select chave, serie, numero, to_char(data_emissao at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as dia, valor_total::text as valor,
             emitente_documento as emitente, remetente_documento as remetente, destinatario_documento as destinatario
      from cte where emitente_documento = ${t.cnpj} and status not in ('CANCELADO', 'DESCONSIDERADO')
      order by data_emissao desc, id desc limit ${n} offset ${pular}`),
  );
  return { ...t, ctes };
}

const linha = (c: Cte, i: number, comChave: boolean): CteDoccob => ({
  linha: i + 1,
  filial: '0000000001',
  serie: c.serie,
  numero: String(c.numero),
  valorFrete: c.valor,
  dataEmissao: c.dia,
  cnpjRemetente: c.remetente,
  cnpjDestinatario: c.destinatario,
  cnpjEmissor: c.emitente,
  chave: comChave ? c.chave : null,
  notas: [],
});

/** The file's bytes: 3.0A, every other line with the key, the last NAO_ENCONTRADOS numbered past the carrier's highest. */
export async function doccobGrande(banco: CompanyDatabase, numero: string, pular = 0): Promise<{ nome: string; bytes: Uint8Array; linhas: number }> {
  const t = await ctesDaTransportadora(banco, CTES_NO_ARQUIVO - NAO_ENCONTRADOS, pular);
  const ctes = t.ctes.map((c, i) => linha(c, i, i % 2 === 0));
  for (let j = 0; j < NAO_ENCONTRADOS; j++) ctes.push(linha({ ...t.ctes[j], numero: t.maior + 1 + j, valor: '321.09' }, ctes.length, false));
  const hoje = dataSaoPaulo(new Date())!;
  const texto = escreverDoccob(
    [
      {
        layout: '3.0A',
        remetente: t.razao,
        destinatario: 'Colacril',
        idIntercambio: `COB${numero.padStart(9, '0')}`,
        dataIntercambio: null,
        documento: `COBRA${numero.padStart(9, '0')}`,
        transportadora: { cnpj: t.cnpj, razaoSocial: t.razao },
        filial: '0000000001',
        tipo: '0',
        serie: '1',
        numero,
        dataEmissao: hoje,
        dataVencimento: hoje,
        valor: ctes.reduce((s, c) => s.plus(c.valorFrete!), new Dec(0)).toFixed(2),
        tipoCobranca: 'BCO',
        valorIcms: null,
        valorJurosDia: null,
        dataLimiteDesconto: null,
        valorDesconto: null,
        agenteCobranca: null,
        agencia: null,
        digitoAgencia: null,
        conta: null,
        digitoConta: null,
        acao: 'I',
        ctes,
        total: null,
        avisos: [],
      },
    ],
    '3.0A',
  );
  return { nome: `DOCCOB-${t.cnpj}-${numero}.txt`, bytes: new TextEncoder().encode(texto), linhas: ctes.length };
}

/** Reads the file (stored and linked), then again (already read): one figure each. */
export async function medirLeitura(nome: string, banco: CompanyDatabase): Promise<string[]> {
  const arquivo = await doccobGrande(banco, '990001');
  const kb = (arquivo.bytes.length / 1024).toFixed(0);
  const [ms, r] = await time(() => lerArquivoDoccob(banco.db, arquivo.nome, arquivo.bytes));
  if (r.tipo !== 'LIDA') throw new Error(`DOCCOB do benchmark não foi lido: ${JSON.stringify(r)}`);
  const [ms2, r2] = await time(() => lerArquivoDoccob(banco.db, arquivo.nome, arquivo.bytes));
  if (r2.tipo !== 'JA_LIDA') throw new Error(`a segunda leitura devia ser JA_LIDA: ${JSON.stringify(r2)}`);
  return [
    `${nome}, leitura de um DOCCOB de ${arquivo.linhas.toLocaleString('pt-BR')} CT-es (${kb} KiB; metade pela chave, metade por CNPJ + série + número): ` +
      `${(ms / 1000).toFixed(2)} s, ${r.ctesVinculados.toLocaleString('pt-BR')} vinculados, ${r.ctesNaoEncontrados} não encontrados; ` +
      `o mesmo arquivo de novo (já lido): ${(ms2 / 1000).toFixed(2)} s`,
  ];
}
