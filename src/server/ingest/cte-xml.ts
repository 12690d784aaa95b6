import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decimal, falha, inteiro, LeituraInvalida, lista, no, obrigatorio, presentes, texto, textoCorrido, type No } from './campos-xml';
import { lerIcms } from './icms-xml';
import { EVENTO_CANCELAMENTO, lerCancelamentoEmbutido } from './cancelamento-embutido';
import { instanteXml } from '../../domain/cte/instante-xml';
import { motivoFalhaLeitura, motivoXmlMalformado } from './motivo-xml';
import { lerReferencia } from './referencia-xml';
import { repararTextosCte } from './textos-cte';
import { ehEventoEntrega, lerEventoEntrega, type EventoEntregaLido } from './evento-entrega-xml';

// CT-e XML reader (spec 03 §3 "CT-e"): cteProc (with protCTe, and the cancellation it may carry:
// cancelamento-embutido.ts) or a bare CTe, layouts 3.00 and 4.00, the cancellation event (procEventoCTe, tpEvento
// 110111) and, issue 31, the delivery events (110180, 110181, 110190, 110191: evento-entrega-xml.ts). A CT-e's reference
// to another (referencia-xml.ts) and its double-encoded texts repaired (textos-cte.ts) come with it. Pure: bytes in, a
// document or a Portuguese reason out; never throws on bad input. Values stay decimal strings as the XML writes them.

/** A CT-e XML is a few hundred KB even with thousands of notes; anything larger is refused unread. */
export const TAMANHO_MAXIMO_XML = 5 * 1024 * 1024;

export type { CancelamentoCte, CteLido, EnderecoCte, IcmsCte, LeituraCte, ParteCte, Tomador } from '../../contracts/cte-documento';
import type { CancelamentoCte, CteLido, EnderecoCte, LeituraCte, ParteCte, Tomador } from '../../contracts/cte-documento';
export type { EventoEntregaLido } from './evento-entrega-xml';

/** What one XML file is: LeituraCte's CT-e, cancellation or refusal, or (issue 31) a delivery event. */
export type LeituraXmlCte = LeituraCte | { tipo: 'EVENTO_ENTREGA'; evento: EventoEntregaLido };

const TOMADORES: Record<string, Tomador> = { '0': 'REMETENTE', '1': 'EXPEDIDOR', '2': 'RECEBEDOR', '3': 'DESTINATARIO', '4': 'OUTROS' };

/** Protocol statuses of a cancelled CT-e (101 homologado; 135/155 cancellation event registered). */
const STATUS_CANCELADO = new Set([101, 135, 155]);
const EMISSAO_MINIMA = Date.UTC(1900, 0, 1);
const EMISSAO_MAXIMA = Date.UTC(9999, 11, 31);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // Keys, CNPJs and codes keep their zeros: every value stays text.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // No DOCTYPE gets this far (refused before parsing); named entities beyond XML's five are not expanded.
  processEntities: true,
  htmlEntities: false,
  isArray: (nome) => ['Comp', 'infQ', 'infNFe', 'infNF', 'infOutros', 'ObsCont', 'dup'].includes(nome),
});

function endereco(e: No | null): EnderecoCte | null {
  if (!e) return null;
  const cMun = texto(e, 'cMun');
  return {
    logradouro: texto(e, 'xLgr'),
    numero: texto(e, 'nro'),
    complemento: texto(e, 'xCpl'),
    bairro: texto(e, 'xBairro'),
    codigoMunicipio: cMun && /^\d{7}$/.test(cMun) ? Number(cMun) : null,
    municipio: texto(e, 'xMun'),
    cep: texto(e, 'CEP'),
    uf: texto(e, 'UF'),
    codigoPais: texto(e, 'cPais'),
    pais: texto(e, 'xPais'),
  };
}

function parte(p: No | null, tagEndereco: string, onde: string): ParteCte | null {
  if (!p) return null;
  const endereco_ = no(p[tagEndereco]);
  return {
    cnpj: texto(p, 'CNPJ'),
    cpf: texto(p, 'CPF'),
    inscricaoEstadual: texto(p, 'IE'),
    nome: obrigatorio(p, 'xNome', onde),
    nomeFantasia: texto(p, 'xFant'),
    // The sender and the others carry fone beside the address; the issuer inside it.
    telefone: texto(p, 'fone') ?? texto(endereco_, 'fone'),
    endereco: endereco(endereco_),
  };
}

