import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_JSON_INVALIDO } from '../../src/contracts/erros';
import { MSG_PERIODO_INVALIDO } from '../../src/contracts/ordens-servico';
import { MSG_MOTORISTA_OBRIGATORIO, MSG_ROMANEIO_SEM_ITEM, mensagemItemIncompleto } from '../../src/contracts/romaneios';
import { json, type Harness } from './harness';
import { corpoDe, corpoRomaneio, fotoRomaneios, itemTeste, prepararRomaneios, salvarOk, type RefsRomaneio } from './romaneios-frete-dados';

// docs/decisoes.md §5: bad input on every /romaneios route — garbage ids, huge numbers, wrong types, impossible dates —
// answers 400 with Portuguese messages and changes nothing (the manifest tables and every register).

let h: Harness;
let token: string;
let r: RefsRomaneio;
let salvo: Awaited<ReturnType<typeof salvarOk>>;
const db = () => h.bancos.COLACRIL.db;

beforeAll(async () => {
  ({ h, token, r } = await prepararRomaneios());
  salvo = await salvarOk(h, token, corpoRomaneio(r));
});
afterAll(() => h?.close());

/** `status` with exactly `mensagens`, and no row of the manifests or the registers changed. */
async function recusa(metodo: string, caminho: string, opcoes: { body?: unknown; rawBody?: string }, mensagens: string[], status = 400) {
  const antes = [await fotoRomaneios(db()), await h.snapshot()];
  const resposta = await h.request(metodo, caminho, { token, ...opcoes });
  expect({ status: resposta.status, corpo: await json(resposta) }, `${metodo} ${caminho} ${JSON.stringify(opcoes).slice(0, 150)}`).toEqual({ status, corpo: { mensagens } });
  expect([await fotoRomaneios(db()), await h.snapshot()]).toEqual(antes);
}

const ID_RUIM: [string, string][] = [
  ['abc', 'O identificador deve ser um número.'],
  ['0', 'O identificador deve ser positivo.'],
  ['-5', 'O identificador deve ser positivo.'],
  ['1.5', 'O identificador deve ser um número inteiro.'],
  ['99999999999', 'O identificador é grande demais.'],
];

describe('ids in the path', () => {
  it.each(ID_RUIM)('GET /romaneios/%s', async (id, mensagem) => recusa('GET', `/api/romaneios/${id}`, {}, [mensagem]));
  it.each(ID_RUIM)('POST /romaneios/imprimir/%s', async (id, mensagem) => recusa('POST', `/api/romaneios/imprimir/${id}`, {}, [mensagem]));
  it.each(ID_RUIM)('POST /romaneios/imprimir/contrato/%s', async (id, mensagem) => recusa('POST', `/api/romaneios/imprimir/contrato/${id}`, {}, [mensagem]));

  it.each([
    ['nota-fiscal', 'Nota fiscal'],
    ['nota-fiscal-itens', 'Nota fiscal'],
    ['contains-nf', 'Nota fiscal'],
    ['cliente-pedido', 'Pedido'],
  ])('GET /romaneios/%s/{code}: too long or blank', async (rota, campo) => {
    await recusa('GET', `/api/romaneios/${rota}/${'9'.repeat(31)}`, {}, [`${campo}: no máximo 30 caracteres.`]);
    await recusa('GET', `/api/romaneios/${rota}/%20%20`, {}, [`${campo}: informe o código.`]);
  });

  it.each([
    ['abc', 'Romaneio: identificador inválido.'],
    ['-1', 'Romaneio: identificador inválido.'],
    ['99999999999', 'Romaneio: identificador inválido.'],
    ['1&romaneio=2', 'Romaneio: identificador inválido.'],
  ])('GET /romaneios/contains-nf/{nf}?romaneio=%s', async (valor, mensagem) => recusa('GET', `/api/romaneios/contains-nf/NF1?romaneio=${valor}`, {}, [mensagem]));
});

