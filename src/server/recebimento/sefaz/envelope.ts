import type { AmbienteSefaz } from '../../../contracts/recebimento';

// The request of SEFAZ's national CT-e distribution (CTeDistribuicaoDFe, NT 2015.002): a SOAP 1.2 envelope whose
// body is cteDistDFeInteresse › cteDadosMsg › distDFeInt versao 1.00 (schema distDFeInt_v1.00.xsd, CT-e namespace).

export const URL_SEFAZ: Record<AmbienteSefaz, string> = {
  PRODUCAO: 'https://www1.cte.fazenda.gov.br/CTeDistribuicaoDFe/CTeDistribuicaoDFe.asmx',
  HOMOLOGACAO: 'https://hom1.cte.fazenda.gov.br/CTeDistribuicaoDFe/CTeDistribuicaoDFe.asmx',
};

export const NS_SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
export const NS_WSDL = 'http://www.portalfiscal.inf.br/cte/wsdl/CTeDistribuicaoDFe';
export const NS_CTE = 'http://www.portalfiscal.inf.br/cte';
export const ACAO_SOAP = `${NS_WSDL}/cteDistDFeInteresse`;
export const TIPO_CONTEUDO = `application/soap+xml; charset=utf-8; action="${ACAO_SOAP}"`;

/** IBGE codes of the UFs (cUFAutor, TCodUfIBGE). */
export const CODIGO_UF_IBGE: Readonly<Record<string, string>> = {
  RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17',
  MA: '21', PI: '22', CE: '23', RN: '24', PB: '25', PE: '26', AL: '27', SE: '28', BA: '29',
  MG: '31', ES: '32', RJ: '33', SP: '35',
  PR: '41', SC: '42', RS: '43',
  MS: '50', MT: '51', GO: '52', DF: '53',
};

/** NSUs are 15 digits on the wire; kept as bigint in the database. */
export const nsu15 = (n: bigint): string => n.toString().padStart(15, '0');

export interface PedidoDistribuicao {
  ambiente: AmbienteSefaz;
  uf: string;
  cnpj: string;
  ultNsu: bigint;
}

/** The whole SOAP 1.2 request (UTF-8 text). The values were validated when the configuration was saved. */
export function montarEnvelope(p: PedidoDistribuicao): string {
  const cUF = CODIGO_UF_IBGE[p.uf];
  if (!cUF) throw new Error(`UF desconhecida na configuração da SEFAZ: "${p.uf}".`);
  if (!/^\d{14}$/.test(p.cnpj)) throw new Error('O CNPJ da configuração da SEFAZ não tem 14 dígitos.');
  const dist =
    `<distDFeInt xmlns="${NS_CTE}" versao="1.00">` +
    `<tpAmb>${p.ambiente === 'PRODUCAO' ? '1' : '2'}</tpAmb>` +
    `<cUFAutor>${cUF}</cUFAutor>` +
    `<CNPJ>${p.cnpj}</CNPJ>` +
    `<distNSU><ultNSU>${nsu15(p.ultNsu)}</ultNSU></distNSU>` +
    `</distDFeInt>`;
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<soap12:Envelope xmlns:soap12="${NS_SOAP12}">` +
    `<soap12:Body><cteDistDFeInteresse xmlns="${NS_WSDL}"><cteDadosMsg>${dist}</cteDadosMsg></cteDistDFeInteresse></soap12:Body>` +
    `</soap12:Envelope>`
  );
}
