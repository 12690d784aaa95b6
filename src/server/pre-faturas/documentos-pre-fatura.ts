import type { Empresa } from '../../contracts/common';
import type { FaturaDoccob } from '../../contracts/doccob';
import type { PreFatura, PreFaturaCte } from '../../contracts/pre-faturas';
import { formatDateBr } from '../../domain/format-date-br';
import { csvStream, decimalCsv, type ColunaCsv } from '../csv/csv-stream';
import type { Db } from '../db/database';
import { campo, data, dinheiro, direita, gerarDocumentoRomaneio, LINHAS_TABELA, cnpj, th } from '../documentos/romaneio-pdf-comum';
import { escreverDoccob } from '../ingest/doccob/escrever-doccob';
import { lerPreFatura, lotesCtesPreFatura, preFaturaCompleta } from './ler-pre-fatura';

// The pré-fatura's files (issue 29): the PDF, the CSV (streamed by the project's writer) and a PROCEDA DOCCOB 3.0A
// (one 352, each CT-e a 353 at the accepted value), which the project's DOCCOB reader reads back as the same CT-es.

const COLUNAS: ColunaCsv<PreFaturaCte>[] = [
  { titulo: 'Série', valor: (c) => c.serie },
  { titulo: 'Número', valor: (c) => c.numero },
  { titulo: 'Chave', valor: (c) => c.chave },
  { titulo: 'Emissão', valor: (c) => formatDateBr(c.dataEmissao) },
  { titulo: 'Valor cobrado', valor: (c) => decimalCsv(c.valorCobrado) },
  { titulo: 'Valor aceito', valor: (c) => decimalCsv(c.valorAceito) },
];

export async function csvPreFatura(db: Db, id: number): Promise<ReadableStream<Uint8Array>> {
  await lerPreFatura(db, id);
  return csvStream(COLUNAS, lotesCtesPreFatura(db, id));
}

export async function pdfPreFatura(db: Db, id: number, empresa: Empresa): Promise<Buffer> {
  const p = await preFaturaCompleta(db, id);
  const t = p.transportadora;
  return gerarDocumentoRomaneio({
    titulo: `Pré-fatura ${p.id}`,
    empresa,
    subtitulo: `${t.razaoSocial} · ${data(p.inicio)} a ${data(p.fim)}`,
    paisagem: false,
    content: [
      campo('Transportadora', `${t.razaoSocial}${t.cnpj ? ` (CNPJ ${cnpj(t.cnpj)})` : ''}`),
      campo('Período de emissão', `${data(p.inicio)} a ${data(p.fim)}`),
      { text: '', margin: [0, 0, 0, 6] },
      {
        table: {
          headerRows: 1,
          widths: [30, 50, '*', 50, 64, 64],
          body: [
            [th('Série'), th('Número', 'right'), th('Chave'), th('Emissão'), th('Valor cobrado', 'right'), th('Valor aceito', 'right')],
            ...p.ctes.map((c) => [c.serie, direita(String(c.numero)), c.chave, data(c.dataEmissao), direita(dinheiro(c.valorCobrado)), direita(dinheiro(c.valorAceito))]),
            [{ text: `Total (${p.quantidade} CT-e${p.quantidade === 1 ? '' : 's'})`, bold: true, colSpan: 5 }, {}, {}, {}, {}, direita(dinheiro(p.valorTotal), { bold: true })],
          ],
        },
        layout: LINHAS_TABELA,
      },
    ],
  });
}

/** The DOCCOB 3.0A of the pré-fatura: número = its id, emitted on its creation day, each CT-e at the accepted value. */
export async function doccobPreFatura(db: Db, id: number, empresa: string): Promise<string> {
  const p = await preFaturaCompleta(db, id);
  const emissao = p.criadaEm.slice(0, 10);
  const fatura: FaturaDoccob = {
    layout: '3.0A',
    remetente: p.transportadora.razaoSocial.slice(0, 35),
    destinatario: empresa,
    idIntercambio: `PRE${p.id}`.slice(0, 12),
    dataIntercambio: `${emissao}T00:00`,
    documento: `PREFAT${p.id}`.slice(0, 14),
    transportadora: { cnpj: p.transportadora.cnpj ?? '', razaoSocial: p.transportadora.razaoSocial.slice(0, 50) },
    filial: '',
    tipo: '0',
    serie: '',
    numero: String(p.id),
    dataEmissao: emissao,
    dataVencimento: null,
    valor: p.valorTotal,
    tipoCobranca: 'BCO',
    acao: 'I',
    ctes: p.ctes.map((c, i) => ({
      linha: i + 1,
      filial: '',
      serie: c.serie,
      numero: String(c.numero),
      valorFrete: c.valorAceito,
      dataEmissao: c.dataEmissao,
      cnpjRemetente: null,
      cnpjDestinatario: null,
      cnpjEmissor: p.transportadora.cnpj,
      chave: c.chave,
      notas: [],
    })),
    avisos: [],
  };
  return escreverDoccob([fatura], '3.0A');
}
