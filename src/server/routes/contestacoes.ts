import { Hono } from 'hono';
import { idParamSchema, type Page } from '../../contracts/common';
import {
  contestacaoAbrirSchema,
  contestacaoListaQuerySchema,
  contestacaoResponderSchema,
  contestacaoVersaoSchema,
  type Contestacao,
  type ContestacaoResumo,
  type EmailContestacao,
} from '../../contracts/contestacoes';
import type { AppEnv } from '../app-env';
import { abrirContestacao } from '../contestacoes/abrir-contestacao';
import { cartaContestacaoPdf } from '../contestacoes/carta-pdf';
import { dadosCarta, emailContestacao } from '../contestacoes/dados-carta';
import { lerContestacao, listarContestacoes } from '../contestacoes/ler-contestacao';
import { mudarContestacao, responderContestacao } from '../contestacoes/transicoes-contestacao';
import { validate } from '../http/validate';
import { areaApi } from '../permissoes/area-api';
import { anyOf } from '../permissoes/regras';

// /contestacoes (issue 29, docs/decisoes.md §36): disputes with the carrier — open, list, read, send, answer,
// close, and the letter (PDF) and its e-mail text. Lifecycle: machines/contestacao.ts.

export function contestacoesRoutes() {
  return new Hono<AppEnv>()
    .get('/', validate('query', contestacaoListaQuerySchema), async (c) =>
      c.json<Page<ContestacaoResumo>>(await listarContestacoes(c.get('banco').db, c.req.valid('query')), 200),
    )
    .post('/', validate('json', contestacaoAbrirSchema), async (c) => {
      const { db } = c.get('banco');
      const id = await abrirContestacao(db, c.req.valid('json'), c.get('usuario').id);
      return c.json<Contestacao>(await lerContestacao(db, id), 201);
    })
    .get('/:id/carta', validate('param', idParamSchema), async (c) => {
      const dados = await dadosCarta(c.get('banco').db, c.get('empresa'), c.req.valid('param').id);
      const pdf = await cartaContestacaoPdf(dados);
      return new Response(new Uint8Array(pdf), {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="contestacao-${dados.contestacao.numero}.pdf"` },
      });
    })
    .get('/:id/email', validate('param', idParamSchema), async (c) =>
      c.json<EmailContestacao>(emailContestacao(await dadosCarta(c.get('banco').db, c.get('empresa'), c.req.valid('param').id)), 200),
    )
    .post('/:id/enviar', validate('param', idParamSchema), validate('json', contestacaoVersaoSchema), async (c) => {
      const { db } = c.get('banco');
      await mudarContestacao(db, c.req.valid('param').id, 'ENVIAR', c.req.valid('json').versao);
      return c.json<Contestacao>(await lerContestacao(db, c.req.valid('param').id), 200);
    })
    .post('/:id/responder', validate('param', idParamSchema), validate('json', contestacaoResponderSchema), async (c) => {
      const { db } = c.get('banco');
      await responderContestacao(db, c.req.valid('param').id, c.req.valid('json'));
      return c.json<Contestacao>(await lerContestacao(db, c.req.valid('param').id), 200);
    })
    .post('/:id/encerrar', validate('param', idParamSchema), validate('json', contestacaoVersaoSchema), async (c) => {
      const { db } = c.get('banco');
      await mudarContestacao(db, c.req.valid('param').id, 'ENCERRAR', c.req.valid('json').versao);
      return c.json<Contestacao>(await lerContestacao(db, c.req.valid('param').id), 200);
    })
    .get('/:id', validate('param', idParamSchema), async (c) => c.json<Contestacao>(await lerContestacao(c.get('banco').db, c.req.valid('param').id), 200));
}

export const contestacoesApi = areaApi('/api/contestacoes', () => contestacoesRoutes(), {
  // Pagamentos (issue 29): FRETE_PAG_M sees, FRETE_PAG_C opens, FRETE_PAG_E sends, records the answer and closes.
  'GET /': anyOf('FRETE_PAG_M'),
  'POST /': anyOf('FRETE_PAG_C'),
  'GET /:id': anyOf('FRETE_PAG_M'),
  'GET /:id/carta': anyOf('FRETE_PAG_M'),
  'GET /:id/email': anyOf('FRETE_PAG_M'),
  'POST /:id/enviar': anyOf('FRETE_PAG_E'),
  'POST /:id/responder': anyOf('FRETE_PAG_E'),
  'POST /:id/encerrar': anyOf('FRETE_PAG_E'),
});
