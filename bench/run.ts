// `npm run bench`: prints figures; never asserts on time (brief: speed targets live here, not in tests).
// `npm run bench -- http inicio` runs only the named sections (the names are the keys below), so one row
// can be measured again alone. Every figure carries the machine's load average (`carga`) beside it.
import { compilarWeb } from '../scripts/compilar.mjs';
import { benchHttp } from './http';
import { benchPaleta } from './paleta';
import { benchBundle } from './bundle';
import { benchCtes } from './ctes';
import { benchAuditoria } from './auditoria';
import { benchInicio } from './inicio';
import { benchConsole } from './console';
import { carga } from './measure';
import { benchRegisters } from './registers';
import { benchTabelasFrete } from './tabelas-frete';
import { benchFaturas } from './faturas';
import { benchMinutas } from './minutas';
import { benchRomaneios } from './romaneios';
import { benchIndicadores } from './indicadores';
import { benchPagamento } from './pagamento';
import { benchCaixaPostal } from './caixa-postal';
import { benchOcorrencias } from './ocorrencias';
import { benchPlanilhaTabela } from './planilha-tabela';
import { benchReajuste } from './reajuste';
import { benchExportacao } from './exportacao';

/** The request path, the palette, the bundle, the list, the audit and the first start first; then the areas' figures. */
const SECOES: Record<string, [titulo: string, medir: () => Promise<string[]>]> = {
  http: ['GET /api/ping e GET /api/perfis lado a lado (autocannon)', benchHttp],
  paleta: ['paleta, 10.000 transportadoras, tecla → resultados', benchPaleta],
  bundle: ['JS antes do login e de /ctes (gzip/br)', benchBundle],
  ctes: ['GET /api/ctes/listar-simples com 1.000.000 de CT-es (p99)', benchCtes],
  auditoria: ['auditoria de 100.000 CT-es e o p95 da API durante o lote', benchAuditoria],
  inicio: ['primeira partida de npm start e memória ociosa (PGlite)', () => benchInicio()],
  console: ['login, perfis e segunda partida', benchConsole],
  cadastros: ['cadastros', benchRegisters],
  tabelas: ['tabelas de frete e simulação', benchTabelasFrete],
  planilha: ['tabela de frete em planilha: 200 percursos × 20 faixas, exportação e importação (simulada e confirmada)', benchPlanilhaTabela],
  reajuste: ['simulação de reajuste: 100.000 CT-es auditados com uma tabela (PostgreSQL)', benchReajuste],
  faturas: ['faturas (DOCCOB)', benchFaturas],
  pagamento: ['situação de pagamento: 10.000 faturas × 100 CT-es, uma regra alterada (PostgreSQL)', benchPagamento],
  caixaPostal: ['caixa postal (IMAP, dovecot): 2.000 mensagens com 5.000 CT-es lidas no PostgreSQL e o p95 da lista durante a leitura', benchCaixaPostal],
  minutas: ['minutas (CONEMB)', benchMinutas],
  ocorrencias: ['ocorrências (OCOREN): 50.000 ocorrências vinculadas contra 1.000.000 de CT-es (PostgreSQL)', benchOcorrencias],
  romaneios: ['romaneios', benchRomaneios],
  indicadores: ['indicadores e CSV', benchIndicadores],
  escala: ['escala horizontal: 1 e 2 processos do servidor num PostgreSQL, lista autenticada e auditoria (proxy round-robin e WEB_CONCURRENCY)', () => import('./escala').then((m) => m.benchEscala())],
  lotes: ['responsividade durante os lotes: GET /api/ping e a lista amostrados durante cada tipo de lote (PGlite e PostgreSQL)', () => import('./lotes').then((m) => m.benchLotes())],
  exportacao: ['Exportar para Excel: GET /api/ctes/exportar com 1.000.000 de CT-es (PostgreSQL)', benchExportacao],
  cincoMilhoes: ['5.000.000 de CT-es (PostgreSQL): lista, paleta, vínculo de fatura e resumo dos indicadores, lado a lado com 1.000.000', () => import('./cinco-milhoes').then((m) => m.benchCincoMilhoes())],
};

async function main() {
  const pedidas = process.argv.slice(2);
  const desconhecidas = pedidas.filter((p) => !(p in SECOES));
  if (desconhecidas.length) throw new Error(`seções desconhecidas: ${desconhecidas.join(', ')}; há ${Object.keys(SECOES).join(', ')}`);
  const nomes = pedidas.length ? pedidas : Object.keys(SECOES);
  // The palette's Chromium part and the console's start serve dist/web: built first (when missing or stale),
  // so no section measures the build.
  compilarWeb();
  const resultado: string[] = [];
  for (const nome of nomes) {
    const [titulo, medir] = SECOES[nome];
    const t = performance.now();
    console.error(`\n[bench] ${titulo}… (${carga()})`);
    const figuras = await medir();
    resultado.push(`\n## ${titulo} (${((performance.now() - t) / 1000).toFixed(0)} s)`, ...figuras.map((f) => `- ${f.replace(/^- /, '')}`));
  }
  console.log('\nfrete-console — medições');
  for (const linha of resultado) console.log(linha);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
