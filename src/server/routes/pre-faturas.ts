import { Hono } from 'hono';
import { z } from 'zod';
import { idParamSchema } from '../../contracts/common';
import { mensagemPreFaturaCriada, preFaturaCriarSchema, type ComparacaoPreFaturaLinha, type PreFatura, type PreFaturaCompleta } from '../../contracts/pre-faturas';
import type { AppEnv } from '../app-env';
import { validate } from '../http/validate';
import { areaApi } from '../permissoes/area-api';
import { anyOf } from '../permissoes/regras';
import { compararPreFatura } from '../pre-faturas/comparar-pre-fatura';
import { criarPreFatura } from '../pre-faturas/criar-pre-fatura';
import { csvPreFatura, doccobPreFatura, pdfPreFatura } from '../pre-faturas/documentos-pre-fatura';
import { lerPreFatura, listarPreFaturas, preFaturaCompleta } from '../pre-faturas/ler-pre-fatura';
import { respostaArquivo } from '../relatorios/resposta-arquivo';

// /pre-faturas (issue 29): create one from the carrier's audited CT-es of a period, list, read, its PDF, CSV and
// DOCCOB 3.0A, and the comparison with the faturas the carrier sent.

const listaQuerySchema = z.object({
  antesDe: z.coerce.number({ error: 'antesDe: informe o número da pré-fatura.' }).int('antesDe: informe o número da pré-fatura.').positive('antesDe: informe o número da pré-fatura.').max(2_147_483_647, 'O identificador é grande demais.').optional(),
});

export const preFaturasRoutes = () =>
  new Hono<AppEnv>()
    .post('/', validate('json', preFaturaCriarSchema), async (c) => {
      const { db } = c.get('banco');
      const id = await criarPreFatura(db, c.req.valid('json'), c.get('usuario').id);
      const p = await lerPreFatura(db, id);
      return c.json<{ mensagens: string[]; preFatura: PreFatura }>({ mensagens: [mensagemPreFaturaCriada(id, p.quantidade)], preFatura: p }, 200);
    })
    .get('/', validate('query', listaQuerySchema), async (c) => c.json<PreFatura[]>(await listarPreFaturas(c.get('banco').db, c.req.valid('query').antesDe), 200))
    .get('/:id/pdf', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { db, empresa } = c.get('banco');
      return respostaArquivo(await pdfPreFatura(db, id, empresa), 'pdf', `pre-fatura-${id}.pdf`);
    })
    .get('/:id/csv', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      return respostaArquivo(await csvPreFatura(c.get('banco').db, id), 'csv', `pre-fatura-${id}.csv`);
    })
    .get('/:id/doccob', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { db, empresa } = c.get('banco');
      const texto = await doccobPreFatura(db, id, empresa);
      return new Response(texto, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Disposition': `attachment; filename="pre-fatura-${id}.txt"` } });
    })
    .get('/:id/comparacao', validate('param', idParamSchema), async (c) => c.json<ComparacaoPreFaturaLinha[]>(await compararPreFatura(c.get('banco').db, c.req.valid('param').id), 200))
    .get('/:id', validate('param', idParamSchema), async (c) => c.json<PreFaturaCompleta>(await preFaturaCompleta(c.get('banco').db, c.req.valid('param').id), 200));

export const preFaturasApi = areaApi('/api/pre-faturas', () => preFaturasRoutes(), {
  'POST /': anyOf('FRETE_PAG_C'),
  'GET /': anyOf('FRETE_PAG_M'),
  'GET /:id': anyOf('FRETE_PAG_M'),
  'GET /:id/pdf': anyOf('FRETE_PAG_M'),
  'GET /:id/csv': anyOf('FRETE_PAG_M'),
  'GET /:id/doccob': anyOf('FRETE_PAG_M'),
  'GET /:id/comparacao': anyOf('FRETE_PAG_M'),
});
