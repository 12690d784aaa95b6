import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import { MSG_SEM_PERMISSAO } from '../../src/contracts/erros';
import {
  MSG_DESTINO_NAO_INFORMADO,
  MSG_LIMITE_PESO_VEICULO,
  MSG_MOTORISTA_NAO_INFORMADO,
  MSG_ORIGEM_NAO_INFORMADA,
  MSG_TIPO_VEICULO_NAO_INFORMADO,
  MSG_TRANSPORTADORA_NAO_INFORMADA,
  mensagemNotaNaoInformadaOs,
  type RomaneioOs,
} from '../../src/contracts/romaneios';
import type { RomaneioOsSalvarEntrada, RomaneioSalvo } from '../../src/contracts/romaneios-salvar';
import { mensagemTransicaoRomaneio } from '../../machines/romaneio-frete';
import { mensagemStatusItemInvalido } from '../../src/server/romaneios-os/ciclo-romaneio-os';
import { mensagemClienteItemInexistente, mensagemRedespachoInexistente } from '../../src/server/romaneios-os/referencias-romaneio-os';
import { MSG_INFORME_VERSAO_ROMANEIO } from '../../src/server/romaneios-os/salvar-romaneio-os';
import { MSG_ROMANEIO_OS_NAO_ENCONTRADO } from '../../src/server/romaneios-os/ler-romaneio-os';
import { createHarness, json, type Harness } from './harness';
import { corpoOs, itemNf, itemOs, recusaOs, refsOs, romaneioOsGravado, type RefsOs } from './romaneios-os-dados';

// docs/decisoes.md §24: POST /romaneios-colacril — create, edit with its version, the lifecycle asked of
// machines/romaneio-os.ts (invoice, finalize from any saved state, cancel), the items' statuses, the
// references and the vehicle type's weight limit (spec 03 §4, §5).

let h: Harness;
let token: string;
let r: RefsOs;
const db = () => h.bancos.COLACRIL.db;

const salvar = (body: unknown, t = token) => h.request('POST', '/api/romaneios-colacril', { token: t, body });
async function salvo(body: unknown, status = 200): Promise<RomaneioSalvo<RomaneioOs>> {
  const resposta = await salvar(body);
  expect(resposta.status, await resposta.clone().text()).toBe(status);
  return json(resposta);
}
const criar = (m: Partial<RomaneioOsSalvarEntrada> = {}) => salvo(corpoOs(r, m), 201).then((s) => s.romaneio);
/** The body of an edit of `rom` (as loaded), with `m` over it. */
const edicao = (rom: RomaneioOs, m: Partial<RomaneioOsSalvarEntrada> = {}): RomaneioOsSalvarEntrada => ({
  ...corpoOs(r, { itens: rom.itens.map((it) => ({ ...it, cliente: it.cliente && { id: it.cliente.id }, redespacho: it.redespacho && { id: it.redespacho.id } })) }),
  id: rom.id!,
  versao: rom.versao,
  status: rom.status,
  ...m,
});

beforeAll(async () => {
  h = await createHarness();
  token = await h.tokenCom(['FRETE_ROMA_M', 'FRETE_ROMA_C', 'FRETE_ROMA_E'], 'REPRESENTANTE');
  r = await refsOs(db());
});
afterAll(() => h?.close());

