import { XMLBuilder } from 'fast-xml-parser';
import type { CteLido, EnderecoCte, IcmsCte, ParteCte } from './cte-xml';

// The inverse of the reader, for demo data and tests: a CteLido written as a cteProc (layout of the
// document's versaoLayout, with protCTe when it has a protocol) that lerCteXml reads back equal. Not a
// fiscally valid CT-e (no signature, no QR code): the demo seed's documents and the benchmark's only.

const CODIGO_TOMADOR = { REMETENTE: '0', EXPEDIDOR: '1', RECEBEDOR: '2', DESTINATARIO: '3', OUTROS: '4' } as const;

const semNulos = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

const endereco = (e: EnderecoCte | null, fone?: string | null) =>
  e &&
  semNulos({
    xLgr: e.logradouro,
    nro: e.numero,
    xCpl: e.complemento,
    xBairro: e.bairro,
    cMun: e.codigoMunicipio,
    xMun: e.municipio,
    CEP: e.cep,
    UF: e.uf,
    fone,
    cPais: e.codigoPais,
    xPais: e.pais,
  });

function parte(p: ParteCte | null, tagEndereco: string, foneNoEndereco = false) {
  if (!p) return undefined;
  return semNulos({
    CNPJ: p.cnpj,
    CPF: p.cpf,
    IE: p.inscricaoEstadual,
    xNome: p.nome,
    xFant: p.nomeFantasia,
    fone: foneNoEndereco ? null : p.telefone,
    [tagEndereco]: endereco(p.endereco, foneNoEndereco ? p.telefone : null),
  });
}

function icms(i: IcmsCte | null) {
  if (!i) return undefined;
  // indSN as the document has it: documents read before its field came have none, and their XML keeps none.
  if (i.simplesNacional) return { [i.grupo]: semNulos({ CST: i.cst, indSN: i.indicadorSimplesNacional === false ? 0 : i.indicadorSimplesNacional === true ? 1 : null }) };
  if (i.grupo === 'ICMSOutraUF')
    return { ICMSOutraUF: semNulos({ CST: i.cst, pRedBCOutraUF: i.reducaoBaseCalculo, vBCOutraUF: i.baseCalculo, pICMSOutraUF: i.aliquota, vICMSOutraUF: i.valor }) };
  if (i.grupo === 'ICMS60')
    return { ICMS60: semNulos({ CST: i.cst, vBCSTRet: i.substituicao?.baseCalculo, vICMSSTRet: i.substituicao?.valor, pICMSSTRet: i.substituicao?.aliquota, vCred: i.valorCredito }) };
  // The layout's order: pRedBC before vBC (ICMS20, ICMS90), vCred last (ICMS90).
  return { [i.grupo]: semNulos({ CST: i.cst, pRedBC: i.reducaoBaseCalculo, vBC: i.baseCalculo, pICMS: i.aliquota, vICMS: i.valor, vCred: i.valorCredito }) };
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', suppressEmptyNode: true });

export function gerarXmlCte(c: CteLido): string {
  const id = c.identificacao;
  const tomador = c.identificacao.tomador === 'OUTROS' ? { toma4: { toma: 4, ...parte(c.tomador, 'enderToma') } } : { toma3: { toma: CODIGO_TOMADOR[id.tomador] } };
  const infCte = {
    '@Id': `CTe${c.chave}`,
    '@versao': c.versaoLayout,
    ide: semNulos({
      cUF: c.chave.slice(0, 2),
      CFOP: id.cfop,
      natOp: id.naturezaOperacao,
      mod: id.modelo,
      serie: id.serie,
      nCT: id.numeroCte,
      dhEmi: id.dataEmissao,
      tpAmb: c.ambiente === 'PRODUCAO' ? 1 : 2,
      tpCTe: id.tipoCte,
      modal: '01',
      tpServ: id.tipoServico,
      cMunIni: id.codigoMunicipioOrigem,
      xMunIni: id.nomeMunicipioOrigem,
      UFIni: id.ufOrigem,
      cMunFim: id.codigoMunicipioDestino,
      xMunFim: id.nomeMunicipioDestino,
      UFFim: id.ufDestino,
      ...tomador,
    }),
    compl: c.observacao ? { xObs: c.observacao } : undefined,
    emit: parte(c.emitente, 'enderEmit', true),
    rem: parte(c.remetente, 'enderReme'),
    exped: parte(c.expedidor, 'enderExped'),
    receb: parte(c.recebedor, 'enderReceb'),
    dest: parte(c.destinatario, 'enderDest'),
    vPrest: semNulos({
      vTPrest: c.prestacao.valorTotal,
      vRec: c.prestacao.valorReceber,
      Comp: c.prestacao.componentes.length ? c.prestacao.componentes.map((p) => ({ xNome: p.nome, vComp: p.valor })) : null,
    }),
    imp: semNulos({ ICMS: icms(c.icms), vTotTrib: c.valorTotalTributos, infAdFisco: c.observacaoFisco }),
    infCTeNorm: {
      infCarga: semNulos({
        vCarga: c.carga.valorTotal,
        proPred: c.carga.produtoPredominante,
        infQ: c.carga.itens.length ? c.carga.itens.map((q) => ({ cUnid: q.unidade, tpMed: q.tipoMedida, qCarga: q.quantidade })) : null,
      }),
      infDoc: c.notas.length ? { infNFe: c.notas.map((n) => ({ chave: n.chave })) } : undefined,
      infModal: c.rntrc ? { '@versaoModal': c.versaoLayout, rodo: { RNTRC: c.rntrc } } : undefined,
      // Issue 31: the substituted CT-e ("chCte", as the schema spells it).
      infCteSub: c.referencia?.tipo === 'SUBSTITUICAO' ? { chCte: c.referencia.chave } : undefined,
    },
    // The complemented and the annulled CT-e: beside infCTeNorm (kept, so the document reads back equal).
    infCteComp: c.referencia?.tipo === 'COMPLEMENTO' ? { chCTe: c.referencia.chave } : undefined,
    infCteAnu: c.referencia?.tipo === 'ANULACAO' ? { chCte: c.referencia.chave, dEmi: id.dataEmissao.slice(0, 10) } : undefined,
  };
  const prot = c.protocolo && {
    '@versao': c.versaoLayout,
    infProt: semNulos({ chCTe: c.chave, dhRecbto: c.protocolo.recebidoEm, nProt: c.protocolo.numero, cStat: c.protocolo.status, xMotivo: c.protocolo.motivo }),
  };
  const documento = { CTe: { '@xmlns': 'http://www.portalfiscal.inf.br/cte', infCte } };
  const raiz = prot ? { cteProc: { '@versao': c.versaoLayout, '@xmlns': 'http://www.portalfiscal.inf.br/cte', ...documento, protCTe: prot } } : documento;
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build(raiz)}`;
}
