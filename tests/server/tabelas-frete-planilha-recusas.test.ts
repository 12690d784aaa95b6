import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_SEM_PERMISSAO } from '../../src/contracts/erros';
import { MSG_NADA_PARA_EXPORTAR } from '../../src/contracts/exportacao';
import {
  ARQUIVO_PLANILHA_MODELO,
  MSG_PLANILHA_AUSENTE,
  MSG_PLANILHA_GRANDE,
  textoErroPlanilha,
  type ErroPlanilha,
  type ResultadoImportacao,
} from '../../src/contracts/planilha-tabela';
import type { TabelaFrete } from '../../src/contracts/tabela-frete-modelo';
import { tabelaFrete } from '../../src/server/db/schema/tabela-frete';
import {
  mensagemInicioNaoPosterior,
  mensagemOutraTransportadora,
  mensagemPlanilhaObsoleta,
  mensagemTabelaDaPlanilhaNaoEncontrada,
  mensagemVersaoMaisNova,
} from '../../src/server/tabelas-frete/planilha/versao-tabela';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';
import { criarDadosTabelas, type DadosTabelas } from './tabelas-frete-dados';
import { baixarPlanilha, celula, comInicio, editarPlanilha, enviarPlanilha, importar, semTabelaDeOrigem, simular } from './tabelas-frete-planilha-dados';

// Issue 32: every refusal of a workbook import with its pt-BR message (nothing written), the upload's limits, the
// permissions of a new table and of a new version, another company's table, and the list's export.

let h: Harness;
let token: string;
let d: DadosTabelas;

beforeAll(async () => {
  h = await createHarness();
  token = await h.login('admin', SENHA_ADMIN_TESTE);
  d = await criarDadosTabelas(h);
});
afterAll(() => h?.close());

const corpo = (transportadora: number, inicio: string, fim: string | null = null, dados = d) => ({
  transportadora: { id: transportadora },
  inicio,
  fim,
  percursos: [
    {
      descricao: 'SP → RJ',
      origens: [{ municipio: { id: dados.municipios.saoPaulo } }],
      destinos: [{ uf: { id: dados.ufs.RJ } }],
      elementosCusto: [{ descricao: 'Frete peso', modalidade: 'CALCULADO_KG', faixas: [{ valor: '0.5', faixaLimite: '9999999' }] }],
    },
  ],
});

async function criar(body: unknown, t = token, empresa?: string): Promise<TabelaFrete & { id: number; versao: number }> {
  const r = await h.request('POST', '/api/tabelas-frete', { token: t, body, empresa });
  expect(r.status, await r.clone().text()).toBe(201);
  return json(r);
}

const naTabela = (mensagem: string, coluna: string | null = null): ErroPlanilha => ({ aba: 'Tabela', linha: coluna ? 3 : null, coluna, mensagem });

/** The dry run lists exactly `erros`; confirmed, the same answer with `status` and nothing written. */
async function recusada(bytes: Uint8Array, erros: ErroPlanilha[], status = 400, t = token) {
  const seco = await simular(h, t, bytes);
  expect(seco.erros).toEqual(erros);
  const antes = await h.snapshot();
  const r = await enviarPlanilha(h, t, bytes);
  const resposta = await json<ResultadoImportacao & { mensagens: string[] }>(r);
  expect(r.status, JSON.stringify(resposta.mensagens)).toBe(status);
  expect(resposta.mensagens).toEqual(erros.map(textoErroPlanilha));
  expect(resposta.erros).toEqual(erros);
  expect(resposta.tabela).toBeNull();
  expect(await h.snapshot()).toBe(antes);
}

