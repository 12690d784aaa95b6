import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cteAuditMachine, mensagemTransicaoIlegal, type EventoCte } from '../../machines/cte-audit';
import type { CteLido } from '../../src/contracts/cte-documento';
import type { ResultadoAuditoria, StatusCte } from '../../src/contracts/cte-status';
import type { TabelaFrete } from '../../src/contracts/tabela-frete-modelo';
import { valoresCobranca } from '../../src/domain/auditoria/valor-cobrado';
import { cte, cteXml } from '../../src/server/db/schema/cte';
import { gerarXmlCte } from '../../src/server/ingest/gerar-xml-cte';
import { lerCteXml } from '../../src/server/ingest/cte-xml';
import { colunasCte } from '../../src/server/ingest/ler-arquivos-cte';
import { pathTitle } from '../machines/model-harness';
import { corpoTabelaAvila } from './auditoria-dados';
import { andarPelaApi, caminhosQueCobremTudo, transicoesDoModelo, type CicloApi } from './ciclo-pela-api';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';
import { CODIGOS, criarDadosTabelas, type DadosTabelas } from './tabelas-frete-dados';

// The CT-e status lifecycle (machines/cte-audit.ts) through the Fretes screen's calls: PROCESSAR "Processar"
// (GET /ctes/processar, a batch over the LIDO ones), REPROCESSAR (GET /ctes/processar-cte/{id}), AUDITAR
// "Auditar Selecionados" (POST /auditorias-cte/auditar, a batch: a CT-e it does not take is skipped with the
// machine's message), REFAZER_AUDITORIA and TROCAR_TABELA (the review dialog), APROVAR (POST
// /auditorias-cte/aprovar), DESCONSIDERAR (POST /ctes/desconsiderar). CANCELAR is left out: no call of the
// screen makes it (a cancellation is read from a SEFAZ XML), the ingest tests cover it.
// An audit event's verdict is the data it carries: before the call the CT-e is given the charge (and weight)
// that makes the table of auditoria-dados.ts (133,64 for 200 kg) answer it.
// Coverage: the fewest simple paths that take every transition, and every refused event in every state.

let h: Harness;
let token: string;
let d: DadosTabelas;
let tabela: TabelaFrete;
const db = () => h.bancos.COLACRIL.db;

const BASE: CteLido = (() => {
  const lido = lerCteXml(readFileSync(join(__dirname, '../fixtures/cte/CTe-3.00-frete-valor-icms00-sped-cte.xml')));
  if (lido.tipo !== 'CTE') throw new Error('amostra');
  return lido.cte;
})();

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: false });
  token = await h.login('admin', SENHA_ADMIN_TESTE);
  d = await criarDadosTabelas(h);
  const r = await h.request('POST', '/api/tabelas-frete', { token, body: corpoTabelaAvila(d) });
  expect(r.status, await r.clone().text()).toBe(201);
  tabela = await json<TabelaFrete>(r);
});
afterAll(() => h?.close());

const RESULTADOS: ResultadoAuditoria[] = ['SUCESSO', 'OBSERVACOES', 'FALHA', 'ERRO'];
const EVENTOS: EventoCte[] = [
  ...(['AUDITAR', 'REFAZER_AUDITORIA', 'TROCAR_TABELA'] as const).flatMap((type) => RESULTADOS.map((resultado) => ({ type, resultado }))),
  ...(['PROCESSAR', 'REPROCESSAR', 'APROVAR', 'DESCONSIDERAR'] as const).map((type) => ({ type })),
];
const ESTADOS: StatusCte[] = ['LIDO', 'PROCESSADO', 'AUDITADO_SUCESSO', 'AUDITADO_OBSERVACOES', 'AUDITADO_FALHA', 'AUDITADO_ERRO', 'AUDITADO_REVISADO', 'DESCONSIDERADO'];
/** Charged against 133,64 (tolerance R$ 0,10): within, below, above; ERRO has no weight. */
const COBRADO: Record<ResultadoAuditoria, string> = { SUCESSO: '133.70', OBSERVACOES: '120.00', FALHA: '150.00', ERRO: '150.00' };

/** A CT-e SP → Rio de Janeiro, LIDO, with its XML (what reprocessing reads again). */
const lidoCom = (chave: string, numero: number, cobrado: string): CteLido => ({
  ...BASE,
  chave,
  identificacao: {
    ...BASE.identificacao,
    numeroCte: numero,
    dataEmissao: '2017-05-10T10:00:00-03:00',
    codigoMunicipioOrigem: CODIGOS.saoPaulo,
    nomeMunicipioOrigem: 'São Paulo',
    ufOrigem: 'SP',
    codigoMunicipioDestino: CODIGOS.rio,
    nomeMunicipioDestino: 'Rio de Janeiro',
    ufDestino: 'RJ',
  },
  prestacao: { valorTotal: cobrado, valorReceber: cobrado, componentes: [{ nome: 'FRETE', valor: cobrado }] },
  icms: { ...BASE.icms!, grupo: 'ICMS00', cst: '00', aliquota: '12.00' },
  protocolo: null,
  cancelado: false,
});