describe('a new manifest', () => {
  it('takes its número from the sequence, EXPEDICAO, upper-cased plates, items numbered with their first status', async () => {
    const { romaneio, avisos } = await salvo(
      corpoOs(r, { itens: [itemOs(r), itemNf(r, { redespacho: { id: r.outraTransportadora } }), itemOs(r, { notaFiscalId: '300999' }), itemOs(r, { status: 'CANCELADO' })] }),
      201,
    );
    expect(avisos).toEqual([]);
    expect(romaneio).toMatchObject({
      status: 'EXPEDICAO',
      numero: expect.any(Number),
      placaCarreta: 'ABC1D23',
      transportadora: { id: r.transportadora, nome: expect.any(String) },
      motorista: { id: r.motorista, cpfFormatado: expect.stringMatching(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/) },
      tipoVeiculo: { id: r.tipoVeiculo, capacidade: r.capacidade },
      origem: { codigo: 4104303, nome: 'Campo Mourão', siglaUf: 'PR' },
      destino: { codigo: 3550308, siglaUf: 'SP' },
      versao: 0,
    });
    expect(romaneio.itens.map((i) => [i.item, i.origem, i.status])).toEqual([
      [1, 'OS', 'EXPEDIDO'],
      [2, 'NOTA_FISCAL', 'FATURADO'],
      [3, 'OS', 'FATURADO'],
      [4, 'OS', 'CANCELADO'],
    ]);
    expect(romaneio.itens[1]).toMatchObject({ redespacho: { id: r.outraTransportadora }, cliente: { id: r.cliente, vwCliente: { razaoSocial: expect.any(String) } } });
    expect(romaneio.itens[0]).toMatchObject({ ordensServico: ['50001'], dataEntrega: '2024-05-10', quantidadeM2: '120.500', pesoBruto: '424.000', frete: '85.00', unidade: 'CAIXA' });
    expect(await json(await h.request('GET', `/api/romaneios-colacril/${romaneio.id}`, { token }))).toEqual(romaneio);
    const seguinte = await criar();
    expect(seguinte.numero).toBe(romaneio.numero! + 1);
  });

  it('refuses references the company does not have with the messages of spec §5, naming the items', async () => {
    const nada = { id: 2_000_000_000 };
    const corpo = corpoOs(r, {
      transportadora: nada,
      motorista: nada,
      tipoVeiculo: nada,
      origem: nada,
      destino: nada,
      itens: [itemOs(r), itemOs(r, { redespacho: nada, cliente: nada })],
    });
    await recusaOs(db(), () => salvar(corpo), 400, [
      MSG_TRANSPORTADORA_NAO_INFORMADA,
      MSG_MOTORISTA_NAO_INFORMADO,
      MSG_TIPO_VEICULO_NAO_INFORMADO,
      MSG_ORIGEM_NAO_INFORMADA,
      MSG_DESTINO_NAO_INFORMADO,
      mensagemRedespachoInexistente(2),
      mensagemClienteItemInexistente(2),
    ]);
    await recusaOs(db(), () => salvar(corpoOs(r, { transportadora: undefined as never, origem: null as never })), 400, [MSG_TRANSPORTADORA_NAO_INFORMADA, MSG_ORIGEM_NAO_INFORMADA]);
  });

  it('is created in EXPEDICAO only: another status answers 409, an invoice-item sent EXPEDIDO 400', async () => {
    await recusaOs(db(), () => salvar(corpoOs(r, { status: 'FINALIZADO' })), 409, [mensagemTransicaoRomaneio('NOVO', 'FINALIZAR')]);
    await recusaOs(db(), () => salvar(corpoOs(r, { status: 'FATURAMENTO' })), 409, [mensagemTransicaoRomaneio('NOVO', 'FATURAR')]);
    await recusaOs(db(), () => salvar(corpoOs(r, { itens: [itemOs(r), itemNf(r, { status: 'EXPEDIDO' })] })), 400, [mensagemStatusItemInvalido(2, 'EXPEDIDO', 'NOTA_FISCAL')]);
    expect((await salvo(corpoOs(r, { status: 'EXPEDICAO' }), 201)).romaneio.status).toBe('EXPEDICAO');
  });
});

