import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CARACTERE_CONTROLE, MSG_CORPO_GRANDE } from '../../src/contracts/erros';
import { CABECALHOS_SEGURANCA } from '../../src/server/http/cabecalhos-seguranca';
import { createHarness, json, type Harness } from './harness';

// docs/decisoes.md §31: the request path through the real node server (@hono/node-server), where the security headers
// go straight on the node response and the body limit asks for a body only when one can come.

let h: Harness;
let servidor: ServerType;
let url: string;
let admin: string;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.adminToken();
  servidor = serve({ fetch: h.app.fetch, port: 0 });
  await new Promise<void>((ok) => servidor.once('listening', () => ok()));
  url = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((ok) => servidor?.close(() => ok()));
  if ('closeAllConnections' in servidor) servidor.closeAllConnections();
  await h?.close();
});

const pedir = (caminho: string, init: RequestInit = {}) => fetch(`${url}${caminho}`, init);

describe('security headers over the node server', () => {
  it('are the ones hono secureHeaders gave with the same options', async () => {
    const app = new Hono();
    app.use(
      secureHeaders({
        contentSecurityPolicy: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
        referrerPolicy: 'no-referrer',
        xFrameOptions: 'DENY',
        xContentTypeOptions: 'nosniff',
      }),
    );
    app.get('/', (c) => c.body(null, 204));
    const esperados = [...(await app.request('/')).headers].sort();
    expect(CABECALHOS_SEGURANCA.map(([n, v]) => [n.toLowerCase(), v]).sort()).toEqual(esperados);
  });

  it('on every API answer (200, 401, 404, 400) with no-store, and on the rest without it', async () => {
    const comToken = { Authorization: `Bearer ${admin}` };
    const respostas = [
      await pedir('/api/ping'),
      await pedir('/api/perfis', { headers: comToken }),
      await pedir('/api/perfis'),
      await pedir('/api/nao-existe', { headers: comToken }),
      await pedir('/api/perfis', { method: 'POST', headers: { ...comToken, 'Content-Type': 'application/json' }, body: '{' }),
    ];
    expect(respostas.map((r) => r.status)).toEqual([200, 200, 401, 404, 400]);
    for (const r of respostas) {
      for (const [nome, valor] of CABECALHOS_SEGURANCA) expect(r.headers.get(nome), nome).toBe(valor);
      expect(r.headers.get('Cache-Control')).toBe('no-store');
      await r.arrayBuffer();
    }
    const fora = await pedir('/fora-da-api');
    for (const [nome, valor] of CABECALHOS_SEGURANCA) expect(fora.headers.get(nome), nome).toBe(valor);
    expect(fora.headers.get('Cache-Control')).toBeNull();
  });
});

/** A body sent in chunks (no Content-Length): the limit counts what arrives. */
function enviarEmPedacos(caminho: string, pedacos: string[]): Promise<{ status?: number; corpo: string }> {
  return new Promise((ok, falha) => {
    const { port } = servidor.address() as AddressInfo;
    const pedido = request({ port, method: 'POST', path: caminho, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` } }, (r) => {
      let corpo = '';
      r.setEncoding('utf8');
      r.on('data', (d: string) => (corpo += d));
      r.on('end', () => ok({ status: r.statusCode, corpo }));
    });
    pedido.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : falha(e)));
    for (const pedaco of pedacos) pedido.write(pedaco);
    pedido.end();
  });
}

describe('bodies over the node server', () => {
  it('a chunked body over 1 MB is a 413; a small chunked one reaches the checks', async () => {
    const grande = await enviarEmPedacos('/api/perfis', ['{"descricao":"', 'x'.repeat(600_000), 'x'.repeat(600_000), '"}']);
    expect(grande.status).toBe(413);
    expect(JSON.parse(grande.corpo)).toEqual({ mensagens: [MSG_CORPO_GRANDE] });
    const pequeno = await enviarEmPedacos('/api/perfis', ['{"descricao":"a\\u0000', 'b","roles":["FRETE_CTE_M"]}']);
    expect(pequeno.status).toBe(400);
    expect(JSON.parse(pequeno.corpo)).toEqual({ mensagens: [MSG_CARACTERE_CONTROLE] });
  });

  it('a body with Content-Length is checked; a DELETE without a body goes through', async () => {
    const headers = { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' };
    const hostil = await pedir('/api/perfis', { method: 'POST', headers, body: JSON.stringify({ descricao: 'a\u0001', roles: ['FRETE_CTE_M'] }) });
    expect(await json(hostil)).toEqual({ mensagens: [MSG_CARACTERE_CONTROLE] });
    const criado = await json(await pedir('/api/perfis', { method: 'POST', headers, body: JSON.stringify({ descricao: 'Apagável', roles: ['FRETE_CTE_M'] }) }));
    const apagado = await pedir(`/api/perfis/${criado.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${admin}` } });
    expect(apagado.status).toBe(200);
    expect(await json(apagado)).toMatchObject({ id: criado.id, ativado: false });
  });
});
