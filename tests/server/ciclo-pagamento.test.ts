import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faturaPagamentoMachine, mensagemTransicaoPagamento, type EventoPagamento } from '../../machines/fatura-pagamento';
import { MSG_FATURA_JA_CANCELADA, type FaturaCompleta } from '../../src/contracts/faturas';
import {
  MSG_BLOQUEIOS_ALEM_CONTESTACAO,
  MSG_NADA_A_EXPORTAR,
  MSG_REGRAS_SALVAS,
  REGRAS_BLOQUEIO,
  type RegraBloqueio,
  type SituacaoPagamento,
} from '../../src/contracts/pagamentos';
import { pathTitle } from '../machines/model-harness';
import { ESTADOS_PAGAMENTO, EVENTOS_PAGAMENTO } from '../machines/modelos-pagamento';
import {
  aplicarRegras,
  contestarLinhas,
  encerrarDisputa,
  lerFaturaCiclo,
  prepararCicloPagamento,
  type FaturaCiclo,
  type RefsCicloPagamento,
} from './ciclo-pagamento-dados';
import { andarPelaApi, caminhosQueCobremTudo, transicoesDoModelo, type Caminho, type CicloApi, type Recusa } from './ciclo-pela-api';
import { json } from './harness';

// The payment situation of a fatura (machines/fatura-pagamento.ts) through the real API. Each path reads a new
// fatura (two lines billing unaudited CT-es above their charged value). CONFERIR{resultado} is the server's
// recompute, driven by saving the release rules (POST /regras-pagamento reconfers every fatura not exported):
// only CTE_NAO_AUDITADO on → EM_CONFERENCIA; every rule on → BLOQUEADA (DIVERGENCIA_ABERTA, CTE_NAO_AUDITADO);
// every rule off → LIBERADA. LIBERAR_INCONTROVERSO: POST /pagamentos/liberar-incontroverso, after disputing both
// lines (POST /contestacoes) for soContestacoes; EXPORTAR: POST /pagamentos/exportar filtered to the fatura's carrier
// and its own due date; PAGAR: POST /pagamentos/pagar; CANCELAR: POST /faturas/cancelar. At the first visit of each
// state, every event the machine refuses answers 409 with its message and the situation stays.

const caminhos = caminhosQueCobremTudo(faturaPagamentoMachine, EVENTOS_PAGAMENTO);
let refs: RefsCicloPagamento;
beforeAll(async () => {
  // Two CT-es for each covering path and for the extra one below.
  refs = await prepararCicloPagamento(2 * (caminhos.length + 1));
});
afterAll(() => refs?.h.close());

/** The rules switched on for each outcome of the recompute. */
const REGRAS_DO_RESULTADO: Record<'EM_CONFERENCIA' | 'BLOQUEADA' | 'LIBERADA', readonly RegraBloqueio[]> = {
  EM_CONFERENCIA: ['CTE_NAO_AUDITADO'],
  BLOQUEADA: REGRAS_BLOQUEIO,
  LIBERADA: [],
};

const ler = async (f: FaturaCiclo) => json<FaturaCompleta>(await refs.h.request('GET', `/api/faturas/${f.id}`, { token: refs.admin }));

const comVersao = async (f: FaturaCiclo) => ({ faturas: [{ id: f.id, versao: (await ler(f)).versao }] });

/**
 * CONFERIR: the rules saved. A fatura released for the undisputed amount stays LIBERADA on a recompute while its
 * only blocks are lines under an open dispute and the company allows paying the undisputed amount (decisoes §36).
 * To reach EM_CONFERENCIA or BLOQUEADA again the dispute is withdrawn first (POST /contestacoes/{id}/encerrar),
 * rather than switching pagarIncontroverso off: the rules keep allowing the release, so LIBERAR_INCONTROVERSO is
 * refused in every state by the machine (or by its guard in BLOQUEADA), never by the company's switch.
 */
async function conferir(f: FaturaCiclo, resultado: keyof typeof REGRAS_DO_RESULTADO): Promise<Response> {
  if (resultado !== 'LIBERADA') await encerrarDisputa(refs, f);
  return aplicarRegras(refs, REGRAS_DO_RESULTADO[resultado]);
}

/**
 * LIBERAR_INCONTROVERSO{soContestacoes: true}: a BLOQUEADA fatura (every rule on) has both lines disputed first,
 * so its only blocks are open disputes; {false}: the release asked with its lines blocked and not disputed (on
 * entering BLOQUEADA no dispute is open: CONFERIR withdrew it). Elsewhere the call alone (a dispute cannot make
 * the machine take it, and a cancelled fatura's lines cannot be disputed).
 */
async function liberarIncontroverso(f: FaturaCiclo, soContestacoes: boolean): Promise<Response> {
  if (soContestacoes && f.disputa === null && (await ler(f)).situacaoPagamento === 'BLOQUEADA') await contestarLinhas(refs, f);
  return refs.h.request('POST', '/api/pagamentos/liberar-incontroverso', { token: refs.pagamentos, body: await comVersao(f) });
}

