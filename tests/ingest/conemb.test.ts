import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { MSG_CONEMB_NAO_E, MSG_CONEMB_SEM_CONHECIMENTO, MSG_CONEMB_SEM_TRAILER, MSG_CONEMB_VAZIO } from '../../src/contracts/conemb';
import { lerConemb } from '../../src/server/ingest/conemb/ler-conemb';

const AMOSTRA = readFileSync(join(__dirname, '../fixtures/proceda/CONEMB-3.0-sample.txt'));
const CHAVE = '35231018484199000136570000000891351000891350';

const arquivo = (texto: string | Uint8Array) => {
  const r = lerConemb(texto);
  if (!r.ok) throw new Error(r.motivo);
  return r.arquivo;
};
const motivo = (texto: string) => {
  const r = lerConemb(texto);
  if (r.ok) throw new Error('lido, mas devia ser recusado');
  return r.motivo;
};

const linhasDaAmostra = () => AMOSTRA.toString('latin1').split('\r\n').filter(Boolean);
/** The sample with line i (0-based) changed, LF-separated. */
const com = (i: number, troca: (l: string) => string) => linhasDaAmostra().map((l, j) => (j === i ? troca(l) : l)).join('\n');
/** `texto` written over a line from a 1-based position. */
const em = (inicio: number, texto: string) => (l: string) => `${l.slice(0, inicio - 1)}${texto}${l.slice(inicio - 1 + texto.length)}`;

describe('CONEMB reader on the real 3.0 sample', () => {
  it('reads the 21 conhecimentos of the carrier, the trailer agreeing with their sum, without warnings', () => {
    const a = arquivo(AMOSTRA);
    expect(a).toMatchObject({
      layout: '3.0',
      remetente: '18484199000136',
      destinatario: '89850341001212GRENDENE',
      idIntercambio: 'CON201014060',
      documento: 'CONHE201014060',
      transportadora: { cnpj: '18484199000136', razaoSocial: 'DLB SERVICOS' },
      total: { quantidade: 21, valorTotal: '700.90' },
      avisos: [],
    });
    expect(a.conhecimentos).toHaveLength(21);
    expect(a.conhecimentos.reduce((s, c) => s.plus(c.valorTotalFrete), new Decimal(0)).toFixed(2)).toBe('700.90');
    for (const c of a.conhecimentos) expect(new Decimal(c.componentes.fretePeso!).plus(c.componentes.freteValor!).toFixed(2)).toBe(c.valorTotalFrete);
    expect(a.conhecimentos.map((c) => c.linha)).toEqual(Array.from({ length: 21 }, (_, i) => i + 4));
  });

  it('reads the first conhecimento exactly, its note from the first of the 40 slots', () => {
    expect(arquivo(AMOSTRA).conhecimentos[0]).toEqual({
      linha: 4,
      filial: 'DLF',
      serie: '0',
      numero: '89135',
      dataEmissao: '2023-10-11',
      condicaoFrete: 'C',
      peso: '30.00',
      valorTotalFrete: '24.62',
      baseIcms: '0.00',
      percentualIcms: '0.00',
      valorIcms: '0.00',
      componentes: { fretePeso: '6.62', freteValor: '18.00', secCat: '0.00', itr: '0.00', despacho: '0.00', pedagio: '0.00', ademe: '0.00' },
      substituicaoTributaria: '2',
      // "535" at 202 (the old 3-character field) and "5352" from 675: the full one wins.
      cfop: '5352',
      cnpjEmissor: '18484199000136',
      cnpjEmbarcadora: '89850341001212',
      chave: null,
      placa: null,
      notas: [{ serie: '11', numero: '381419', cnpjEmissor: null, dataEmissao: null, valor: null, peso: null }],
      acao: 'I',
      tipo: 'N',
    });
  });

  it('reads the same under LF, without a final newline, as Latin-1 and as UTF-8 bytes', () => {
    const texto = AMOSTRA.toString('latin1');
    const esperado = arquivo(texto);
    expect(arquivo(texto.replace(/\r\n/g, '\n'))).toEqual(esperado);
    expect(arquivo(texto.replace(/\r\n$/, ''))).toEqual(esperado);
    expect(arquivo(Buffer.from(texto, 'latin1'))).toEqual(esperado);
    expect(arquivo(Buffer.from(texto, 'utf8'))).toEqual(esperado);
    // With an accent, sliced by characters whatever the bytes were.
    const acentuado = texto.replace('DLB SERVICOS', 'DLB SERVIÇOS');
    const comCedilha = { ...esperado, transportadora: { ...esperado.transportadora, razaoSocial: 'DLB SERVIÇOS' } };
    expect(arquivo(Buffer.from(acentuado, 'latin1'))).toEqual(comCedilha);
    expect(arquivo(Buffer.from(`\uFEFF${acentuado}`, 'utf8'))).toEqual(comCedilha);
  });
});

