import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestacaoMachine, mensagemTransicaoContestacao, type EventoContestacao } from '../../machines/contestacao';
import type { Contestacao, StatusContestacao } from '../../src/contracts/contestacoes';
import { pathTitle } from '../machines/model-harness';
import { ESTADOS_CONTESTACAO, EVENTOS_CONTESTACAO } from '../machines/modelos-pagamento';
import { andarPelaApi, caminhosQueCobremTudo, transicoesDoModelo, type CicloApi } from './ciclo-pela-api';
import { abrir, ctesAuditados, prepararContestacoes, type RefsContestacao } from './contestacoes-dados';
import { json } from './harness';

// The dispute lifecycle (machines/contestacao.ts) through POST /contestacoes/{id}/enviar, /responder and
// /encerrar. Each path opens a new dispute of a fresh audited CT-e; at the first visit of each state every event
// the machine refuses answers 409 with its message and changes nothing.

let refs: RefsContestacao;
beforeAll(async () => {
  refs = await prepararContestacoes();
});
afterAll(() => refs?.h.close());

const ACAO = { ENVIAR: 'enviar', RESPONDER: 'responder', ENCERRAR: 'encerrar' } as const;

const ler = async (id: number) => json<Contestacao>(await refs.h.request('GET', `/api/contestacoes/${id}`, { token: refs.token }));

const ciclo: CicloApi<StatusContestacao, EventoContestacao, Contestacao> = {
  maquina: contestacaoMachine,
  eventos: EVENTOS_CONTESTACAO,
  criar: async () => {
    const [c] = await ctesAuditados(refs.db, 1);
    return abrir(refs, { ctes: [c.id] });
  },
  async enviar(registro, evento) {
    const { versao } = await ler(registro.id);
    const corpo =
      evento.type === 'RESPONDER'
        ? { versao, resultado: evento.resultado, ...(evento.resultado === 'PARCIAL' ? { valorAceito: '1.00' } : {}), documentoCredito: 'NC-1' }
        : { versao };
    return refs.h.request('POST', `/api/contestacoes/${registro.id}/${ACAO[evento.type]}`, { token: refs.token, body: corpo });
  },
  status: async (registro) => (await ler(registro.id)).status,
  recusa: (estado, evento, registro) => [mensagemTransicaoContestacao(estado, evento.type, registro.numero)],
};

const caminhos = caminhosQueCobremTudo(contestacaoMachine, EVENTOS_CONTESTACAO);
const pela = andarPelaApi(ciclo);

describe('dispute lifecycle through /contestacoes/{id}/…', () => {
  it.each(caminhos.map((c) => [pathTitle(c as never), c] as const))('path %s', async (_t, caminho) => {
    await pela.andar(caminho);
  });

  it('took every transition of the model and asked every refused event in every state', () => {
    expect([...pela.tomadas].sort()).toEqual(transicoesDoModelo(contestacaoMachine, ESTADOS_CONTESTACAO, EVENTOS_CONTESTACAO).sort());
    expect([...pela.recusasFeitas].sort()).toEqual([...ESTADOS_CONTESTACAO].sort());
  });
});