function identificacao(ide: No, tomador: Tomador): CteLido['identificacao'] {
  const dataEmissao = obrigatorio(ide, 'dhEmi', 'ide');
  // Stored as an instant: a date that is none (or beyond what the database holds) is refused here, not by the database.
  const ms = Date.parse(dataEmissao);
  if (!(ms >= EMISSAO_MINIMA && ms <= EMISSAO_MAXIMA)) falha(`Valor inválido em ide/dhEmi: "${dataEmissao.slice(0, 30)}" (esperado data e hora, como 2024-05-02T10:15:00-03:00).`);
  return {
    numeroCte: inteiro(ide, 'nCT', 'ide'),
    modelo: obrigatorio(ide, 'mod', 'ide'),
    serie: obrigatorio(ide, 'serie', 'ide'),
    cfop: texto(ide, 'CFOP'),
    dataEmissao,
    tipoCte: inteiro(ide, 'tpCTe', 'ide'),
    tipoServico: inteiro(ide, 'tpServ', 'ide'),
    ...presentes({ naturezaOperacao: texto(ide, 'natOp') }),
    tomador,
    codigoMunicipioOrigem: inteiro(ide, 'cMunIni', 'ide'),
    nomeMunicipioOrigem: obrigatorio(ide, 'xMunIni', 'ide'),
    ufOrigem: obrigatorio(ide, 'UFIni', 'ide'),
    codigoMunicipioDestino: inteiro(ide, 'cMunFim', 'ide'),
    nomeMunicipioDestino: obrigatorio(ide, 'xMunFim', 'ide'),
    ufDestino: obrigatorio(ide, 'UFFim', 'ide'),
  };
}

/** The parties, and the payer resolved from toma3/toma4. */
function partes(inf: No, tomador: Tomador, toma4: No | null): Pick<CteLido, 'emitente' | 'remetente' | 'destinatario' | 'expedidor' | 'recebedor' | 'tomador'> {
  const emitente = parte(no(inf.emit), 'enderEmit', 'emit') ?? falha('O CT-e não tem o emitente (emit).');
  const remetente = parte(no(inf.rem), 'enderReme', 'rem');
  const destinatario = parte(no(inf.dest), 'enderDest', 'dest');
  const expedidor = parte(no(inf.exped), 'enderExped', 'exped');
  const recebedor = parte(no(inf.receb), 'enderReceb', 'receb');
  const pagador = { REMETENTE: remetente, EXPEDIDOR: expedidor, RECEBEDOR: recebedor, DESTINATARIO: destinatario, OUTROS: parte(toma4, 'enderToma', 'ide/toma4') }[tomador];
  return { emitente, remetente, destinatario, expedidor, recebedor, tomador: pagador };
}

function valores(infCarga: No | null, vPrest: No): Pick<CteLido, 'carga' | 'prestacao'> {
  return {
    carga: {
      valorTotal: decimal(infCarga, 'vCarga', 'infCarga'),
      produtoPredominante: texto(infCarga, 'proPred'),
      itens: lista(infCarga?.infQ).map((q) => ({
        unidade: obrigatorio(q, 'cUnid', 'infCarga/infQ'),
        tipoMedida: obrigatorio(q, 'tpMed', 'infCarga/infQ'),
        quantidade: decimal(q, 'qCarga', 'infCarga/infQ') ?? falha('Campo obrigatório ausente: infCarga/infQ/qCarga.'),
      })),
    },
    prestacao: {
      valorTotal: decimal(vPrest, 'vTPrest', 'vPrest') ?? falha('Campo obrigatório ausente: vPrest/vTPrest.'),
      valorReceber: decimal(vPrest, 'vRec', 'vPrest'),
      componentes: lista(vPrest.Comp).map((c) => ({
        nome: obrigatorio(c, 'xNome', 'vPrest/Comp'),
        valor: decimal(c, 'vComp', 'vPrest/Comp') ?? falha('Campo obrigatório ausente: vPrest/Comp/vComp.'),
      })),
    },
  };
}

