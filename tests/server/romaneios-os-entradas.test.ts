import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_JSON_INVALIDO } from '../../src/contracts/erros';
import { MSG_PERIODO_INVALIDO } from '../../src/contracts/ordens-servico';
import {
  MSG_DESTINO_NAO_INFORMADO,
  MSG_LACRE_NAO_INFORMADO,
  MSG_MOTORISTA_NAO_INFORMADO,
  MSG_ORIGEM_NAO_INFORMADA,
  MSG_ROMANEIO_SEM_ITEM,
  MSG_TIPO_VEICULO_NAO_INFORMADO,
  MSG_TRANSPORTADORA_NAO_INFORMADA,
  type RomaneioOs,
} from '../../src/contracts/romaneios';
import { createHarness, json, type Harness, type RequestOptions } from './harness';
import { corpoOs, fotoRomaneiosOs, itemOs, refsOs, type RefsOs } from './romaneios-os-dados';

// docs/decisoes.md §5: bad input on every /romaneios-colacril route (garbage, huge ids, wrong types, impossible dates)
// answers 400 in Portuguese and changes nothing in either company; also on an edit of a saved manifest.
// The /ordens-servico routes' bad input is in ordens-servico.test.ts.

let h: Harness;
let token: string;
let r: RefsOs;
let salvo: RomaneioOs;

beforeAll(async () => {
  h = await createHarness();
  token = await h.tokenCom(['FRETE_ROMA_M', 'FRETE_ROMA_C', 'FRETE_ROMA_E'], 'REPRESENTANTE');
  r = await refsOs(h.bancos.COLACRIL.db);
  const resposta = await h.request('POST', '/api/romaneios-colacril', { token, body: corpoOs(r) });
  expect(resposta.status).toBe(201);
  salvo = (await json(resposta)).romaneio;
});
afterAll(() => h?.close());

/** Answers `status` with exactly `mensagens`; no row of either company changes (registers and manifests). */
async function recusa(metodo: string, caminho: string, opcoes: RequestOptions, mensagens: string[], status = 400) {
  const foto = () => Promise.all([h.snapshot('COLACRIL'), h.snapshot('RRE'), fotoRomaneiosOs(h.bancos.COLACRIL.db), fotoRomaneiosOs(h.bancos.RRE.db)]);
  const antes = await foto();
  const resposta = await h.request(metodo, caminho, { token, ...opcoes });
  expect([resposta.status, await resposta.json()], `${metodo} ${caminho} ${JSON.stringify(opcoes.body ?? opcoes.rawBody)?.slice(0, 120)}`).toEqual([status, { mensagens }]);
  expect(await foto()).toEqual(antes);
}

const ID_INVALIDO: [string, string][] = [
  ['abc', 'O identificador deve ser um número.'],
  ['0', 'O identificador deve ser positivo.'],
  ['-3', 'O identificador deve ser positivo.'],
  ['1.5', 'O identificador deve ser um número inteiro.'],
  ['99999999999', 'O identificador é grande demais.'],
];

describe('path ids', () => {
  it.each(ID_INVALIDO)('GET /romaneios-colacril/%s and POST /imprimir/%s answer 400', async (id, mensagem) => {
    await recusa('GET', `/api/romaneios-colacril/${id}`, {}, [mensagem]);
    await recusa('POST', `/api/romaneios-colacril/imprimir/${id}`, {}, [mensagem]);
  });

  it.each([
    ['abc', 'O.S.: informe o número da ordem de serviço (apenas dígitos).'],
    ['-1', 'O.S.: informe o número da ordem de serviço (apenas dígitos).'],
    ['2147483648', 'O.S.: número grande demais.'],
  ])('GET /romaneios-colacril/buscar-os/%s answers 400', async (x, mensagem) => {
    await recusa('GET', `/api/romaneios-colacril/buscar-os/${x}`, {}, [mensagem]);
  });
});

