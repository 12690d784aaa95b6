import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import { MSG_SEM_PERMISSAO } from '../../src/contracts/erros';
import {
  ARQUIVOS_POR_ENVIO,
  MSG_ENVIO_ARQUIVOS_DEMAIS,
  MSG_ENVIO_GRANDE_DEMAIS,
  MSG_ENVIO_NAO_MULTIPART,
  MSG_ENVIO_SEM_ARQUIVO,
  MSG_FATURA_JA_CANCELADA,
  mensagemArquivoGrandeDemais,
  mensagemFaturaCancelada,
  type FaturaCancelada,
  type ResultadoLeituraFaturas,
} from '../../src/contracts/faturas';
import { MSG_DOCCOB_NAO_E } from '../../src/contracts/doccob';
import { lerArquivoDoccob } from '../../src/server/faturas/ler-arquivo-doccob';
import { arquivoDoccob, ctesDemo, ctesPorId, enviar, numeroTeste, type CteDemo } from './faturas-dados';
import { createHarness, criarEdiDirTeste, json, type Harness } from './harness';

// docs/decisoes.md §18: POST /faturas/enviar (multipart upload through the same reader, nothing kept on disk),
// POST /faturas/cancelar (ADMIN; CT-es released; 409 stale or already cancelled), concurrent readings of one
// file, and what a Faturas-only profile may open (the CT-e detail dialog) and Configuração shows.

const edi = criarEdiDirTeste();
let h: Harness;
let admin: string;
let token: string;
let ctes: CteDemo[];
const db = () => h.bancos.COLACRIL.db;

beforeAll(async () => {
  h = await createHarness({ ediDir: edi.ediDir }, { ctesDemo: true });
  admin = await h.adminToken();
  token = await h.tokenCom(['FRETE_FAT_M'], 'SUPERVISOR');
  ctes = await ctesDemo(db(), 'AUDITADO_OBSERVACOES', 4);
});
afterAll(async () => {
  await h.close();
  edi.remover();
});

const recusa = async (r: Response, status: number, mensagens: string[]) => expect([r.status, await r.json()]).toEqual([status, { mensagens }]);

describe('POST /faturas/enviar', () => {
  it('reads each file sent, in order; a refused one is answered and written nowhere', async () => {
    const numero = numeroTeste();
    const r = await enviar(h, token, {
      'um.txt': arquivoDoccob([{ numero, cnpj: ctes[0].emitente, linhas: [{ cte: ctes[0] }, { numero: '999999980' }] }]),
      'dois.txt': arquivoDoccob([{ numero, cnpj: ctes[0].emitente, linhas: [{ cte: ctes[0] }, { numero: '999999980' }] }]),
      'tres.xml': new TextEncoder().encode('<cteProc/>'),
    });
    const corpo = await json<ResultadoLeituraFaturas>(r);
    expect(r.status).toBe(200);
    expect(corpo).toMatchObject({ lidas: 1, jaLidas: 1, ctesVinculados: 1, ctesNaoEncontrados: 1, erros: [{ arquivo: 'tres.xml', motivo: MSG_DOCCOB_NAO_E }] });
    expect(corpo.faturas).toHaveLength(2);
    expect(corpo.faturas[0]).toBe(corpo.faturas[1]);
    expect(corpo.mensagens[1]).toBe(`tres.xml: ${MSG_DOCCOB_NAO_E}`);
    for (const pasta of Object.values(edi.pastas())) expect(readdirSync(pasta)).toEqual([]);
  });

  it('refuses no file, too many, one too large, a body over the limit, and a non-multipart body, in Portuguese', async () => {
    await recusa(await enviar(h, token, {}), 400, [MSG_ENVIO_SEM_ARQUIVO]);
    const muitos = Object.fromEntries(Array.from({ length: ARQUIVOS_POR_ENVIO + 1 }, (_, i) => [`f${i}.txt`, new Uint8Array([0x30])]));
    await recusa(await enviar(h, token, muitos), 400, [MSG_ENVIO_ARQUIVOS_DEMAIS]);
    await recusa(await enviar(h, token, { 'grande.txt': new Uint8Array(20 * 1024 * 1024 + 1) }), 400, [mensagemArquivoGrandeDemais('grande.txt')]);
    await recusa(await enviar(h, token, { 'a.txt': new Uint8Array(13 * 1024 * 1024), 'b.txt': new Uint8Array(13 * 1024 * 1024) }), 413, [MSG_ENVIO_GRANDE_DEMAIS]);
    await recusa(await h.request('POST', '/api/faturas/enviar', { token, body: { arquivos: [] } }), 400, [MSG_ENVIO_NAO_MULTIPART]);
    // A JSON body there keeps the app's 1 MB limit.
    const r = await h.request('POST', '/api/faturas/enviar', { token, rawBody: JSON.stringify({ x: 'a'.repeat(2 * 1024 * 1024) }) });
    expect(r.status).toBe(413);
    const semPermissao = await h.tokenCom(['FRETE_TABFR_M'], 'SUPERVISOR');
    await recusa(await enviar(h, semPermissao, { 'x.txt': new Uint8Array([0x30]) }), 403, [MSG_SEM_PERMISSAO]);
  });
});

