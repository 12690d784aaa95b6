import type { LayoutOcoren, Ocorrencia } from '../../../contracts/ocoren';
import type { Campo } from '../doccob/layout-doccob';
import { CAMPOS, TAMANHO_REGISTRO } from './layout-ocoren';

// The OCOREN writer (tests, the bench, sample files): each record from whole fields at the reader's positions.
// A value that does not fit its field is an Error, never cut.

export interface ArquivoOcorenEscrito {
  remetente?: string;
  destinatario?: string;
  /** The interchange's date and time (ISO "2026-03-05T14:30"); blank when absent. */
  dataHora?: string;
  idIntercambio?: string;
  documento: string;
  transportadora: { cnpj: string; razaoSocial: string };
  ocorrencias: Pick<Ocorrencia, 'cnpjEmissorNf' | 'serieNf' | 'numeroNf' | 'codigo' | 'dataHora' | 'codigoObservacao' | 'observacao' | 'conhecimento' | 'redespacho'>[];
}

const ID = {
  '3.1': { documento: '340', transportadora: '341', ocorrencia: '342', redespacho: '343' },
  '5.0': { documento: '540', transportadora: '541', ocorrencia: '542', complemento: '543', redespacho: '545', total: '549' },
} as const;

const naoCabe = (c: Campo, valor: string): never => {
  throw new Error(`OCOREN: o valor "${valor}" não cabe no campo ${c.nome} (posição ${c.inicio}, ${c.tamanho} caracteres).`);
};

function formatar(c: Campo, valor: string | null | undefined): string {
  if (valor === null || valor === undefined || valor === '') return ' '.repeat(c.tamanho);
  let texto: string;
  if (c.tipo === 'A') texto = valor.padEnd(c.tamanho);
  else if (c.tipo === 'D') texto = `${valor.slice(8, 10)}${valor.slice(5, 7)}${valor.slice(0, 4)}`;
  else texto = /^\d+$/.test(valor) ? valor.padStart(c.tamanho, '0') : naoCabe(c, valor);
  return texto.length > c.tamanho ? naoCabe(c, valor) : texto;
}

/** One record: its id, each field at its position, blanks between, padded to the record's length. */
function registro(id: string, tamanho: number, campos: Campo[], valores: object): string {
  let linha = id;
  for (const c of [...campos].sort((x, y) => x.inicio - y.inicio)) {
    const bruto = (valores as Record<string, unknown>)[c.nome];
    linha = linha.padEnd(c.inicio - 1) + formatar(c, typeof bruto === 'string' ? bruto : null);
  }
  return linha.padEnd(tamanho);
}

function intercambio(a: ArquivoOcorenEscrito, layout: LayoutOcoren): string {
  const dh = a.dataHora ?? '';
  const data = dh ? `${dh.slice(8, 10)}${dh.slice(5, 7)}${dh.slice(2, 4)}` : '';
  const hora = dh ? `${dh.slice(11, 13)}${dh.slice(14, 16)}` : '';
  return registro('000', TAMANHO_REGISTRO[layout], CAMPOS[layout].intercambio!, { ...a, data, hora });
}

/** Splits a text into pieces of at most 70 characters at spaces (a longer word is cut), so the reader's join by a space gives it back. */
function quebrarEmMotivos(texto: string): string[] {
  const partes: string[] = [];
  let atual = '';
  for (const palavra of texto.split(' ')) {
    const junto = atual ? `${atual} ${palavra}` : palavra;
    if (junto.length <= 70) atual = junto;
    else {
      if (atual) partes.push(atual);
      let resto = palavra;
      while (resto.length > 70) {
        partes.push(resto.slice(0, 70));
        resto = resto.slice(70);
      }
      atual = resto;
    }
  }
  if (atual) partes.push(atual);
  return partes;
}

function ocorrencia(o: ArquivoOcorenEscrito['ocorrencias'][number], layout: LayoutOcoren): string[] {
  const c = CAMPOS[layout];
  const tamanho = TAMANHO_REGISTRO[layout];
  const [data, hora] = o.dataHora.split('T');
  const linhas = [
    registro(ID[layout].ocorrencia, tamanho, c.ocorrencia!, {
      ...o,
      ...(o.conhecimento ?? {}),
      codigo: layout === '5.0' ? o.codigo.padStart(3, '0') : o.codigo,
      data,
      hora: hora ? hora.replace(':', '').slice(0, 4) : null,
      observacao: layout === '3.1' ? o.observacao : null,
    }),
  ];
  if (layout === '5.0' && o.observacao) {
    const partes = quebrarEmMotivos(o.observacao);
    if (partes.length > 3) throw new Error(`OCOREN 5.0: a observação da NF ${o.numeroNf} não cabe nos três motivos de 70 caracteres do 543.`);
    linhas.push(registro('543', tamanho, c.complemento!, { motivo1: partes[0], motivo2: partes[1], motivo3: partes[2] }));
  }
  if (o.redespacho) linhas.push(registro(ID[layout].redespacho, tamanho, c.redespacho!, { ...o.redespacho }));
  return linhas;
}

/** 5.0's trailer counts in 4 digits: bigger files go in several 540…549 blocks. */
const POR_BLOCO = 9999;

/** Writes an OCOREN 3.1 or 5.0 (lines joined by CRLF, a final CRLF). */
export function escreverOcoren(a: ArquivoOcorenEscrito, layout: LayoutOcoren = '3.1'): string {
  const tamanho = TAMANHO_REGISTRO[layout];
  const c = CAMPOS[layout];
  const blocos = layout === '5.0' ? Array.from({ length: Math.max(1, Math.ceil(a.ocorrencias.length / POR_BLOCO)) }, (_, i) => a.ocorrencias.slice(i * POR_BLOCO, (i + 1) * POR_BLOCO)) : [a.ocorrencias];
  const linhas = [intercambio(a, layout)];
  for (const bloco of blocos) {
    linhas.push(
      registro(ID[layout].documento, tamanho, c.documento!, { documento: a.documento }),
      registro(ID[layout].transportadora, tamanho, c.transportadora!, a.transportadora),
      ...bloco.flatMap((o) => ocorrencia(o, layout)),
    );
    if (layout === '5.0') linhas.push(registro('549', tamanho, c.total!, { quantidade: String(bloco.length) }));
  }
  return `${linhas.join('\r\n')}\r\n`;
}
