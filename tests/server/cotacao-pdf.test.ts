import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { AuditoriaCte } from '../../src/contracts/ctes';
import type { LinhaCalculo, PedidoCalculo, ResultadoCalculo } from '../../src/contracts/calculo-frete';
import { gerarCalculoCtePdf } from '../../src/server/documentos/calculo-cte-pdf';
import { gerarCotacaoPdf, type DadosCotacao } from '../../src/server/documentos/cotacao-pdf';

// The printed documents read back with pdf.js (text and positions), without a database: Roboto has no
// arrow glyph, and a carrier's heading must never be the last thing on a page.

interface Trecho {
  texto: string;
  tamanho: number;
  y: number;
  fimDeLinha: boolean;
}

async function paginasDoPdf(dados: Uint8Array): Promise<{ paginas: Trecho[][]; assunto: string }> {
  const pdf = await getDocument({ data: dados, useSystemFonts: false, isEvalSupported: false }).promise;
  const paginas: Trecho[][] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const conteudo = await (await pdf.getPage(i)).getTextContent();
    paginas.push(
      conteudo.items.flatMap((item) =>
        'str' in item ? [{ texto: item.str, tamanho: Math.round(item.transform[0]), y: item.transform[5], fimDeLinha: item.hasEOL }] : [],
      ),
    );
  }
  const { info } = (await pdf.getMetadata()) as { info: { Subject?: string } };
  await pdf.destroy();
  return { paginas, assunto: info.Subject ?? '' };
}
/** The text as written: pdfmake draws each word (and each part of "Campinas/SP", "->") as its own item. */
const textoDe = (paginas: Trecho[][]) =>
  paginas
    .flat()
    .map((t) => `${t.texto}${t.fimDeLinha ? ' ' : ''}`)
    .join('')
    .replace(/\s+/g, ' ');
/** The page body (the footer is 7 pt) and the text of one of its lines. */
const corpoDa = (pagina: Trecho[]) => pagina.filter((t) => t.tamanho !== 7 && t.texto.trim());
const linhaEm = (pagina: Trecho[], y: number) => textoDe([pagina.filter((t) => t.tamanho !== 7 && Math.abs(t.y - y) < 1)]).trim();

const municipio = (id: number, nome: string, siglaUf: string) => ({ id, codigo: 4100000 + id, nome, siglaUf });
const pedido: PedidoCalculo = {
  dataDespacho: '2026-03-10',
  transportadora: null,
  cliente: '11222333000181',
  valor: '10000.00',
  peso: '350',
  codigoOrigem: 3509502,
  codigoDestino: 4106902,
  tipoVeiculo: 0,
  icms: '0.12',
  distancia: null,
  entregas: 1,
};
const linha = (descricao: string, valor: string): LinhaCalculo => ({ descricao, valor, tipo: 'ELEMENTO', nivel: 'PERCURSO' });

/** n carriers; carrier i has 2 + (i * 7 + desvio) % 9 cost lines, every fifth one failed. */
function resultados(n: number, desvio: number, percurso = 'Campinas → Curitiba'): ResultadoCalculo[] {
  return Array.from({ length: n }, (_, i) => {
    const transportadora = { id: i + 1, razaoSocial: `Transportadora ${String(i + 1).padStart(2, '0')} Cotaçãoteste Ltda` };
    if (i % 5 === 4)
      return { transportadora, tabelaFrete: null, percurso: null, status: 'FALHA', elementosCusto: [], valorTotal: '0', mensagens: ['Nenhum percurso da tabela atende Campinas → Curitiba.', 'Tabela vencida.'], traco: [] };
    const elementosCusto = Array.from({ length: 2 + ((i * 7 + desvio) % 9) }, (_, j) => linha(`Elemento ${j + 1} → percurso`, `${10 + j}.00`));
    return { transportadora, tabelaFrete: { id: i + 1, inicio: '2026-01-01', fim: null }, percurso: { id: 1, descricao: percurso }, status: 'SUCESSO', elementosCusto, valorTotal: '100.00', mensagens: [], traco: [] };
  });
}
const dados = (r: ResultadoCalculo[]): DadosCotacao => ({
  empresa: 'COLACRIL',
  emitidoEm: new Date('2026-03-10T13:00:00Z'),
  pedido,
  origem: municipio(1, 'Campinas', 'SP'),
  destino: municipio(2, 'Curitiba', 'PR'),
  tipoVeiculo: 'Qualquer',
  cliente: 'Cliente Cotaçãoteste',
  resultados: r,
});

