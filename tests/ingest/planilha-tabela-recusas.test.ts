import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  LIMITES_PLANILHA,
  MSG_PLANILHA_GRANDE,
  MSG_PLANILHA_ILEGIVEL,
  MSG_PLANILHA_OUTRO_LAYOUT,
  msgPlanilhaAbas,
  msgPlanilhaDescompactada,
  msgPlanilhaEntradasZip,
  msgPlanilhaLinhas,
  textoErroPlanilha,
} from '../../src/contracts/planilha-tabela';
import { MSG_ELEMENTO_FAIXA, MSG_PERCURSO_ORIGEM, mensagemConflito } from '../../src/domain/frete/validar-tabela-frete';
import { escreverPlanilhaTabela } from '../../src/server/tabelas-frete/planilha/escrever-planilha';
import { lerPlanilhaTabela } from '../../src/server/tabelas-frete/planilha/ler-planilha';
import { entradasZip, type LimitesPlanilha } from '../../src/server/tabelas-frete/planilha/limites-zip';
import { abaComLinhasDemais } from '../../src/server/tabelas-frete/planilha/linhas-xlsx';
import { abrir, CNPJ_TRANSPORTADORA, colunaDaChave, elemento, normalizar, refsFalsas, salvar, tabelaExemplo, uf } from './planilha-tabela-fixtures';

// Issue 32: each refusal (and tolerance) of the import with its message, at its sheet, row and column.

const exportada = () => escreverPlanilhaTabela(tabelaExemplo(), { transportadoraCnpj: CNPJ_TRANSPORTADORA });
async function editada(editar: (livro: ExcelJS.Workbook) => void) {
  const livro = await abrir(await exportada());
  editar(livro);
  return salvar(livro);
}
const ler = (bytes: Uint8Array, limites?: LimitesPlanilha) => lerPlanilhaTabela(bytes, 'tabela.xlsx', refsFalsas().refs, limites);
const textos = async (bytes: Uint8Array, limites?: LimitesPlanilha) => {
  const lida = await ler(bytes, limites);
  expect(lida.tabela).toBeNull();
  return lida.erros.map(textoErroPlanilha);
};
const celula = (livro: ExcelJS.Workbook, aba: string, linha: number, chave: string) => {
  const folha = livro.getWorksheet(aba)!;
  return folha.getRow(linha).getCell(colunaDaChave(folha, chave));
};