/** protCTe: number, SEFAZ status and motive, received at; it must be this CT-e's. */
function protocolo(protCTe: No | null, chave: string): CteLido['protocolo'] {
  const infProt = no(protCTe?.infProt);
  if (!infProt) return null;
  const status = inteiro(infProt, 'cStat', 'protCTe/infProt');
  const chaveProtocolo = texto(infProt, 'chCTe');
  if (chaveProtocolo !== null && chaveProtocolo !== chave) falha(`O protocolo de autorização (protCTe) é de outro CT-e: chave "${chaveProtocolo.slice(0, 60)}".`);
  return { numero: texto(infProt, 'nProt'), status, motivo: texto(infProt, 'xMotivo'), recebidoEm: texto(infProt, 'dhRecbto') };
}

function lerCte(cte: No, protCTe: No | null): CteLido {
  const inf = no(cte.infCte) ?? falha('O CT-e não tem o grupo infCte.');
  const id = String(inf['@Id'] ?? '');
  const chave = /^CTe(\d{44})$/.exec(id)?.[1] ?? falha(`Chave de acesso inválida no atributo Id: "${id.slice(0, 60)}".`);
  const versaoLayout = String(inf['@versao'] ?? '');
  if (!['3.00', '4.00'].includes(versaoLayout)) falha(`Versão de layout não suportada: "${versaoLayout.slice(0, 10)}" (aceitas: 3.00 e 4.00).`);
  const ide = no(inf.ide) ?? falha('O CT-e não tem o grupo ide.');
  const toma4 = no(ide.toma4) ?? no(ide.toma);
  const codigoTomador = texto(no(ide.toma3), 'toma') ?? texto(toma4, 'toma') ?? falha('O CT-e não informa o tomador (toma3/toma4).');
  const tomador = TOMADORES[codigoTomador] ?? falha(`Tomador inválido: "${codigoTomador}".`);
  const pessoas = partes(inf, tomador, toma4);

  const vPrest = no(inf.vPrest) ?? falha('O CT-e não tem o valor da prestação (vPrest).');
  const norm = no(inf.infCTeNorm);
  const chaves = lista(no(norm?.infDoc)?.infNFe).map((n) => texto(n, 'chave')).filter((c): c is string => c !== null);
  for (const c of chaves) if (!/^\d{44}$/.test(c)) falha(`Chave de NF-e inválida: "${c.slice(0, 60)}".`);
  const prot = protocolo(protCTe, chave);
  const imp = no(inf.imp);
  const { referencia, avisos } = lerReferencia(inf, inteiro(ide, 'tpCTe', 'ide'));

  return repararTextosCte({
    chave,
    versaoLayout,
    ambiente: texto(ide, 'tpAmb') === '1' ? 'PRODUCAO' : 'HOMOLOGACAO',
    identificacao: identificacao(ide, tomador),
    ...pessoas,
    ...valores(no(norm?.infCarga), vPrest),
    icms: lerIcms(imp),
    ...presentes({
      valorTotalTributos: decimal(imp, 'vTotTrib', 'imp'),
      observacaoFisco: textoCorrido(imp, 'infAdFisco'),
      observacao: textoCorrido(no(inf.compl), 'xObs'),
      // The road modal's group, the same in layouts 3.00 and 4.00.
      rntrc: texto(no(no(norm?.infModal)?.rodo), 'RNTRC'),
    }),
    notas: [...new Set(chaves)].map((c) => ({ chave: c })),
    protocolo: prot,
    cancelado: prot !== null && STATUS_CANCELADO.has(prot.status),
    ...presentes({ referencia }),
    ...(avisos.length ? { avisos } : {}),
  });
}

function lerCancelamento(proc: No, evento: No): CancelamentoCte {
  const chave = texto(evento, 'chCTe') ?? falha('O evento de cancelamento não informa a chave do CT-e (chCTe).');
  if (!/^\d{44}$/.test(chave)) falha(`Chave de acesso inválida no evento: "${chave.slice(0, 60)}".`);
  const retorno = no(no(proc.retEventoCTe)?.infEvento);
  const status = texto(retorno, 'cStat');
  if (retorno && status && !['135', '136', '155'].includes(status)) falha(`O cancelamento não foi homologado pela SEFAZ (cStat ${status}).`);
  const det = no(no(evento.detEvento)?.evCancCTe);
  return { chave, dataCancelamento: instanteXml(texto(evento, 'dhEvento')), motivoCancelamento: texto(det, 'xJust') };
}

