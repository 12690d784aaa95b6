// A one-page PDF written by hand (PDF 1.4, the standard Helvetica fonts, WinAnsi text): the demo ERP's
// invoice PDFs. pdfmake costs 8–30 ms a document and the demo has thousands of notes (a first start would
// wait half a minute or more); this writes one in microseconds, and pdftotext reads it back like any other.

export interface LinhaPdf {
  texto: string;
  /** Points from the left edge and from the bottom. */
  x: number;
  y: number;
  tamanho?: number;
  negrito?: boolean;
}

export interface PaginaPdf {
  titulo: string;
  /** Page size in points (A5 portrait: 420 × 595). */
  largura: number;
  altura: number;
  linhas: LinhaPdf[];
  /** Horizontal rules: [x1, y, x2]. */
  reguas?: [number, number, number][];
}

/** A PDF string literal: WinAnsi bytes (latin-1 covers Portuguese), other characters as '?', ( ) \ escaped. */
const literal = (texto: string) => `(${texto.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`)})`;

function conteudo(p: PaginaPdf): string {
  const textos = p.linhas.map((l) => `BT /${l.negrito ? 'F2' : 'F1'} ${l.tamanho ?? 9} Tf ${l.x} ${l.y} Td ${literal(l.texto)} Tj ET`);
  const reguas = (p.reguas ?? []).map(([x1, y, x2]) => `${x1} ${y} m ${x2} ${y} l S`);
  return ['0.5 w', ...reguas, ...textos].join('\n');
}

/** The bytes of the page as a complete PDF (objects, cross-reference table, trailer). */
export function pdfMinimo(p: PaginaPdf): Buffer {
  const stream = conteudo(p);
  const fonte = (nome: string) => `<< /Type /Font /Subtype /Type1 /BaseFont /${nome} /Encoding /WinAnsiEncoding >>`;
  const objetos = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${p.largura} ${p.altura}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    fonte('Helvetica'),
    fonte('Helvetica-Bold'),
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    `<< /Title ${literal(p.titulo)} /Producer (Frete Console - ERP de demonstracao) >>`,
  ];
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const posicoes: number[] = [];
  objetos.forEach((o, i) => {
    posicoes.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n${posicoes.map((n) => `${String(n).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
