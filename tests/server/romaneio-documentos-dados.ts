import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { DadosDespesas, DadosRomaneioFrete, DadosRomaneioOs } from '../../src/server/documentos/romaneio-dados';

// Data and readers for tests/server/romaneio-documentos.test.ts: realistic manifests (3 items or n items),
// PDF pages rendered and text extracted with poppler-utils, and the files of a DOCX (a zip) read back.

export const MOTORISTA = { nome: 'José da Silva Transportes', cpf: '52998224725', cnh: '04512345678', rntnc: '012345678' };

const CLIENTES = ['Gráfica Paraná Ltda', 'Embalagens São Paulo S.A.', 'Rótulos Curitiba ME'];
const detalhe = (linha: number, valor: string) => ({ linha, descricao: `Papel adesivo couchê ${linha}`, quantidade: `${linha * 10}.5`, unidade: 'M2', valorTotalItem: valor });

export function romaneioFrete(n = 3): DadosRomaneioFrete {
  const itens = Array.from({ length: n }, (_, i) => ({
    item: i + 1,
    notaFiscalId: 70001 + i,
    pedidoId: 5001 + i,
    volumes: 2 + (i % 7),
    peso: n === 3 ? ['1200.5', '800', '350.25'][i] : `${100 + ((i * 37) % 900)}.${i % 10}`,
    valorNotaFiscal: `${2500 + i * 13}.90`,
    cliente: CLIENTES[i % 3],
    transportadora: 'Rodoviário Sul Ltda',
    detalhes: Array.from({ length: 1 + (i % 3) }, (_, j) => detalhe(j + 1, `${300 + j * 45 + (i % 11)}.10`)),
  }));
  return {
    empresa: 'COLACRIL',
    numero: 4821,
    status: 'FATURAMENTO',
    dataEmissao: '2026-03-10',
    motorista: MOTORISTA,
    veiculo: { placa: 'ABC1D23', tipo: 'Truck', capacidade: '14000' },
    transportadora: { razaoSocial: 'Rodoviário Sul Ltda', cnpj: '11222333000181' },
    valores: { coleta: '150.00', frete: n === 3 ? '1500.00' : '98765.43', pedagio: '87.40', descarga: '120.00', outros: '35.55' },
    observacao: 'Entregar no período da manhã.',
    itens,
  };
}

export function romaneioOs(n = 3): DadosRomaneioOs {
  const itens = Array.from({ length: n }, (_, i) => ({
    item: i + 1,
    pedidoId: 6001 + i,
    notaFiscalId: i % 4 === 3 ? null : 80001 + i,
    cliente: CLIENTES[i % 3],
    clienteRetira: i % 5 === 1,
    redespacho: i % 3 === 2 ? 'Expresso Norte' : null,
    quantidadeM2: `${1000 + i * 3}.25`,
    pesoLiquido: `${400 + (i % 50)}.5`,
    pesoBruto: `${420 + (i % 50)}.75`,
    volumes: 1 + (i % 4),
    frete: `${180 + (i % 20)}.35`,
    unidade: (['CAIXA', 'PALLET', 'BARRICA', 'DESCONHECIDO'] as const)[i % 4],
    valorNotaFiscal: `${3100 + i}.00`,
    status: i % 4 === 3 ? ('EXPEDIDO' as const) : ('FATURADO' as const),
    ordensServico: [90001 + i * 2, 90002 + i * 2],
    observacao: i === 0 ? 'Frágil: não empilhar.' : null,
  }));
  return {
    empresa: 'COLACRIL',
    numero: 1377,
    status: 'EXPEDICAO',
    dataEmissao: '2026-03-11',
    transportadora: { razaoSocial: 'Rodoviário Sul Ltda', cnpj: '11222333000181' },
    motorista: MOTORISTA,
    lacre: 'LC-558120',
    tipoVeiculo: 'Carreta',
    origem: 'Curitiba/PR',
    destino: 'São Paulo/SP',
    placaCarreta: 'XYZ9K88',
    placaCavalo: 'QWE4R56',
    observacao: 'Conferir lacre na saída.',
    itens,
  };
}

export function despesas(n = 3): DadosDespesas {
  return {
    empresa: 'COLACRIL',
    inicio: '2026-03-01',
    fim: '2026-03-31',
    romaneios: Array.from({ length: n }, (_, i) => ({
      numero: 4800 + i,
      dataEmissao: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`,
      motorista: i % 2 ? 'Maria Souza' : MOTORISTA.nome,
      coleta: '100.00',
      frete: `${1000 + i}.50`,
      pedagio: '45.25',
      descarga: i % 2 ? '0' : '80.00',
      outros: '10.10',
    })),
  };
}

/** Renders every page (pdftoppm -png -r 50) and extracts the text (pdftotext): fails if either tool fails. */
export function lerPdf(pdf: Buffer): { paginas: number; texto: string } {
  const pasta = mkdtempSync(join(tmpdir(), 'romaneio-pdf-'));
  try {
    const arquivo = join(pasta, 'doc.pdf');
    writeFileSync(arquivo, pdf);
    execFileSync('pdftoppm', ['-png', '-r', '50', arquivo, join(pasta, 'pagina')], { stdio: 'pipe' });
    const paginas = readdirSync(pasta).filter((f) => f.endsWith('.png')).length;
    const texto = execFileSync('pdftotext', ['-enc', 'UTF-8', arquivo, '-'], { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 }).toString('utf8');
    return { paginas, texto: texto.replace(/\s+/g, ' ') };
  } finally {
    rmSync(pasta, { recursive: true, force: true });
  }
}

/** One file of a zip, through its central directory (stored or deflated entries). */
export function arquivoDoZip(zip: Buffer, nome: string): Buffer {
  const fim = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (fim < 0) throw new Error('Não é um zip.');
  let p = zip.readUInt32LE(fim + 16);
  for (let k = zip.readUInt16LE(fim + 10); k > 0; k--) {
    const metodo = zip.readUInt16LE(p + 10);
    const tamanho = zip.readUInt32LE(p + 20);
    const [n, extra, comentario] = [zip.readUInt16LE(p + 28), zip.readUInt16LE(p + 30), zip.readUInt16LE(p + 32)];
    const local = zip.readUInt32LE(p + 42);
    if (zip.toString('utf8', p + 46, p + 46 + n) === nome) {
      const inicio = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const dados = zip.subarray(inicio, inicio + tamanho);
      return metodo === 0 ? dados : inflateRawSync(dados);
    }
    p += 46 + n + extra + comentario;
  }
  throw new Error(`${nome} não está no zip.`);
}
