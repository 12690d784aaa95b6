import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { motivoFalhaLeitura, motivoXmlMalformado } from '../../src/server/ingest/motivo-xml';
import { lerCteXml } from '../../src/server/ingest/cte-xml';

// Every refusal of the CT-e reader is Portuguese, also the parser's and the validator's.

const bare = readFileSync(join(__dirname, '../fixtures/cte/CTe-3.00-frete-valor-icms00-sped-cte.xml'), 'utf8');
const proc = readFileSync(join(__dirname, '../fixtures/cte/cteProc-3.00-homologacao-sped-da.xml'), 'utf8');
const motivo = (xml: string | Uint8Array) => {
  const r = lerCteXml(xml);
  if (r.tipo !== 'ERRO') throw new Error(`esperado um erro: ${r.tipo}`);
  return r.motivo;
};
/** English words fast-xml-parser's messages use; none may reach a refusal. */
const INGLES = /\b(tag|tags|closing|unclosed|expected|found|attribute|attributes|char|invalid|not|is|has|have|the|of|instead|opened|line|col|root|nodes|extra|text|end|start|quote|value|maximum|nested|exceeded|keyword)\b/i;

describe('malformed files: a Portuguese reason with the place', () => {
  it.each([
    ['a truncated file (cut inside an attribute)', bare.slice(0, 3000), /^XML malformado \(linha 1, coluna \d+\): o arquivo termina no meio do conteúdo \(arquivo incompleto ou cortado\?\)\.$/],
    ['a truncated file (cut inside a text)', bare.slice(0, 1000), /^XML malformado \(linha 1, coluna \d+\): o arquivo termina no meio do conteúdo \(arquivo incompleto ou cortado\?\)\.$/],
    ['a truncated file (cut after a tag)', bare.slice(0, bare.indexOf('<vPrest>') + 8), /^XML malformado \(linha 1, coluna 1\): 3 elementos foram abertos e não foram fechados: <CTe>, <infCte>, <vPrest> \(arquivo incompleto ou cortado\?\)\.$/],
    ['a truncated file (cut after a tag, deeper)', bare.slice(0, bare.indexOf('<qCarga>') + 8), /^XML malformado \(linha 1, coluna 1\): 6 elementos foram abertos e não foram fechados: <CTe>, <infCte>, <infCTeNorm>, <infCarga>, … \(arquivo incompleto ou cortado\?\)\.$/],
    ['a truncated cteProc (only the root left open)', proc.slice(0, proc.lastIndexOf('</cteProc>')), /^XML malformado \(linha 2, coluna 1\): o elemento <cteProc> foi aberto e não foi fechado \(arquivo incompleto ou cortado\?\)\.$/],
    ['a file cut inside a closing tag', proc.slice(0, proc.lastIndexOf('</cteProc>') + 6), /^XML malformado \(linha \d+, coluna \d+\): o arquivo termina no meio do conteúdo \(arquivo incompleto ou cortado\?\)\.$/],
    ['an unclosed tag', bare.replace('<xFant>Nome Fantasia</xFant>', '<xFant>Nome Fantasia'), /^XML malformado \(linha 1, coluna \d+\): esperava-se o fechamento <\/xFant> \(aberto na linha 1, coluna \d+\), mas veio <\/emit>\.$/],
    ['an attribute without quotes', bare.replace('versao="3.00"', 'versao=3.00'), /^XML malformado \(linha 1, coluna \d+\): o atributo versao não tem o valor entre aspas\.$/],
    ['an attribute with an open quote', bare.replace('versao="3.00"', 'versao="3.00'), /^XML malformado \(linha 1, coluna \d+\): um atributo do elemento <infCte> abre aspas e não as fecha\.$/],
    ['an attribute without a value', bare.replace('versao="3.00"', 'versao'), /^XML malformado \(linha 1, coluna \d+\): o atributo versao não tem valor\.$/],
    ['a repeated attribute', bare.replace('versao="3.00"', 'versao="3.00" versao="4.00"'), /^XML malformado \(linha 1, coluna \d+\): o atributo versao aparece repetido no mesmo elemento\.$/],
    ['a loose ampersand', bare.replace('SUA RAZAO SOCIAL LTDA', 'SUA RAZAO & SOCIAL LTDA'), /^XML malformado \(linha 1, coluna \d+\): há um '&' solto \(no XML ele se escreve &amp;\)\.$/],
    ['a closing tag never opened', `${bare}</CTe>`, /^XML malformado \(linha 1, coluna \d+\): o fechamento <\/CTe> não corresponde a nenhum elemento aberto\.$/],
    ['two roots', `${bare}<CTe></CTe>`, /^XML malformado \(linha 1, coluna \d+\): há mais de um elemento raiz\.$/],
    ['text after the root', `${bare} fim`, /^XML malformado \(linha 1, coluna \d+\): há conteúdo depois do fim do elemento raiz\.$/],
    ['text that is not XML', 'isto não é XML', /^XML malformado \(linha 1, coluna 1\): há texto fora de qualquer elemento \(a partir de 'i'\)\.$/],
    ['a CSV', 'chave;valor\n4117;3334,32\n', /^XML malformado \(linha 1, coluna 1\): há texto fora de qualquer elemento \(a partir de 'c'\)\.$/],
    ['an invalid element name', '<?xml version="1.0"?><1CTe></1CTe>', /^XML malformado \(linha 1, coluna \d+\): "1CTe" não é um nome de elemento válido\.$/],
    ['a space after <', '<?xml version="1.0"?>< CTe></CTe>', /^XML malformado \(linha 1, coluna \d+\): há um espaço logo depois de '<'\.$/],
  ])('%s', (_, xml, esperado) => {
    const m = motivo(xml);
    expect(m).toMatch(esperado);
    expect(m).not.toMatch(INGLES);
  });

  it('an empty file, blanks only, a declaration alone', () => {
    expect(motivo('')).toBe('O arquivo está vazio.');
    expect(motivo(Buffer.alloc(0))).toBe('O arquivo está vazio.');
    expect(motivo('   \n  ')).toBe('O arquivo não contém nenhum elemento XML: não é um CT-e.');
    expect(motivo('<?xml version="1.0" encoding="UTF-8"?>')).toBe('O arquivo não contém nenhum elemento XML: não é um CT-e.');
  });

  it("the parser's own refusals after validation: deep nesting, reserved names", () => {
    const fundo = `<?xml version="1.0"?><CTe>${'<a>'.repeat(500)}${'</a>'.repeat(500)}</CTe>`;
    expect(motivo(fundo)).toBe('O XML tem elementos aninhados em profundidade excessiva: não é um CT-e e não foi lido.');
    expect(motivo('<?xml version="1.0"?><CTe><__proto__>1</__proto__></CTe>')).toBe('O XML usa um nome de elemento reservado: recusado por segurança.');
  });
});

