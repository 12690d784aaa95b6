import { formatCnpj } from '@brazilian-utils/brazilian-utils';
import { formatBrl } from '../../../domain/format-brl';
import { formatDateBr } from '../../../domain/format-date-br';
import { formatNumberBr } from '../../../domain/format-number-br';
import { pdfMinimo, type LinhaPdf } from './pdf-minimo';

// The demo ERP's PDF of an invoice (a simplified DANFE), generated once by the seed and stored in
// vw_nota_fiscal_pdf: what GET /vw-notas-fiscais/pdf hands out.

export interface NotaPdfDemo {
  notaFiscalId: string;
  numero: number;
  serie: string;
  chave: string;
  dataEmissao: string;
  tipo: string;
  pedidoId: string | null;
  valor: string | null;
  pesoBruto: string | null;
  clienteNome: string | null;
  clienteDocumento: string | null;
}

export interface EmitenteDemo {
  nome: string;
  cnpj: string;
}

const documento = (d: string | null) => (d && d.length === 14 ? formatCnpj(d) : (d ?? '—'));

/** Label and value lines, top to bottom. */
function campos(n: NotaPdfDemo): [string, string][] {
  return [
    ['Número', String(n.numero)],
    ['Série', n.serie],
    ['Tipo', n.tipo === 'ENTRADA' ? 'Entrada' : 'Saída'],
    ['Emissão', formatDateBr(n.dataEmissao)],
    ['Pedido', n.pedidoId ?? '—'],
    ['Destinatário', n.clienteNome ?? '—'],
    ['CNPJ/CPF', documento(n.clienteDocumento)],
    ['Peso bruto (kg)', n.pesoBruto ? formatNumberBr(n.pesoBruto, { decimals: 3 }) : '—'],
    ['Valor total', formatBrl(n.valor ?? '0')],
  ];
}

export function notaFiscalPdfDemo(n: NotaPdfDemo, emitente: EmitenteDemo): Buffer {
  const linhas: LinhaPdf[] = [
    { texto: 'DANFE simplificado', x: 36, y: 550, tamanho: 14, negrito: true },
    { texto: 'Documento de demonstração (ERP de demonstração)', x: 36, y: 534, tamanho: 8 },
    { texto: emitente.nome, x: 36, y: 510, negrito: true },
    { texto: `CNPJ ${formatCnpj(emitente.cnpj)}`, x: 36, y: 498 },
    { texto: `NF-e nº ${n.numero} série ${n.serie}`, x: 36, y: 474, tamanho: 12, negrito: true },
    { texto: 'Chave de acesso', x: 36, y: 456, tamanho: 8, negrito: true },
    { texto: n.chave, x: 36, y: 444, tamanho: 8 },
    ...campos(n).flatMap(([rotulo, valor], i): LinhaPdf[] => [
      { texto: `${rotulo}:`, x: 36, y: 420 - i * 16, negrito: true },
      { texto: valor, x: 130, y: 420 - i * 16 },
    ]),
  ];
  return pdfMinimo({ titulo: `NF-e ${n.numero} série ${n.serie}`, largura: 420, altura: 595, linhas, reguas: [[36, 488, 384], [36, 436, 384]] });
}
