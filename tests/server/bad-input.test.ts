import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CORPO_GRANDE, MSG_JSON_INVALIDO, MSG_NAO_ENCONTRADO } from '../../src/contracts/erros';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness, type RequestOptions } from './harness';

let h: Harness;
let token: string;
let idComercial: number;

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.login('admin', SENHA_ADMIN_TESTE);
  idComercial = (await json(await h.request('GET', '/api/perfis?search=descricao:Comercial', { token }))).content[0].id;
});
afterAll(() => h?.close());

/** The request answers `status` with these Portuguese messages, and no row changes in either company. */
async function recusa(metodo: string, caminho: string, opcoes: RequestOptions, status: number, mensagens: string[] | RegExp) {
  const antes = [await h.snapshot('COLACRIL'), await h.snapshot('RRE')];
  const r = await h.request(metodo, caminho, { token, ...opcoes });
  const corpo = await json(r);
  expect(r.status, JSON.stringify(corpo)).toBe(status);
  if (Array.isArray(mensagens)) expect(corpo).toEqual({ mensagens });
  else {
    expect(corpo.mensagens).toHaveLength(1);
    expect(corpo.mensagens[0]).toMatch(mensagens);
  }
  expect([await h.snapshot('COLACRIL'), await h.snapshot('RRE')]).toEqual(antes);
}

describe('malformed bodies', () => {
  it.each([
    ['POST', '/api/perfis', '{"descricao": "x", '],
    ['POST', '/api/perfis', `{"id": ${0}, "descricao": 'aspas simples'}`],
    ['POST', '/api/usuarios/alterar-senha', 'senha=1234'],
    ['POST', '/api/usuarios/configuracoes', '{"ultimaVersao":'],
    ['POST', '/api/login', '{login: admin}'],
    ['POST', '/api/usuarios', '{"login": "x",'],
    ['POST', '/api/transportadoras', '{"id": 1'],
    ['POST', '/api/clientes', "{'id': 1}"],
    ['POST', '/api/configuracoes', '{"entradas": [}'],
    ['POST', '/api/ctes/carregar-xml-tabela', 'dias=30'],
    ['POST', '/api/tipos-veiculo', '{"descricao": '],
    ['POST', '/api/veiculos', '{"placa": "ABC1234",,}'],
    ['POST', '/api/motoristas', '[{"nome"'],
    ['POST', '/api/ufs', '{"id": 1, "limiteFretePeso": 1.5.0}'],
    ['POST', '/api/tabelas-frete', '{"transportadora": {"id": 1}, "percursos": [}'],
    ['POST', '/api/tabelas-frete/calcular', '{"dataDespacho": "2026-01-01",'],
    ['POST', '/api/tabelas-frete/imprimir', 'pedido=1'],
    ['POST', '/api/minutas', '{"numero": "1",'],
    ['POST', '/api/minutas/confirmar', '{"ids": [1,}'],
    ['DELETE', '/api/minutas', '{"id": 1'],
    ['POST', '/api/romaneios-colacril', '{"lacre": "x",'],
    ['POST', '/api/romaneios', '{"motorista": {"id": 1}, "itens": [}'],
  ])('%s %s with %j answers 400', async (metodo, caminho, rawBody) => {
    await recusa(metodo, caminho, { rawBody, empresa: caminho === '/api/login' ? 'COLACRIL' : undefined }, 400, [MSG_JSON_INVALIDO]);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    await recusa('POST', '/api/perfis', { rawBody: JSON.stringify({ descricao: 'x'.repeat(1_100_000), roles: ['FRETE_CTE_M'] }) }, 413, [
      MSG_CORPO_GRANDE,
    ]);
  });
});

