import { mensagemNotaSemPdf, mensagemPedidoSemNotas, NOMES_ARQUIVOS } from '../../../src/contracts/relatorios';
import { json, rota } from './fetch-stub';

// The report downloads (docs/decisoes.md §28) for the web tests: note NF-1 (nº 101, order PV-1) has a PDF, NF-2
// (nº 102) has none (404 with the §8 text); order PV-1 has a ZIP and a mirror, PV-2 no notes; the four
// period reports answer their file for any period. Every call is recorded by the fetch stub.

const arquivo = (conteudo: string, tipo: string, nome: string) =>
  new Response(conteudo, { status: 200, headers: { 'Content-Type': tipo, 'Content-Disposition': `attachment; filename="${nome}"` } });
const parametro = (url: string, nome: string) => new URL(url, 'http://x').searchParams.get(nome) ?? '';

export const NOTAS_PDF: Record<string, number> = { 'NF-1': 101 };
export const NUMEROS: Record<string, number> = { 'NF-1': 101, 'NF-2': 102 };

export function fakeRelatoriosServer() {
  return {
    rotas: [
      rota('GET', '/api/vw-notas-fiscais/pdf', (c) => {
        const id = parametro(c.url, 'notaFiscalId');
        return NOTAS_PDF[id] ? arquivo('%PDF-1.4 nota', 'application/pdf', NOMES_ARQUIVOS.notaFiscal(NOTAS_PDF[id])) : json({ mensagens: [mensagemNotaSemPdf(NUMEROS[id] ?? id)] }, 404);
      }),
      rota('GET', '/api/vw-notas-fiscais/pdfs', (c) => {
        const pedido = parametro(c.url, 'pedidoId');
        return pedido === 'PV-1' ? arquivo('PK zip', 'application/zip', NOMES_ARQUIVOS.notasDoPedido(pedido)) : json({ mensagens: [mensagemPedidoSemNotas(pedido)] }, 404);
      }),
      rota('GET', /^\/api\/vwpedidos\/espelhoPedido\//, () => arquivo('%PDF-1.4 espelho', 'application/pdf', NOMES_ARQUIVOS.espelhoPedido('PV-1'))),
      rota('GET', /^\/api\/(acompanhamentos|inadimplencias)\//, (c) => {
        const p = { inicio: parametro(c.url, 'inicio'), fim: parametro(c.url, 'fim') };
        if (c.url.includes('/csv')) return arquivo('\uFEFFCliente;Valor\r\n', 'text/csv; charset=utf-8', NOMES_ARQUIVOS.inadimplenciaCsv(p));
        if (c.url.includes('/consolidado')) return arquivo('PK docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', NOMES_ARQUIVOS.consolidado(p));
        return arquivo('%PDF-1.4', 'application/pdf', c.url.includes('vendido') ? NOMES_ARQUIVOS.vendidoFaturado(p) : NOMES_ARQUIVOS.inadimplenciaPdf(p));
      }),
    ],
  };
}