describe('CONEMB reader refuses what cannot be read, naming the line, the record and the field', () => {
  it.each([
    ['a decimal point in the valor total', com(3, em(47, '000000000024.62')), /^Linha 4, registro 322, campo valorTotalFrete \(posição 47\): valor com 2 casas decimais implícitas deve ter só dígitos/],
    ['a comma in the peso', com(4, em(40, '0005,36')), /^Linha 5, registro 322, campo peso \(posição 40\): valor com 2 casas/],
    ['an impossible date', com(5, em(31, '31022023')), /^Linha 6, registro 322, campo dataEmissao \(posição 31\): data inválida \(DDMMAAAA\) \("31022023"\)/],
    ['a número with 10 significant digits', com(3, em(19, '001234567890')), /^Linha 4, registro 322, campo numero \(posição 19\): número do conhecimento com mais de 9 dígitos significativos \("1234567890"\)\.$/],
    ['a blank número', com(3, em(19, ' '.repeat(12))), /^Linha 4, registro 322, campo numero \(posição 19\): número do conhecimento ausente\.$/],
    ['an unknown ação', com(3, em(673, 'X')), /^Linha 4, registro 322, campo acao \(posição 673\): ação "X" desconhecida/],
    ['an unknown record id', com(6, em(1, '999')), /^Linha 7: registro "999" desconhecido no CONEMB 3\.0\/3\.1\.$/],
    ['a control character (NUL)', com(2, em(21, '\u0000')), /^Linha 3, posição 21: caractere de controle \(código 0\); o arquivo não é um CONEMB em texto\.$/],
    ['a 322 without the carrier (321) before it', linhasDaAmostra().filter((l) => !l.startsWith('321')).join('\n'), /^Linha 3, registro 322: conhecimento antes da transportadora \(321\)\.$/],
    ['a second 000', `${linhasDaAmostra().join('\n')}\n${linhasDaAmostra()[0]}`, /^Linha 26: um segundo cabeçalho de intercâmbio \(000\)/],
  ])('%s', (_, texto, esperado) => {
    expect(motivo(texto)).toMatch(esperado);
  });

  it('an empty file, one that is not a CONEMB, one without conhecimentos', () => {
    expect(motivo('')).toBe(MSG_CONEMB_VAZIO);
    expect(motivo('\r\n   \r\n')).toBe(MSG_CONEMB_VAZIO);
    expect(motivo('<?xml version="1.0"?><cteProc/>')).toBe(MSG_CONEMB_NAO_E);
    expect(motivo(linhasDaAmostra().slice(1).join('\n'))).toBe(MSG_CONEMB_NAO_E);
    const semConhecimento = linhasDaAmostra().filter((l) => !l.startsWith('322'));
    expect(motivo(semConhecimento.join('\n'))).toBe(MSG_CONEMB_SEM_CONHECIMENTO);
  });
});