describe('the import refuses, each time saying where', () => {
  it('a workbook of another layout or version', async () => {
    for (const [k, v] of [
      ['B1', 'outro/layout'],
      ['B2', 2],
    ] as const) {
      const bytes = await editada((l) => (l.getWorksheet('_layout')!.getCell(k).value = v));
      expect(await textos(bytes)).toEqual([MSG_PLANILHA_OUTRO_LAYOUT]);
    }
  });

  it('a sheet without a required key column, and warns of an unknown one', async () => {
    const bytes = await editada((l) => {
      l.getWorksheet('Faixas')!.getCell('B2').value = 'LIMITE';
      l.getWorksheet('Percursos')!.getCell('F2').value = 'OBSERVACAO';
      l.getWorksheet('Percursos')!.getCell('F3').value = 'x';
    });
    const lida = await ler(bytes);
    expect(lida.erros.map(textoErroPlanilha)).toEqual(['Faixas, linha 2: falta a coluna Limite superior (chave FAIXA_LIMITE na linha 2).']);
    expect(lida.avisos).toEqual(['Aba Percursos: a coluna "OBSERVACAO" não faz parte do layout e foi ignorada.', 'Aba Faixas: a coluna "LIMITE" não faz parte do layout e foi ignorada.']);
  });

  it('a missing sheet', async () => {
    const bytes = await editada((l) => l.removeWorksheet(l.getWorksheet('Origens')!.id));
    expect(await textos(bytes)).toContain('Origens: A aba "Origens" não foi encontrada.');
  });

  it('bad numbers, dates and list values, each at its cell', async () => {
    const bytes = await editada((l) => {
      celula(l, 'Faixas', 4, 'VALOR').value = '12,3.4';
      celula(l, 'Faixas', 5, 'VALOR').value = '1,234567';
      celula(l, 'Percursos', 3, 'VALOR_MINIMO').value = -5;
      celula(l, 'Tabela', 3, 'INICIO').value = '31/02/2026';
      celula(l, 'Elementos de custo', 3, 'MODALIDADE').value = 'POR_PESO';
      celula(l, 'Elementos de custo', 5, 'INCIDE_IMPOSTO').value = 'talvez';
      celula(l, 'Origens', 3, 'PERCURSO').value = 'um';
    });
    expect(await textos(bytes)).toEqual([
      'Tabela, linha 3, coluna Início da vigência: "31/02/2026" não é uma data; use dd/mm/aaaa.',
      'Percursos, linha 3, coluna Valor mínimo (R$): não pode ser negativo ("-5").',
      'Origens, linha 3, coluna Nº do percurso: "um" não é um número inteiro não negativo.',
      'Elementos de custo, linha 3, coluna Modalidade de cálculo: "POR_PESO" não é um valor aceito; use FIXO, CALCULADO_KG, CALCULADO_KM, CALCULADO_VALOR, CALCULADO_INDICE, CALCULADO_KG_INTEGRAL, CALCULADO_KM_INTEGRAL, CALCULADO_VALOR_INTEGRAL, CALCULADO_INDICE_INTEGRAL, FIXO_FAIXA_KG, FIXO_FAIXA_KM, FIXO_FAIXA_VALOR, FIXO_FAIXA_INDICE.',
      'Elementos de custo, linha 5, coluna Incide imposto: "talvez" não é SIM nem NÃO.',
      'Faixas, linha 4, coluna Valor: "12,3.4" não é um número; use 1.234,56 ou 1234,56.',
      'Faixas, linha 5, coluna Valor: aceita no máximo 5 casas decimais ("1,234567").',
    ]);
  });

  it('bands not ascending, and the message of the issue', async () => {
    const bytes = await editada((l) => (celula(l, 'Faixas', 5, 'FAIXA_LIMITE').value = '500'));
    expect(await textos(bytes)).toEqual(['Faixas, linha 5, coluna Limite superior: deve ser maior que o limite inferior (500,000).']);
  });

  it('unknown references and broken links', async () => {
    const bytes = await editada((l) => {
      celula(l, 'Tabela', 3, 'TRANSPORTADORA_CNPJ').value = '11.111.111/0001-11';
      celula(l, 'Origens', 3, 'UF').value = 'ZZ';
      celula(l, 'Destinos', 3, 'MUNICIPIO_IBGE').value = 1234567;
      celula(l, 'Incidências', 3, 'CLIENTE_CPF_CNPJ').value = '00000000000';
      celula(l, 'Elementos de custo', 5, 'TIPOS_VEICULO').value = 'Carreta; Bitrem';
      celula(l, 'Elementos de custo', 6, 'PERCURSO').value = 9;
      celula(l, 'Faixas', 3, 'ELEMENTO').value = 77;
    });
    expect(await textos(bytes)).toEqual([
      'Tabela, linha 3, coluna CNPJ da transportadora: a transportadora de CNPJ 11.111.111/0001-11 não está cadastrada.',
      'Origens, linha 3, coluna UF: a UF "ZZ" não existe.',
      'Destinos, linha 3, coluna Município (código IBGE): o município de código IBGE 1234567 não foi encontrado.',
      'Incidências, linha 3, coluna CPF/CNPJ do cliente: o cliente de CPF/CNPJ 00000000000 não está cadastrado.',
      'Elementos de custo, linha 5, coluna Tipos de veículo: o tipo de veículo "Bitrem" não está cadastrado.',
      'Elementos de custo, linha 6, coluna Nº do percurso: o percurso nº 9 não está na aba Percursos.',
      'Faixas, linha 3, coluna Nº do elemento: o elemento nº 77 não está na aba Elementos de custo.',
    ]);
  });

  it('the rules of spec 02 §5 with their own messages, on the rows they are about', async () => {
    const t = tabelaExemplo();
    t.percursos[1].origens = [];
    t.percursos[0].elementosCusto[0].faixas = [];
    t.percursos.push({ ...t.percursos[0], descricao: 'Cópia', elementosCusto: [], destinos: [{ municipio: null, uf: uf('ES'), incidencias: [] }] });
    const lida = await ler(await escreverPlanilhaTabela(t, { transportadoraCnpj: CNPJ_TRANSPORTADORA }));
    expect(lida.erros.map(textoErroPlanilha)).toEqual([
      `Percursos, linha 4: ${MSG_PERCURSO_ORIGEM}`,
      `Percursos, linha 5: ${mensagemConflito('SP → RJ', 'Cópia', ['SP'], ['ES'])}`,
      `Elementos de custo, linha 5: ${MSG_ELEMENTO_FAIXA}`,
    ]);
  });

  it('files over the limits, before reading them', async () => {
    expect(await textos(new Uint8Array(LIMITES_PLANILHA.bytes + 1))).toEqual([MSG_PLANILHA_GRANDE]);
    const bytes = await exportada();
    const com = (l: Partial<LimitesPlanilha>): LimitesPlanilha => ({ ...LIMITES_PLANILHA, ...l });
    expect(await textos(bytes, com({ entradasZip: 5 }))).toEqual([msgPlanilhaEntradasZip(5)]);
    expect(await textos(bytes, com({ bytesDescompactados: 10_000 }))).toEqual([msgPlanilhaDescompactada(10_000)]);
    expect(await textos(bytes, com({ abas: 3 }))).toEqual([msgPlanilhaAbas(3)]);
    expect(await textos(bytes, com({ linhasPorAba: 4 }))).toEqual([msgPlanilhaLinhas('Destinos', 4)]);
    expect(msgPlanilhaLinhas('Faixas', LIMITES_PLANILHA.linhasPorAba)).toBe('A aba Faixas passa de 200.000 linhas.');
    // A zip bomb's central directory says what it would inflate to: refused unread.
    const bomba = new JSZip();
    bomba.file('xl/workbook.xml', '<workbook/>');
    bomba.file('xl/worksheets/sheet1.xml', 'a'.repeat(4_000_001));
    const comprimida = await bomba.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    expect(comprimida.length).toBeLessThan(10_000);
    expect(await textos(comprimida, com({ bytes: 10_000, bytesDescompactados: 4_000_000 }))).toEqual([msgPlanilhaDescompactada(4_000_000)]);
    // One that lies in its directory (and its local header): it declares 100 bytes and inflates to 4 MB.
    const mentirosa = comTamanhoDeclarado(comprimida, 'xl/worksheets/sheet1.xml', 100);
    expect(entradasZip(mentirosa)!.reduce((s, e) => s + e.descompactado, 0)).toBeLessThan(200);
    expect(await textos(mentirosa, com({ bytes: 10_000, bytesDescompactados: 4_000_000 }))).toEqual([msgPlanilhaDescompactada(4_000_000)]);
  });

  it('counts the rows of each sheet exactly, streaming, before exceljs loads the workbook', async () => {
    const livro = new ExcelJS.Workbook();
    livro.addWorksheet('Tabela').addRow(['x']);
    const folha = livro.addWorksheet('Faixas & cia');
    for (let i = 0; i < 5_000; i++) folha.addRow([i, `${i},5`, 'texto para encher o bloco comprimido']);
    const bytes = await salvar(livro);
    expect(await abaComLinhasDemais(bytes, 5_000)).toBeNull();
    expect(await abaComLinhasDemais(bytes, 4_999)).toBe('Faixas & cia');
  });

  it('what is not a spreadsheet', async () => {
    const zip = new JSZip();
    zip.file('leia-me.txt', 'oi');
    const naoPlanilha = [
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      new TextEncoder().encode('uma carta qualquer;sem;colunas\n1;2;3\n'),
      await zip.generateAsync({ type: 'uint8array' }),
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
      new Uint8Array(0),
    ];
    for (const bytes of naoPlanilha) expect(await textos(bytes)).toEqual([MSG_PLANILHA_ILEGIVEL]);
  });
});

