import { describe, expect, it } from 'vitest';
import { lerCteXml } from '../../src/server/ingest/cte-xml';
import { observacaoCancelamentoEntrega, type EventoEntregaLido } from '../../src/server/ingest/evento-entrega-xml';
import { xmlEventoEntrega, type EventoTeste } from './eventos-entrega-xml-dados';

// Issue 31: the CT-e 4.00 delivery events as the XML reader gives them.

const CHAVE = '41171099999999999999570020000024631000000108';
const NFE = '41171006539526000392550010000012341000012345';

const evento = (e: Omit<EventoTeste, 'chave'>): EventoEntregaLido => {
  const r = lerCteXml(xmlEventoEntrega({ chave: CHAVE, ...e }));
  if (r.tipo !== 'EVENTO_ENTREGA') throw new Error(JSON.stringify(r));
  return r.evento;
};
const motivo = (xml: string) => {
  const r = lerCteXml(xml);
  if (r.tipo !== 'ERRO') throw new Error(`esperado um erro: ${r.tipo}`);
  return r.motivo;
};

describe('CT-e delivery events (tpEvento 110180, 110181, 110190, 110191)', () => {
  it('110180 Comprovante de Entrega: delivered when, to whom, which NF-e; the protocol is the return\'s', () => {
    expect(evento({ tipo: '110180', protocolo: '141260000000100', nome: 'JOSÉ DA SILVA', documento: '12345678909', notas: [NFE] })).toEqual({
      tipoEvento: '110180',
      chave: CHAVE,
      sequencia: '1',
      dataHora: '2026-03-10T14:30:00-03:00',
      transportadoraCnpj: '99999999999999',
      protocolo: '141260000000100',
      protocoloCancelado: null,
      observacao: `Recebido por JOSÉ DA SILVA, documento 12345678909. NF-e entregue(s): ${NFE}.`,
    });
  });

  it('110190 Insucesso na Entrega: the attempt, its motive (tpMotivo) and justification; a double-encoded text repaired', () => {
    const e = evento({ tipo: '110190', protocolo: '141260000000200', tentativa: 2, motivo: '4', justificativa: 'Portaria fechada, decisÃ£o do sÃ­ndico' });
    expect(e).toMatchObject({ tipoEvento: '110190', dataHora: '2026-03-09T10:00:00-03:00', protocolo: '141260000000200' });
    expect(e.observacao).toBe('Tentativa 2 — Outros: Portaria fechada, decisão do síndico.');
    expect(evento({ tipo: '110190', motivo: '2' }).observacao).toBe('Tentativa 1 — Recusa do recebedor.');
  });

  it('the cancellations name the protocol of the event they cancel (nProtCE, nProtIE); their date is dhEvento', () => {
    expect(evento({ tipo: '110181', protocolo: '141260000000300', cancela: '141260000000100', seq: 1 })).toMatchObject({
      tipoEvento: '110181',
      protocolo: '141260000000300',
      protocoloCancelado: '141260000000100',
      dataHora: '2026-03-10T15:00:00-03:00',
      observacao: observacaoCancelamentoEntrega('110181', '141260000000100'),
    });
    expect(evento({ tipo: '110191', cancela: '141260000000200' })).toMatchObject({ protocoloCancelado: '141260000000200', observacao: 'Cancela o insucesso na entrega de protocolo 141260000000200.' });
  });

  it('a bare eventoCTe (no SEFAZ return) is read without protocol', () => {
    expect(evento({ tipo: '110180', protocolo: null })).toMatchObject({ tipoEvento: '110180', protocolo: null });
  });

  it('refusals: not homologated by the SEFAZ, no detail group, a cancellation without the protocol, a bad key', () => {
    expect(motivo(xmlEventoEntrega({ chave: CHAVE, tipo: '110180', cStat: '631' }))).toBe(
      'O evento 110180 (Comprovante de Entrega do CT-e) não foi homologado pela SEFAZ (cStat 631: Evento registrado e vinculado ao CT-e).',
    );
    expect(motivo(xmlEventoEntrega({ chave: CHAVE, tipo: '110180' }).replace(/<evCECTe>.*<\/evCECTe>/, ''))).toBe('O evento 110180 não tem o grupo detEvento/evCECTe.');
    expect(motivo(xmlEventoEntrega({ chave: CHAVE, tipo: '110181', cancela: '' }))).toBe('O cancelamento 110181 não informa o protocolo do evento que cancela (nProtCE).');
    expect(motivo(xmlEventoEntrega({ chave: '123', tipo: '110180' }))).toBe('Chave de acesso inválida no evento: "123".');
  });

  it('an event of another type is still refused, as before', () => {
    const cce = xmlEventoEntrega({ chave: CHAVE, tipo: '110180' }).replaceAll('110180', '110110');
    expect(motivo(cce)).toMatch(/^Evento de CT-e não tratado: tipo 110110 /);
  });
});