/** An event file: the CT-e's cancellation or a delivery event; any other type is refused. */
function lerEvento(proc: No): LeituraXmlCte {
  const evento = no(no(proc.eventoCTe)?.infEvento) ?? no(proc.infEvento) ?? falha('O evento de CT-e não tem o grupo infEvento.');
  const tipo = texto(evento, 'tpEvento');
  if (tipo === EVENTO_CANCELAMENTO) return { tipo: 'CANCELAMENTO', cancelamento: lerCancelamento(proc, evento) };
  if (ehEventoEntrega(tipo)) return { tipo: 'EVENTO_ENTREGA', evento: lerEventoEntrega(evento, no(no(proc.retEventoCTe)?.infEvento), tipo) };
  return falha(
    `Evento de CT-e não tratado: tipo ${tipo ?? '?'} (são lidos o cancelamento, 110111, e os eventos de entrega, 110180, 110181, 110190 e 110191).`,
  );
}

/** Reads one CT-e XML file (or a cancellation or delivery event). Every failure is a `motivo` in Portuguese. */
export function lerCteXml(conteudo: Uint8Array | string): LeituraXmlCte {
  try {
    const tamanho = typeof conteudo === 'string' ? Buffer.byteLength(conteudo) : conteudo.byteLength;
    if (tamanho === 0) falha('O arquivo está vazio.');
    if (tamanho > TAMANHO_MAXIMO_XML) falha(`O arquivo tem ${(tamanho / 1024 / 1024).toFixed(1)} MB; o máximo aceito para um CT-e é ${TAMANHO_MAXIMO_XML / 1024 / 1024} MB.`);
    let xml: string;
    try {
      xml = typeof conteudo === 'string' ? conteudo : new TextDecoder('utf-8', { fatal: true }).decode(conteudo);
    } catch {
      return falha('O arquivo não está em UTF-8 (o CT-e é sempre UTF-8).');
    }
    xml = xml.replace(/^\uFEFF/, '');
    // A CT-e never has a DTD: refusing it closes entity expansion ("billion laughs") and external entities.
    if (/<!DOCTYPE|<!ENTITY/i.test(xml)) falha('O arquivo declara DOCTYPE/ENTITY, o que um CT-e não tem: recusado por segurança.');
    const valido = XMLValidator.validate(xml);
    if (valido !== true) falha(motivoXmlMalformado(valido.err, xml));
    const raiz = parser.parse(xml) as No;
    const [nomeRaiz] = Object.keys(raiz).filter((k) => k !== '?xml');
    const topo = no(raiz[nomeRaiz]);
    if (!topo) falha('O arquivo não tem conteúdo XML.');
    switch (nomeRaiz) {
      case 'cteProc': {
        const lido = lerCte(no(topo!.CTe) ?? falha('O cteProc não contém o CTe.'), no(topo!.protCTe));
        const { cancelamento, avisos } = lerCancelamentoEmbutido(topo!, lido.chave);
        return { tipo: 'CTE', cte: cancelamento ? { ...lido, cancelado: true } : lido, ...(cancelamento ? { cancelamento } : {}), ...(avisos.length ? { avisos } : {}) };
      }
      case 'CTe':
        return { tipo: 'CTE', cte: lerCte(topo!, null) };
      case 'procEventoCTe':
      case 'eventoCTe':
        return lerEvento(nomeRaiz === 'eventoCTe' ? { eventoCTe: topo } : topo!);
      default:
        return falha(`O arquivo não é um CT-e: o elemento raiz é <${String(nomeRaiz).slice(0, 40)}> (esperado cteProc, CTe ou procEventoCTe).`);
    }
  } catch (e) {
    if (e instanceof LeituraInvalida) return { tipo: 'ERRO', motivo: e.message };
    // The parser's own limits (nesting, reserved names) after validation: said in Portuguese, never its English.
    return { tipo: 'ERRO', motivo: motivoFalhaLeitura(e instanceof Error ? e.message : String(e)) };
  }
}
