import { EVENTOS_ENTREGA_CTE, MOTIVOS_INSUCESSO, type TipoEventoEntrega } from '../../contracts/ocorrencias';
import { instanteXml } from '../../domain/cte/instante-xml';
import { semCodificacaoDupla } from '../../domain/cte/codificacao-dupla';
import { falha, lista, no, texto, type No } from './campos-xml';

// Issue 31: the CT-e 4.00 delivery events (schemas evCECTe, evIECTe, evCancCECTe, evCancIECTe 4.00) as the reader gives
// them: 110180 Comprovante de Entrega (detEvento/evCECTe: dhEntrega, nDoc, xNome, infEntrega/chNFe), 110190 Insucesso
// na Entrega (evIECTe: dhTentativaEntrega, nTentativa, tpMotivo, xJustMotivo), and their cancellations 110181
// (evCancCECTe/nProtCE) and 110191 (evCancIECTe/nProtIE), which name the protocol of the event they cancel. The
// event's own protocol is the SEFAZ's return's (retEventoCTe/infEvento/nProt). Pure, like the reader.

export interface EventoEntregaLido {
  tipoEvento: TipoEventoEntrega;
  /** The CT-e's key (infEvento/chCTe). */
  chave: string;
  /** nSeqEvento ('1' when absent). */
  sequencia: string;
  /** When the delivery or the attempt happened (dhEntrega, dhTentativaEntrega), else the event's dhEvento; with offset. */
  dataHora: string;
  /** The event's issuer (infEvento/CNPJ): the carrier. */
  transportadoraCnpj: string | null;
  /** This event's protocol (the SEFAZ's return), null when the file carries no return. */
  protocolo: string | null;
  /** A cancellation's target: the protocol of the proof of delivery (nProtCE) or the failed attempt (nProtIE). */
  protocoloCancelado: string | null;
  observacao: string | null;
}

export const ehEventoEntrega = (tipo: string | null): tipo is TipoEventoEntrega => tipo !== null && Object.hasOwn(EVENTOS_ENTREGA_CTE, tipo);

/** The cancellation's observation: it names the protocol it cancels (the cancelled event, stored before or after, is found by it). */
export const observacaoCancelamentoEntrega = (tipo: '110181' | '110191', protocolo: string) =>
  tipo === '110181' ? `Cancela o comprovante de entrega de protocolo ${protocolo}.` : `Cancela o insucesso na entrega de protocolo ${protocolo}.`;

/** Event registered (135) or registered without link (136): what the SEFAZ homologates. */
const CSTAT_HOMOLOGADO = new Set(['135', '136']);

const limpo = (t: string | null) => (t === null ? null : semCodificacaoDupla(t.replace(/\s+/g, ' ')));

function observacao(tipo: TipoEventoEntrega, det: No | null, protocoloCancelado: string | null): string | null {
  if (tipo === '110180') {
    const nome = limpo(texto(det, 'xNome'));
    const documento = texto(det, 'nDoc');
    const notas = lista(det?.infEntrega).map((n) => texto(n, 'chNFe')).filter((c): c is string => c !== null);
    const partes = [nome ? `Recebido por ${nome}` : null, documento ? `documento ${documento}` : null].filter(Boolean).join(', ');
    return [partes ? `${partes}.` : null, notas.length ? `NF-e entregue(s): ${notas.join(', ')}.` : null].filter(Boolean).join(' ').slice(0, 500) || null;
  }
  if (tipo === '110190') {
    const motivo = texto(det, 'tpMotivo');
    const tentativa = texto(det, 'nTentativa');
    const texto_ = [motivo ? (MOTIVOS_INSUCESSO[motivo] ?? `Motivo ${motivo}`) : null, limpo(texto(det, 'xJustMotivo'))].filter(Boolean).join(': ');
    return `${tentativa ? `Tentativa ${tentativa}` : 'Tentativa'}${texto_ ? ` — ${texto_}` : ''}.`.slice(0, 500);
  }
  return protocoloCancelado ? observacaoCancelamentoEntrega(tipo, protocoloCancelado) : null;
}

/** Reads a delivery event (`evento` is the eventoCTe's infEvento, `retorno` the retEventoCTe's). */
export function lerEventoEntrega(evento: No, retorno: No | null, tipo: TipoEventoEntrega): EventoEntregaLido {
  const chave = texto(evento, 'chCTe') ?? falha('O evento de entrega não informa a chave do CT-e (chCTe).');
  if (!/^\d{44}$/.test(chave)) falha(`Chave de acesso inválida no evento: "${chave.slice(0, 60)}".`);
  const status = texto(retorno, 'cStat');
  if (retorno && status && !CSTAT_HOMOLOGADO.has(status))
    falha(`O evento ${tipo} (${EVENTOS_ENTREGA_CTE[tipo]}) não foi homologado pela SEFAZ (cStat ${status.slice(0, 10)}${texto(retorno, 'xMotivo') ? `: ${texto(retorno, 'xMotivo')!.slice(0, 255)}` : ''}).`);
  const detEvento = no(evento.detEvento);
  const grupo = { '110180': 'evCECTe', '110181': 'evCancCECTe', '110190': 'evIECTe', '110191': 'evCancIECTe' }[tipo];
  const det = no(detEvento?.[grupo]) ?? falha(`O evento ${tipo} não tem o grupo detEvento/${grupo}.`);
  const quando = tipo === '110180' ? texto(det, 'dhEntrega') : tipo === '110190' ? texto(det, 'dhTentativaEntrega') : null;
  const dataHora = instanteXml(quando) ?? instanteXml(texto(evento, 'dhEvento')) ?? falha('O evento de entrega não informa uma data e hora válida (dhEvento).');
  const protocoloCancelado = tipo === '110181' ? texto(det, 'nProtCE') : tipo === '110191' ? texto(det, 'nProtIE') : null;
  if ((tipo === '110181' || tipo === '110191') && protocoloCancelado === null)
    falha(`O cancelamento ${tipo} não informa o protocolo do evento que cancela (${tipo === '110181' ? 'nProtCE' : 'nProtIE'}).`);
  return {
    tipoEvento: tipo,
    chave,
    sequencia: (texto(evento, 'nSeqEvento') ?? '1').slice(0, 3),
    dataHora,
    transportadoraCnpj: texto(evento, 'CNPJ')?.slice(0, 14) ?? null,
    protocolo: texto(retorno, 'nProt')?.slice(0, 20) ?? null,
    protocoloCancelado: protocoloCancelado?.slice(0, 20) ?? null,
    observacao: observacao(tipo, det, protocoloCancelado),
  };
}