describe('CONEMB reader tolerates real files, with warnings', () => {
  it('lines cut short (trailing blanks dropped) are padded: one warning for all', () => {
    const a = arquivo(linhasDaAmostra().map((l) => l.trimEnd()).join('\n'));
    expect(a.conhecimentos).toEqual(arquivo(AMOSTRA).conhecimentos);
    expect(a.avisos).toEqual(['Linha 1: registro 000 com 95 caracteres (esperados 680); completado com espaços. O mesmo em mais 24 linha(s).']);
  });

  it('a missing trailer, a trailer whose count or total disagrees', () => {
    const semTrailer = arquivo(linhasDaAmostra().slice(0, -1).join('\r\n'));
    expect(semTrailer).toMatchObject({ total: null, avisos: [MSG_CONEMB_SEM_TRAILER] });
    expect(semTrailer.conhecimentos).toHaveLength(21);
    expect(arquivo(com(24, em(4, '0020000000000070091'))).avisos).toEqual([
      'Linha 25: o total do arquivo (323) diz 20 conhecimento(s), mas o arquivo traz 21.',
      'Linha 25: o total do arquivo (323, R$ 700,91) difere da soma dos conhecimentos (R$ 700,90).',
    ]);
  });

  it('a valor total that is not the sum of the components', () => {
    const a = arquivo(com(3, em(111, '000000000001700')));
    expect(a.conhecimentos[0].componentes.freteValor).toBe('17.00');
    expect(a.avisos).toEqual(['Linha 4: conhecimento 89135: o valor total do frete (R$ 24,62) difere da soma dos componentes (R$ 23,62).']);
  });

  it('blank optional fields are null; a blank ação is I; a blank emissor CNPJ is the carrier’s, with a warning', () => {
    const branco = (inicio: number, tamanho: number) => em(inicio, ' '.repeat(tamanho));
    const a = arquivo(com(3, (l) => [branco(39, 1), branco(40, 7), branco(62, 15), branco(77, 4), branco(96, 150), branco(201, 4), branco(205, 28), branco(673, 8)].reduce((x, f) => f(x), l)));
    expect(a.conhecimentos[0]).toMatchObject({
      condicaoFrete: null,
      peso: null,
      baseIcms: null,
      percentualIcms: null,
      componentes: { fretePeso: null, freteValor: null, secCat: null, itr: null, despacho: null, pedagio: null, ademe: null },
      substituicaoTributaria: null,
      cfop: null,
      cnpjEmissor: '18484199000136',
      cnpjEmbarcadora: null,
      acao: 'I',
      tipo: null,
    });
    expect(a.avisos).toEqual(['Linha 4: CNPJ do emissor ausente (posição 205); usado o da transportadora (18484199000136).']);
  });

  it('3.1: the continuation flag at 675 and the CFOP at 676/5; a flag C not followed by the same conhecimento warns', () => {
    const a = arquivo(com(3, em(675, 'U6353 ')));
    expect(a).toMatchObject({ layout: '3.1', avisos: [] });
    expect(a.conhecimentos.map((c) => c.cfop).slice(0, 2)).toEqual(['6353', '5352']);
    expect(arquivo(com(3, em(675, 'C5352 '))).avisos).toEqual(['Linha 4: o conhecimento 89135 indica continuação (posição 675), mas a linha seguinte não o continua.']);
  });

  it('3.1: a longer 322 with the CT-e key at 682/44 (at 681: read, with a warning; anything else: ignored, with a warning)', () => {
    const a = arquivo(com(3, (l) => `${l} ${CHAVE}`));
    expect(a).toMatchObject({ layout: '3.1', avisos: [] });
    expect(a.conhecimentos[0].chave).toBe(CHAVE);
    const em681 = arquivo(com(3, (l) => `${l}${CHAVE}`));
    expect(em681.conhecimentos[0].chave).toBe(CHAVE);
    expect(em681.avisos).toEqual(['Linha 4: chave do CT-e lida na posição 681 (esperada na 682).']);
    const lixo = arquivo(com(3, (l) => `${l} 57 PROTOCOLO`));
    expect(lixo.conhecimentos[0].chave).toBeNull();
    expect(lixo.avisos).toEqual(['Linha 4: registro 322 com 693 caracteres (esperados 680) sem uma chave do CT-e na posição 682; o excesso foi ignorado.']);
  });

  it('a blank line inside the file and an unknown condição de frete', () => {
    const linhas = linhasDaAmostra();
    linhas.splice(5, 0, '');
    linhas[3] = em(39, 'X')(linhas[3]);
    const a = arquivo(linhas.join('\r\n'));
    expect(a.conhecimentos).toHaveLength(21);
    expect(a.conhecimentos[0].condicaoFrete).toBeNull();
    expect(a.avisos).toEqual(['Linha 4: condição de frete "X" desconhecida (posição 39; esperado C ou F): ignorada.', 'Linha 6: linha em branco ignorada.']);
  });
});
