import type { ArquivoConemb, ConhecimentoConemb, LayoutConemb, LeituraConemb } from '../../../contracts/conemb';
import { MSG_CONEMB_NAO_E, MSG_CONEMB_SEM_CONHECIMENTO, MSG_CONEMB_SEM_TRAILER, MSG_CONEMB_VAZIO } from '../../../contracts/conemb';
import { RecusaDoccob, lerCampos } from '../doccob/campos-doccob';
import { decodificarEdi } from '../doccob/ler-doccob';
import { aplicarValores50, conhecimento3x, conhecimento50, nota50, type Contexto, type Onde } from './conhecimento-conemb';
import { CAMPOS, IDS, POSICAO, TAMANHO_REGISTRO, familia, type FamiliaConemb, type RegistroConemb } from './layout-conemb';
import { Desvios, conferirBloco } from './totais-conemb';

interface Estado {
  familia: FamiliaConemb;
  cabecalho: Record<string, string | null>;
  documento: string | null;
  transportadora: Contexto['transportadora'] | null;
  conhecimentos: ConhecimentoConemb[];
  avisos: string[];
  total: ArquivoConemb['total'];
  /** Index of the first conhecimento after the last trailer (a file may hold several 320…323 blocks). */
  inicioBloco: number;
  /** 5.0: the last 522 and whether its 523 came. */
  pendente: { conhecimento: ConhecimentoConemb; onde: Onde; valores: boolean } | null;
  /** 3.1: the last 322 said the next one continues its notes. */
  continua: ConhecimentoConemb | null;
  desvios: Desvios;
}

const quebrar = (texto: string) => texto.replace(/^\uFEFF/, '').split(/\r?\n/);

/**
 * 5.0 when there are 52x records; 3.1 when a 322 carries 3.1's tail (a letter flag at 675, or a CFOP at 676
 * after a blank 675) or runs past 680; 3.0 otherwise (a digit at 675 is a CFOP written from 675, as in the fixture).
 */
function detectarLayout(linhas: string[]): LayoutConemb {
  if (linhas.some((l) => l.startsWith('52'))) return '5.0';
  const tamanho = TAMANHO_REGISTRO['3.x'];
  for (const l of linhas) {
    if (!l.startsWith('322')) continue;
    const flag = l.charAt(POSICAO.continuacao - 1);
    if (l.slice(tamanho).trim() !== '' || /[A-Za-z]/.test(flag) || (flag.trim() === '' && l.slice(POSICAO.cfop31 - 1, tamanho).trim() !== '')) return '3.1';
  }
  return '3.0';
}

/**
 * Lines read between two calls of `ceder` (lerConembCedendo), which gives a turn back once its slice has passed (issue 33).
 * 200 lines a step were 10 ms and, with a garbage collection, up to 37 ms (bench lotes on PostgreSQL: ping p95 56 ms
 * during a CONEMB of 5,000 conhecimentos).
 */
const LINHAS_POR_PASSO = 25;

/** The reading as steps: it pauses (yields) every LINHAS_POR_PASSO lines and returns the result. */
function* lerPorPassos(conteudo: string | Uint8Array): Generator<undefined, LeituraConemb> {
  const texto = typeof conteudo === 'string' ? conteudo : decodificarEdi(conteudo);
  const linhas = quebrar(texto);
  while (linhas.length && linhas.at(-1)!.trim() === '') linhas.pop();
  if (linhas.length === 0) return { ok: false, motivo: MSG_CONEMB_VAZIO };
  if (!linhas[0].startsWith('000')) return { ok: false, motivo: MSG_CONEMB_NAO_E };
  const layout = detectarLayout(linhas);
  yield; // the split and the layout's scan are one slice, the lines the next ones
  try {
    const estado = yield* lerLinhas(linhas, familia(layout));
    if (estado.conhecimentos.length === 0) return { ok: false, motivo: MSG_CONEMB_SEM_CONHECIMENTO };
    return { ok: true, arquivo: montar(estado, layout) };
  } catch (erro) {
    if (erro instanceof RecusaDoccob) return { ok: false, motivo: erro.message };
    throw erro;
  }
}

/** Reads a CONEMB 3.0, 3.1 or 5.0 (../shared/design/proceda.md): the conhecimentos with warnings, or the one reason it cannot be read. */
export function lerConemb(conteudo: string | Uint8Array): LeituraConemb {
  const passos = lerPorPassos(conteudo);
  for (;;) {
    const passo = passos.next();
    if (passo.done) return passo.value;
  }
}

