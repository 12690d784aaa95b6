import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CteCompleto, CtePage } from '../../src/contracts/ctes';
import { MSG_LOTE_MINUTAS_EM_ANDAMENTO } from '../../src/contracts/minutas';
import { resumoConversaoCtes, type ResultadoConversaoCtes } from '../../src/contracts/minutas-lotes';
import { cte } from '../../src/server/db/schema/cte';
import { minuta } from '../../src/server/db/schema/minuta';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { chaveSinteticaMinuta } from '../../src/server/minutas/cte-da-minuta';
import { inserirCte } from './ctes-dados';
import { criarEdiDirTeste, json, type Harness } from './harness';
import { AMOSTRA_CONEMB, cadastrarDlb, CNPJ_DLB, CNPJ_GRENDENE, confirmar, criarPastasConemb, minutasDosNumeros, municipioId, notaDoErp } from './minutas-lotes-dados';
import { inserirMinutas, minutaCompletaTeste, referencias } from './minutas-dados';

// docs/decisoes.md §13, "Converter CT-es": confirmed minutas become CT-es of the Fretes list (PROCESSADO, origem MINUTA,
// a synthetic document, no XML) that open in the detail and can be audited; a minuta whose CT-e was already
// read is linked to it; a second run converts nothing; one batch of a company at a time.

/**
 * Holds "Converter CT-es" while a test checks that another batch of the company is refused meanwhile. The server
 * files share their worker's modules (vitest.config.ts): an app an earlier file loaded holds the real module, so
 * this file loads the app anew (vi.resetModules before importing the harness) and leaves the next file a
 * registry without its mock.
 */
const CONVERTER = '../../src/server/minutas/converter-ctes';
const portao = vi.hoisted(() => ({ fechado: null as Promise<void> | null, entrou: () => {} }));
vi.mock('../../src/server/minutas/converter-ctes', async (original) => {
  const mod = await original<typeof import('../../src/server/minutas/converter-ctes')>();
  return {
    ...mod,
    converterMinutasEmCtes: async (...args: Parameters<typeof mod.converterMinutasEmCtes>) => {
      portao.entrou();
      if (portao.fechado) await portao.fechado;
      return mod.converterMinutasEmCtes(...args);
    },
  };
});

const edi = criarEdiDirTeste();
const pastas = criarPastasConemb(edi.ediDir);
let h: Harness;
let admin: string;
let dlb: number;
let razaoDlb: string;
let clienteErp: number;
let locais: { origem: number; destino: number };
const db = () => h.bancos.COLACRIL.db;
const pedir = (method: string, path: string, body?: unknown, token = admin) => h.request(method, path, { token, body });
const converterCtes = async () => {
  const r = await pedir('GET', '/api/public/minutas/ctes');
  expect(r.status, await r.clone().text()).toBe(200);
  return json<ResultadoConversaoCtes>(r);
};
const minutaDo = async (numero: string) => (await minutasDosNumeros(db(), [numero]))[0].minuta;

beforeAll(async () => {
  vi.resetModules();
  const { createHarness } = await import('./harness');
  h = await createHarness({ ediDir: edi.ediDir });
  admin = await h.adminToken();
  dlb = await cadastrarDlb(db());
  clienteErp = await notaDoErp(h.bancos.COLACRIL, 381419);
  locais = { origem: await municipioId(db(), 4314902), destino: await municipioId(db(), 3550308) };
  copyFileSync(AMOSTRA_CONEMB, join(pastas().entrada, 'amostra.txt'));
  // The demo's confirmed minutas (when the demo CT-es are seeded) are converted first: the tests count their own.
  for (const rota of ['/api/public/txts/conhecimentos', '/api/public/conhecimentos/minutas', '/api/public/minutas/ctes']) expect((await pedir('GET', rota)).status).toBe(200);
  [{ razaoSocial: razaoDlb }] = await db().select({ razaoSocial: transportadora.razaoSocial }).from(transportadora).where(eq(transportadora.id, dlb));
});
afterAll(async () => {
  await h.close();
  edi.remover();
  vi.doUnmock(CONVERTER);
  vi.resetModules();
});

