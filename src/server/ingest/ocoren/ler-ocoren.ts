import type { ConhecimentoOcoren, LayoutOcoren, LeituraOcoren, Ocorrencia } from '../../../contracts/ocoren';
import {
  CODIGOS_OCORRENCIA,
  MSG_OCOREN_NAO_E,
  MSG_OCOREN_SEM_OCORRENCIA,
  MSG_OCOREN_SEM_TRAILER,
  MSG_OCOREN_VAZIO,
  avisoCodigoDesconhecido,
  avisoTotalOcoren,
  recusaCampoOcoren,
} from '../../../contracts/ocoren';
import { RecusaDoccob, lerCampos } from '../doccob/campos-doccob';
import { decodificarEdi } from '../doccob/ler-doccob';
import { Desvios } from '../conemb/totais-conemb';
import { CAMPOS, HORA, IDS, TAMANHO_REGISTRO, type RegistroOcoren } from './layout-ocoren';

type Valores = Record<string, string | null>;

interface Estado {
  layout: LayoutOcoren;
  documento: string | null;
  transportadora: { cnpj: string; razaoSocial: string } | null;
  ocorrencias: Ocorrencia[];
  avisos: string[];
  desvios: Desvios;
  trailer: boolean;
  /** Index of the first occurrence after the last 549 (a 5.0 file may hold several 540…549 blocks). */
  inicioBloco: number;
}

const quebrar = (texto: string) => texto.replace(/^\uFEFF/, '').split(/\r?\n/);
const semZeros = (v: string | null | undefined) => (v ?? '').replace(/^0+(?=\d)/, '');

/** 5.0 when a record id starts with 54, 3.1 otherwise (both share the 000 header). */
const detectar = (linhas: string[]): LayoutOcoren => (linhas.some((l) => l.startsWith('54')) ? '5.0' : '3.1');

/** Reads an OCOREN 3.1 or 5.0: the occurrences with warnings, or the one reason (line and field) it cannot be read. */
export function lerOcoren(conteudo: string | Uint8Array): LeituraOcoren {
  const texto = typeof conteudo === 'string' ? conteudo : decodificarEdi(conteudo);
  const linhas = quebrar(texto);
  while (linhas.length && linhas.at(-1)!.trim() === '') linhas.pop();
  if (linhas.length === 0) return { ok: false, motivo: MSG_OCOREN_VAZIO };
  if (!linhas[0].startsWith('000')) return { ok: false, motivo: MSG_OCOREN_NAO_E };
  const layout = detectar(linhas);
  const estado: Estado = { layout, documento: null, transportadora: null, ocorrencias: [], avisos: [], desvios: new Desvios(), trailer: false, inicioBloco: 0 };
  try {
    linhas.forEach((linha, i) => lerLinha(estado, linha, i + 1));
  } catch (erro) {
    if (erro instanceof RecusaDoccob) return { ok: false, motivo: erro.message };
    throw erro;
  }
  if (estado.ocorrencias.length === 0) return { ok: false, motivo: MSG_OCOREN_SEM_OCORRENCIA };
  if (layout === '5.0' && (!estado.trailer || estado.ocorrencias.length > estado.inicioBloco)) estado.avisos.push(MSG_OCOREN_SEM_TRAILER);
  return {
    ok: true,
    layout,
    documento: estado.documento ?? '',
    transportadora: estado.transportadora,
    ocorrencias: estado.ocorrencias,
    avisos: [...estado.avisos, ...estado.desvios.avisos()],
  };
}

function lerLinha(estado: Estado, linha: string, numero: number): void {
  const controle = /[\u0000-\u001f\u007f]/.exec(linha);
  if (controle) throw new RecusaDoccob(`Linha ${numero}, posição ${controle.index + 1}: caractere de controle (código ${controle[0].charCodeAt(0)}); o arquivo não é um OCOREN em texto.`);
  if (linha.trim() === '') return estado.desvios.anotar('branca', `Linha ${numero}: linha em branco ignorada.`);
  const id = linha.slice(0, 3);
  const registro = IDS[estado.layout][id];
  if (!registro) return estado.desvios.anotar(`id ${id}`, `Linha ${numero}: registro "${id}" desconhecido no OCOREN ${estado.layout}; ignorado.`);
  if (registro === 'intercambio' && numero > 1) throw new RecusaDoccob(`Linha ${numero}: um segundo cabeçalho de intercâmbio (000) no mesmo arquivo.`);
  const tamanho = TAMANHO_REGISTRO[estado.layout];
  let excesso = '';
  if (linha.length < tamanho) estado.desvios.anotar('curta', `Linha ${numero}: registro ${id} com ${linha.length} caracteres (esperados ${tamanho}); completado com espaços.`);
  else if (linha.length > tamanho && (excesso = linha.slice(tamanho).trim()) !== '' && !/^\d{44}$/.test(excesso))
    estado.desvios.anotar('longa', `Linha ${numero}: registro ${id} com ${linha.length} caracteres (esperados ${tamanho}); o excesso foi ignorado.`);
  const completa = linha.length < tamanho ? linha.padEnd(tamanho) : linha.slice(0, tamanho);
  const campos = CAMPOS[estado.layout][registro];
  aplicar(estado, registro, campos ? lerCampos(completa, numero, campos) : {}, { numero, id, excesso });
}