describe('the translation itself', () => {
  it('an unknown message falls back to the sentence of its code, an unknown code to a general one; never the English', () => {
    expect(motivoXmlMalformado({ code: 'InvalidTag', msg: 'Some future message.', line: 3, col: 7 })).toBe('XML malformado (linha 3, coluna 7): há um elemento mal formado ou não fechado.');
    expect(motivoXmlMalformado({ code: 'InvalidAttr', msg: 'Another one.', line: 2 })).toBe('XML malformado (linha 2): há um atributo mal formado.');
    expect(motivoXmlMalformado({ code: 'Novo', msg: 'Whatever happened.' })).toBe('XML malformado: o conteúdo não segue as regras do XML.');
    expect(motivoFalhaLeitura('Unexpected end of CTe')).toBe('Não foi possível ler o XML: a estrutura do arquivo não pôde ser interpretada.');
  });

  it('every message the validator gives for a sample of broken inputs has its own sentence (no fallback)', () => {
    const quebrados = ['<a>x</a', '<a><b></a>', '<a x></a>', '<a><b>', '<a><b></b>', '<a>x</a  x>', '<a b="1"c="2"></a>', '<a 1b="2"></a>'];
    for (const x of quebrados) {
      const r = XMLValidator.validate(x);
      if (r === true) throw new Error(`o validador aceitou ${x}`);
      const m = motivoXmlMalformado(r.err);
      expect(m, x).not.toMatch(/mal formado ou não fechado\.$|atributo mal formado\.$|fora do lugar\.$|estrutura do documento é inválida\.$/);
      expect(m, x).not.toMatch(INGLES);
    }
  });
});
