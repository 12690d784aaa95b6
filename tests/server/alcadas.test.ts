import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mensagemUsuarioAlcadaDesconhecido,
  MSG_INFORME_VERSAO_ALCADAS,
  MSG_NIVEL_REPETIDO,
  type Alcadas,
  type MinhaAlcada,
} from '../../src/contracts/alcadas';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import { MSG_SEM_PERMISSAO } from '../../src/contracts/erros';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { createHarness, json, type Harness } from './harness';

// Approval limits (issue 29; docs/decisoes.md §36): the demo's defaults per level, a level's row, a user's own row
// beating the level, and POST /alcadas's version and bad input.

let h: Harness;
let admin: string;
const minha = async (token: string) => json<MinhaAlcada>(await h.request('GET', '/api/alcadas/minha', { token }));
const ler = async () => json<Alcadas>(await h.request('GET', '/api/alcadas', { token: admin }));
const salvar = (body: unknown) => h.request('POST', '/api/alcadas', { token: admin, body });

beforeAll(async () => {
  h = await createHarness();
  admin = await h.adminToken();
});
afterAll(() => h?.close());

describe('the demo limits', () => {
  it('gerente R$ 500 per CT-e, supervisor R$ 50, diretor and admin unlimited, representante none', async () => {
    expect(await minha(await h.login('gerente', SENHA_DEMO))).toEqual({ nivel: 'GERENTE', limiteCte: '500.00', limiteFatura: '5000.00', propria: false });
    expect(await minha(await h.login('supervisor', SENHA_DEMO))).toEqual({ nivel: 'SUPERVISOR', limiteCte: '50.00', limiteFatura: '500.00', propria: false });
    expect(await minha(await h.login('diretor', SENHA_DEMO))).toEqual({ nivel: 'DIRETOR', limiteCte: null, limiteFatura: null, propria: false });
    expect(await minha(await h.login('representante', SENHA_DEMO))).toEqual({ nivel: 'REPRESENTANTE', limiteCte: '0.00', limiteFatura: '0.00', propria: false });
    expect(await minha(admin)).toEqual({ nivel: 'ADMIN', limiteCte: null, limiteFatura: null, propria: false });
  });

  it('GET /alcadas lists every level with the defaults filled and no user override; only ADMIN reads it', async () => {
    const a = await ler();
    expect(a.niveis).toEqual([
      { nivel: 'ADMIN', limiteCte: null, limiteFatura: null },
      { nivel: 'DIRETOR', limiteCte: null, limiteFatura: null },
      { nivel: 'GERENTE', limiteCte: '500.00', limiteFatura: '5000.00' },
      { nivel: 'SUPERVISOR', limiteCte: '50.00', limiteFatura: '500.00' },
      { nivel: 'REPRESENTANTE', limiteCte: '0.00', limiteFatura: '0.00' },
    ]);
    expect(a.usuarios).toEqual([]);
    const r = await h.request('GET', '/api/alcadas', { token: await h.login('diretor', SENHA_DEMO) });
    expect([r.status, await json(r)]).toEqual([403, { mensagens: [MSG_SEM_PERMISSAO] }]);
  });
});

describe('POST /alcadas', () => {
  it("a level's row replaces the default; a user's own row beats the level; both null removes it", async () => {
    const id = await h.criarUsuario('COLACRIL', 'alcada-propria', [], 'SUPERVISOR');
    const token = await h.login('alcada-propria', SENHA_DEMO);
    const gerente = await h.login('gerente', SENHA_DEMO);
    const antes = await ler();
    const r = await salvar({
      niveis: [{ nivel: 'SUPERVISOR', limiteCte: '80', limiteFatura: null }],
      usuarios: [{ usuario: id, limiteCte: '1234.5', limiteFatura: '10' }],
      versao: antes.versao,
    });
    expect(r.status).toBe(200);
    const depois = await json<Alcadas>(r);
    expect(depois.versao).toBe(antes.versao + 1);
    expect(depois.niveis.find((n) => n.nivel === 'SUPERVISOR')).toEqual({ nivel: 'SUPERVISOR', limiteCte: '80.00', limiteFatura: null });
    expect(depois.usuarios).toEqual([{ usuario: id, login: 'alcada-propria', nome: 'Usuário alcada-propria', nivel: 'SUPERVISOR', limiteCte: '1234.50', limiteFatura: '10.00' }]);
    expect(await minha(token)).toEqual({ nivel: 'SUPERVISOR', limiteCte: '1234.50', limiteFatura: '10.00', propria: true });
    expect(await minha(await h.login('supervisor', SENHA_DEMO))).toEqual({ nivel: 'SUPERVISOR', limiteCte: '80.00', limiteFatura: null, propria: false });
    expect(await minha(gerente)).toMatchObject({ limiteCte: '500.00' });

    const r2 = await salvar({ niveis: [], usuarios: [{ usuario: id, limiteCte: null, limiteFatura: null }], versao: depois.versao });
    expect(r2.status).toBe(200);
    expect((await json<Alcadas>(r2)).usuarios).toEqual([]);
    expect(await minha(token)).toEqual({ nivel: 'SUPERVISOR', limiteCte: '80.00', limiteFatura: null, propria: false });
  });

  it('a stale version answers 409 and changes nothing', async () => {
    const atual = await ler();
    await h.recusas(
      (corpo) => salvar(corpo),
      [[{ niveis: [{ nivel: 'GERENTE', limiteCte: '1', limiteFatura: '1' }], usuarios: [], versao: atual.versao + 5 }, [MENSAGEM_VERSAO_OBSOLETA]]],
      409,
    );
    expect(await ler()).toEqual(atual);
  });

  it('bad input answers 400 in Portuguese and changes nothing', async () => {
    const { versao } = await ler();
    const nivel = (over: object) => ({ niveis: [{ nivel: 'GERENTE', limiteCte: '1', limiteFatura: '1', ...over }], usuarios: [], versao });
    await h.recusas(
      (corpo) => salvar(corpo),
      [
        [nivel({ limiteCte: '-1' }), ['Limite por CT-e: informe um valor não negativo com até 2 casas decimais, ou deixe em branco para sem limite.']],
        [nivel({ limiteFatura: '1,5' }), ['Limite por fatura: informe um valor não negativo com até 2 casas decimais, ou deixe em branco para sem limite.']],
        [nivel({ nivel: 'CHEFE' }), ['Nível desconhecido.']],
        [{ niveis: [nivel({}).niveis[0], nivel({}).niveis[0]], usuarios: [], versao }, [MSG_NIVEL_REPETIDO]],
        [{ niveis: [], usuarios: [{ usuario: 999_999, limiteCte: '1', limiteFatura: null }], versao }, [mensagemUsuarioAlcadaDesconhecido(999_999)]],
        [{ niveis: [], usuarios: [] }, [MSG_INFORME_VERSAO_ALCADAS]],
      ],
    );
  });
});
