import { describe, expect, it } from 'vitest';
import {
  CODIGOS_OBSERVACAO,
  MSG_OCOREN_NAO_E,
  MSG_OCOREN_SEM_OCORRENCIA,
  MSG_OCOREN_SEM_TRAILER,
  MSG_OCOREN_VAZIO,
  textoOcorrencia,
} from '../../src/contracts/ocoren';
import { escreverOcoren, type ArquivoOcorenEscrito } from '../../src/server/ingest/ocoren/escrever-ocoren';
import { lerOcoren } from '../../src/server/ingest/ocoren/ler-ocoren';

const EMBARCADORA = '61585865000151';
const TRANSPORTADORA = { cnpj: '18484199000136', razaoSocial: 'TRANSPORTES SÃO JOÃO LTDA' };

const ARQUIVO: ArquivoOcorenEscrito = {
  remetente: 'TRANSPORTES SAO JOAO',
  destinatario: 'EMBARCADORA',
  dataHora: '2026-03-06T08:15',
  idIntercambio: 'OCO0603001',
  documento: 'OCORR0603001',
  transportadora: TRANSPORTADORA,
  ocorrencias: [
    { cnpjEmissorNf: EMBARCADORA, serieNf: '1', numeroNf: '12345', codigo: '01', dataHora: '2026-03-05T14:30', codigoObservacao: null, observacao: null, conhecimento: null, redespacho: null },
    {
      cnpjEmissorNf: EMBARCADORA,
      serieNf: '2',
      numeroNf: '9876',
      codigo: '19',
      dataHora: '2026-03-04T09:05',
      codigoObservacao: null,
      observacao: 'CLIENTE PEDIU REENTREGA; PORTARIA SÓ RECEBE COM AGENDAMENTO',
      conhecimento: null,
      redespacho: null,
    },
    {
      cnpjEmissorNf: EMBARCADORA,
      serieNf: '1',
      numeroNf: '12346',
      codigo: '25',
      dataHora: '2026-03-05T00:00',
      codigoObservacao: '01',
      observacao: 'DEVOLUÇÃO TOTAL',
      conhecimento: null,
      redespacho: { cnpjContratante: '11222333000181', cnpjEmissor: null, filial: 'SP01', serie: '1', numero: '4567' },
    },
  ],
};

const ler = (conteudo: string | Uint8Array) => {
  const r = lerOcoren(conteudo);
  if (!r.ok) throw new Error(r.motivo);
  return r;
};
const motivo = (conteudo: string) => {
  const r = lerOcoren(conteudo);
  if (r.ok) throw new Error('lido, mas devia ser recusado');
  return r.motivo;
};
/** `texto` written over line i (0-based) of `arquivo` from a 1-based position. */
const trocar = (arquivo: string, i: number, inicio: number, texto: string) =>
  arquivo
    .split('\r\n')
    .map((l, j) => (j === i ? `${l.slice(0, inicio - 1)}${texto}${l.slice(inicio - 1 + texto.length)}` : l))
    .join('\r\n');

const OCOREN31 = escreverOcoren(ARQUIVO, '3.1');
const OCOREN50 = escreverOcoren(
  {
    ...ARQUIVO,
    ocorrencias: ARQUIVO.ocorrencias.map((o, i) => ({
      ...o,
      observacao: i === 1 ? `${o.observacao} - ${'NOVA TENTATIVA NA SEGUNDA-FEIRA PELA MANHÃ, CONFORME COMBINADO '.repeat(2).trim()}` : o.observacao,
      conhecimento: { cnpjContratante: null, cnpjEmissor: null, filial: 'MATRIZ', serie: '1', numero: String(1000 + i) },
      redespacho: o.redespacho && { ...o.redespacho, cnpjEmissor: TRANSPORTADORA.cnpj },
    })),
  },
  '5.0',
);

