import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';

// The request of CTeDistribuicaoDFe checked as SEFAZ would (tests/fixtures/sefaz/ORIGIN.md): the SOAP 1.2 envelope
// and Content-Type, then distDFeInt_v1.00.xsd's rules written out (no XSD engine here): element order (sequence
// tpAmb, cUFAutor, choice CNPJ|CPF, choice distNSU|consNSU), the CT-e namespace (elementFormDefault qualified),
// versao TVerDistDFe "1.00", TAmb, TCodUfIBGE, TCnpj, TCpf and TNSU.

const NS_SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const NS_WSDL = 'http://www.portalfiscal.inf.br/cte/wsdl/CTeDistribuicaoDFe';
const NS_CTE = 'http://www.portalfiscal.inf.br/cte';

const UFS_IBGE = ['11', '12', '13', '14', '15', '16', '17', '21', '22', '23', '24', '25', '26', '27', '28', '29', '31', '32', '33', '35', '41', '42', '43', '50', '51', '52', '53'] as const;
const TNSU = z.string().regex(/^[0-9]{15}$/, 'TNSU: 15 dígitos');
/** distDFeInt's simple contents, by the XSD's types. */
const valoresDistDFeInt = z.object({
  tpAmb: z.enum(['1', '2'], 'TAmb: 1 ou 2'),
  cUFAutor: z.enum(UFS_IBGE, 'TCodUfIBGE: código IBGE de UF'),
  CNPJ: z.string().regex(/^[0-9]{14}$/, 'TCnpj: 14 dígitos').optional(),
  CPF: z.string().regex(/^[0-9]{11}$/, 'TCpf: 11 dígitos').optional(),
  ultNSU: TNSU.optional(),
  NSU: TNSU.optional(),
});

interface Elemento {
  local: string;
  ns: string | null;
  atributos: Record<string, string>;
  filhos: Elemento[];
  texto: string;
}

type NoOrdenado = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, parseAttributeValue: false, trimValues: true });

/** The ordered tree with each element's namespace resolved (prefixes and default xmlns in scope). */
function resolver(nos: NoOrdenado[], escopo: Record<string, string>, erros: string[]): Elemento[] {
  const elementos: Elemento[] = [];
  for (const no of nos) {
    const nome = Object.keys(no).find((k) => k !== ':@')!;
    if (nome === '#text' || nome === '?xml') continue;
    const brutos = no[':@'] ?? {};
    const local_ = { ...escopo };
    const atributos: Record<string, string> = {};
    for (const [k, v] of Object.entries(brutos)) {
      if (k === 'xmlns') local_[''] = v;
      else if (k.startsWith('xmlns:')) local_[k.slice(6)] = v;
      else atributos[k] = v;
    }
    const [prefixo, local] = nome.includes(':') ? nome.split(':', 2) : ['', nome];
    const ns = local_[prefixo] ?? null;
    if (prefixo && ns === null) erros.push(`prefixo "${prefixo}" sem namespace declarado`);
    const dentro = no[nome] as NoOrdenado[];
    const texto = dentro.filter((d) => '#text' in d).map((d) => String(d['#text'])).join('');
    elementos.push({ local, ns, atributos, filhos: resolver(dentro, local_, erros), texto });
  }
  return elementos;
}

function exigir(e: Elemento | undefined, local: string, ns: string, onde: string, erros: string[]): e is Elemento {
  if (!e) return erros.push(`${onde}: falta <${local}>`) < 0;
  if (e.local !== local || e.ns !== ns) return erros.push(`${onde}: esperado <${local}> em ${ns}, veio <${e.local}> em ${e.ns ?? '(sem namespace)'}`) < 0;
  return true;
}

function unico(pai: Elemento, local: string, ns: string, erros: string[]): Elemento | undefined {
  if (pai.filhos.length !== 1) erros.push(`<${pai.local}> deve ter só <${local}> (tem ${pai.filhos.length} elementos)`);
  return exigir(pai.filhos[0], local, ns, `<${pai.local}>`, erros) ? pai.filhos[0] : undefined;
}