describe('two readings of the same file at once', () => {
  it('one stores it, the other finds it already read', async () => {
    const bytes = arquivoDoccob([{ numero: numeroTeste(), cnpj: ctes[1].emitente, linhas: [{ cte: ctes[1] }] }]);
    const r = await Promise.all([lerArquivoDoccob(db(), 'a.txt', bytes), lerArquivoDoccob(db(), 'b.txt', bytes)]);
    expect(r.map((x) => x.tipo).sort()).toEqual(['JA_LIDA', 'LIDA']);
  });
});

describe('POST /faturas/cancelar', () => {
  it('ADMIN only; 409 on a stale version; cancels and releases the CT-es; 409 when already cancelled; 404 unknown', async () => {
    const numero = numeroTeste();
    const lida = await json<ResultadoLeituraFaturas>(await enviar(h, token, { 'c.txt': arquivoDoccob([{ numero, cnpj: ctes[2].emitente, linhas: [{ cte: ctes[2] }, { cte: ctes[3], porChave: false }] }]) }));
    const id = lida.faturas[0];
    expect((await ctesPorId(db(), [ctes[2].id, ctes[3].id])).map((c) => c.numeroFatura)).toEqual([numero, numero]);
    const diretor = await h.tokenCom(['FRETE_FAT_M', 'FRETE_CTE_M', 'FRETE_CTE_E'], 'DIRETOR');
    await recusa(await h.request('POST', '/api/faturas/cancelar', { token: diretor, body: { id, versao: 0 } }), 403, [MSG_SEM_PERMISSAO]);
    await recusa(await h.request('POST', '/api/faturas/cancelar', { token: admin, body: { id, versao: 7 } }), 409, [MENSAGEM_VERSAO_OBSOLETA]);

    const r = await h.request('POST', '/api/faturas/cancelar', { token: admin, body: { id, versao: 0 } });
    const corpo = await json<FaturaCancelada>(r);
    expect(r.status).toBe(200);
    expect(corpo.mensagens).toEqual([mensagemFaturaCancelada(numero)]);
    expect(corpo.fatura).toMatchObject({ id, status: 'CANCELADO', versao: 1 });
    expect(corpo.fatura.canceladaEm).not.toBeNull();
    expect((await ctesPorId(db(), [ctes[2].id, ctes[3].id])).map((c) => c.numeroFatura)).toEqual([null, null]);

    await recusa(await h.request('POST', '/api/faturas/cancelar', { token: admin, body: { id, versao: 1 } }), 409, [MSG_FATURA_JA_CANCELADA]);
    await recusa(await h.request('POST', '/api/faturas/cancelar', { token: admin, body: { id: 2_000_000_000, versao: 0 } }), 404, ['Fatura não encontrada.']);
    expect((await h.request('POST', '/api/faturas/cancelar', { token: admin, body: { id } })).status).toBe(400);
  });
});

describe('a Faturas-only profile and the settings', () => {
  it('opens the CT-e detail dialog of a fatura line (the CT-e, its audits, its calculation PDF, vehicle types) but writes nothing', async () => {
    const id = ctes[0].id;
    for (const path of [`/api/ctes/${id}`, `/api/auditorias-cte/ctes/${id}`, '/api/tipos-veiculo?size=300']) expect((await h.request('GET', path, { token })).status, path).toBe(200);
    expect((await h.request('GET', `/api/tabelas-frete/imprimir/cte/${id}`, { token })).status).toBeLessThan(500);
    expect((await h.request('GET', `/api/tabelas-frete/imprimir/cte/${id}`, { token })).status).not.toBe(403);
    const [atual] = await ctesPorId(db(), [id]);
    expect((await h.request('POST', '/api/ctes', { token, body: { id, versao: atual.versao, notas: [] } })).status).toBe(403);
    expect((await h.request('GET', '/api/ctes/listar-simples', { token })).status).toBe(403);
  });

  it('Configuração shows the company’s DOCCOB folders read-only', async () => {
    const cfg = await json(await h.request('GET', '/api/configuracoes/completar', { token: admin }));
    expect(cfg.pastasDoccob).toEqual(edi.pastas('COLACRIL'));
    const rre = await json(await h.request('GET', '/api/configuracoes/completar', { token: await h.adminToken('RRE') }));
    expect(rre.pastasDoccob).toEqual(edi.pastas('RRE'));
  });
});