describe('the quotation PDF', () => {
  it('prints "->" where a text has "→" (Roboto has no arrow) and names the route in words', async () => {
    const { paginas, assunto } = await paginasDoPdf(new Uint8Array(await gerarCotacaoPdf(dados(resultados(5, 0)))));
    const texto = textoDe(paginas);
    expect(texto).toContain('Campinas -> Curitiba');
    expect(texto).toContain('Elemento 1 -> percurso');
    expect(texto).toContain('Nenhum percurso da tabela atende Campinas -> Curitiba.');
    expect(texto).not.toMatch(/[\u0000→]/);
    expect(assunto).toBe('Campinas/SP a Curitiba/PR');
  });

  it('never ends a page with a carrier heading: the heading goes with the first lines of its table', async () => {
    const nomes = new Set(resultados(40, 0).map((r) => r.transportadora.razaoSocial));
    let quebras = 0;
    // Several shapes, so that in some of them a heading falls where a page ends.
    for (let desvio = 0; desvio < 9; desvio++) {
      const { paginas } = await paginasDoPdf(new Uint8Array(await gerarCotacaoPdf(dados(resultados(40, desvio)))));
      expect(paginas.length).toBeGreaterThan(3);
      for (const [i, pagina] of paginas.entries()) {
        const corpo = corpoDa(pagina);
        // The lowest text of the page body is its last thing.
        const ultimo = corpo.reduce((a, b) => (b.y < a.y ? b : a));
        const ultimaLinha = linhaEm(pagina, ultimo.y);
        expect(nomes.has(ultimaLinha) && ultimo.tamanho === 11, `desvio ${desvio}, página ${i + 1} termina com "${ultimaLinha}"`).toBe(false);
        expect(ultimaLinha, `desvio ${desvio}, página ${i + 1}`).not.toMatch(/^Elemento de custo/);
        if (i > 0 && nomes.has(linhaEm(pagina, corpo[0].y))) quebras++;
      }
    }
    // Some pages start with a heading: the layout really did meet page ends.
    expect(quebras).toBeGreaterThan(0);
  });
});

describe('the CT-e calculation PDF', () => {
  it('prints "->" for "→" in what it repeats (the calculation steps, messages)', async () => {
    const auditoria = {
      status: 'FALHA',
      elementosCusto: [linha('Frete peso', '120.00')],
      valorTotal: '120.00',
      valorCobrado: '150.00',
      diferenca: '30.00',
      tolerancia: '1.00',
      mensagens: ['Percurso "SP → RJ": cobrado acima da tabela.'],
      traco: ['Percurso SP → RJ escolhido.'],
      tabelaFrete: null,
      tabelaEscolhida: false,
      auditadoEm: '2026-03-10T13:00:00Z',
    } as unknown as AuditoriaCte;
    const pdf = await gerarCalculoCtePdf({
      empresa: 'COLACRIL',
      emitidoEm: new Date('2026-03-10T13:00:00Z'),
      cte: { numero: 1, serie: '1', chave: '4'.repeat(44), dataEmissao: new Date('2026-03-01T12:00:00Z'), status: 'AUDITADO_FALHA', transportadora: 'Transportadora → Teste', origem: 'São Paulo/SP', destino: 'Rio de Janeiro/RJ', pesoBruto: '100', valorCarga: '1000.00' },
      auditoria,
    });
    const texto = textoDe((await paginasDoPdf(new Uint8Array(pdf))).paginas);
    expect(texto).toContain('Transportadora -> Teste');
    expect(texto).toContain('Percurso SP -> RJ escolhido.');
    expect(texto).not.toMatch(/[\u0000→]/);
  });
});