/**
 * lerConemb for the server: every LINHAS_POR_PASSO lines it awaits whatever `ceder` answers (cederVez: a turn of the
 * event loop once its slice has passed, else nothing), so parsing a large file (about 300 ms for 5,000 conhecimentos
 * of 3.4 MB) does not hold every other request (issue 33). The same reading.
 */
export async function lerConembCedendo(conteudo: string | Uint8Array, ceder: () => Promise<void> | undefined): Promise<LeituraConemb> {
  const passos = lerPorPassos(conteudo);
  for (;;) {
    const passo = passos.next();
    if (passo.done) return passo.value;
    const pausa = ceder();
    if (pausa) await pausa;
  }
}

function montar(estado: Estado, layout: LayoutConemb): ArquivoConemb {
  if (estado.conhecimentos.length > estado.inicioBloco) estado.avisos.push(MSG_CONEMB_SEM_TRAILER);
  return {
    layout,
    remetente: estado.cabecalho.remetente ?? '',
    destinatario: estado.cabecalho.destinatario ?? '',
    idIntercambio: estado.cabecalho.idIntercambio ?? '',
    documento: estado.documento ?? '',
    transportadora: estado.transportadora!,
    conhecimentos: estado.conhecimentos,
    total: estado.total,
    avisos: [...estado.avisos, ...estado.desvios.avisos()],
  };
}

function* lerLinhas(linhas: string[], fam: FamiliaConemb): Generator<undefined, Estado> {
  const estado: Estado = {
    familia: fam,
    cabecalho: {},
    documento: null,
    transportadora: null,
    conhecimentos: [],
    avisos: [],
    total: null,
    inicioBloco: 0,
    pendente: null,
    continua: null,
    desvios: new Desvios(),
  };
  const tamanho = TAMANHO_REGISTRO[fam];
  for (let i = 0; i < linhas.length; i++) {
    if (i > 0 && i % LINHAS_POR_PASSO === 0) yield;
    const linha = linhas[i];
    const numero = i + 1;
    // A NUL or another control character: not a text CONEMB (and the database refuses NUL in text).
    const controle = /[\u0000-\u001f\u007f]/.exec(linha);
    if (controle) throw new RecusaDoccob(`Linha ${numero}, posição ${controle.index + 1}: caractere de controle (código ${controle[0].charCodeAt(0)}); o arquivo não é um CONEMB em texto.`);
    if (linha.trim() === '') {
      estado.desvios.anotar('branca', `Linha ${numero}: linha em branco ignorada.`);
      continue;
    }
    const id = linha.slice(0, 3);
    const registro = IDS[fam][id];
    if (!registro) throw new RecusaDoccob(`Linha ${numero}: registro "${id}" desconhecido no CONEMB ${fam === '5.0' ? '5.0' : '3.0/3.1'}.`);
    if (registro === 'intercambio' && numero > 1) throw new RecusaDoccob(`Linha ${numero}: um segundo cabeçalho de intercâmbio (000) no mesmo arquivo.`);
    if (linha.length < tamanho) estado.desvios.anotar('curta', `Linha ${numero}: registro ${id} com ${linha.length} caracteres (esperados ${tamanho}); completado com espaços.`);
    else if (linha.length > tamanho && fam === '5.0' && linha.slice(tamanho).trim() !== '')
      estado.desvios.anotar('longa', `Linha ${numero}: registro ${id} com ${linha.length} caracteres (esperados ${tamanho}); o excesso foi ignorado.`);
    const completa = linha.length < tamanho ? linha.padEnd(tamanho) : linha;
    const campos = CAMPOS[fam][registro];
    const valores = campos ? lerCampos(completa, numero, campos) : {};
    aplicar(estado, registro, valores, completa, { numero, id });
  }
  fecharConhecimento(estado);
  return estado;
}