describe('wrong types and sizes', () => {
  it.each([
    [{ descricao: 'Tipos', roles: ['FRETE_CTE_M'], ativado: 'sim' }, ['Campo ativado: tipo inválido.']],
    [{ descricao: 'Tipos', roles: ['FRETE_CTE_M'], id: 'um' }, ['Campo id: tipo inválido.']],
    [{ descricao: 'Tipos', roles: ['FRETE_CTE_M'], id: 1.5, versao: 0 }, ['Campo id: tipo inválido.']],
    [{ descricao: 'Tipos', roles: ['FRETE_CTE_M'], id: 99_999_999_999, versao: 0 }, ['O identificador é grande demais.']],
    [{ descricao: 'Tipos', roles: 'FRETE_CTE_M' }, ['O perfil deve ter ao menos uma permissão atribuída']],
    [{ descricao: 'Tipos', roles: [42] }, ['Campo roles.0: tipo inválido.']],
    [{ descricao: 42, roles: ['FRETE_CTE_M'] }, ['A descrição do perfil é obrigatória']],
    [{ descricao: 'x'.repeat(10_000), roles: ['FRETE_CTE_M'] }, ['A descrição do perfil deve ter no máximo 100 caracteres']],
    [{ descricao: 'Tipos', roles: ['FRETE_CTE_M'], versao: -1 }, ['Campo versao: valor abaixo do mínimo permitido (0).']],
    [[1, 2], ['Corpo da requisição: tipo inválido.']],
    [null, ['Corpo da requisição: tipo inválido.']],
  ])('POST /api/perfis with %j answers 400 in Portuguese', async (body, mensagens) => {
    await recusa('POST', '/api/perfis', { body }, 400, mensagens);
  });

  it('refuses an edit of a real profile with bad fields without touching it', async () => {
    await recusa('POST', '/api/perfis', { body: { id: idComercial, descricao: '', roles: [], versao: 0 } }, 400, [
      'A descrição do perfil é obrigatória',
      'O perfil deve ter ao menos uma permissão atribuída',
    ]);
  });

  it.each([
    ['/api/perfis?size=100000', ['O tamanho da página deve ser no máximo 300.']],
    ['/api/perfis?size=0', ['O tamanho da página deve ser ao menos 1.']],
    ['/api/perfis?size=abc', ['O tamanho da página deve ser um número.']],
    ['/api/perfis?page=-1', ['A página não pode ser negativa.']],
    ['/api/perfis?page=1.5', ['A página deve ser um número inteiro.']],
    ['/api/perfis?page=99999999999&size=300', ['A página solicitada está além do limite permitido.']],
    ['/api/perfis?search=a&search=b', ['Campo search: tipo inválido.']],
    [`/api/perfis?search=${'a'.repeat(2001)}`, ['A expressão de busca é longa demais.']],
    ['/api/perfis/abc', ['O identificador deve ser um número.']],
    ['/api/perfis/0', ['O identificador deve ser positivo.']],
    ['/api/perfis/99999999999', ['O identificador é grande demais.']],
    ['/api/versoes/-1', ['O identificador não pode ser negativo.']],
    ['/api/tabelas-frete?size=0', ['O tamanho da página deve ser ao menos 1.']],
    [`/api/tabelas-frete?transportadora=${'x'.repeat(201)}`, ['O texto de busca é longo demais.']],
    ['/api/tabelas-frete?sort=conteudo', ['Campo de ordenação desconhecido: conteudo']],
    ['/api/tabelas-frete/cte?transportadora=1&dataDespacho=2026-02-30', ['Informe a data de despacho no formato AAAA-MM-DD.']],
    ['/api/tabelas-frete/dtos?transportadora=-3', ['Informe a transportadora.']],
    ['/api/tabelas-frete/imprimir/cte/0', ['O identificador deve ser positivo.']],
    ['/api/minutas?size=0', ['O tamanho da página deve ser ao menos 1.']],
    ['/api/minutas?transportadora=x', ['Transportadora: informe id:{id}.']],
    [`/api/minutas?search=${encodeURIComponent('dataEmissao>2024-02-30')}`, ['Valor inválido para o campo dataEmissao: informe uma data válida (AAAA-MM-DD).']],
    ['/api/minutas/0', ['O identificador deve ser positivo.']],
    ['/api/minutas/listar?numero=abc', ['Nº da minuta: apenas dígitos (até 9).']],
    ['/api/romaneios-colacril/0', ['O identificador deve ser positivo.']],
    ['/api/romaneios-colacril/listar-simples?inicio=2024-02-30', ['Data inicial: informe uma data válida (AAAA-MM-DD).']],
    ['/api/romaneios-colacril/listar?numero=abc', ['Nº do romaneio: apenas dígitos (até 9).']],
    ['/api/romaneios-colacril/buscar-os/99999999999', ['O.S.: número grande demais.']],
    ['/api/ordens-servico/ordens-servico-transportadora?transportadora=1&fim=2024-02-30', ['Data final: informe uma data válida (AAAA-MM-DD).']],
    ['/api/ordens-servico/notas-fiscais-transportadora?transportadora=F000001', ['Transportadora: informe o identificador do cadastro (um número).']],
    ['/api/ordens-servico/preencher-dados-fiscais-os/abc', ['O.S.: informe o número da ordem de serviço (apenas dígitos).']],
    ['/api/acompanhamentos/vendidoXfaturado?inicio=2024-02-30&fim=2024-03-01', ['Data inicial inválida ou não informada.']],
    ['/api/acompanhamentos/consolidado?inicio=2025-01-01&fim=2026-06-01', ['O período pode ter no máximo 366 dias.']],
    ['/api/inadimplencias/impressao?inicio=2026-03-10&fim=2026-03-01', ['Período informado inválido, a data final deve ser maior ou igual que a inicial.']],
    ['/api/inadimplencias/csv?inicio=2026-03-01', ['Data final inválida ou não informada.']],
    ['/api/vw-notas-fiscais/pdf', ['Informe a nota fiscal (notaFiscalId).']],
    ['/api/vw-notas-fiscais/pdfs?pedidoId=', ['Informe o pedido (pedidoId).']],
    [`/api/vwpedidos/espelhoPedido/${encodeURIComponent('{"pedidoId":')}`, ['Parâmetro inválido: informe um JSON como {"pedidoId":"P1"}.']],
  ])('GET %s answers 400', async (caminho, mensagens) => {
    await recusa('GET', caminho, {}, 400, mensagens);
  });
});

