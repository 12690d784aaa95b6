import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { instanteXml } from '../../src/domain/cte/instante-xml';
import { avisoCancelamentoNaoHomologado, avisoCancelamentoSemRetorno } from '../../src/server/ingest/cancelamento-embutido';
import { lerCteXml } from '../../src/server/ingest/cte-xml';

// docs/decisoes.md §12: the reader finds the cancellation a cteProc carries after its protocol (server side, with the
// database and the faturas: tests/server/cte-cancelamento-embutido.test.ts).

const CHAVE = '41181028796029000140570260000000081486169211';
const OUTRA = '41181028796029000140570260000000091486169211';
const amostra = readFileSync(join(__dirname, '../fixtures/cte/cteProc-3.00-homologacao-sped-da.xml'), 'utf8');
const com = (dentro: string) => amostra.replace('</cteProc>', `${dentro}</cteProc>`);
const pedido = (ch = CHAVE, tp = '110111') =>
  `<eventoCTe versao="4.00"><infEvento Id="ID${tp}${ch}01"><cOrgao>41</cOrgao><tpAmb>2</tpAmb><CNPJ>28796029000140</CNPJ><chCTe>${ch}</chCTe><dhEvento>2024-05-02T10:15:00-03:00</dhEvento><tpEvento>${tp}</tpEvento><nSeqEvento>1</nSeqEvento><detEvento versaoEvento="4.00"><evCancCTe><descEvento>Cancelamento</descEvento><nProt>141180000090673</nProt><xJust>Carga nao embarcada</xJust></evCancCTe></detEvento></infEvento></eventoCTe>`;
const retorno = (ch = CHAVE, cStat = '135', tp: string | null = '110111') =>
  `<retEventoCTe versao="4.00"><infEvento><tpAmb>2</tpAmb><verAplic>SP</verAplic><cOrgao>41</cOrgao><cStat>${cStat}</cStat><xMotivo>Motivo ${cStat}</xMotivo><chCTe>${ch}</chCTe>${tp ? `<tpEvento>${tp}</tpEvento>` : ''}<nSeqEvento>1</nSeqEvento><dhRegEvento>2024-05-02T10:15:09-03:00</dhRegEvento><nProt>141240000000001</nProt></infEvento></retEventoCTe>`;

const leitura = (xml: string) => {
  const r = lerCteXml(xml);
  if (r.tipo !== 'CTE') throw new Error(`esperado um CT-e: ${JSON.stringify(r)}`);
  return r;
};

describe('the cancellation a cteProc carries', () => {
  it('a procEventoCTe 110111 homologated: cancelled, with the date and reason of the event; nothing else in the document changes', () => {
    const r = leitura(com(`<procEventoCTe versao="4.00">${pedido()}${retorno()}</procEventoCTe>`));
    expect(r.cte.cancelado).toBe(true);
    expect(r.cancelamento).toEqual({ chave: CHAVE, dataCancelamento: '2024-05-02T10:15:00-03:00', motivoCancelamento: 'Carga nao embarcada' });
    expect(r.avisos).toBeUndefined();
    expect({ ...r.cte, cancelado: false }).toEqual(leitura(amostra).cte);
  });

  it('a loose eventoCTe beside its retEventoCTe, and a retEventoCTe whose tpEvento only the request says', () => {
    expect(leitura(com(pedido() + retorno())).cancelamento).toMatchObject({ motivoCancelamento: 'Carga nao embarcada' });
    expect(leitura(com(pedido() + retorno(CHAVE, '135', null))).cte.cancelado).toBe(true);
    // A retEventoCTe alone without tpEvento cannot be told a cancellation: nothing changes.
    expect(leitura(com(retorno(CHAVE, '135', null)))).toEqual({ tipo: 'CTE', cte: leitura(amostra).cte });
  });

  it('several events: the CC-e changes nothing, a refused cancellation is no news when another one is homologated', () => {
    const cce = `<procEventoCTe versao="4.00">${pedido(CHAVE, '110110')}${retorno(CHAVE, '135', '110110')}</procEventoCTe>`;
    expect(leitura(com(cce)).cte.cancelado).toBe(false);
    const recusado = `<procEventoCTe versao="4.00">${pedido()}${retorno(CHAVE, '580')}</procEventoCTe>`;
    const aceito = `<procEventoCTe versao="4.00">${pedido()}${retorno(CHAVE, '135')}</procEventoCTe>`;
    const r = leitura(com(cce + recusado + aceito));
    expect([r.cte.cancelado, r.avisos]).toEqual([true, undefined]);
    expect(leitura(com(cce + recusado)).avisos).toEqual([avisoCancelamentoNaoHomologado('580', 'Motivo 580', CHAVE)]);
  });

  it("another key's cancellation or one without its return does not cancel, and is told", () => {
    const r = leitura(com(`<procEventoCTe versao="4.00">${pedido(OUTRA)}${retorno(OUTRA)}</procEventoCTe>${pedido()}`));
    expect(r.cte.cancelado).toBe(false);
    expect(r.avisos).toEqual([expect.stringContaining(`outro CT-e (chave ${OUTRA})`), avisoCancelamentoSemRetorno(CHAVE)]);
    // A request and a return that disagree on the key: the request's other key is told.
    expect(leitura(com(`<procEventoCTe versao="4.00">${pedido(OUTRA)}${retorno(CHAVE)}</procEventoCTe>`)).cte.cancelado).toBe(false);
  });

  it('the stand-alone event keeps its date only when it is one; a CT-e with an issue date that is none is refused', () => {
    const evento = (dh: string) => `<procEventoCTe versao="4.00">${pedido().replace('2024-05-02T10:15:00-03:00', dh)}${retorno()}</procEventoCTe>`;
    expect(lerCteXml(evento('2024-05-02T10:15:00-03:00'))).toMatchObject({ tipo: 'CANCELAMENTO', cancelamento: { dataCancelamento: '2024-05-02T10:15:00-03:00' } });
    expect(lerCteXml(evento('ontem'))).toMatchObject({ tipo: 'CANCELAMENTO', cancelamento: { dataCancelamento: null } });
    expect(lerCteXml(amostra.replace('2018-10-31T17:47:16-03:00', 'ontem à tarde'))).toEqual({
      tipo: 'ERRO',
      motivo: 'Valor inválido em ide/dhEmi: "ontem à tarde" (esperado data e hora, como 2024-05-02T10:15:00-03:00).',
    });
  });
});

describe('instanteXml: date-times of the SEFAZ XMLs', () => {
  it('keeps the offset written; without one (old layout) São Paulo time of the day, daylight saving time included', () => {
    expect(instanteXml('2024-05-02T10:15:00-03:00')).toBe('2024-05-02T10:15:00-03:00');
    expect(instanteXml('2018-11-02T09:30:00')).toBe('2018-11-02T09:30:00-03:00');
    expect(instanteXml('2012-12-10T09:30:00')).toBe('2012-12-10T09:30:00-02:00');
  });

  it('null for what is no date-time: text, a day the calendar lacks, an hour 25', () => {
    for (const t of [null, '', 'ontem', '2018-02-30T10:00:00-03:00', '2018-11-02T25:00:00', '2018-11-02', '0000-01-01T00:00:00Z']) expect(instanteXml(t)).toBeNull();
  });
});
