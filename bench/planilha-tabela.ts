// Issue 32: a freight table of 200 routes × 20 bands exported as a workbook and imported back (target: the import,
// dry run and confirmed, ≤ 5 s each). Prints figures only; never asserts on time. Alone:
//   npx tsx -e "import('./bench/planilha-tabela.ts').then(async m => console.log((await m.benchPlanilhaTabela()).join('\n')))"
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Municipio } from '../src/contracts/municipios';
import type { ResultadoImportacao } from '../src/contracts/planilha-tabela';
import { ABAS_PLANILHA, LINHA_CHAVES, PRIMEIRA_LINHA_DADOS } from '../src/domain/planilha-tabela/layout';
import { startServer } from '../src/server/start-server';
import { carga, entrarComoAdmin, time } from './measure';

const PERCURSOS = 200;
const FAIXAS = 20;

/** Route i: the i-th municipality of SP → RJ, one frete-peso element of FAIXAS bands. */
const tabelaGrande = (transportadora: number, origens: Municipio[], rj: number) => ({
  transportadora: { id: transportadora },
  inicio: '2026-01-01',
  percursos: origens.slice(0, PERCURSOS).map((o, i) => ({
    descricao: `Percurso ${String(i + 1).padStart(3, '0')} ${o.nome}`,
    valorMinimo: '80.00',
    origens: [{ municipio: { id: o.id } }],
    destinos: [{ uf: { id: rj } }],
    elementosCusto: [
      {
        descricao: 'Frete peso',
        modalidade: 'CALCULADO_KG',
        valorMinimo: '45.00',
        faixas: Array.from({ length: FAIXAS }, (_, j) => ({ valor: (0.95 - j * 0.02 + i * 0.001).toFixed(5), faixaLimite: j === FAIXAS - 1 ? '9999999' : String((j + 1) * 50) })),
      },
    ],
  })),
});

/** The workbook with a later start and every band of the first 10 routes 10 % dearer (as a user would edit it). */
async function editar(bytes: Uint8Array): Promise<Uint8Array> {
  const livro = new ExcelJS.Workbook();
  await livro.xlsx.load(bytes as unknown as ArrayBuffer);
  const coluna = (nome: string, chave: string) => {
    const folha = livro.getWorksheet(nome)!;
    const chaves = folha.getRow(LINHA_CHAVES).values as unknown[];
    return { folha, indice: chaves.indexOf(chave) };
  };
  const inicio = coluna(ABAS_PLANILHA.tabela.nome, 'INICIO');
  inicio.folha.getRow(PRIMEIRA_LINHA_DADOS).getCell(inicio.indice).value = new Date(Date.UTC(2026, 6, 1));
  const valor = coluna(ABAS_PLANILHA.faixas.nome, 'VALOR');
  for (let n = PRIMEIRA_LINHA_DADOS; n < PRIMEIRA_LINHA_DADOS + 10 * FAIXAS; n++) {
    const c = valor.folha.getRow(n).getCell(valor.indice);
    c.value = Math.round(Number(c.value) * 1.1 * 100000) / 100000;
  }
  return new Uint8Array(await livro.xlsx.writeBuffer());
}

export async function benchPlanilhaTabela(): Promise<string[]> {
  const figuras: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'frete-bench-planilha-'));
  try {
    const servidor = await startServer({ port: 0, dataDir, adminPassword: process.env.ADMIN_PASSWORD, demo: true, log: () => {} });
    try {
      const authorization = await entrarComoAdmin(servidor.url, process.env.ADMIN_PASSWORD ?? 'admin');
      const chamar = async (metodo: string, caminho: string, corpo?: unknown): Promise<Response> => {
        const r = await fetch(`${servidor.url}/api${caminho}`, {
          method: metodo,
          headers: corpo instanceof FormData ? { authorization } : { authorization, 'content-type': 'application/json' },
          body: corpo === undefined ? undefined : corpo instanceof FormData ? corpo : JSON.stringify(corpo),
        });
        if (!r.ok) throw new Error(`${metodo} ${caminho}: ${r.status} ${(await r.clone().text()).slice(0, 500)}`);
        return r;
      };
      const q = encodeURIComponent;
      const sp = ((await (await chamar('GET', `/municipios?search=${q('siglaUf==SP')}&size=300&sort=codigo`)).json()) as { content: Municipio[] }).content;
      const ufs = ((await (await chamar('GET', '/ufs?size=100')).json()) as { content: { id: number; sigla: string }[] }).content;
      const [transportadora] = ((await (await chamar('GET', '/transportadoras/listar-simples?size=1&sort=fornecedorId')).json()) as { content: { id: number }[] }).content;
      const criada = (await (await chamar('POST', '/tabelas-frete', tabelaGrande(transportadora.id, sp, ufs.find((u) => u.sigla === 'RJ')!.id))).json()) as { id: number };

      const [exportarMs, bytes] = await time(async () => new Uint8Array(await (await chamar('GET', `/tabelas-frete/${criada.id}/planilha`)).arrayBuffer()));
      figuras.push(`GET /api/tabelas-frete/{id}/planilha, ${PERCURSOS} percursos × ${FAIXAS} faixas: ${exportarMs.toFixed(0)} ms, ${(bytes.length / 1024).toFixed(0)} KiB (${carga()})`);
      const editada = await editar(bytes);
      const enviar = async (simular: boolean) => {
        const form = new FormData();
        form.append('arquivo', new File([editada as Uint8Array<ArrayBuffer>], 'tabela.xlsx'));
        return (await (await chamar('POST', `/tabelas-frete/planilha${simular ? '?simular=true' : ''}`, form)).json()) as ResultadoImportacao;
      };
      const [simularMs, seco] = await time(() => enviar(true));
      if (seco.erros.length) throw new Error(`simulação com erros: ${JSON.stringify(seco.erros.slice(0, 3))}`);
      figuras.push(`POST /api/tabelas-frete/planilha?simular=true (${seco.resumo!.contagens.faixas} faixas, ${seco.resumo!.totalAlteracoes} alterações): ${simularMs.toFixed(0)} ms (meta ≤ 5 s; ${carga()})`);
      const [gravarMs, feito] = await time(() => enviar(false));
      figuras.push(`POST /api/tabelas-frete/planilha confirmada (nova versão ${feito.tabela!.id}): ${gravarMs.toFixed(0)} ms (meta ≤ 5 s; ${carga()})`);
    } finally {
      await servidor.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figuras;
}