/** distDFeInt: attribute versao, the sequence and its simple values. */
function validarDistDFeInt(d: Elemento, erros: string[]): void {
  if (d.atributos.versao !== '1.00') erros.push(`distDFeInt: versao deve ser "1.00" (veio ${d.atributos.versao ?? 'nenhuma'})`);
  for (const a of Object.keys(d.atributos)) if (a !== 'versao') erros.push(`distDFeInt: atributo não previsto "${a}"`);
  const f = d.filhos;
  const esperado: string[][] = [['tpAmb'], ['cUFAutor'], ['CNPJ', 'CPF'], ['distNSU', 'consNSU']];
  if (f.length !== esperado.length) erros.push(`distDFeInt: ${f.length} elementos, esperados 4 (tpAmb, cUFAutor, CNPJ|CPF, distNSU|consNSU)`);
  const valores: Record<string, string> = {};
  esperado.forEach((nomes, i) => {
    const e = f[i];
    if (!e || !nomes.includes(e.local) || e.ns !== NS_CTE) return void erros.push(`distDFeInt[${i + 1}]: esperado ${nomes.join(' ou ')} em ${NS_CTE}, veio ${e ? `<${e.local}> em ${e.ns}` : 'nada'}`);
    if (i < 3) {
      if (e.filhos.length) erros.push(`<${e.local}> não tem elementos dentro`);
      valores[e.local] = e.texto;
      return;
    }
    const filho = unico(e, e.local === 'distNSU' ? 'ultNSU' : 'NSU', NS_CTE, erros);
    if (filho) valores[filho.local] = filho.texto;
  });
  const r = valoresDistDFeInt.safeParse(valores);
  if (!r.success) for (const p of r.error.issues) erros.push(`${p.path.join('.')}: ${p.message}`);
}

/** Content-Type of SOAP 1.2: application/soap+xml, UTF-8, and the operation's action when given. */
export function validarTipoConteudo(tipo: string | undefined, erros: string[]): void {
  const [midia, ...params] = (tipo ?? '').split(';').map((p) => p.trim());
  if (midia.toLowerCase() !== 'application/soap+xml') erros.push(`Content-Type deve ser application/soap+xml (SOAP 1.2), veio "${tipo}"`);
  for (const p of params) {
    const [k, v = ''] = p.split('=', 2).map((s) => s.trim());
    const valor = v.replace(/^"|"$/g, '');
    if (k.toLowerCase() === 'charset' && valor.toLowerCase() !== 'utf-8') erros.push(`charset deve ser utf-8, veio ${valor}`);
    if (k.toLowerCase() === 'action' && valor !== `${NS_WSDL}/cteDistDFeInteresse`) erros.push(`action errada: ${valor}`);
  }
}

/** Every way the request breaks the envelope or the schema (empty: valid). */
export function validarPedido(tipoConteudo: string | undefined, corpo: string): string[] {
  const erros: string[] = [];
  validarTipoConteudo(tipoConteudo, erros);
  const valido = XMLValidator.validate(corpo);
  if (valido !== true) return [...erros, `XML mal formado: ${valido.err.msg}`];
  const raiz = resolver(parser.parse(corpo) as NoOrdenado[], { xml: 'http://www.w3.org/XML/1998/namespace' }, erros);
  if (raiz.length !== 1) return [...erros, `o documento deve ter um só elemento raiz (tem ${raiz.length})`];
  const env = raiz[0];
  if (!exigir(env, 'Envelope', NS_SOAP12, 'raiz', erros)) return erros;
  const corpoSoap = env.filhos.filter((e) => !(e.local === 'Header' && e.ns === NS_SOAP12));
  if (env.filhos.length - corpoSoap.length > 1 || (env.filhos[0]?.local !== 'Header' && corpoSoap.length !== env.filhos.length)) erros.push('Envelope: Header só uma vez e antes de Body');
  const body = corpoSoap.length === 1 ? corpoSoap[0] : undefined;
  if (!exigir(body, 'Body', NS_SOAP12, 'Envelope', erros)) return erros;
  const interesse = unico(body, 'cteDistDFeInteresse', NS_WSDL, erros);
  const dados = interesse && unico(interesse, 'cteDadosMsg', NS_WSDL, erros);
  const dist = dados && unico(dados, 'distDFeInt', NS_CTE, erros);
  if (dist) validarDistDFeInt(dist, erros);
  return erros;
}

/** The ultNSU asked for (the double answers from it); null when the request has none. */
export function ultNsuDoPedido(corpo: string): string | null {
  return /<(?:\w+:)?ultNSU>(\d{15})</.exec(corpo)?.[1] ?? null;
}