describe('OCOREN writer and reader, round trip', () => {
  it('3.1: 120-character records read back to the same occurrences, without warnings', () => {
    const linhas = OCOREN31.split('\r\n').filter(Boolean);
    expect(linhas.map((l) => l.length)).toEqual(Array(linhas.length).fill(120));
    expect(linhas.map((l) => l.slice(0, 3))).toEqual(['000', '340', '341', '342', '342', '342', '343']);
    const r = ler(OCOREN31);
    expect(r).toMatchObject({ layout: '3.1', documento: 'OCORR0603001', transportadora: TRANSPORTADORA, avisos: [] });
    expect(r.ocorrencias).toEqual(
      ARQUIVO.ocorrencias.map((o, i) => ({ ...o, linha: 4 + i, descricao: textoOcorrencia(o.codigo), chaveCte: null })),
    );
    expect(r.ocorrencias[2].redespacho).toEqual({ cnpjContratante: '11222333000181', cnpjEmissor: null, filial: 'SP01', serie: '1', numero: '4567' });
  });

  it('5.0: 250-character records, 3-digit codes, the CT-e, a 543 of three reasons, the 545 and the 549 read back', () => {
    const linhas = OCOREN50.split('\r\n').filter(Boolean);
    expect(linhas.map((l) => l.length)).toEqual(Array(linhas.length).fill(250));
    expect(linhas.map((l) => l.slice(0, 3))).toEqual(['000', '540', '541', '542', '542', '543', '542', '543', '545', '549']);
    expect(linhas[3].slice(29, 32)).toBe('001');
    const r = ler(OCOREN50);
    expect(r).toMatchObject({ layout: '5.0', transportadora: TRANSPORTADORA, avisos: [] });
    expect(r.ocorrencias.map((o) => [o.codigo, o.numeroNf, o.dataHora, o.conhecimento?.numero])).toEqual([
      ['01', '12345', '2026-03-05T14:30', '1000'],
      ['19', '9876', '2026-03-04T09:05', '1001'],
      ['25', '12346', '2026-03-05T00:00', '1002'],
    ]);
    expect(r.ocorrencias[1].observacao).toBe(
      'CLIENTE PEDIU REENTREGA; PORTARIA SÓ RECEBE COM AGENDAMENTO - NOVA TENTATIVA NA SEGUNDA-FEIRA PELA MANHÃ, CONFORME COMBINADO NOVA TENTATIVA NA SEGUNDA-FEIRA PELA MANHÃ, CONFORME COMBINADO',
    );
    expect(r.ocorrencias[2]).toMatchObject({ codigoObservacao: '01', observacao: 'DEVOLUÇÃO TOTAL', redespacho: { cnpjContratante: '11222333000181', cnpjEmissor: TRANSPORTADORA.cnpj, numero: '4567' } });
  });
});

describe('OCOREN reader on real-world bytes', () => {
  // A carrier's 342 as sent in UTF-8: 120 characters, 122 bytes ("Ç" and "Ú" take two bytes each).
  const LINHA = `342${EMBARCADORA}1  000123451905032026143000${'ENDEREÇO SEM NÚMERO, CLIENTE AUSENTE; REENTREGA AGENDADA'.padEnd(70)}      `;
  const texto = (fim: string) => [escreverOcoren({ ...ARQUIVO, ocorrencias: [] }).replace(/\r\n$/, ''), LINHA].join(fim) + fim;

  it('reads the UTF-8 line by characters, the same as its Latin-1 bytes, with CRLF or LF', () => {
    expect(LINHA.length).toBe(120);
    expect(Buffer.from(LINHA, 'utf8').length).toBe(122);
    const lidas = [Buffer.from(texto('\r\n'), 'utf8'), Buffer.from(texto('\n'), 'utf8'), Buffer.from(texto('\r\n'), 'latin1')].map((b) => ler(new Uint8Array(b)));
    for (const r of lidas) {
      expect(r.avisos).toEqual([]);
      expect(r.ocorrencias).toEqual([
        {
          linha: 4,
          cnpjEmissorNf: EMBARCADORA,
          serieNf: '1',
          numeroNf: '12345',
          codigo: '19',
          descricao: 'Reentrega solicitada pelo cliente',
          dataHora: '2026-03-05T14:30',
          codigoObservacao: null,
          observacao: 'ENDEREÇO SEM NÚMERO, CLIENTE AUSENTE; REENTREGA AGENDADA',
          conhecimento: null,
          redespacho: null,
          chaveCte: null,
        },
      ]);
    }
  });
});

describe('OCOREN reader refusals, each naming line and field', () => {
  it('refuses what cannot be read', () => {
    expect(motivo('')).toBe(MSG_OCOREN_VAZIO);
    expect(motivo(OCOREN31.split('\r\n').slice(1).join('\r\n'))).toBe(MSG_OCOREN_NAO_E);
    expect(motivo(OCOREN31.split('\r\n').slice(0, 3).join('\r\n'))).toBe(MSG_OCOREN_SEM_OCORRENCIA);
    expect(motivo(trocar(OCOREN31, 4, 21, '        '))).toBe('Linha 5, registro 342, campo numeroNf (posição 21): número da nota fiscal ausente.');
    expect(motivo(trocar(OCOREN50, 3, 21, '000000000'))).toBe('Linha 4, registro 542, campo numeroNf (posição 21): número da nota fiscal ausente.');
    expect(motivo(trocar(OCOREN31, 3, 29, '  '))).toBe('Linha 4, registro 342, campo codigo (posição 29): código da ocorrência ausente.');
    expect(motivo(trocar(OCOREN31, 3, 31, '31022026'))).toBe('Linha 4, registro 342, campo data (posição 31): data inválida (DDMMAAAA) ("31022026").');
    expect(motivo(trocar(OCOREN50, 3, 33, '        '))).toBe('Linha 4, registro 542, campo data (posição 33): data da ocorrência ausente.');
    expect(motivo(trocar(OCOREN31, 3, 39, '2460'))).toBe('Linha 4, registro 342, campo hora (posição 39): hora inválida (HHMM) ("2460").');
    expect(motivo(trocar(OCOREN50, 3, 30, '0A1'))).toMatch(/^Linha 4, registro 542, campo codigo \(posição 30\): deve ter só dígitos/);
    expect(motivo(trocar(OCOREN31, 3, 50, '\u0000'))).toBe('Linha 4, posição 50: caractere de controle (código 0); o arquivo não é um OCOREN em texto.');
    expect(motivo(trocar(OCOREN31, 2, 4, '1848419900013X'))).toBe('Linha 3, registro 341, campo cnpj (posição 4): CNPJ da transportadora inválido ("1848419900013X").');
    expect(motivo(`${OCOREN31.split('\r\n')[0]}\r\n343${'1'.repeat(14)}\r\n`)).toBe('Linha 2, registro 343: registro sem a ocorrência (342) antes dele.');
  });
});

