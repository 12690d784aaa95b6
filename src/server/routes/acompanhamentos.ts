import { Hono } from 'hono';
import { NOMES_ARQUIVOS, periodoRelatorioSchema } from '../../contracts/relatorios';
import type { AppEnv } from '../app-env';
import { validate } from '../http/validate';
import { dadosAcompanhamento } from '../relatorios/acompanhamentos';
import { respostaArquivo } from '../relatorios/resposta-arquivo';
import { consolidadoDocx } from '../documentos/consolidado-docx';
import { vendidoFaturadoPdf } from '../documentos/vendido-faturado-pdf';
import { areaApi } from '../permissoes/area-api';
import { anyOf } from '../permissoes/regras';
import { CODIGOS_RELATORIOS } from '../../contracts/relatorios';

// /acompanhamentos (spec 03 §7 "Indicators and reports"): vendido × faturado of a period as a
// PDF, and its consolidated summary as a DOCX. ?inicio&fim (YYYY-MM-DD, at most 366 days). Permissions:
// acompanhamentosApi at the end of this file.

export const acompanhamentosRoutes = () =>
  new Hono<AppEnv>()
    .get('/vendidoXfaturado', validate('query', periodoRelatorioSchema), async (c) => {
      const p = c.req.valid('query');
      return respostaArquivo(await vendidoFaturadoPdf(await dadosAcompanhamento(c.get('banco'), p)), 'pdf', NOMES_ARQUIVOS.vendidoFaturado(p));
    })
    .get('/consolidado', validate('query', periodoRelatorioSchema), async (c) => {
      const p = c.req.valid('query');
      return respostaArquivo(await consolidadoDocx(await dadosAcompanhamento(c.get('banco'), p)), 'docx', NOMES_ARQUIVOS.consolidado(p));
    });

export const acompanhamentosApi = areaApi('/api/acompanhamentos', () => acompanhamentosRoutes(), {
  'GET /vendidoXfaturado': anyOf(...CODIGOS_RELATORIOS),
  'GET /consolidado': anyOf(...CODIGOS_RELATORIOS),
});
