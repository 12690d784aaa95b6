// Mailbox benchmark (issue 30): a real dovecot holding BENCH_CAIXA_POSTAL_MENSAGENS (default 2,000) messages with
// BENCH_CAIXA_POSTAL_CTES (default 5,000) distinct CT-e XMLs attached, read into PostgreSQL by the mailbox job
// (lerCaixaPostal, batches of 50) while a worker thread times GET /api/ctes/listar-simples in a loop: CT-es/s and the
// list's p95 during the read vs idle. Figures only.
// Alone: node --import tsx -e "import('./bench/caixa-postal.ts').then(async m => console.log((await m.benchCaixaPostal()).join('\n')))"
import { readFileSync } from 'node:fs';
import { ImapFlow } from 'imapflow';
import { lerCteXml, type CteLido } from '../src/server/ingest/cte-xml';
import { gerarXmlCte } from '../src/server/ingest/gerar-xml-cte';
import { contaDaUrl } from '../src/server/recebimento/caixa-postal/conta';
import { lerCaixaPostal } from '../src/server/recebimento/caixa-postal/ler-caixa-postal';
import { abrirExecucao } from '../src/server/recebimento/execucao';
import { iniciarDovecot, mensagemMime, type Dovecot } from '../tests/server/dovecot';
import { comBancosGerados, emCadaBanco, mil } from './bancos-bench';
import { carga, quantil } from './measure';
import { sondar as sondarUrl } from './sonda';

const MENSAGENS = Number(process.env.BENCH_CAIXA_POSTAL_MENSAGENS ?? 2_000);
const CTES = Number(process.env.BENCH_CAIXA_POSTAL_CTES ?? 5_000);
/** CT-es already in the database (the list has something to page through). */
const CTES_BASE = Number(process.env.BENCH_CAIXA_POSTAL_BASE ?? 20_000);
const CAMINHO_SONDA = '/api/ctes/listar-simples';
const AMOSTRAS_OCIOSO = 200;

const sondar = (url: string, token: string, limite: number) => sondarUrl(`${url}${CAMINHO_SONDA}`, token, limite);

/** The sample CT-e with key and number `numero` (9 digits at 26..34 of the key; the check digit is not checked). */
function xmlsCte(): (numero: number) => string {
  const lido = lerCteXml(readFileSync(new URL('../tests/fixtures/cte/CTe-3.00-frete-valor-icms00-sped-cte.xml', import.meta.url)));
  if (lido.tipo !== 'CTE') throw new Error('amostra ilegível');
  const base: CteLido = lido.cte;
  return (numero) => {
    const chave = `${base.chave.slice(0, 25)}${String(numero).padStart(9, '0')}${base.chave.slice(34)}`;
    return gerarXmlCte({ ...base, chave, identificacao: { ...base.identificacao, numeroCte: numero } });
  };
}

/** MENSAGENS messages carrying CTES CT-es between them (spread evenly), appended through IMAP. */
async function encherCaixa(d: Dovecot): Promise<number> {
  const xml = xmlsCte();
  const c = new ImapFlow({ host: '127.0.0.1', port: d.porta, secure: false, auth: { user: d.usuario, pass: d.senha }, logger: false });
  await c.connect();
  const t = performance.now();
  let numero = 700_000_000;
  try {
    for (let i = 0; i < MENSAGENS; i++) {
      const quantos = Math.floor((CTES * (i + 1)) / MENSAGENS) - Math.floor((CTES * i) / MENSAGENS);
      const anexos = Array.from({ length: quantos }, () => {
        numero++;
        return { nome: `cte-${numero}.xml`, bytes: xml(numero), tipo: 'application/xml' };
      });
      await c.append('INBOX', mensagemMime({ assunto: `CT-es ${i + 1}`, anexos }));
    }
  } finally {
    await c.logout();
  }
  return performance.now() - t;
}

const medir = (nome: string, local: { dataDir?: string; databaseUrl?: string }) =>
  comBancosGerados(nome, local, CTES_BASE, async ({ banco, servir }) => {
    const d = await iniciarDovecot();
    try {
      const msEncher = await encherCaixa(d);
      const conta = contaDaUrl(d.url);
      if ('erro' in conta) throw new Error(conta.erro);
      const { url, token } = await servir();
      const ocioso = await sondar(url, token, AMOSTRAS_OCIOSO).latencias;
      const cargaOcioso = carga();
      const durante = sondar(url, token, Number.POSITIVE_INFINITY);
      const execucao = await abrirExecucao(banco.db, 'CAIXA_POSTAL');
      const t = performance.now();
      const resumo = await lerCaixaPostal({ banco, execucao, sinal: new AbortController().signal }, conta);
      const ms = performance.now() - t;
      const fim = await execucao.concluir();
      const cargaLeitura = carga();
      durante.parar();
      const xs = await durante.latencias;
      const [p95o, p95d] = [quantil(ocioso, 0.95), quantil(xs, 0.95)];
      const { ctes, repetidos, recusados } = fim.contagem;
      return [
        `${nome}, caixa postal com ${mil(MENSAGENS)} mensagens e ${mil(CTES)} CT-es anexados (APPEND): ${(msEncher / 1000).toFixed(1)} s`,
        `${nome}, leitura da caixa postal (lotes de 50): ${mil(resumo.lidas)} mensagens, ${mil(ctes)} CT-es gravados (${repetidos} repetidos, ${recusados} recusados) em ${(ms / 1000).toFixed(1)} s = ${mil(Math.round(ctes / (ms / 1000)))} CT-es/s (${cargaLeitura})`,
        `${nome}, GET ${CAMINHO_SONDA} ociosa: p50 ${quantil(ocioso, 0.5).toFixed(1)} ms, p95 ${p95o.toFixed(1)} ms (n=${ocioso.length}, ${cargaOcioso})`,
        `${nome}, GET ${CAMINHO_SONDA} durante a leitura: p50 ${quantil(xs, 0.5).toFixed(1)} ms, p95 ${p95d.toFixed(1)} ms, máx ${Math.max(...xs).toFixed(1)} ms (n=${xs.length}, ${cargaLeitura}); p95 durante / ociosa = ${(p95d / p95o).toFixed(2)} ×`,
      ];
    } finally {
      await d.parar();
    }
  });

export async function benchCaixaPostal(): Promise<string[]> {
  return emCadaBanco('pg', 'caixa_postal', medir);
}
