// Why an XML file could not be read, in Portuguese. fast-xml-parser's XMLValidator answers
// {code, msg, line, col} in English (codes InvalidXml, InvalidTag, InvalidAttr, InvalidChar; messages from
// node_modules/fast-xml-parser/src/validator.js); each known message becomes a sentence here, an unknown one
// the sentence of its code, so no English reaches the refusal log.

export interface ErroValidacaoXml {
  code: string;
  msg: string;
  line?: number;
  col?: number;
}

type Traducao = [padrao: RegExp, frase: (m: RegExpExecArray) => string];

const nome = (t: string) => t.slice(0, 40);

const TRADUCOES: Traducao[] = [
  [/^Unclosed tag '(.*)'\.$/, (m) => `o elemento <${nome(m[1])}> foi aberto e não foi fechado (arquivo incompleto ou cortado?).`],
  [/^Invalid '\[(.*)\]' found\.$/s, (m) => `${elementosAbertos(m[1])} (arquivo incompleto ou cortado?).`],
  [/^Expected closing tag '(.*)' \(opened in line (\d+), col (\d+)\) instead of closing tag '(.*)'\.$/, (m) => `esperava-se o fechamento </${nome(m[1])}> (aberto na linha ${m[2]}, coluna ${m[3]}), mas veio </${nome(m[4])}>.`],
  [/^Closing tag '(.*)' has not been opened\.$/, (m) => `o fechamento </${nome(m[1])}> não corresponde a nenhum elemento aberto.`],
  [/^Closing tag '(.*)' doesn't have proper closing\.$/, (m) => `o fechamento </${nome(m[1])}> não termina com '>' (arquivo cortado?).`],
  [/^Closing tag '(.*)' can't have attributes or invalid starting\.$/, (m) => `o fechamento </${nome(m[1])}> não pode ter atributos.`],
  [/^Invalid space after '<'\.$/, () => `há um espaço logo depois de '<'.`],
  [/^Tag '(.*)' is an invalid name\.$/s, (m) => `"${nome(m[1])}" não é um nome de elemento válido.`],
  [/^Attributes for '(.*)' have open quote\.$/, (m) => `um atributo do elemento <${nome(m[1])}> abre aspas e não as fecha.`],
  [/^Attribute '(.*)' is without value\.$/, (m) => `o atributo ${nome(m[1])} não tem o valor entre aspas.`],
  [/^boolean attribute '(.*)' is not allowed\.$/, (m) => `o atributo ${nome(m[1])} não tem valor.`],
  [/^Attribute '(.*)' has no space in starting\.$/, (m) => `falta um espaço antes do atributo ${nome(m[1])}.`],
  [/^Attribute '(.*)' is an invalid name\.$/, (m) => `"${nome(m[1])}" não é um nome de atributo válido.`],
  [/^Attribute '(.*)' is repeated\.$/, (m) => `o atributo ${nome(m[1])} aparece repetido no mesmo elemento.`],
  [/^Multiple possible root nodes found\.$/, () => 'há mais de um elemento raiz.'],
  [/^Extra text at the end$/, () => 'há conteúdo depois do fim do elemento raiz.'],
  [/^XML declaration allowed only at the start of the document\.$/, () => 'a declaração <?xml …?> só pode vir no início do arquivo.'],
  [/^char '&' is not expected\.$/, () => "há um '&' solto (no XML ele se escreve &amp;)."],
  [/^char '(.)' is not expected\.$/su, (m) => `há texto fora de qualquer elemento (a partir de '${m[1]}').`],
];

/** What each code means, for a message this version does not know. */
const POR_CODIGO: Record<string, string> = {
  InvalidTag: 'há um elemento mal formado ou não fechado.',
  InvalidAttr: 'há um atributo mal formado.',
  InvalidChar: 'há um caractere fora do lugar.',
  InvalidXml: 'a estrutura do documento é inválida.',
};

function elementosAbertos(lista: string): string {
  const nomes = [...lista.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => `<${nome(m[1])}>`);
  const mostrados = nomes.length > 4 ? [...nomes.slice(0, 4), '…'] : nomes;
  return `${nomes.length} elementos foram abertos e não foram fechados: ${mostrados.join(', ')}`;
}

/**
 * A file that begins as XML and stops before a closing '>' was cut (an interrupted copy or download): the
 * validator then complains about whatever it was reading, an attribute or a tag; the cut is the real cause.
 */
function cortado(erro: ErroValidacaoXml, xml: string | undefined): boolean {
  if (!xml || /^(Extra text at the end|Multiple possible root nodes found\.)$/.test(erro.msg)) return false;
  const t = xml.trim();
  return t.startsWith('<') && !t.endsWith('>');
}

/** The refusal of a malformed file: "XML malformado (linha 3, coluna 14): <o quê>"; `xml` tells a cut file. */
export function motivoXmlMalformado(erro: ErroValidacaoXml, xml?: string): string {
  // "Start tag expected": not a single element, so it is no XML at all; a position would mean nothing.
  if (erro.msg === 'Start tag expected.') return 'O arquivo não contém nenhum elemento XML: não é um CT-e.';
  const traducao = TRADUCOES.map(([padrao, frase]) => {
    const m = padrao.exec(erro.msg);
    return m && frase(m);
  }).find(Boolean);
  const frase = cortado(erro, xml)
    ? 'o arquivo termina no meio do conteúdo (arquivo incompleto ou cortado?).'
    : traducao || POR_CODIGO[erro.code] || 'o conteúdo não segue as regras do XML.';
  const onde = erro.line ? ` (linha ${erro.line}${erro.col ? `, coluna ${erro.col}` : ''})` : '';
  return `XML malformado${onde}: ${frase}`;
}

/** What the parser may still throw after validation (limits, reserved names); anything else, in general terms. */
export function motivoFalhaLeitura(mensagem: string): string {
  if (/Maximum nested tags exceeded/i.test(mensagem)) return 'O XML tem elementos aninhados em profundidade excessiva: não é um CT-e e não foi lido.';
  if (/\[SECURITY\]|prototype pollution/i.test(mensagem)) return 'O XML usa um nome de elemento reservado: recusado por segurança.';
  return 'Não foi possível ler o XML: a estrutura do arquivo não pôde ser interpretada.';
}
