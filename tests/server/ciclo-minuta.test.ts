import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensagemTransicaoMinuta, minutaMachine, type EventoMinuta } from '../../machines/minuta-confirmation';
import { mensagemMinutaIncompleta, type Minuta, type StatusMinuta } from '../../src/contracts/minutas';
import { pathTitle } from '../machines/model-harness';
import { andarPelaApi, caminhosQueCobremTudo, transicoesDoModelo, type CicloApi } from './ciclo-pela-api';
import { createHarness, json, type Harness } from './harness';
import { corpoMinuta, referencias, type Referencias } from './minutas-dados';

// The minuta lifecycle (machines/minuta-confirmation.ts) through the calls of the Minutas screen: EDITAR is
// the modal's POST /minutas, EXCLUIR its DELETE /minutas, CONFIRMAR "Confirmar Selecionados" (POST
// /minutas/confirmar), CONVERTER "Converter CT-es" (GET /public/minutas/ctes, a batch over every confirmed
// minuta: a minuta it does not take is skipped, not refused). Coverage: the fewest simple paths that take every
// transition, the self-loops at the first visit of their state, and every refused event in every state.

let h: Harness;
let token: string;
let r: Referencias;
beforeAll(async () => {
  h = await createHarness();
  token = await h.adminToken();
  r = await referencias(h.bancos.COLACRIL.db);
});
afterAll(() => h?.close());

const ESTADOS: StatusMinuta[] = ['PENDENTE', 'PREENCHIDO', 'PROCESSADO'];
const EVENTOS: EventoMinuta[] = [
  { type: 'EDITAR' },
  { type: 'EXCLUIR' },
  { type: 'CONFIRMAR', completa: true },
  { type: 'CONFIRMAR', completa: false },
  { type: 'CONVERTER' },
];

const ler = async (id: number) => json<Minuta>(await h.request('GET', `/api/minutas/${id}`, { token }));
const salvar = (id: number | null, m: Partial<Parameters<typeof corpoMinuta>[1]> & { versao?: number } = {}) =>
  h.request('POST', '/api/minutas', { token, body: { ...corpoMinuta(r, { ...(id ? { id } : {}), ...m }) } });
async function criar(): Promise<{ id: number; numero: string }> {
  const resposta = await salvar(null);
  expect(resposta.status, await resposta.clone().text()).toBeLessThan(300);
  const m = await json<Minuta>(resposta);
  return { id: m.id!, numero: m.numero! };
}

/** The minuta the screen acts on; a deleted one is replaced by a new PENDENTE minuta (nothing is left to walk). */
type Registro = { id: number; numero: string };

const ciclo: CicloApi<StatusMinuta, EventoMinuta, Registro> = {
  maquina: minutaMachine,
  eventos: EVENTOS,
  criar,
  async enviar(registro, evento) {
    const { versao } = await ler(registro.id);
    switch (evento.type) {
      case 'EDITAR':
        return salvar(registro.id, { numero: registro.numero, versao, observacao: `editada v${versao}` } as never);
      case 'EXCLUIR': {
        const resposta = await h.request('DELETE', '/api/minutas', { token, body: { id: registro.id, versao } });
        if (resposta.status < 300) {
          expect((await h.request('GET', `/api/minutas/${registro.id}`, { token })).status).toBe(404);
          Object.assign(registro, await criar());
        }
        return resposta;
      }
      case 'CONFIRMAR': {
        if (evento.completa) return h.request('POST', '/api/minutas/confirmar', { token, body: { ids: [registro.id] } });
        // An incomplete minuta: saved without its client, confirmed, then completed again.
        const sem = await salvar(registro.id, { numero: registro.numero, versao, cliente: null });
        expect(sem.status, await sem.clone().text()).toBeLessThan(300);
        const resposta = await h.request('POST', '/api/minutas/confirmar', { token, body: { ids: [registro.id] } });
        const depois = await salvar(registro.id, { numero: registro.numero, versao: (await ler(registro.id)).versao });
        expect(depois.status, await depois.clone().text()).toBeLessThan(300);
        return resposta;
      }
      case 'CONVERTER':
        return h.request('GET', '/api/public/minutas/ctes', { token });
    }
  },
  status: async (registro) => (await ler(registro.id)).status,
  // Only a PENDENTE minuta can be made incomplete (saving); elsewhere the status is what refuses the confirmation.
  comoServidorLe: (estado, evento) => (evento.type === 'CONFIRMAR' && estado !== 'PENDENTE' ? { type: 'CONFIRMAR', completa: true } : evento),
  recusa(estado, evento, registro) {
    if (evento.type === 'CONVERTER') return null;
    if (evento.type === 'CONFIRMAR' && !evento.completa && estado === 'PENDENTE') return [mensagemMinutaIncompleta(registro.numero, ['cliente'])];
    return [mensagemTransicaoMinuta(estado, evento.type, registro.numero)];
  },
};

const caminhos = caminhosQueCobremTudo(minutaMachine, EVENTOS);
const pela = andarPelaApi(ciclo);

describe('minuta lifecycle through the Minutas screen calls', () => {
  it.each(caminhos.map((c) => [pathTitle(c as never), c] as const))('path %s', async (_t, caminho) => {
    await pela.andar(caminho);
  });

  it('took every transition of the model and asked every refused event in every state', () => {
    expect([...pela.tomadas].sort()).toEqual(transicoesDoModelo(minutaMachine, ESTADOS, EVENTOS).sort());
    expect([...pela.recusasFeitas].sort()).toEqual([...ESTADOS].sort());
  });
});