describe('OCOREN reader tolerances, each with its warning', () => {
  it('reads short and long lines, blank lines, unknown records and codes, a missing or wrong trailer', () => {
    const linhas = OCOREN31.split('\r\n').filter(Boolean);
    const curtas = [...linhas.slice(0, 3), linhas[3].trimEnd(), linhas[4].slice(0, 60), '', `${linhas[5]}XYZ`, '399 qualquer coisa'].join('\n');
    const r = ler(curtas);
    expect(r.ocorrencias.map((o) => o.numeroNf)).toEqual(['12345', '9876', '12346']);
    expect(r.avisos).toEqual([
      'Linha 4: registro 342 com 42 caracteres (esperados 120); completado com espaços. O mesmo em mais 1 linha(s).',
      'Linha 6: linha em branco ignorada.',
      'Linha 7: registro 342 com 123 caracteres (esperados 120); o excesso foi ignorado.',
      'Linha 8: registro "399" desconhecido no OCOREN 3.1; ignorado.',
    ]);

    const semTrailer = OCOREN50.split('\r\n').filter((l) => !l.startsWith('549')).join('\r\n');
    expect(ler(semTrailer).avisos).toEqual([MSG_OCOREN_SEM_TRAILER]);
    expect(ler(trocar(OCOREN50, 9, 4, '0005')).avisos).toEqual(['Linha 10: o total do arquivo (549) diz 5 ocorrência(s), mas o arquivo traz 3.']);

    const desconhecido = ler(trocar(OCOREN50, 3, 30, '150'));
    expect(desconhecido.ocorrencias[0]).toMatchObject({ codigo: '150', descricao: null });
    expect(desconhecido.avisos).toEqual(['Linha 4: código de ocorrência 150 fora da tabela PROCEDA; a ocorrência foi lida sem descrição.']);

    // Two 540…549 blocks: each trailer counts its own block; a block without its 549 is warned.
    const blocos = ler(`${OCOREN50}${OCOREN50.split('\r\n').slice(1).join('\r\n')}`);
    expect(blocos.ocorrencias).toHaveLength(6);
    expect(blocos.avisos).toEqual([]);
    expect(ler(`${OCOREN50}${OCOREN50.split('\r\n').slice(1, 9).join('\r\n')}`).avisos).toEqual([MSG_OCOREN_SEM_TRAILER]);

    const chave = '35260318484199000136570010000010001000010009';
    expect(ler(trocar(OCOREN31, 3, 121, chave)).ocorrencias[0]).toMatchObject({ chaveCte: chave });
    expect(ler(trocar(OCOREN31, 3, 121, chave)).avisos).toEqual([]);
  });
});

describe('PROCEDA occurrence codes', () => {
  it('carry their published meaning, in 2 or 3 digits', () => {
    expect(textoOcorrencia('01')).toBe('Entrega realizada normalmente');
    expect(textoOcorrencia('001')).toBe('Entrega realizada normalmente');
    expect(textoOcorrencia('1')).toBe('Entrega realizada normalmente');
    expect(textoOcorrencia('03')).toBe('Recusa por falta de pedido de compra');
    expect(textoOcorrencia('19')).toBe('Reentrega solicitada pelo cliente');
    expect(textoOcorrencia('25')).toBe('Mercadoria devolvida ao cliente de origem');
    expect(textoOcorrencia('78')).toBe('Avaria total');
    expect(textoOcorrencia('80')).toBe('Extravio total');
    expect(textoOcorrencia('91')).toBe('Entrega programada');
    expect(textoOcorrencia('150')).toBeNull();
    expect(CODIGOS_OBSERVACAO['01']).toBe('Devolução/recusa total');
  });
});