describe('editing', () => {
  it('saves at the version seen, replacing the items; a stale version is 409, none 400, an unknown id 404', async () => {
    const rom = await criar({ itens: [itemOs(r), itemOs(r, { pedidoId: 'PE2' })] });
    const { romaneio } = await salvo(edicao(rom, { lacre: 'L-777', itens: [itemOs(r, { pedidoId: 'PE3', notaFiscalId: '300555' })] }));
    expect(romaneio).toMatchObject({ id: rom.id, numero: rom.numero, lacre: 'L-777', versao: 1, status: 'EXPEDICAO' });
    expect(romaneio.itens.map((i) => [i.item, i.pedidoId, i.status])).toEqual([[1, 'PE3', 'FATURADO']]);
    await recusaOs(db(), () => salvar(edicao(rom, { lacre: 'L-888' })), 409, [MENSAGEM_VERSAO_OBSOLETA]);
    // The manifest as GET answers it is a valid save.
    expect((await salvo({ ...romaneio, observacao: 'Como lido' })).romaneio).toEqual({ ...romaneio, observacao: 'Como lido', versao: 2 });
    await recusaOs(db(), () => salvar({ ...edicao(romaneio), versao: undefined }), 400, [MSG_INFORME_VERSAO_ROMANEIO]);
    await recusaOs(db(), () => salvar({ ...edicao(romaneio), id: 2_000_000_000, versao: 0 }), 404, [MSG_ROMANEIO_OS_NAO_ENCONTRADO]);
  });

  it('keeps a FATURADO item FATURADO and an EXPEDIDO one EXPEDIDO until its invoice is filled', async () => {
    const rom = await criar({ itens: [itemOs(r), itemNf(r)] });
    const { romaneio } = await salvo(edicao(rom));
    expect(romaneio.itens.map((i) => i.status)).toEqual(['EXPEDIDO', 'FATURADO']);
    const depois = await salvo(edicao(romaneio, { itens: [{ ...edicao(romaneio).itens[0], notaFiscalId: '300777' }, edicao(romaneio).itens[1]] }));
    expect(depois.romaneio.itens.map((i) => i.status)).toEqual(['FATURADO', 'FATURADO']);
  });
});

describe('the lifecycle', () => {
  it('invoices (EXPEDICAO → FATURAMENTO), then finalizes, saving the sent fields; then only cancelling', async () => {
    const rom = await criar({ itens: [itemNf(r)] });
    const faturando = (await salvo(edicao(rom, { status: 'FATURAMENTO' }))).romaneio;
    expect(faturando).toMatchObject({ status: 'FATURAMENTO', versao: 1 });
    expect((await salvo(edicao(faturando, { lacre: 'L-FAT' }))).romaneio).toMatchObject({ status: 'FATURAMENTO', lacre: 'L-FAT', versao: 2 });
    const atual = (await json(await h.request('GET', `/api/romaneios-colacril/${rom.id}`, { token }))) as RomaneioOs;
    await recusaOs(db(), () => salvar(edicao(atual, { status: 'EXPEDICAO' })), 409, [mensagemTransicaoRomaneio('FATURAMENTO', 'voltar para Expedição', rom.numero)]);
    const final = (await salvo(edicao(atual, { status: 'FINALIZADO', observacao: 'Finalizado no teste' }))).romaneio;
    expect(final).toMatchObject({ status: 'FINALIZADO', observacao: 'Finalizado no teste', versao: 3 });
    await recusaOs(db(), () => salvar(edicao(final)), 409, [mensagemTransicaoRomaneio('FINALIZADO', 'SALVAR', rom.numero)]);
    await recusaOs(db(), () => salvar(edicao(final, { status: 'FATURAMENTO' })), 409, [mensagemTransicaoRomaneio('FINALIZADO', 'FATURAR', rom.numero)]);
    expect((await salvo(edicao(final, { status: 'CANCELADO' }))).romaneio.status).toBe('CANCELADO');
  });

  it('finalizes from EXPEDICAO; without an invoice on an item that is not cancelled it answers 400 naming its O.S. (or the item)', async () => {
    const rom = await criar({ itens: [itemNf(r), itemOs(r, { status: 'CANCELADO' }), itemOs(r, { ordensServico: ['50042', '50043'] })] });
    await recusaOs(db(), () => salvar(edicao(rom, { status: 'FINALIZADO' })), 400, [mensagemNotaNaoInformadaOs('50042')]);
    const semOs = edicao(rom, { status: 'FINALIZADO' });
    semOs.itens[2] = { ...semOs.itens[2], ordensServico: [] };
    await recusaOs(db(), () => salvar(semOs), 400, [mensagemNotaNaoInformadaOs(3)]);
    const comNota = edicao(rom, { status: 'FINALIZADO' });
    comNota.itens[2] = { ...comNota.itens[2], notaFiscalId: '300888' };
    const final = (await salvo(comNota)).romaneio;
    expect(final.status).toBe('FINALIZADO');
    expect(final.itens.map((i) => i.status)).toEqual(['FATURADO', 'CANCELADO', 'FATURADO']);
  });

  it('cancels changing nothing but the status; a cancelled manifest takes nothing more', async () => {
    const rom = await criar({ itens: [itemOs(r)] });
    const antes = await romaneioOsGravado(db(), rom.id!);
    const cancelado = (await salvo(edicao(rom, { status: 'CANCELADO', lacre: 'OUTRO', itens: [itemNf(r), itemNf(r)] }))).romaneio;
    expect(cancelado).toMatchObject({ status: 'CANCELADO', lacre: rom.lacre, versao: 1, itens: rom.itens });
    expect(await romaneioOsGravado(db(), rom.id!)).toMatchObject({ ...antes, status: 'CANCELADO', versao: 1, alteradoEm: expect.any(Date) });
    for (const [status, evento] of [
      ['CANCELADO', 'SALVAR'],
      ['EXPEDICAO', 'voltar para Expedição'],
      ['FINALIZADO', 'FINALIZAR'],
      ['FATURAMENTO', 'FATURAR'],
    ] as const)
      await recusaOs(db(), () => salvar(edicao(cancelado, { status })), 409, [mensagemTransicaoRomaneio('CANCELADO', evento, rom.numero)]);
  });

  it('lets a user with the menu code alone cancel, but not edit, invoice or create', async () => {
    const rom = await criar();
    const menu = await h.tokenCom(['FRETE_ROMA_M'], 'REPRESENTANTE');
    for (const corpo of [edicao(rom), edicao(rom, { status: 'FATURAMENTO' }), corpoOs(r)]) {
      const resposta = await salvar(corpo, menu);
      expect([resposta.status, await resposta.json()]).toEqual([403, { mensagens: [MSG_SEM_PERMISSAO] }]);
    }
    // As the list does it: the manifest as loaded, with the status CANCELADO.
    const resposta = await salvar({ ...rom, status: 'CANCELADO' }, menu);
    expect(resposta.status).toBe(200);
    expect(((await resposta.json()) as RomaneioSalvo<RomaneioOs>).romaneio.status).toBe('CANCELADO');
  });
});