describe('refusals of a new version', () => {
  it('a start not after the current one, another carrier, a stale workbook, a table that already has a newer version', async () => {
    const t = await criar(corpo(d.transportadoras.avila, '2024-01-01', '2024-12-31'));
    const exportada = await baixarPlanilha(h, token, t.id);

    await recusada(exportada, [naTabela(mensagemInicioNaoPosterior('2024-01-01'), 'Início da vigência')]);
    const outra = await editarPlanilha(await comInicio(exportada, '2024-06-01'), (livro) => {
      celula(livro, 'tabela', 'TRANSPORTADORA_CNPJ').value = '45997418000153';
    });
    await recusada(outra, [naTabela(mensagemOutraTransportadora('Alvorada Tabelateste Transportes Ltda'), 'CNPJ da transportadora')]);

    // Edited on the screen after the export: the workbook is stale (409 when confirmed).
    const r = await h.request('POST', '/api/tabelas-frete', {
      token,
      body: { ...corpo(d.transportadoras.avila, '2024-01-01', '2024-12-31'), id: t.id, versao: 0, descricaoIcms: 'ICMS editado' },
    });
    expect(r.status).toBe(200);
    await recusada(await comInicio(exportada, '2024-06-01'), [naTabela(mensagemPlanilhaObsoleta(0, 1))], 409);

    // A current export becomes a new version; the old row can then get no other.
    const atual = await comInicio(await baixarPlanilha(h, token, t.id), '2024-06-01');
    await importar(h, token, atual);
    // The same workbook sent again: superseded, never "changed by someone" (the import bumped the old row's versao).
    await recusada(atual, [naTabela(mensagemVersaoMaisNova('2024-06-01'))]);
    // (Its vigência now ends on 31/05/2024: the start moves within it.)
    await recusada(await comInicio(await baixarPlanilha(h, token, t.id), '2024-03-01'), [naTabela(mensagemVersaoMaisNova('2024-06-01'))]);
  });
});

describe('the upload', () => {
  it('no file, not multipart, over 10 MB, a bad simular', async () => {
    const semArquivo = new FormData();
    semArquivo.append('outro', new File([new Uint8Array([1])], 'x.xlsx'));
    await h.recusas(
      (b) => h.request('POST', '/api/tabelas-frete/planilha?simular=true', { token, body: b }),
      [
        [semArquivo, [MSG_PLANILHA_AUSENTE]],
        [{ arquivo: 'x' }, [MSG_PLANILHA_AUSENTE]],
      ],
    );
    const grande = await enviarPlanilha(h, token, new Uint8Array(11 * 1024 * 1024), { simular: true });
    expect(grande.status).toBe(413);
    expect(await json(grande)).toEqual({ mensagens: [MSG_PLANILHA_GRANDE] });
    const talvez = await h.request('POST', '/api/tabelas-frete/planilha?simular=talvez', { token, body: semArquivo });
    expect(talvez.status).toBe(400);
    expect(await json(talvez)).toEqual({ mensagens: ['simular deve ser true ou false.'] });
  });
});

describe('permissions and companies', () => {
  it('a new version needs FRETE_TABFR_E and a new table FRETE_TABFR_C; the dry run either', async () => {
    const t = await criar(corpo(d.transportadoras.borba, '2024-01-01'));
    const versao = await comInicio(await baixarPlanilha(h, token, t.id), '2024-05-01');
    const nova = await editarPlanilha(await comInicio(versao, '2023-01-01'), semTabelaDeOrigem);
    const soCriar = await h.tokenCom(['FRETE_TABFR_M', 'FRETE_TABFR_C']);
    const soEditar = await h.tokenCom(['FRETE_TABFR_M', 'FRETE_TABFR_E']);
    const soVer = await h.tokenCom(['FRETE_TABFR_M']);

    expect((await simular(h, soCriar, versao)).resumo?.acao).toBe('NOVA_VERSAO');
    expect((await simular(h, soEditar, nova)).resumo).toMatchObject({ acao: 'NOVA', tabelaAnterior: null, alteracoes: [], totalAlteracoes: 0, inicio: '2023-01-01' });
    const antes = await h.snapshot();
    for (const [t2, bytes] of [
      [soCriar, versao],
      [soEditar, nova],
      [soVer, versao],
    ] as const) {
      const r = await enviarPlanilha(h, t2, bytes);
      expect(r.status).toBe(403);
      expect(await json(r)).toEqual({ mensagens: [MSG_SEM_PERMISSAO] });
    }
    expect((await enviarPlanilha(h, soVer, versao, { simular: true })).status).toBe(403);
    expect(await h.snapshot()).toBe(antes);

    expect((await importar(h, soEditar, versao)).resumo?.acao).toBe('NOVA_VERSAO');
    const criada = await importar(h, soCriar, nova);
    expect(criada.resumo).toMatchObject({ acao: 'NOVA', transportadora: { id: d.transportadoras.borba }, inicio: '2023-01-01', fim: null });
    expect((await json<TabelaFrete>(await h.request('GET', `/api/tabelas-frete/${criada.tabela.id}`, { token }))).tabelaAnterior).toBeUndefined();
  });

  it("another company's table: 404 on its workbook and its id", async () => {
    const tokenRre = await h.login('admin', SENHA_ADMIN_TESTE, 'RRE');
    const dRre = await criarDadosTabelas(h, 'RRE');
    const t = await criar(corpo(dRre.transportadoras.avila, '2024-01-01', null, dRre), tokenRre, 'RRE');
    // An id COLACRIL does not have.
    await h.bancos.RRE.db.update(tabelaFrete).set({ id: 987_654 }).where(eq(tabelaFrete.id, t.id));
    const bytes = await comInicio(await baixarPlanilha(h, tokenRre, 987_654, 'RRE'), '2024-03-01');
    const antes = await h.snapshot();
    for (const simular of [true, false]) {
      const r = await enviarPlanilha(h, token, bytes, { simular });
      expect(r.status).toBe(404);
      expect(await json(r)).toEqual({ mensagens: [mensagemTabelaDaPlanilhaNaoEncontrada(987_654)] });
    }
    expect((await h.request('GET', '/api/tabelas-frete/987654/planilha', { token })).status).toBe(404);
    expect(await h.snapshot()).toBe(antes);
  });
});

