import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { LAYOUT_PLANILHA_TABELA, VERSAO_LAYOUT_PLANILHA_TABELA } from '../../src/contracts/planilha-tabela';
import { validarTabelaFrete } from '../../src/domain/frete/validar-tabela-frete';
import { ABAS_PLANILHA, IDS_ABAS } from '../../src/domain/planilha-tabela/layout';
import { escreverPlanilhaTabela } from '../../src/server/tabelas-frete/planilha/escrever-planilha';
import { lerPlanilhaTabela } from '../../src/server/tabelas-frete/planilha/ler-planilha';
import { abrir, CLIENTES, CNPJ_TRANSPORTADORA, colunaDaChave, MUNICIPIOS, normalizar, refsFalsas, salvar, tabelaExemplo, TIPOS_VEICULO, TRANSPORTADORA } from './planilha-tabela-fixtures';

// Issue 32: a freight table as a workbook, export and import (no database: the references are a fake).

describe('the workbook of a freight table', () => {
  it('has one sheet per part with labels, keys, notes, frozen headers, list validations and a very hidden _layout', async () => {
    const livro = await abrir(await escreverPlanilhaTabela(tabelaExemplo(), { transportadoraCnpj: '12.345.678/0001-90' }));
    expect(livro.worksheets.map((f) => f.name)).toEqual([...IDS_ABAS.map((id) => ABAS_PLANILHA[id].nome), '_layout']);
    const layout = livro.getWorksheet('_layout')!;
    expect(layout.state).toBe('veryHidden');
    expect(layout.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1))).toEqual([
      ['LAYOUT', LAYOUT_PLANILHA_TABELA],
      ['VERSAO', VERSAO_LAYOUT_PLANILHA_TABELA],
      ['TABELA_ID', 41],
      ['TABELA_VERSAO', 3],
    ]);
    for (const f of livro.worksheets.filter((x) => x.state === 'visible')) {
      expect(f.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
      expect(f.getRow(1).getCell(1).note).toBeTruthy();
    }
    const faixas = livro.getWorksheet('Faixas')!;
    expect(faixas.getRow(1).values).toEqual([undefined, 'Nº do elemento', 'Limite superior', 'Valor']);
    expect(faixas.getRow(2).values).toEqual([undefined, 'ELEMENTO', 'FAIXA_LIMITE', 'VALOR']);
    expect(faixas.getCell('A1').note).toContain('ordem crescente');
    // Numbers as numbers with a format, never text; dates as dates.
    expect(faixas.getCell('C5').value).toBe(0.98765);
    expect(faixas.getCell('C5').numFmt).toBe('#,##0.00###');
    const tabela = livro.getWorksheet('Tabela')!;
    expect(tabela.getCell('A3').value).toBe(CNPJ_TRANSPORTADORA);
    expect(tabela.getCell('B3').value).toBe(TRANSPORTADORA.razaoSocial);
    expect((tabela.getCell('C3').value as Date).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(tabela.getCell('E3').value).toBe('SIM');
    const elementos = livro.getWorksheet('Elementos de custo')!;
    const modalidade = colunaDaChave(elementos, 'MODALIDADE');
    expect(elementos.getRow(5).getCell(modalidade).dataValidation).toMatchObject({ type: 'list', formulae: [expect.stringContaining('CALCULADO_KG_INTEGRAL')] });
    expect(elementos.getRow(3).getCell(colunaDaChave(elementos, 'EVENTO')).dataValidation?.formulae[0]).toContain('REENTREGA');
    const origens = livro.getWorksheet('Origens')!;
    expect(origens.getCell('B3').dataValidation?.formulae[0]).toContain('SP');
    // No database id leaves outside _layout (the fixtures' ids of carriers, municipalities, customers, vehicles).
    const ids = new Set([TRANSPORTADORA.id, ...MUNICIPIOS.map((m) => m.id), ...CLIENTES.map((c) => c.id), ...TIPOS_VEICULO.map((t) => t.id)]);
    for (const f of livro.worksheets.filter((x) => x.state === 'visible'))
      f.eachRow((row) => expect((row.values as unknown[]).filter((v) => ids.has(v as number))).toEqual([]));
  });

  it('imports back to the same table, each reference looked up in one batch', async () => {
    const { refs, chamadas } = refsFalsas();
    const lida = await lerPlanilhaTabela(await escreverPlanilhaTabela(tabelaExemplo(), { transportadoraCnpj: CNPJ_TRANSPORTADORA }), 'tabela.xlsx', refs);
    expect(lida.erros).toEqual([]);
    expect(lida.avisos).toEqual([]);
    expect(lida.origem).toEqual({ tabelaId: 41, tabelaVersao: 3 });
    expect(normalizar(lida.tabela!)).toEqual(normalizar(tabelaExemplo()));
    expect(chamadas).toEqual({ transportadora: 1, ufs: 1, municipios: 1, clientes: 1, tiposVeiculo: 1 });
  });

  it('writes formula-like descriptions with an apostrophe and reads them back without it', async () => {
    const t = tabelaExemplo();
    t.percursos[0].descricao = '=HYPERLINK("x","y")';
    const bytes = await escreverPlanilhaTabela(t, { transportadoraCnpj: CNPJ_TRANSPORTADORA });
    const folha = (await abrir(bytes)).getWorksheet('Percursos')!;
    expect(folha.getRow(3).getCell(colunaDaChave(folha, 'DESCRICAO')).value).toBe(`'=HYPERLINK("x","y")`);
    const lida = await lerPlanilhaTabela(bytes, 'tabela.xlsx', refsFalsas().refs);
    expect(lida.erros).toEqual([]);
    expect(lida.tabela!.percursos[0].descricao).toBe('=HYPERLINK("x","y")');
  });

  it('imports a workbook edited in a spreadsheet program: reordered columns, typed pt-BR numbers, a "#" column', async () => {
    const livro = await abrir(await escreverPlanilhaTabela(tabelaExemplo(), { transportadoraCnpj: CNPJ_TRANSPORTADORA }));
    const faixas = livro.getWorksheet('Faixas')!;
    // Swap Limite superior and Valor, headers and data.
    faixas.eachRow((row) => {
      const [b, c] = [row.getCell(2).value, row.getCell(3).value];
      row.getCell(2).value = c;
      row.getCell(3).value = b;
    });
    const percursos = livro.getWorksheet('Percursos')!;
    percursos.getRow(3).getCell(colunaDaChave(percursos, 'VALOR_MINIMO')).value = '1.234,56';
    percursos.getRow(4).getCell(colunaDaChave(percursos, 'VALOR_MAXIMO')).value = '999,99';
    const coluna = percursos.columnCount + 1;
    percursos.getRow(1).getCell(coluna).value = 'Observação';
    percursos.getRow(2).getCell(coluna).value = '#nota';
    percursos.getRow(3).getCell(coluna).value = 'conferir com o comercial';
    // A formula whose cached result is the value.
    const elementos = livro.getWorksheet('Elementos de custo')!;
    // Rows: Despacho (table), TDE (incidence), Frete peso, Ad valorem (route 1)…
    elementos.getRow(6).getCell(colunaDaChave(elementos, 'VALOR_MINIMO')).value = { formula: '1000+234.56', result: 1234.56 };
    const lida = await lerPlanilhaTabela(await salvar(livro), 'editada.xlsx', refsFalsas().refs);
    expect(lida.erros).toEqual([]);
    const esperada = tabelaExemplo();
    esperada.percursos[0].valorMinimo = '1234.56';
    esperada.percursos[0].elementosCusto[1].valorMinimo = '1234.56';
    expect(normalizar(lida.tabela!)).toEqual(normalizar(esperada));
  });

  it('reads the change of one band price made with exceljs', async () => {
    const livro = await abrir(await escreverPlanilhaTabela(tabelaExemplo(), { transportadoraCnpj: CNPJ_TRANSPORTADORA }));
    livro.getWorksheet('Faixas')!.getCell('C5').value = 1.1 * 1.2; // 1.32 with a float's noise
    const lida = await lerPlanilhaTabela(await salvar(livro), 'x.xlsx', refsFalsas().refs);
    expect(lida.erros).toEqual([]);
    expect(lida.tabela!.elementosCusto[0].faixas).toEqual([{ faixaLimite: '9999999', valor: '35.5' }]);
    expect(lida.tabela!.percursos[0].elementosCusto[0].faixas[1]).toEqual({ faixaLimite: '1000', valor: '1.32' });
  });

  it('writes the empty template with one example row per sheet, which imports with real references', async () => {
    const bytes = await escreverPlanilhaTabela(null, { transportadoraCnpj: null });
    const livro = await abrir(bytes);
    for (const id of IDS_ABAS) expect(livro.getWorksheet(ABAS_PLANILHA[id].nome)!.actualRowCount).toBe(3);
    expect(livro.getWorksheet('_layout')!.getCell('B3').value).toBeNull();
    const { refs } = refsFalsas({ transportadoras: { '12345678000190': TRANSPORTADORA } });
    const lida = await lerPlanilhaTabela(bytes, 'modelo-tabela-frete.xlsx', {
      ...refs,
      clientes: async () => new Map([['98765432000110', CLIENTES[0]]]),
    });
    expect(lida.erros).toEqual([]);
    expect(lida.origem).toBeNull();
    expect(validarTabelaFrete(lida.tabela!)).toEqual([]);
    expect(lida.tabela!.percursos[0].destinos[0].incidencias[0].elementosCusto[0].faixas).toEqual([{ faixaLimite: '500', valor: '1.2' }]);
  });

  it('keeps exceljs server side: a plain workbook without _layout is refused as another layout', async () => {
    const livro = new ExcelJS.Workbook();
    livro.addWorksheet('Faixas').addRow(['x']);
    const lida = await lerPlanilhaTabela(await salvar(livro), 'outra.xlsx', refsFalsas().refs);
    expect(lida.erros.map((e) => e.mensagem)).toEqual(['Esta planilha não é uma tabela de frete exportada pelo console (aba de layout ausente ou alterada).']);
  });
});
