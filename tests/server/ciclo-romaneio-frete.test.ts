import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensagemTransicaoRomaneio, romaneioFreteMachine, type EstadoRomaneio, type EventoRomaneioFrete } from '../../machines/romaneio-frete';
import { MSG_FRETE_PARA_FINALIZAR, type RomaneioFrete } from '../../src/contracts/romaneios';
import type { RomaneioSalvo } from '../../src/contracts/romaneios-salvar';
import { pathTitle } from '../machines/model-harness';
import { andarPelaApi, caminhosQueCobremTudo, transicoesDoModelo, type CicloApi } from './ciclo-pela-api';
import { json, type Harness } from './harness';
import { corpoDe, corpoRomaneio, prepararRomaneios, type RefsRomaneio } from './romaneios-frete-dados';
import { ESTADOS_ROMANEIO, EVENTOS_ROMANEIO_FRETE } from '../machines/modelos-romaneio';

// The freight-cost manifest lifecycle (machines/romaneio-frete.ts) through POST /romaneios, the dialog's one
// call: the status it sends says the event. Coverage: the fewest simple paths that take every transition of
// the model; at the first visit of each state, every event it refuses (409, the machine's message).

let h: Harness;
let token: string;
let r: RefsRomaneio;
beforeAll(async () => {
  ({ h, token, r } = await prepararRomaneios());
});
afterAll(() => h?.close());

const ESTADOS = ESTADOS_ROMANEIO;
const EVENTOS = EVENTOS_ROMANEIO_FRETE;

/** The status the dialog sends for an event (SALVAR keeps the one read). */
const STATUS_DO_EVENTO = { FATURAR: 'FATURAMENTO', FINALIZAR: 'FINALIZADO', CANCELAR: 'CANCELADO' } as const;

/** The dialog's manifest: none before the first save. */
type Registro = { m: RomaneioFrete | null };

const ciclo: CicloApi<EstadoRomaneio, EventoRomaneioFrete, Registro> = {
  maquina: romaneioFreteMachine,
  eventos: EVENTOS,
  criar: async () => ({ m: null }),
  async enviar(registro, evento) {
    const extra = {
      ...(evento.type === 'SALVAR' ? {} : { status: STATUS_DO_EVENTO[evento.type] }),
      ...(evento.type === 'FINALIZAR' ? { valorFrete: evento.completo ? '1234.56' : null } : {}),
    };
    const corpo = registro.m ? corpoDe(registro.m, extra) : corpoRomaneio(r, extra);
    const resposta = await h.request('POST', '/api/romaneios', { token, body: corpo });
    if (resposta.status < 300) registro.m = (await json<RomaneioSalvo<RomaneioFrete>>(resposta.clone())).romaneio;
    return resposta;
  },
  async status(registro) {
    if (!registro.m) return 'NOVO';
    return (await json<RomaneioFrete>(await h.request('GET', `/api/romaneios/${registro.m.id}`, { token }))).status;
  },
  // Sending the status the manifest already has is a plain save (FATURAR in FATURAMENTO, CANCELAR in CANCELADO).
  comoServidorLe: (estado, evento) => (evento.type !== 'SALVAR' && STATUS_DO_EVENTO[evento.type] === estado ? { type: 'SALVAR' } : evento),
  recusa: (estado, evento, registro) =>
    evento.type === 'FINALIZAR' && !evento.completo && estado === 'FATURAMENTO'
      ? [MSG_FRETE_PARA_FINALIZAR]
      : [mensagemTransicaoRomaneio(estado, evento.type, registro.m?.numero)],
};

const caminhos = caminhosQueCobremTudo(romaneioFreteMachine, EVENTOS);
const pela = andarPelaApi(ciclo);

describe('freight-cost manifest lifecycle through POST /romaneios', () => {
  it.each(caminhos.map((c) => [pathTitle(c as never), c] as const))('path %s', async (_t, caminho) => {
    await pela.andar(caminho);
  });

  it('took every transition of the model and asked every refused event in every state', () => {
    expect([...pela.tomadas].sort()).toEqual(transicoesDoModelo(romaneioFreteMachine, ESTADOS, EVENTOS).sort());
    expect([...pela.recusasFeitas].sort()).toEqual([...ESTADOS].sort());
  });
});
