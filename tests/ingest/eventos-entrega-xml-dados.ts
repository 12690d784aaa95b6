// CT-e 4.00 delivery event files for the tests (schemas evCECTe, evIECTe, evCancCECTe, evCancIECTe 4.00, wrapped in
// procEventoCTe with the SEFAZ's retEventoCTe). Not signed: the reader does not check signatures.

export interface EventoTeste {
  chave: string;
  tipo: '110180' | '110181' | '110190' | '110191';
  /** The event's protocol in the return (none: a bare eventoCTe with no retEventoCTe). */
  protocolo?: string | null;
  /** For a cancellation: the protocol of the event it cancels. */
  cancela?: string;
  seq?: number;
  cStat?: string;
  dhEvento?: string;
  /** 110180: dhEntrega; 110190: dhTentativaEntrega. */
  quando?: string;
  nome?: string;
  documento?: string;
  notas?: string[];
  tentativa?: number;
  motivo?: string;
  justificativa?: string;
}

function detalhe(e: EventoTeste): string {
  const nProt = '<nProt>141170000000001</nProt>';
  switch (e.tipo) {
    case '110180':
      return `<evCECTe><descEvento>Comprovante de Entrega do CT-e</descEvento>${nProt}<dhEntrega>${e.quando ?? '2026-03-10T14:30:00-03:00'}</dhEntrega><nDoc>${e.documento ?? '12345678909'}</nDoc><xNome>${e.nome ?? 'MARIA DA SILVA'}</xNome><latitude>-23.5505</latitude><longitude>-46.6333</longitude><hashEntrega>aGFzaGRhZW50cmVnYQ==</hashEntrega><dhHashEntrega>2026-03-10T14:31:00-03:00</dhHashEntrega>${(e.notas ?? []).map((n) => `<infEntrega><chNFe>${n}</chNFe></infEntrega>`).join('')}</evCECTe>`;
    case '110190':
      return `<evIECTe><descEvento>Insucesso na Entrega do CT-e</descEvento>${nProt}<dhTentativaEntrega>${e.quando ?? '2026-03-09T10:00:00-03:00'}</dhTentativaEntrega><nTentativa>${e.tentativa ?? 1}</nTentativa><tpMotivo>${e.motivo ?? '1'}</tpMotivo>${e.justificativa ? `<xJustMotivo>${e.justificativa}</xJustMotivo>` : ''}<latitude>-23.5505</latitude><longitude>-46.6333</longitude><hashTentativaEntrega>aGFzaA==</hashTentativaEntrega><dhHashTentativaEntrega>2026-03-09T10:01:00-03:00</dhHashTentativaEntrega></evIECTe>`;
    case '110181':
      return `<evCancCECTe><descEvento>Cancelamento do Comprovante de Entrega do CT-e</descEvento>${nProt}<nProtCE>${e.cancela}</nProtCE></evCancCECTe>`;
    case '110191':
      return `<evCancIECTe><descEvento>Cancelamento do Insucesso de Entrega do CT-e</descEvento>${nProt}<nProtIE>${e.cancela}</nProtIE></evCancIECTe>`;
  }
}

/** The event file (procEventoCTe, or a bare eventoCTe when `protocolo` is null). */
export function xmlEventoEntrega(e: EventoTeste): string {
  const seq = e.seq ?? 1;
  const dhEvento = e.dhEvento ?? '2026-03-10T15:00:00-03:00';
  const evento = `<eventoCTe versao="4.00"><infEvento Id="ID${e.tipo}${e.chave}${String(seq).padStart(3, '0')}"><cOrgao>41</cOrgao><tpAmb>2</tpAmb><CNPJ>99999999999999</CNPJ><chCTe>${e.chave}</chCTe><dhEvento>${dhEvento}</dhEvento><tpEvento>${e.tipo}</tpEvento><nSeqEvento>${seq}</nSeqEvento><detEvento versaoEvento="4.00">${detalhe(e)}</detEvento></infEvento></eventoCTe>`;
  if (e.protocolo === null) return `<?xml version="1.0" encoding="UTF-8"?>${evento.replace('<eventoCTe versao="4.00">', '<eventoCTe versao="4.00" xmlns="http://www.portalfiscal.inf.br/cte">')}`;
  const retorno = `<retEventoCTe versao="4.00"><infEvento><tpAmb>2</tpAmb><verAplic>RS20260301</verAplic><cOrgao>41</cOrgao><cStat>${e.cStat ?? '135'}</cStat><xMotivo>Evento registrado e vinculado ao CT-e</xMotivo><chCTe>${e.chave}</chCTe><tpEvento>${e.tipo}</tpEvento><nSeqEvento>${seq}</nSeqEvento><dhRegEvento>${dhEvento}</dhRegEvento><nProt>${e.protocolo ?? '141260000000100'}</nProt></infEvento></retEventoCTe>`;
  return `<?xml version="1.0" encoding="UTF-8"?><procEventoCTe versao="4.00" xmlns="http://www.portalfiscal.inf.br/cte">${evento}${retorno}</procEventoCTe>`;
}
