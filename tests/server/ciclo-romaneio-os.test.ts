import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensagemTransicaoRomaneio, type EstadoRomaneio } from '../../machines/romaneio-frete';
import { romaneioOsMachine, type EventoRomaneioOs } from '../../machines/romaneio-os';
import { MSG_DESTINO_NAO_INFORMADO, mensagemNotaNaoInformadaOs, type RomaneioOs } from '../../src/contracts/romaneios';
import type { RomaneioOsSalvarEntrada, RomaneioSalvo } from '../../src/contracts/romaneios-salvar';
import { pathTitle } from '../machines/model-harness';
import { andarPelaApi, caminhosQueCobremTudo, transicoesDoModelo, type CicloApi } from './ciclo-pela-api';
import { createHarness, json, type Harness } from './harness';
import { corpoOs, itemOs, refsOs, type RefsOs } from './romaneios-os-dados';
import { ESTADOS_ROMANEIO, EVENTOS_ROMANEIO_OS } from '../machines/modelos-romaneio';

// The service-order manifest lifecycle (machines/romaneio-os.ts) through POST /romaneios-colacril, the
// dialog's one call: the status it sends says the event, the destination and the items' invoices its guards.
// A failed guard is bad data (400, src/server/romaneios-os/ciclo-romaneio-os.ts), an illegal event 409.
// Coverage: the fewest simple paths that take every transition, the self-loops at the first visit of their
// state, and every refused event in every state.

let h: Harness;
let token: string;
let r: RefsOs;
beforeAll(async () => {
  h = await createHarness();
  token = await h.tokenCom(['FRETE_ROMA_M', 'FRETE_ROMA_C', 'FRETE_ROMA_E'], 'REPRESENTANTE');
  r = await refsOs(h.bancos.COLACRIL.db);
});
afterAll(() => h?.close());

const ESTADOS = ESTADOS_ROMANEIO;
const EVENTOS = EVENTOS_ROMANEIO_OS;
const STATUS_DO_EVENTO = { FATURAR: 'FATURAMENTO', FINALIZAR: 'FINALIZADO', CANCELAR: 'CANCELADO' } as const;
/** The item's O.S., which names it when its invoice is missing. */
const OS = '50001';

/** The dialog's manifest: none before the first save. */
type Registro = { m: RomaneioOs | null };

/** The body the dialog sends for `evento`: the manifest as read (or a new one), with the event's status and guard data. */
function corpo(registro: Registro, evento: EventoRomaneioOs): unknown {
  const lidos = (registro.m?.itens ?? [itemOs(r, { ordensServico: [OS] })]) as Array<Record<string, unknown> & { cliente: { id: number } | null; redespacho: { id: number } | null }>;
  const itens = lidos.map((it) => ({
    ...it,
    cliente: it.cliente && { id: it.cliente.id },
    redespacho: it.redespacho && { id: it.redespacho.id },
    ...(evento.type === 'FINALIZAR' ? { notaFiscalId: evento.itensComNota ? '300777' : null } : {}),
  })) as RomaneioOsSalvarEntrada['itens'];
  const base = corpoOs(r, { itens });
  return {
    ...base,
    ...(registro.m ? { id: registro.m.id!, versao: registro.m.versao, status: registro.m.status } : {}),
    ...(evento.type === 'SALVAR' ? {} : { status: STATUS_DO_EVENTO[evento.type] }),
    ...(evento.type === 'FATURAR' && !evento.temDestino ? { destino: null } : {}),
  };
}

const ciclo: CicloApi<EstadoRomaneio, EventoRomaneioOs, Registro> = {
  maquina: romaneioOsMachine,
  eventos: EVENTOS,
  criar: async () => ({ m: null }),
  async enviar(registro, evento) {
    const resposta = await h.request('POST', '/api/romaneios-colacril', { token, body: corpo(registro, evento) });
    if (resposta.status < 300) registro.m = (await json<RomaneioSalvo<RomaneioOs>>(resposta.clone())).romaneio;
    return resposta;
  },
  async status(registro) {
    if (!registro.m) return 'NOVO';
    return (await json<RomaneioOs>(await h.request('GET', `/api/romaneios-colacril/${registro.m.id}`, { token }))).status;
  },
  // Sending the status the manifest already has is a plain save; where the event itself is illegal, the
  // server asks the machine with its guard met (the 409 comes before the data).
  comoServidorLe(estado, evento) {
    if (evento.type !== 'SALVAR' && STATUS_DO_EVENTO[evento.type] === estado) return { type: 'SALVAR' };
    return evento;
  },
  recusa(estado, evento, registro) {
    // The contract requires the destination on every save (romaneioOsSalvarSchema): without one the body is
    // refused (400) before the status is asked, in every state.
    if (evento.type === 'FATURAR' && !evento.temDestino) return { codigo: 400, mensagens: [MSG_DESTINO_NAO_INFORMADO] };
    const comGuarda: EventoRomaneioOs =
      evento.type === 'FATURAR' ? { type: 'FATURAR', temDestino: true } : evento.type === 'FINALIZAR' ? { type: 'FINALIZAR', itensComNota: true } : evento;
    if (romaneioOsMachine.resolveState({ value: estado }).can(comGuarda))
      return { codigo: 400, mensagens: [mensagemNotaNaoInformadaOs(OS)] };
    return [mensagemTransicaoRomaneio(estado, evento.type, registro.m?.numero)];
  },
};

const caminhos = caminhosQueCobremTudo(romaneioOsMachine, EVENTOS);
const pela = andarPelaApi(ciclo);

describe('service-order manifest lifecycle through POST /romaneios-colacril', () => {
  it.each(caminhos.map((c) => [pathTitle(c as never), c] as const))('path %s', async (_t, caminho) => {
    await pela.andar(caminho);
  });

  it('took every transition of the model and asked every refused event in every state', () => {
    expect([...pela.tomadas].sort()).toEqual(transicoesDoModelo(romaneioOsMachine, ESTADOS, EVENTOS).sort());
    expect([...pela.recusasFeitas].sort()).toEqual([...ESTADOS].sort());
  });
});