interface Onde {
  numero: number;
  id: string;
  excesso: string;
}

function aplicar(estado: Estado, registro: RegistroOcoren, v: Valores, onde: Onde): void {
  const anterior = estado.ocorrencias.at(-1);
  if (registro === 'documento') estado.documento ??= v.documento ?? '';
  else if (registro === 'transportadora') lerTransportadora(estado, v, onde);
  else if (registro === 'ocorrencia') estado.ocorrencias.push(ocorrencia(estado, v, onde));
  else if (registro === 'complemento' || registro === 'redespacho' || registro === 'itens') {
    if (!anterior) throw new RecusaDoccob(`Linha ${onde.numero}, registro ${onde.id}: registro sem a ocorrência (${estado.layout === '5.0' ? '542' : '342'}) antes dele.`);
    if (registro === 'complemento') {
      const motivos = [v.motivo1, v.motivo2, v.motivo3].filter((m): m is string => !!m);
      anterior.observacao = [anterior.observacao, ...motivos].filter(Boolean).join(' ') || null;
    } else if (registro === 'redespacho') anterior.redespacho = conhecimento(v);
  } else if (registro === 'total') {
    estado.trailer = true;
    const diz = Number(v.quantidade ?? 0);
    const traz = estado.ocorrencias.length - estado.inicioBloco;
    if (diz !== traz) estado.avisos.push(avisoTotalOcoren(onde.numero, diz, traz));
    estado.inicioBloco = estado.ocorrencias.length;
  }
}

function lerTransportadora(estado: Estado, v: Valores, onde: Onde): void {
  const cnpj = v.cnpj ?? '';
  if (!/^\d{14}$/.test(cnpj)) throw new RecusaDoccob(recusaCampoOcoren(onde.numero, onde.id, 'cnpj', 4, `CNPJ da transportadora inválido ("${cnpj}").`));
  if (estado.transportadora && estado.transportadora.cnpj !== cnpj)
    throw new RecusaDoccob(`Linha ${onde.numero}, registro ${onde.id}: uma segunda transportadora (${cnpj}) no mesmo arquivo.`);
  estado.transportadora ??= { cnpj, razaoSocial: v.razaoSocial ?? '' };
}

const conhecimento = (v: Valores): ConhecimentoOcoren | null =>
  v.numero
    ? { cnpjContratante: v.cnpjContratante ?? null, cnpjEmissor: v.cnpjEmissor ?? null, filial: v.filial ?? '', serie: v.serie ?? '', numero: semZeros(v.numero) }
    : null;

function ocorrencia(estado: Estado, v: Valores, onde: Onde): Ocorrencia {
  const campo = CAMPOS[estado.layout].ocorrencia!;
  const recusar = (nome: string, porque: string): never => {
    const c = campo.find((x) => x.nome === nome)!;
    throw new RecusaDoccob(recusaCampoOcoren(onde.numero, onde.id, nome, c.inicio, porque));
  };
  if (!v.numeroNf || /^0+$/.test(v.numeroNf)) recusar('numeroNf', 'número da nota fiscal ausente.');
  if (v.codigo === null) recusar('codigo', 'código da ocorrência ausente.');
  if (v.data === null) recusar('data', 'data da ocorrência ausente.');
  const hora = v.hora ?? '';
  if (hora !== '' && !/^([01]\d|2[0-3])[0-5]\d$/.test(hora)) {
    throw new RecusaDoccob(recusaCampoOcoren(onde.numero, onde.id, 'hora', HORA[estado.layout], `hora inválida (HHMM) ("${hora}").`));
  }
  const codigo = semZeros(v.codigo).padStart(2, '0');
  const descricao = CODIGOS_OCORRENCIA[codigo] ?? null;
  if (descricao === null) estado.avisos.push(avisoCodigoDesconhecido(onde.numero, codigo));
  const obs = v.codigoObservacao && !/^0+$/.test(v.codigoObservacao) ? v.codigoObservacao : null;
  return {
    linha: onde.numero,
    cnpjEmissorNf: v.cnpjEmissorNf ?? '',
    serieNf: v.serieNf ?? '',
    numeroNf: semZeros(v.numeroNf),
    codigo,
    descricao,
    dataHora: `${v.data}T${hora ? `${hora.slice(0, 2)}:${hora.slice(2)}` : '00:00'}`,
    codigoObservacao: obs,
    observacao: v.observacao || null,
    conhecimento: estado.layout === '5.0' ? conhecimento(v) : null,
    redespacho: null,
    chaveCte: /^\d{44}$/.test(onde.excesso) ? onde.excesso : null,
  };
}
