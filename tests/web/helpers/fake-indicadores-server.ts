import type { GrupoIndicador, IndicadorLinha, ResumoIndicadores } from '../../../src/contracts/indicadores';
import { json, rota, type Chamada } from './fetch-stub';

// An in-memory indicators API for the /indicadores screen and the /ctes panel: the list pages the rows
// given; each CSV is streamed in two chunks, the second held until `liberar()` (so a test sees the progress);
// `vazio` answers every CSV with the 404 of spec §8.

export function indicadorLinha(i: number, over: Partial<IndicadorLinha> = {}): IndicadorLinha {
  const vermelho = i % 2 === 1;
  return {
    id: i,
    cteId: 100 + i,
    numeroFatura: `F${i}`,
    cte: 5000 + i,
    dataEmissaoCte: '2025-03-10',
    transportadora: 'Expresso Andrade Ltda',
    notaFiscal: 7000 + i,
    dataEmissaoNf: '2025-03-09',
    notaFiscalValor: '10000.00',
    empresaDestinataria: `Cliente ${i}`,
    cidadeDestinoTrecho: 'Campinas',
    ufDestinoTrecho: 'SP',
    notaFiscalPesoBruto: '150.500',
    nfFretePagar: '150.00',
    indicadorFretePeso: vermelho ? '2.0000' : '1.2345',
    indicadorFreteValor: '1.5000',
    limiteFretePeso: '1.5000',
    limiteFreteValor: '2.0000',
    valorCte: '300.00',
    pesoCte: '301.000',
    situacaoFretePeso: vermelho ? 'VERMELHO' : 'VERDE',
    situacaoFreteValor: 'VERDE',
    marcas: [],
    ...over,
  };
}

export function grupo(chave: string, over: Partial<GrupoIndicador> = {}): GrupoIndicador {
  return {
    chave,
    rotulo: chave,
    notas: 40,
    fretePeso: '1.2300',
    freteValor: '0.8000',
    vermelhasPeso: 3,
    vermelhasValor: 1,
    limiteFretePeso: '1.5000',
    limiteFreteValor: '2.0000',
    ...over,
  };
}

export const CSV_LINHAS = ['cte;nf;frete', '5001;7001;150,00', '5002;7002;150,00', '5003;7003;150,00', '5004;7004;150,00'];

function csv(nome: string, segurar: Promise<void>): Response {
  const enc = new TextEncoder();
  const metade = `${CSV_LINHAS.slice(0, 3).join('\r\n')}\r\n`;
  const resto = `${CSV_LINHAS.slice(3).join('\r\n')}\r\n`;
  const corpo = new ReadableStream<Uint8Array>({
    async start(c) {
      c.enqueue(enc.encode(metade));
      await segurar;
      c.enqueue(enc.encode(resto));
      c.close();
    },
  });
  return new Response(corpo, {
    status: 200,
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${nome}"`, 'X-Total-Linhas': String(CSV_LINHAS.length - 1) },
  });
}

export function fakeIndicadoresServer({ linhas = [] as IndicadorLinha[], resumo = { porUf: [], porTransportadora: [] } as ResumoIndicadores, vazio = false } = {}) {
  // Every CSV streamed so far waits on its own gate; liberar() opens them all.
  const portoes: (() => void)[] = [];
  const arquivo = (nome: string) => () => {
    if (vazio) return json({ mensagens: ['Nenhum indicador encontrado com os parâmetros informados.'] }, 404);
    return csv(nome, new Promise<void>((r) => portoes.push(r)));
  };
  const params = (c: Chamada) => new URLSearchParams(c.url.split('?')[1] ?? '');
  const csvPesoValor = arquivo('indicadores.csv');
  const rotas = [
    rota('GET', '/api/vw/frete-indicadores-peso-valor', (c) => {
      const p = params(c);
      if (p.get('formato') === 'csv') return csvPesoValor();
      const page = Number(p.get('page') ?? 0);
      const size = Number(p.get('size') ?? 50);
      const content = linhas.slice(page * size, page * size + size);
      return json({ content, totalElements: linhas.length, totalPages: Math.max(1, Math.ceil(linhas.length / size)), number: page, size });
    }),
    rota('GET', '/api/vw/frete-indicadores-resumo', () => json(resumo)),
    rota('GET', '/api/vw/frete-indicadores-base', arquivo('Indicadores-Frete.csv')),
    rota('POST', '/api/indicadores/frete-base', arquivo('Indicadores.csv')),
  ];
  return { rotas, liberar: () => portoes.splice(0).forEach((abrir) => abrir()) };
}