type Registro = { id: number; numero: number; chave: string };
let sequencia = 0;
async function criar(): Promise<Registro> {
  const n = ++sequencia;
  const numero = 800000 + n;
  const chave = `3517051122233300018157001${String(numero).padStart(9, '0')}1${String(n).padStart(9, '0')}`;
  const xml = gerarXmlCte(lidoCom(chave, numero, COBRADO.SUCESSO));
  const relido = lerCteXml(xml);
  if (relido.tipo !== 'CTE') throw new Error('XML gerado ilegível');
  const [novo] = await db()
    .insert(cte)
    .values({ ...colunasCte(relido.cte), status: 'LIDO', transportadoraId: d.transportadoras.avila, clienteId: d.clientes.semAmigavel, pesoBruto: '200', valorNotas: '1000' })
    .returning({ id: cte.id });
  await db().insert(cteXml).values({ cteId: novo.id, nomeArquivo: `${chave}.xml`, xml });
  return { id: novo.id, numero, chave };
}

/** The data an audit event with `resultado` carries: the charge, the weight, the registers. */
const prepararVeredito = (r: Registro, resultado: ResultadoAuditoria) =>
  db()
    .update(cte)
    .set({
      ...valoresCobranca(lidoCom(r.chave, r.numero, COBRADO[resultado])),
      pesoBruto: resultado === 'ERRO' ? null : '200',
      transportadoraId: d.transportadoras.avila,
      clienteId: d.clientes.semAmigavel,
      valorNotas: '1000',
    })
    .where(eq(cte.id, r.id));

const pedir = (method: string, path: string, body?: unknown) => h.request(method, path, { token, body });

const ciclo: CicloApi<StatusCte, EventoCte, Registro> = {
  maquina: cteAuditMachine,
  eventos: EVENTOS,
  criar,
  async enviar(r, evento) {
    if ('resultado' in evento) await prepararVeredito(r, evento.resultado);
    switch (evento.type) {
      case 'PROCESSAR':
        return pedir('GET', '/api/ctes/processar');
      case 'REPROCESSAR':
        return pedir('GET', `/api/ctes/processar-cte/${r.id}`);
      case 'AUDITAR':
        // From AUDITADO_REVISADO the screen asks first and sends the user's "yes".
        return pedir('POST', '/api/auditorias-cte/auditar', { ctes: [r.id], reauditarAprovados: true });
      case 'REFAZER_AUDITORIA':
        return pedir('POST', '/api/auditorias-cte/auditar', { ctes: [r.id], refazer: true });
      case 'TROCAR_TABELA':
        return pedir('POST', '/api/auditorias-cte/trocar-tabela', { cte: r.id, tabelaFrete: tabela.id });
      case 'APROVAR':
        return pedir('POST', '/api/auditorias-cte/aprovar', { ctes: [r.id], base: 'TRANSPORTADORA' });
      case 'DESCONSIDERAR': {
        const { versao } = (await db().select({ versao: cte.versao }).from(cte).where(eq(cte.id, r.id)))[0];
        return pedir('POST', '/api/ctes/desconsiderar', { id: r.id, versao });
      }
      case 'CANCELAR':
        throw new Error('fora do caminho');
    }
  },
  status: async (r) => (await json<{ status: StatusCte }>(await pedir('GET', `/api/ctes/${r.id}`))).status,
  recusa(estado, evento) {
    // The batches: "Processar" takes only the LIDO ones; "Auditar Selecionados" skips with the reason.
    if (evento.type === 'PROCESSAR') return null;
    if (evento.type === 'AUDITAR') return { codigo: 200, corpo: { processados: 0, ignorados: [expect.objectContaining({ motivo: mensagemTransicaoIlegal(estado, 'AUDITAR') })] } };
    return [mensagemTransicaoIlegal(estado, evento.type)];
  },
};

const caminhos = caminhosQueCobremTudo(cteAuditMachine, EVENTOS);
const pela = andarPelaApi(ciclo);

describe('CT-e status lifecycle through the Fretes screen calls', () => {
  it.each(caminhos.map((c) => [pathTitle(c as never), c] as const))('path %s', async (_t, caminho) => {
    await pela.andar(caminho);
  });

  it('took every transition of the model and asked every refused event in every state', () => {
    expect([...pela.tomadas].sort()).toEqual(transicoesDoModelo(cteAuditMachine, ESTADOS, EVENTOS).sort());
    expect([...pela.recusasFeitas].sort()).toEqual([...ESTADOS].sort());
  });
});