const ciclo: CicloApi<SituacaoPagamento, EventoPagamento, FaturaCiclo> = {
  maquina: faturaPagamentoMachine,
  eventos: EVENTOS_PAGAMENTO,
  async criar() {
    const r = await aplicarRegras(refs, REGRAS_DO_RESULTADO.EM_CONFERENCIA);
    expect(r.status, await r.clone().text()).toBe(200);
    return lerFaturaCiclo(refs);
  },
  async enviar(f, evento) {
    const { h, pagamentos, admin } = refs;
    switch (evento.type) {
      case 'CONFERIR':
        return conferir(f, evento.resultado);
      case 'LIBERAR_INCONTROVERSO':
        return liberarIncontroverso(f, evento.soContestacoes);
      case 'EXPORTAR':
        return h.request('POST', '/api/pagamentos/exportar', {
          token: pagamentos,
          body: { transportadora: refs.cnpj, vencimentoInicio: f.vencimento, vencimentoFim: f.vencimento },
        });
      case 'PAGAR':
        return h.request('POST', '/api/pagamentos/pagar', { token: pagamentos, body: await comVersao(f) });
      case 'CANCELAR': {
        const { versao } = await ler(f);
        return h.request('POST', '/api/faturas/cancelar', { token: admin, body: { id: f.id, versao } });
      }
    }
  },
  status: async (f) => (await ler(f)).situacaoPagamento,
  recusa(estado, evento, f): Recusa {
    switch (evento.type) {
      // Once exported (or paid, or cancelled) the recompute skips the fatura: the rules are saved, it stays.
      case 'CONFERIR':
        return { codigo: 200, corpo: { mensagens: [MSG_REGRAS_SALVAS] } };
      // The export takes every LIBERADA fatura of the filter: this one is not, so there is nothing to export.
      case 'EXPORTAR':
        return { codigo: 200, corpo: { exportacao: null, mensagens: [MSG_NADA_A_EXPORTAR] } };
      // BLOQUEADA takes the event with only disputes blocking: the guard's refusal says what else blocks.
      case 'LIBERAR_INCONTROVERSO':
        return estado === 'BLOQUEADA' && !evento.soContestacoes
          ? [MSG_BLOQUEIOS_ALEM_CONTESTACAO]
          : [mensagemTransicaoPagamento(estado, evento.type, f.numero)];
      // A cancelled fatura is refused by POST /faturas/cancelar before the machine is asked (status CANCELADO).
      case 'CANCELAR':
        return estado === 'CANCELADA' ? [MSG_FATURA_JA_CANCELADA] : [mensagemTransicaoPagamento(estado, evento.type, f.numero)];
      case 'PAGAR':
        return [mensagemTransicaoPagamento(estado, evento.type, f.numero)];
    }
  },
};

const pela = andarPelaApi(ciclo);

/**
 * Beyond the covering paths (none reconfers a fatura released for the undisputed amount): released, its dispute
 * withdrawn and the rules saved → BLOQUEADA again; disputed anew and released again; reconferred → EM_CONFERENCIA.
 */
const passo = (event: EventoPagamento | { type: 'xstate.init' }, value: SituacaoPagamento) => ({ event, state: { value } });
const reconferidaAposIncontroverso: Caminho = {
  steps: [
    passo({ type: 'xstate.init' }, 'EM_CONFERENCIA'),
    passo({ type: 'CONFERIR', resultado: 'BLOQUEADA' }, 'BLOQUEADA'),
    passo({ type: 'LIBERAR_INCONTROVERSO', soContestacoes: true }, 'LIBERADA'),
    passo({ type: 'CONFERIR', resultado: 'BLOQUEADA' }, 'BLOQUEADA'),
    passo({ type: 'LIBERAR_INCONTROVERSO', soContestacoes: true }, 'LIBERADA'),
    passo({ type: 'CONFERIR', resultado: 'EM_CONFERENCIA' }, 'EM_CONFERENCIA'),
  ],
};

describe('payment situation of a fatura through /regras-pagamento, /contestacoes, /pagamentos and /faturas/cancelar', () => {
  it.each(caminhos.map((c) => [pathTitle(c as never), c] as const))('path %s', async (_t, caminho) => {
    await pela.andar(caminho);
  });

  it('reconfers a fatura released for the undisputed amount once its dispute is withdrawn', async () => {
    await pela.andar(reconferidaAposIncontroverso);
  });

  it('took every transition of the model and asked every refused event in every state', () => {
    expect([...pela.tomadas].sort()).toEqual(transicoesDoModelo(faturaPagamentoMachine, ESTADOS_PAGAMENTO, EVENTOS_PAGAMENTO).sort());
    expect([...pela.recusasFeitas].sort()).toEqual([...ESTADOS_PAGAMENTO].sort());
  });
});