describe('list and palette queries', () => {
  it.each([
    ['inicio=2024-02-30', 'Data inicial: informe uma data válida (AAAA-MM-DD).'],
    ['fim=0000-00-00', 'Data final: informe uma data válida (AAAA-MM-DD).'],
    ['inicio=01/05/2024', 'Data inicial: informe uma data válida (AAAA-MM-DD).'],
    ['inicio=2024-05-02&fim=2024-05-01', MSG_PERIODO_INVALIDO],
    ['numero=abc', 'Número do romaneio: identificador inválido.'],
    ['numero=99999999999', 'Número do romaneio: identificador inválido.'],
    ['status=ABERTO', 'Status do romaneio desconhecido.'],
    ['origem=-1', 'Município de origem: identificador inválido.'],
    ['destino=x', 'Município de destino: identificador inválido.'],
    ['transportadora=F000001', 'Transportadora: identificador inválido.'],
    ['cliente=1.5', 'Cliente: identificador inválido.'],
    [`pedido=${'x'.repeat(31)}`, 'Pedido: no máximo 30 caracteres.'],
    [`notaFiscal=${'9'.repeat(31)}`, 'Nota fiscal: no máximo 30 caracteres.'],
    ['page=-1', 'A página não pode ser negativa.'],
    ['size=1000', 'O tamanho da página deve ser no máximo 100.'],
    ['size=0', 'O tamanho da página deve ser ao menos 1.'],
  ])('GET /romaneios-colacril/listar-simples?%s answers 400', async (q, mensagem) => {
    await recusa('GET', `/api/romaneios-colacril/listar-simples?${q}`, {}, [mensagem]);
  });

  it.each(['', 'numero=', 'numero=abc', 'numero=1234567890', 'numero=-1', `numero=${encodeURIComponent("1' or '1'='1")}`])('GET /romaneios-colacril/listar?%s answers 400', async (q) => {
    await recusa('GET', `/api/romaneios-colacril/listar?${q}`, {}, ['Nº do romaneio: apenas dígitos (até 9).']);
  });

  it('ignores what /new does not read', async () => {
    const resposta = await h.request('GET', '/api/romaneios-colacril/new?id=abc&status=X', { token });
    expect(resposta.status).toBe(200);
    expect((await json<RomaneioOs>(resposta)).id).toBeNull();
  });
});