describe('queries', () => {
  it.each([
    ['inicio=2024-02-30', 'Data inicial: informe uma data válida (AAAA-MM-DD).'],
    ['fim=0000-00-00', 'Data final: informe uma data válida (AAAA-MM-DD).'],
    ['inicio=9999-12-31', 'Data inicial: informe uma data válida (AAAA-MM-DD).'],
    ['inicio=2024-05-02&fim=2024-05-01', MSG_PERIODO_INVALIDO],
    ['numero=abc', 'Número do romaneio: identificador inválido.'],
    ['numero=99999999999', 'Número do romaneio: identificador inválido.'],
    ['status=ABERTO', 'Status do romaneio desconhecido.'],
    ['transportadora=x', 'Transportadora: identificador inválido.'],
    ['cliente=1.5', 'Cliente: identificador inválido.'],
    ['origem=-1', 'Município de origem: identificador inválido.'],
    [`pedido=${'P'.repeat(31)}`, 'Pedido: no máximo 30 caracteres.'],
    [`notaFiscal=${'N'.repeat(31)}`, 'Nota fiscal: no máximo 30 caracteres.'],
    ['page=-1', 'A página não pode ser negativa.'],
    ['page=99999999', 'Página grande demais.'],
    ['size=0', 'O tamanho da página deve ser ao menos 1.'],
    ['size=500', 'O tamanho da página deve ser no máximo 100.'],
    ['size=abc', 'O tamanho da página deve ser um número.'],
  ])('GET /romaneios/listar-simples?%s', async (query, mensagem) => recusa('GET', `/api/romaneios/listar-simples?${query}`, {}, [mensagem]));

  it.each([
    ['', 'Nº do romaneio: apenas dígitos (até 10).'],
    ['?numero=abc', 'Nº do romaneio: apenas dígitos (até 10).'],
    ['?numero=12345678901', 'Nº do romaneio: apenas dígitos (até 10).'],
    ['?numero=-1', 'Nº do romaneio: apenas dígitos (até 10).'],
  ])('GET /romaneios/listar%s', async (query, mensagem) => recusa('GET', `/api/romaneios/listar${query}`, {}, [mensagem]));

  it.each([
    ['', ['Data inicial inválida ou não informada.', 'Data final inválida ou não informada.']],
    ['?inicio=2024-01-01', ['Data final inválida ou não informada.']],
    ['?inicio=2024-02-30&fim=2024-03-01', ['Data inicial inválida ou não informada.']],
    ['?inicio=2024-01-01&fim=2024-13-45', ['Data final inválida ou não informada.']],
  ])('GET /romaneios/despesas%s', async (query, mensagens) => recusa('GET', `/api/romaneios/despesas${query}`, {}, mensagens));
});

describe('POST /romaneios bodies', () => {
  it('refuses malformed JSON', async () => {
    await recusa('POST', '/api/romaneios', { rawBody: '{"motorista": {"id": 1},' }, [MSG_JSON_INVALIDO]);
  });

  const item = () => itemTeste(r);
  it.each<[string, () => unknown, string[]]>([
    ['no driver', () => ({ ...corpoRomaneio(r), motorista: undefined }), [MSG_MOTORISTA_OBRIGATORIO]],
    ['a typed driver', () => ({ ...corpoRomaneio(r), motorista: 'João' }), [MSG_MOTORISTA_OBRIGATORIO]],
    ['a driver id too big', () => corpoRomaneio(r, { motorista: { id: 99_999_999_999 } }), ['O identificador é grande demais.']],
    ['no items', () => corpoRomaneio(r, { itens: [] }), [MSG_ROMANEIO_SEM_ITEM]],
    ['items not a list', () => ({ ...corpoRomaneio(r), itens: 'x' }), [MSG_ROMANEIO_SEM_ITEM]],
    ['an item without weight', () => corpoRomaneio(r, { itens: [item(), { ...item(), peso: null }] as never }), [mensagemItemIncompleto(2)]],
    ['a negative freight', () => corpoRomaneio(r, { valorFrete: '-1' }), ['Valor do frete: informe um número não negativo com até 2 casas decimais.']],
    ['a freight with 3 decimals', () => corpoRomaneio(r, { valorFrete: '1.234' }), ['Valor do frete: informe um número não negativo com até 2 casas decimais.']],
    ['a huge freight', () => corpoRomaneio(r, { valorFrete: '1e300' }), ['Valor do frete: informe um número não negativo com até 2 casas decimais.']],
    ['a freight as an object', () => ({ ...corpoRomaneio(r), valorFrete: { v: 1 } }), ['Valor do frete: informe um número não negativo com até 2 casas decimais.']],
    ['volumes 1.5', () => corpoRomaneio(r, { itens: [{ ...item(), volumes: 1.5 }] as never }), ['Volumes: informe um número inteiro.']],
    ['volumes too many', () => corpoRomaneio(r, { itens: [{ ...item(), volumes: 99_999_999_999 }] as never }), ['Volumes: número grande demais.']],
    ['a detail quantity that is text', () => corpoRomaneio(r, { itens: [{ ...item(), detalhes: [{ linha: '1', quantidade: 'dez', valorTotalItem: '1' }] }] as never }), ['Quantidade: informe um número não negativo com até 3 casas decimais.']],
    ['an unknown status', () => corpoRomaneio(r, { status: 'ABERTO' as never }), ['Status do romaneio desconhecido.']],
    ['a text id', () => ({ ...corpoRomaneio(r), id: 'um', versao: 0 }), ['Campo id: tipo inválido.']],
    ['an id too big', () => ({ ...corpoRomaneio(r), id: 99_999_999_999, versao: 0 }), ['O identificador é grande demais.']],
    ['a negative version', () => ({ ...corpoDe(salvo), versao: -1 }), ['Campo versao: valor abaixo do mínimo permitido (0).']],
    ['an observation over 4,000 characters', () => corpoRomaneio(r, { observacao: 'x'.repeat(4001) }), ['Observação: no máximo 4000 caracteres.']],
    ['an invoice over 30 characters', () => corpoRomaneio(r, { itens: [{ ...item(), notaFiscalId: '1'.repeat(31) }] as never }), ['Nota fiscal: no máximo 30 caracteres.']],
    ['a body that is a list', () => [corpoRomaneio(r)], ['Corpo da requisição: tipo inválido.']],
  ])('refuses %s', async (_caso, corpo, mensagens) => {
    await recusa('POST', '/api/romaneios', { body: corpo() }, mensagens);
  });
});
