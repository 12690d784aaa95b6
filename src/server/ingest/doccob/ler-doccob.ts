import type { CteDoccob, FaturaDoccob, LayoutDoccob, LeituraDoccob } from '../../../contracts/doccob';
import { MSG_DOCCOB_NAO_E, MSG_DOCCOB_SEM_FATURA, MSG_DOCCOB_VAZIO } from '../../../contracts/doccob';
import { RecusaDoccob, lerCampos } from './campos-doccob';
import { camposCobranca, dataIntercambio } from './cobranca-doccob';
import { CAMPOS, IDS, TAMANHO_REGISTRO, type Registro } from './layout-doccob';
import { conferirTotais } from './totais-doccob';

/** UTF-8 when the bytes are valid UTF-8, else Latin-1 (real files are both); a BOM is dropped. */
export function decodificarEdi(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

interface Estado {
  layout: LayoutDoccob;
  cabecalho: Record<string, string | null>;
  /** The 000's date and time, and its warning (kept on every fatura). */
  intercambio: { data: string | null; aviso?: string };
  documento: string;
  transportadora: { cnpj: string; razaoSocial: string } | null;
  faturas: FaturaDoccob[];
  total: { quantidade: number; valorTotal: string } | null;
}

/** The 352/552 value ends at 58 (44/15) in both layouts. */
const FIM_DO_VALOR = 58;
const semZeros = (v: string | null) => (v ?? '').replace(/^0+(?=\d)/, '');
const quebrar = (texto: string) => texto.split(/\r?\n/).map((l) => l.replace(/\r$/, ''));

/** Reads a DOCCOB 3.0A or 5.0 (../shared/design/proceda.md): faturas with warnings, or the one reason it cannot be read. */
export function lerDoccob(conteudo: string | Uint8Array): LeituraDoccob {
  const texto = typeof conteudo === 'string' ? conteudo : decodificarEdi(conteudo);
  const linhas = quebrar(texto);
  while (linhas.length && linhas.at(-1)!.trim() === '') linhas.pop();
  if (linhas.length === 0) return { ok: false, motivo: MSG_DOCCOB_VAZIO };
  if (!linhas[0].startsWith('000')) return { ok: false, motivo: MSG_DOCCOB_NAO_E };
  const layout: LayoutDoccob = linhas.some((l) => /^55[0-9]/.test(l)) ? '5.0' : '3.0A';
  try {
    const estado = lerLinhas(linhas, layout);
    if (estado.faturas.length === 0) return { ok: false, motivo: MSG_DOCCOB_SEM_FATURA };
    conferirTotais(estado.faturas, estado.total);
    for (const f of estado.faturas) f.total = estado.total;
    return { ok: true, faturas: estado.faturas };
  } catch (erro) {
    if (erro instanceof RecusaDoccob) return { ok: false, motivo: erro.message };
    throw erro;
  }
}

function lerLinhas(linhas: string[], layout: LayoutDoccob): Estado {
  const estado: Estado = { layout, cabecalho: {}, intercambio: { data: null }, documento: '', transportadora: null, faturas: [], total: null };
  linhas.forEach((linha, i) => {
    const numero = i + 1;
    // A NUL or another control character: not a text DOCCOB (and the database refuses NUL in text).
    const controle = /[\u0000-\u001f\u007f]/.exec(linha);
    if (controle) throw new RecusaDoccob(`Linha ${numero}, posição ${controle.index + 1}: caractere de controle (código ${controle[0].charCodeAt(0)}); o arquivo não é um DOCCOB em texto.`);
    const id = linha.slice(0, 3);
    const registro = IDS[layout][id];
    if (!registro) throw new RecusaDoccob(`Linha ${numero}: registro "${id}" desconhecido no DOCCOB ${layout}.`);
    if (registro === 'intercambio' && numero > 1) throw new RecusaDoccob(`Linha ${numero}: um segundo cabeçalho de intercâmbio (000) no mesmo arquivo.`);
    // A 352/552 that ends before its value is a record cut in two (the rest is the next "line").
    if (registro === 'fatura' && linha.length < FIM_DO_VALOR)
      throw new RecusaDoccob(`Linha ${numero}, registro ${id}: registro incompleto (${linha.length} caracteres), termina antes do campo valor (posição 44); parece partido em duas linhas.`);
    const campos = CAMPOS[layout][registro];
    const valores = campos ? lerCampos(linha, numero, campos) : {};
    aplicar(estado, registro, valores, { linha, numero });
  });
  return estado;
}

function aplicar(estado: Estado, registro: Registro, v: Record<string, string | null>, onde: { linha: string; numero: number }): void {
  const { numero, linha } = onde;
  const faturaAtual = estado.faturas.at(-1);
  const exigir = (condicao: unknown, porque: string) => {
    if (!condicao) throw new RecusaDoccob(`Linha ${numero}, registro ${linha.slice(0, 3)}: ${porque}`);
  };
  if (registro === 'intercambio') {
    estado.cabecalho = v;
    estado.intercambio = dataIntercambio(v.data, v.hora);
  }
  else if (registro === 'documento') estado.documento = v.documento ?? '';
  else if (registro === 'transportadora') {
    exigir(v.cnpj && v.cnpj.length === 14, 'CNPJ da transportadora ausente (posição 4).');
    estado.transportadora = { cnpj: v.cnpj!, razaoSocial: v.razaoSocial ?? '' };
  } else if (registro === 'fatura') estado.faturas.push(novaFatura(estado, v, onde, exigir));
  else if (registro === 'impostos') {
    exigir(faturaAtual, 'impostos (553) antes de uma fatura (552).');
    faturaAtual!.valorIcms = v.valorIcms;
  } else if (registro === 'cte') {
    exigir(faturaAtual, 'CT-e (353/555) antes de uma fatura (352/552).');
    faturaAtual!.ctes.push(novoCte(v, onde, faturaAtual!.avisos, estado.layout));
  } else if (registro === 'nota') {
    const cte = faturaAtual?.ctes.at(-1);
    exigir(cte, 'nota fiscal (354/556) antes de um CT-e (353/555).');
    cte!.notas.push({ serie: v.serie ?? '', numero: semZeros(v.numero), dataEmissao: v.dataEmissao, peso: v.peso, valor: v.valor, cnpjEmissor: v.cnpjEmissor });
  } else if (registro === 'total') estado.total = { quantidade: Number(v.quantidade ?? 0), valorTotal: v.valorTotal ?? '0.00' };
}

type Exigir = (condicao: unknown, porque: string) => void;

function novaFatura(estado: Estado, v: Record<string, string | null>, onde: { linha: string; numero: number }, exigir: Exigir): FaturaDoccob {
  exigir(estado.transportadora, 'fatura (352/552) antes da transportadora (351/551).');
  exigir(v.numero, 'número da fatura ausente (posição 18).');
  exigir(v.dataEmissao, 'data de emissão da fatura ausente (posição 28).');
  exigir(v.valor, 'valor da fatura ausente (posição 44).');
  const avisos: string[] = estado.intercambio.aviso ? [estado.intercambio.aviso] : [];
  const esperado = TAMANHO_REGISTRO[estado.layout];
  if (onde.linha.length !== esperado) avisos.push(`Linha ${onde.numero}: registro ${onde.linha.slice(0, 3)} com ${onde.linha.length} caracteres (esperados ${esperado}).`);
  const acao = v.acao === 'E' ? 'E' : 'I';
  return {
    layout: estado.layout,
    remetente: estado.cabecalho.remetente ?? '',
    destinatario: estado.cabecalho.destinatario ?? '',
    idIntercambio: estado.cabecalho.idIntercambio ?? '',
    dataIntercambio: estado.intercambio.data,
    documento: estado.documento,
    transportadora: estado.transportadora!,
    filial: v.filial ?? '',
    tipo: v.tipo ?? '',
    serie: v.serie ?? '',
    numero: semZeros(v.numero),
    dataEmissao: v.dataEmissao!,
    dataVencimento: v.dataVencimento,
    valor: v.valor!,
    tipoCobranca: v.tipoCobranca ?? '',
    ...camposCobranca(v),
    acao,
    ctes: [],
    total: null,
    avisos,
  };
}

function novoCte(v: Record<string, string | null>, onde: { linha: string; numero: number }, avisos: string[], layout: LayoutDoccob): CteDoccob {
  const esperado = TAMANHO_REGISTRO[layout];
  const chave = v.chave && /^\d{44}$/.test(v.chave) ? v.chave : null;
  if (onde.linha.length !== esperado)
    avisos.push(`Linha ${onde.numero}: registro ${onde.linha.slice(0, 3)} com ${onde.linha.length} caracteres (esperados ${esperado})${chave ? '; chave do CT-e lida na posição 96' : ''}.`);
  if (v.valorFrete === null && v.dataEmissao === null && v.cnpjEmissor === null)
    avisos.push(`Linha ${onde.numero}: CT-e ${semZeros(v.numero)} sem valor, data e CNPJs (layout de 1999).`);
  return {
    linha: onde.numero,
    filial: v.filial ?? '',
    serie: (v.serie ?? '').replace(/^0+(?=\d)/, ''),
    numero: semZeros(v.numero),
    valorFrete: v.valorFrete,
    dataEmissao: v.dataEmissao,
    cnpjRemetente: v.cnpjRemetente,
    cnpjDestinatario: v.cnpjDestinatario,
    cnpjEmissor: v.cnpjEmissor,
    chave,
    notas: [],
  };
}