describe('downloads and the list export', () => {
  it('the template, a table named by its carrier and start, and the list as .xlsx and CSV with the version links', async () => {
    const modelo = await h.request('GET', '/api/tabelas-frete/planilha/modelo', { token });
    expect(modelo.status).toBe(200);
    expect(modelo.headers.get('Content-Disposition')).toBe(`attachment; filename="${ARQUIVO_PLANILHA_MODELO}"`);
    const t = await criar(corpo(d.transportadoras.cunha, '2024-01-01'));
    const r = await h.request('GET', `/api/tabelas-frete/${t.id}/planilha`, { token });
    expect(r.headers.get('Content-Disposition')).toBe('attachment; filename="tabela-frete-60701190000104-2024-01-01.xlsx"');
    const nova = await importar(h, token, await comInicio(new Uint8Array(await r.arrayBuffer()), '2024-07-01'));

    const filtro = 'transportadora=cunha%20tabelateste';
    const x = await h.request('GET', `/api/tabelas-frete/exportar?${filtro}&formato=xlsx`, { token });
    expect(x.status).toBe(200);
    expect(x.headers.get('X-Total-Linhas')).toBe('2');
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(await x.arrayBuffer());
    const folha = livro.worksheets[0];
    expect(folha.getRow(1).values).toEqual([undefined, 'Transportadora', 'CNPJ', 'Início', 'Fim', 'Versão', 'Versão anterior']);
    expect(folha.rowCount).toBe(3);
    // The list's order: carrier, then the latest start first.
    const [nv, velha] = [folha.getRow(2), folha.getRow(3)];
    expect(nv.getCell(3).value).toEqual(new Date('2024-07-01T00:00:00Z'));
    expect(nv.getCell(4).value).toBeNull();
    expect(nv.getCell(5).value).toBe(nova.tabela.versao);
    expect(nv.getCell(6).value).toEqual(new Date('2024-01-01T00:00:00Z'));
    expect(velha.getCell(2).value).toBe('60.701.190/0001-04');
    expect(velha.getCell(4).value).toEqual(new Date('2024-06-30T00:00:00Z'));
    expect(velha.getCell(6).value).toBeNull();

    const csv = await (await h.request('GET', `/api/tabelas-frete/exportar?${filtro}&formato=csv`, { token })).text();
    expect(csv.trim().split('\r\n')).toEqual([
      'Transportadora;CNPJ;Início;Fim;Versão;Versão anterior',
      'Cunha Tabelateste Logística Eireli;60.701.190/0001-04;01/07/2024;;0;01/01/2024',
      'Cunha Tabelateste Logística Eireli;60.701.190/0001-04;01/01/2024;30/06/2024;1;',
    ]);
    const vazia = await h.request('GET', '/api/tabelas-frete/exportar?transportadora=nenhuma%20assim', { token });
    expect(vazia.status).toBe(404);
    expect(await json(vazia)).toEqual({ mensagens: [MSG_NADA_PARA_EXPORTAR] });
  });
});