describe('"Converter CT-es": confirmed minutas into CT-es of the Fretes list', () => {
  it('makes a PROCESSADO CT-e marked MINUTA that the list shows, the detail opens and the audit audits', async () => {
    const m = await minutaDo('89135');
    await confirmar(db(), m.id, { ...locais, cliente: clienteErp, fatura: 'FAT-CONEMB-1' });
    const r = await converterCtes();
    expect(r).toEqual({ criados: 1, vinculados: 0, ctes: [expect.any(Number)], mensagens: [resumoConversaoCtes(r)] });
    const [id] = r.ctes;
    expect(await minutaDo('89135')).toMatchObject({ status: 'PROCESSADO', cteId: id, versao: 2 });
    const [linha] = await db().select().from(cte).where(eq(cte.id, id));
    expect(linha).toMatchObject({ chave: chaveSinteticaMinuta(m.id), status: 'PROCESSADO', origemDocumento: 'MINUTA', tipo: 'SAIDA', tipoCte: 0, tomador: 'REMETENTE' });
    expect(linha).toMatchObject({ numero: 89135, serie: '0', codigoMunicipioOrigem: 4314902, codigoMunicipioDestino: 3550308, ufOrigem: 'RS', ufDestino: 'SP' });
    expect(linha).toMatchObject({ emitenteDocumento: CNPJ_DLB, remetenteDocumento: CNPJ_GRENDENE, tomadorDocumento: CNPJ_GRENDENE, transportadoraId: dlb, clienteId: clienteErp });
    expect(linha).toMatchObject({ numeroFatura: 'FAT-CONEMB-1', pesoBruto: '30.000', pesoOrigem: 'minuta', valorTotal: '24.62', valorPrestacao: '24.62' });
    expect(linha.dataEmissao.toISOString()).toBe('2023-10-11T15:00:00.000Z');

    const lista = await pedir('GET', '/api/ctes/listar-simples?dataIni=2023-10-11&dataFim=2023-10-11&size=50');
    expect(lista.status).toBe(200);
    const doMinuta = (await json<CtePage>(lista)).content.find((c) => c.id === id);
    expect(doMinuta).toMatchObject({ origemDocumento: 'MINUTA', status: 'PROCESSADO', numero: 89135, numeroFatura: 'FAT-CONEMB-1', valorTotal: '24.62', transportadora: { id: dlb } });
    expect(doMinuta).toMatchObject({ origem: { codigo: 4314902, uf: 'RS' }, destino: { codigo: 3550308, nome: 'São Paulo', uf: 'SP' }, remetente: '89.850.341/0012-12' });

    const detalhe = await pedir('GET', `/api/ctes/${id}`);
    expect(detalhe.status, await detalhe.clone().text()).toBe(200);
    const completo = await json<CteCompleto>(detalhe);
    expect(completo.documento).toMatchObject({ versaoLayout: 'MINUTA', protocolo: null, notas: [], emitente: { cnpj: CNPJ_DLB, nome: razaoDlb } });
    expect(completo.documento.identificacao).toMatchObject({ dataEmissao: '2023-10-11T12:00:00-03:00', nomeMunicipioDestino: 'São Paulo', tomador: 'REMETENTE' });
    expect(completo.documento.prestacao.componentes).toEqual([
      { nome: 'Frete peso', valor: '6.62' },
      { nome: 'Frete valor', valor: '18.00' },
    ]);
    expect(completo.documento.icms).toMatchObject({ grupo: 'ICMS00', aliquota: '0.00', baseCalculo: '24.62', valor: '0.00' });
    expect(completo.documento.destinatario).toMatchObject({ nome: 'Loja Conemb Ltda', cnpj: '11444777000161' });
    // The ERP knows the minuta's one note (série 11 nº 381419): it is the CT-e's note, and its value the cargo's.
    expect(completo).toMatchObject({ cliente: { id: clienteErp }, pesoBruto: '30.000', valorNotas: '1234.56' });
    expect(completo.notas).toEqual([expect.objectContaining({ numero: 381419, notaFiscalId: 'NF-CONEMB-1', valor: '1234.56', pesoBruto: '30.000' })]);

    const auditoria = await pedir('POST', '/api/auditorias-cte/auditar', { ctes: [id] });
    expect(auditoria.status, await auditoria.clone().text()).toBe(200);
    expect(await json(auditoria)).toMatchObject({ processados: 1, ignorados: [] });
    const [auditado] = await db().select({ status: cte.status }).from(cte).where(eq(cte.id, id));
    expect(auditado.status).toMatch(/^AUDITADO_/);
  });

  it('a second run converts nothing', async () => {
    const antes = await db().$count(cte);
    expect(await converterCtes()).toMatchObject({ criados: 0, vinculados: 0, ctes: [] });
    expect(await db().$count(cte)).toBe(antes);
  });

  it('links a minuta to the CT-e already read with the same carrier, série (any zeros) and número', async () => {
    const lido = await inserirCte(db(), { numero: 89136, emitente: CNPJ_DLB, remetente: CNPJ_GRENDENE, destinatario: null, dataEmissao: '2023-10-11T09:00:00-03:00', status: 'PROCESSADO' });
    await db().update(cte).set({ serie: '000' }).where(eq(cte.id, lido));
    const m = await minutaDo('89136');
    await confirmar(db(), m.id, { ...locais, cliente: clienteErp, fatura: 'FAT-CONEMB-2' });
    const antes = await db().$count(cte);
    expect(await converterCtes()).toMatchObject({ criados: 0, vinculados: 1, ctes: [lido] });
    expect(await db().$count(cte)).toBe(antes);
    expect(await minutaDo('89136')).toMatchObject({ status: 'PROCESSADO', cteId: lido });
  });

  it('two minutas of one freight in a batch make one CT-e; one without an issue date takes the day it was typed', async () => {
    const r = await referencias(db());
    const base = { transportadoraId: dlb, numero: '4455667', status: 'PREENCHIDO' as const };
    const ids = await inserirMinutas(db(), [minutaCompletaTeste(r, { ...base, dataEmissao: null }), minutaCompletaTeste(r, base)]);
    const [primeira] = await db().select({ criadaEm: minuta.criadaEm }).from(minuta).where(eq(minuta.id, ids[0]));
    const resultado = await converterCtes();
    expect(resultado).toMatchObject({ criados: 1, vinculados: 1 });
    const [a, b] = await Promise.all(ids.map(async (id) => (await db().select().from(minuta).where(eq(minuta.id, id)))[0]));
    expect(a.cteId).toBe(b.cteId);
    const [criado] = await db().select().from(cte).where(eq(cte.id, a.cteId!));
    expect(criado).toMatchObject({ chave: chaveSinteticaMinuta(ids[0]), numero: 4455667, tomador: 'OUTROS' });
    const dia = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(primeira.criadaEm);
    expect(criado.documento.identificacao.dataEmissao.slice(0, 10)).toBe(dia);
  });

  it('600 confirmed minutas (more than one batch) become 600 CT-es in one call, on both databases', async () => {
    // PGlite aborted its WebAssembly on batches of 500 (converter-ctes.ts): a call spanning batches must pass.
    const r = await referencias(db());
    const base = Number(`7${String(process.pid % 1000).padStart(3, '0')}00000`);
    const ids = await inserirMinutas(db(), Array.from({ length: 600 }, (_, i) => minutaCompletaTeste(r, { transportadoraId: dlb, numero: String(base + i), status: 'PREENCHIDO' as const })));
    expect(await converterCtes()).toMatchObject({ criados: 600, vinculados: 0 });
    const convertidas = await db().select({ status: minuta.status, cteId: minuta.cteId }).from(minuta).where(inArray(minuta.id, ids));
    expect(convertidas.filter((m) => m.status === 'PROCESSADO' && m.cteId !== null)).toHaveLength(600);
  });

  it('two conversions at once (two server processes): each minuta becomes one CT-e, made by one of them', async () => {
    // The 409 above is per process; a second process runs its own. The batch's lock re-checks the status after waiting.
    const { converterMinutasEmCtes } = await vi.importActual<typeof import('../../src/server/minutas/converter-ctes')>(CONVERTER);
    const r = await referencias(db());
    const base = Number(`6${String(process.pid % 1000).padStart(3, '0')}00000`);
    const ids = await inserirMinutas(db(), Array.from({ length: 300 }, (_, i) => minutaCompletaTeste(r, { transportadoraId: dlb, numero: String(base + i), status: 'PREENCHIDO' as const })));
    const [a, b] = await Promise.all([converterMinutasEmCtes(db()), converterMinutasEmCtes(db())]);
    expect(a.criados + b.criados).toBe(300);
    expect(a.vinculados + b.vinculados).toBe(0);
    const convertidas = await db().select({ status: minuta.status, cteId: minuta.cteId }).from(minuta).where(inArray(minuta.id, ids));
    expect(new Set(convertidas.filter((m) => m.status === 'PROCESSADO').map((m) => m.cteId)).size).toBe(300);
    expect(await db().select({ id: cte.id }).from(cte).where(inArray(cte.chave, ids.map(chaveSinteticaMinuta)))).toHaveLength(300);
  });

  it("one batch at a time per company: while one runs, the company's others answer 409; another company's run", async () => {
    let abrir = () => {};
    portao.fechado = new Promise<void>((ok) => (abrir = ok));
    const entrou = new Promise<void>((ok) => (portao.entrou = ok));
    const primeira = pedir('GET', '/api/public/minutas/ctes');
    await entrou;
    try {
      for (const rota of ['/api/public/txts/conhecimentos', '/api/public/conhecimentos/minutas', '/api/public/minutas/ctes']) {
        const r = await pedir('GET', rota);
        expect([r.status, await r.json()]).toEqual([409, { mensagens: [MSG_LOTE_MINUTAS_EM_ANDAMENTO] }]);
      }
      const rre = await pedir('GET', '/api/public/conhecimentos/minutas', undefined, await h.adminToken('RRE'));
      expect(rre.status).toBe(200);
    } finally {
      portao.fechado = null;
      portao.entrou = () => {};
      abrir();
    }
    expect((await primeira).status).toBe(200);
    expect((await pedir('GET', '/api/public/conhecimentos/minutas')).status).toBe(200);
  });
});