function aplicar(estado: Estado, registro: RegistroConemb, v: Record<string, string | null>, linha: string, onde: Onde): void {
  const exigir = (condicao: unknown, porque: string) => {
    if (!condicao) throw new RecusaDoccob(`Linha ${onde.numero}, registro ${onde.id}: ${porque}`);
  };
  if (registro !== 'valores' && registro !== 'nota' && registro !== 'complemento') fecharConhecimento(estado, registro === 'conhecimento' ? onde : undefined);
  if (registro === 'intercambio') estado.cabecalho = v;
  else if (registro === 'documento') estado.documento ??= v.documento ?? '';
  else if (registro === 'transportadora') {
    exigir(v.cnpj && v.cnpj.length === 14, 'CNPJ da transportadora ausente (posição 4).');
    exigir(!estado.transportadora || estado.transportadora.cnpj === v.cnpj, `uma segunda transportadora (${v.cnpj}) no mesmo arquivo.`);
    estado.transportadora ??= { cnpj: v.cnpj!, razaoSocial: v.razaoSocial ?? '' };
  } else if (registro === 'conhecimento') {
    exigir(estado.transportadora, `conhecimento antes da transportadora (${estado.familia === '5.0' ? '521' : '321'}).`);
    lerConhecimento(estado, v, linha, onde);
  } else if (registro === 'valores') {
    exigir(estado.pendente, 'valores (523) sem o conhecimento (522) antes deles.');
    exigir(!estado.pendente!.valores, `um segundo registro de valores (523) para o conhecimento da linha ${estado.pendente!.onde.numero}.`);
    aplicarValores50(estado.pendente!.conhecimento, v, onde, estado.avisos);
    estado.pendente!.valores = true;
  } else if (registro === 'nota') {
    exigir(estado.pendente, 'nota fiscal (524) sem o conhecimento (522) antes dela.');
    estado.pendente!.conhecimento.notas.push(nota50(v, onde));
  } else if (registro === 'complemento') lerComplemento(estado, linha, onde);
  else if (registro === 'ignorado') estado.desvios.anotar(`ignorado ${onde.id}`, `Linha ${onde.numero}: registro ${onde.id} ignorado (não usado na auditoria).`);
  else if (registro === 'total') {
    estado.total = conferirBloco(estado.conhecimentos.slice(estado.inicioBloco), v, onde, estado.total, estado.avisos);
    estado.inicioBloco = estado.conhecimentos.length;
  }
}

function lerConhecimento(estado: Estado, v: Record<string, string | null>, linha: string, onde: Onde): void {
  const ctx: Contexto = { transportadora: estado.transportadora!, avisos: estado.avisos };
  if (estado.familia === '5.0') {
    const conhecimento = conhecimento50(v, onde, ctx);
    estado.conhecimentos.push(conhecimento);
    estado.pendente = { conhecimento, onde, valores: false };
    return;
  }
  const { conhecimento, continua } = conhecimento3x(v, linha, onde, ctx);
  const anterior = estado.continua;
  estado.continua = null;
  if (anterior && anterior.cnpjEmissor === conhecimento.cnpjEmissor && anterior.serie === conhecimento.serie && anterior.numero === conhecimento.numero) {
    // 3.1: more than 40 notes go on in the next 322 of the same conhecimento.
    anterior.notas.push(...conhecimento.notas);
    if (continua) estado.continua = anterior;
    return;
  }
  if (anterior) estado.avisos.push(avisoContinuacao(anterior));
  estado.conhecimentos.push(conhecimento);
  if (continua) estado.continua = conhecimento;
}

const avisoContinuacao = (c: ConhecimentoConemb) =>
  `Linha ${c.linha}: o conhecimento ${c.numero} indica continuação (posição ${POSICAO.continuacao}), mas a linha seguinte não o continua.`;

/** ACBr's 3.1 complement (329) after a 322: its CT-e key (121/44) when the 322 brought none. */
function lerComplemento(estado: Estado, linha: string, onde: Onde): void {
  const c = estado.conhecimentos.at(-1);
  if (!c) throw new RecusaDoccob(`Linha ${onde.numero}, registro 329: complemento sem o conhecimento (322) antes dele.`);
  const chave = linha.slice(POSICAO.chaveComplemento - 1, POSICAO.chaveComplemento + 43).trim();
  if (!c.chave && /^\d{44}$/.test(chave)) c.chave = chave;
}

/** Before any record but a 523/524/329, the conhecimento before it is complete: a 522 without its 523 is refused. */
function fecharConhecimento(estado: Estado, proximo?: Onde): void {
  const p = estado.pendente;
  if (p && !p.valores) throw new RecusaDoccob(`Linha ${p.onde.numero}, registro 522: conhecimento sem o registro de valores (523) depois dele.`);
  estado.pendente = null;
  if (estado.continua && !proximo) {
    estado.avisos.push(avisoContinuacao(estado.continua));
    estado.continua = null;
  }
}