describe('a large manifest', () => {
  it('saves and reads back 2,000 items (the most a save takes)', async () => {
    const itens = Array.from({ length: 2000 }, (_, i) => itemOs(r, { pedidoId: `PG${i}`, pesoBruto: '1.000', notaFiscalId: i % 2 ? `NF${i}` : null }));
    const { romaneio, avisos } = await salvo(corpoOs(r, { itens }), 201);
    expect(avisos).toEqual([]);
    expect(romaneio.itens).toHaveLength(2000);
    expect(romaneio.itens.slice(0, 3).map((i) => [i.item, i.pedidoId, i.status])).toEqual([[1, 'PG0', 'EXPEDIDO'], [2, 'PG1', 'FATURADO'], [3, 'PG2', 'EXPEDIDO']]);
    expect(romaneio.itens[1999].item).toBe(2000);
  });
});

describe('the weight limit', () => {
  it('warns when the gross weight of the items not cancelled exceeds the vehicle type capacity, and saves anyway', async () => {
    const metade = (Number(r.capacidade) / 2).toFixed(3);
    const acima = (Number(r.capacidade) / 2 + 0.001).toFixed(3);
    const { romaneio, avisos } = await salvo(corpoOs(r, { itens: [itemOs(r, { pesoBruto: metade }), itemOs(r, { pesoBruto: acima })] }), 201);
    expect(avisos).toEqual([MSG_LIMITE_PESO_VEICULO]);
    expect(romaneio.id).toEqual(expect.any(Number));
    expect((await salvo(corpoOs(r, { itens: [itemOs(r, { pesoBruto: metade }), itemOs(r, { pesoBruto: metade }), itemOs(r, { pesoBruto: null })] }), 201)).avisos).toEqual([]);
    const comCancelado = corpoOs(r, { itens: [itemOs(r, { pesoBruto: metade }), itemOs(r, { pesoBruto: acima, status: 'CANCELADO' })] });
    expect((await salvo(comCancelado, 201)).avisos).toEqual([]);
    const editado = await salvo(edicao(romaneio, { itens: [itemOs(r, { pesoBruto: metade })] }));
    expect(editado.avisos).toEqual([]);
    expect((await salvo(edicao(editado.romaneio, { itens: [itemOs(r, { pesoBruto: r.capacidade }), itemOs(r, { pesoBruto: '0.001' })] }))).avisos).toEqual([MSG_LIMITE_PESO_VEICULO]);
  });
});