describe('POST /romaneios-colacril', () => {
  const corpo = (m: Record<string, unknown>) => ({ ...corpoOs(r), ...m });
  const item = (i: Record<string, unknown>) => corpo({ itens: [{ ...itemOs(r), ...i }] });

  it.each(['{"lacre": "x",', "{'lacre': 'x'}", 'lacre=x', '[{"itens"'])('with the malformed body %j answers 400', async (rawBody) => {
    await recusa('POST', '/api/romaneios-colacril', { rawBody }, [MSG_JSON_INVALIDO]);
  });

  it('with nothing answers the required fields of spec §5', async () => {
    await recusa('POST', '/api/romaneios-colacril', { body: {} }, [
      MSG_TRANSPORTADORA_NAO_INFORMADA,
      MSG_MOTORISTA_NAO_INFORMADO,
      MSG_LACRE_NAO_INFORMADO,
      MSG_TIPO_VEICULO_NAO_INFORMADO,
      MSG_ORIGEM_NAO_INFORMADA,
      MSG_DESTINO_NAO_INFORMADO,
      MSG_ROMANEIO_SEM_ITEM,
    ]);
  });

  it.each([
    [[1, 2], ['Corpo da requisição: tipo inválido.']],
    [null, ['Corpo da requisição: tipo inválido.']],
    [{ transportadora: 'Transportadora digitada' }, [MSG_TRANSPORTADORA_NAO_INFORMADA]],
    [{ motorista: { id: 'um' } }, ['Motorista não informado.']],
    [{ motorista: null }, [MSG_MOTORISTA_NAO_INFORMADO]],
    [{ tipoVeiculo: { id: 99_999_999_999 } }, ['O identificador é grande demais.']],
    [{ lacre: '   ' }, [MSG_LACRE_NAO_INFORMADO]],
    [{ lacre: 'x'.repeat(31) }, ['Número do lacre: no máximo 30 caracteres.']],
    [{ id: 'um', versao: 0 }, ['Campo id: tipo inválido.']],
    [{ id: 99_999_999_999, versao: 0 }, ['O identificador é grande demais.']],
    [{ versao: -1 }, ['Campo versao: valor abaixo do mínimo permitido (0).']],
    [{ status: 'ABERTO' }, ['Status do romaneio desconhecido.']],
    [{ placaCavalo: 'ABCD12345' }, ['Placa do cavalo: no máximo 7 caracteres.']],
    [{ placaCarreta: 'AB-12' }, ['Placa da carreta: apenas letras e dígitos.']],
    [{ itens: [] }, [MSG_ROMANEIO_SEM_ITEM]],
    [{ itens: 'x' }, [MSG_ROMANEIO_SEM_ITEM]],
    [{ itens: [{}] }, ['Origem do item desconhecida (NOTA_FISCAL ou OS).']],
  ])('with %j answers 400 in Portuguese', async (m, mensagens) => {
    await recusa('POST', '/api/romaneios-colacril', { body: m === null || Array.isArray(m) ? m : corpo(m as Record<string, unknown>) }, mensagens);
  });

  it.each([
    [{ pesoBruto: '-1' }, 'Peso bruto: informe um número não negativo com até 3 casas decimais.'],
    [{ pesoLiquido: 1e20 }, 'Peso líquido: informe um número não negativo com até 3 casas decimais.'],
    [{ quantidadeM2: 'abc' }, 'Quantidade (m²): informe um número não negativo com até 3 casas decimais.'],
    [{ frete: '12.345' }, 'Frete: informe um número não negativo com até 2 casas decimais.'],
    [{ valorNotaFiscal: '1e309' }, 'Valor da nota fiscal: informe um número não negativo com até 2 casas decimais.'],
    [{ volumes: 1.5 }, 'Volumes: informe um número inteiro.'],
    [{ volumes: 2147483648 }, 'Volumes: número grande demais.'],
    [{ unidade: 'SACO' }, 'Unidade desconhecida.'],
    [{ status: 'ENTREGUE' }, 'Status do item desconhecido.'],
    [{ origem: 'PEDIDO' }, 'Origem do item desconhecida (NOTA_FISCAL ou OS).'],
    [{ ordensServico: ['12a'] }, 'O.S.: apenas dígitos.'],
    [{ dataEntrega: '2024-02-30' }, 'Data de entrega: informe uma data válida (AAAA-MM-DD).'],
    [{ notaFiscalId: 'x'.repeat(31) }, 'Nota fiscal: no máximo 30 caracteres.'],
    [{ cliente: { id: 99_999_999_999 } }, 'O identificador é grande demais.'],
    [{ clienteRetira: 'sim' }, 'Campo itens.0.clienteRetira: tipo inválido.'],
  ])('with the item field %j answers 400 in Portuguese', async (i, mensagem) => {
    await recusa('POST', '/api/romaneios-colacril', { body: item(i) }, [mensagem]);
  });

  it('refuses an observation over 4,000 characters and more than 2,000 items', async () => {
    await recusa('POST', '/api/romaneios-colacril', { body: corpo({ observacao: 'x'.repeat(4001) }) }, ['Observação: no máximo 4000 caracteres.']);
    await recusa('POST', '/api/romaneios-colacril', { body: corpo({ itens: Array.from({ length: 2001 }, () => ({ origem: 'OS' })) }) }, ['No máximo 2000 itens por romaneio.']);
  });

  it('refuses bad fields on an edit of a saved manifest without touching it', async () => {
    const edicao = { ...corpoOs(r), id: salvo.id, versao: salvo.versao };
    await recusa('POST', '/api/romaneios-colacril', { body: { ...edicao, lacre: '', itens: [] } }, [MSG_LACRE_NAO_INFORMADO, MSG_ROMANEIO_SEM_ITEM]);
    await recusa('POST', '/api/romaneios-colacril', { body: { ...edicao, status: 'CANCELADO', versao: 'zero' } }, ['Campo versao: tipo inválido.']);
    await recusa('POST', '/api/romaneios-colacril', { body: { ...edicao, itens: [{ ...itemOs(r), dataEntrega: '2024-13-45' }] } }, ['Data de entrega: informe uma data válida (AAAA-MM-DD).']);
  });
});