describe('search and sort', () => {
  const busca = (search: string) => `/api/perfis?search=${encodeURIComponent(search)}`;

  it.each([
    ['senha~x', 'Campo de busca desconhecido: senha'],
    ['descricao~x;senha_hash==y', 'Campo de busca desconhecido: senha_hash'],
    ['constructor==x', 'Campo de busca desconhecido: constructor'],
    ['ativado==talvez', 'Valor inválido para o campo ativado: use true ou false.'],
    ['id==1 OR 1=1', /^Expressão de busca inválida: /],
    ["descricao==x' OR 1=1--", /^Expressão de busca inválida: descricao==x' OR 1=1--$/],
    ['descricao==x;drop table perfil', /^Expressão de busca inválida: /],
    ['id==abc', 'Valor inválido para o campo id: informe um número inteiro.'],
    ['id==99999999999', 'Valor inválido para o campo id: informe um número inteiro.'],
    ['id=ik=1', 'Operador =ik= não se aplica ao campo id.'],
    ['ativado=lt=true', 'Operador =lt= não se aplica ao campo ativado.'],
    ['descricao=regex=.*', 'Operador de busca desconhecido: =regex='],
    ['descricao==(a,b)', 'O operador == aceita um único valor (campo descricao).'],
    ['(descricao~a', /^Expressão de busca inválida: /],
    ['descricao==a)', /^Expressão de busca inválida: /],
    [';', /^Expressão de busca inválida: /],
    [Array.from({ length: 51 }, (_, i) => `id!=${i + 1}`).join(';'), 'A expressão de busca tem termos demais (máximo 50).'],
  ])('search %j answers 400', async (search, mensagem) => {
    await recusa('GET', busca(search), {}, 400, typeof mensagem === 'string' ? [mensagem] : mensagem);
  });

  it.each([
    ['senha', 'Campo de ordenação desconhecido: senha'],
    ['roles', 'Campo de ordenação desconhecido: roles'],
    ['desc', 'Campo de ordenação desconhecido: desc'],
    ['descricao;drop', 'Campo de ordenação desconhecido: drop'],
  ])('sort %j answers 400', async (sort, mensagem) => {
    await recusa('GET', `/api/perfis?sort=${encodeURIComponent(sort)}`, {}, 400, [mensagem]);
  });

  it('treats LIKE wildcards in the freight-table carrier filter as plain text', async () => {
    for (const texto of ['%', '_', "'; drop table tabela_frete; --"]) {
      const r = await h.request('GET', `/api/tabelas-frete?transportadora=${encodeURIComponent(texto)}`, { token });
      expect(r.status, texto).toBe(200);
      expect((await json(r)).totalElements, texto).toBe(0);
    }
  });

  it('treats SQL-looking text inside quotes or short forms as plain text', async () => {
    const antes = await h.snapshot();
    for (const search of [
      `descricao=="x' OR 1=1--"`,
      `descricao~'); drop table perfil; --`,
      `descricao~%' or '1'='1`,
      `descricao~"x\\" OR \\"1\\"=\\"1"`,
      'descricao:\\',
    ]) {
      const r = await h.request('GET', busca(search), { token });
      expect(r.status, search).toBe(200);
      expect((await json(r)).totalElements, search).toBe(0);
    }
    expect(await h.snapshot()).toBe(antes);
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/nada'],
    ['GET', '/api'],
    ['DELETE', '/api/perfis'],
    ['PUT', '/api/perfis/1'],
    ['POST', '/api/eu'],
  ])('%s %s answers 404', async (metodo, caminho) => {
    await recusa(metodo, caminho, {}, 404, [MSG_NAO_ENCONTRADO]);
  });
});