describe('the same columns as CSV', () => {
  const csv = (linhas: string[]) => new TextEncoder().encode(`\uFEFF${linhas.join('\r\n')}\r\n`);
  const CABECALHO = [
    'Aba;Nº;Descrição;...',
    'ABA;TRANSPORTADORA_CNPJ;INICIO;FIM;ICMS_INCLUSO;PERCURSO;DESCRICAO;VALOR_MINIMO;VALOR_MAXIMO;UF;MUNICIPIO_IBGE;DESTINO;INCIDENCIA;CLIENTE_CPF_CNPJ;ELEMENTO;NIVEL;MODALIDADE;FAIXA_LIMITE;VALOR;#OBS',
  ];
  const LINHAS = [
    'Tabela;12.345.678/0001-90;01/03/2026;;NÃO;;;;;;;;;;;;;;;',
    'percursos;;;;;1;SP → RJ;1.234,56;0;;;;;;;;;;;nota',
    'Origens;;;;;1;;;;SP;;;;;;;;;;',
    'Destinos;;;;;1;;;;;3304557;1;;;;;;;;',
    'Elementos de custo;;;;;1;Frete peso;10,5;;;;;;;1;PERCURSO;CALCULADO_KG;;;',
    'Faixas;;;;;;;;;;;;;;1;;;100;1,25;',
    'FAIXAS;;;;;;;;;;;;;;1;;;1.000;0,98765;',
  ];

  it('reads a whole table from one CSV, its rows told apart by the ABA column', async () => {
    const lida = await lerPlanilhaTabela(csv([...CABECALHO, ...LINHAS]), 'tabela.csv', refsFalsas().refs);
    expect(lida.erros).toEqual([]);
    expect(lida.avisos).toEqual([]);
    expect(lida.origem).toBeNull();
    const esperada = tabelaExemplo();
    Object.assign(esperada, { inicio: '2026-03-01', fim: null, flags: [], descricaoIcms: null, elementosCusto: [] });
    esperada.percursos = [
      {
        descricao: 'SP → RJ',
        valorMinimo: '1234.56',
        valorMaximo: '0',
        origens: [{ municipio: null, uf: uf('SP') }],
        destinos: [{ ...tabelaExemplo().percursos[0].destinos[0], incidencias: [] }],
        elementosCusto: [
          elemento('Frete peso', {
            valorMinimo: '10.5',
            faixas: [
              { faixaLimite: '100', valor: '1.25' },
              { faixaLimite: '1000', valor: '0.98765' },
            ],
          }),
        ],
      },
    ];
    expect(normalizar(lida.tabela!)).toEqual(normalizar(esperada));
  });

  it('says which line names an unknown sheet, in Windows-1252 too', async () => {
    const latin1 = Uint8Array.from([...CABECALHO, ...LINHAS, 'Preços;;;;;;;;;;;;;;;;;;;'].join('\r\n'), (ch) => ch.charCodeAt(0) & 0xff);
    const lida = await lerPlanilhaTabela(latin1, 'tabela.csv', refsFalsas().refs);
    expect(lida.erros.map(textoErroPlanilha)).toEqual(['linha 10, coluna ABA: a aba "Preços" não existe; use Tabela, Percursos, Origens, Destinos, Incidências, Elementos de custo, Faixas.']);
  });
});

/** The zip with `nome`'s uncompressed size rewritten to `tamanho` in its central and local headers. */
function comTamanhoDeclarado(zip: Uint8Array, nome: string, tamanho: number): Uint8Array {
  const copia = zip.slice();
  const dv = new DataView(copia.buffer);
  const e = entradasZip(copia)!.find((x) => x.nome === nome)!;
  dv.setUint32(e.local + 22, tamanho, true);
  for (let p = 0; p + 4 <= copia.length; p++)
    if (dv.getUint32(p, true) === 0x02014b50 && dv.getUint32(p + 42, true) === e.local) dv.setUint32(p + 24, tamanho, true);
  return copia;
}
