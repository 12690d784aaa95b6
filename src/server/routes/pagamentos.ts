import { Hono } from 'hono';
import { z } from 'zod';
import { idParamSchema, type Page } from '../../contracts/common';
import type { FaturaLinha } from '../../contracts/faturas';
import {
  desempenhoQuerySchema,
  exportarPagamentosSchema,
  faturasVersaoSchema,
  pagamentosListaQuerySchema,
  pagamentosQuerySchema,
  type DesempenhoTransportadora,
  type PagamentosListaQuery,
  type ExportacaoPagamento,
  type ResultadoAcaoPagamento,
  type ResultadoExportacao,
  type TotalPagamentos,
} from '../../contracts/pagamentos';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/database';
import { fatura } from '../db/schema/fatura';
import { resumosConferencia } from '../faturas/conferencia-fatura';
import { colunasFaturaLinha, paraFaturaLinha } from '../faturas/fatura-linha';
import { validate } from '../http/validate';
import { desempenhoTransportadoras } from '../pagamentos/desempenho-transportadoras';
import { csvExportacao, nomeCsvExportacao } from '../pagamentos/exportar-csv-pagamentos';
import { exportarPagamentos, listarExportacoes } from '../pagamentos/exportar-pagamentos';
import { liberarIncontroverso } from '../pagamentos/incontroverso-faturas';
import { listarPagamentos } from '../pagamentos/listar-pagamentos';
import { pagarFaturas } from '../pagamentos/pagar-faturas';
import { totaisPagamentos } from '../pagamentos/totais-pagamentos';
import { areaApi } from '../permissoes/area-api';
import { anyOf } from '../permissoes/regras';
import { respostaArquivo } from '../relatorios/resposta-arquivo';

// /pagamentos (issue 29; docs/decisoes.md §36): faturas by payment situation with totals, the export to payables
// and its CSV, the payment, the undisputed release and the carriers' scorecard. Fixed paths first.

const exportacoesQuerySchema = z.object({
  antesDe: z.coerce.number({ error: 'antesDe: informe o número da exportação.' }).int('antesDe: informe o número da exportação.').positive('antesDe: informe o número da exportação.').max(2_147_483_647, 'O identificador é grande demais.').optional(),
});

/** GET /pagamentos' page as GET /faturas rows, with their check in short (one grouped query for the page). */
async function paginaPagamentos(db: Db, q: PagamentosListaQuery): Promise<Page<FaturaLinha>> {
  const pagina = await listarPagamentos(db, q, (onde, ordem, limite, deslocamento) =>
    db.select(colunasFaturaLinha).from(fatura).where(onde).orderBy(...ordem).limit(limite).offset(deslocamento),
  );
  const resumos = await resumosConferencia(db, pagina.content.map((l) => l.id));
  return { ...pagina, content: pagina.content.map((l) => paraFaturaLinha(l, resumos.get(l.id)!)) };
}

export const pagamentosRoutes = () =>
  new Hono<AppEnv>()
    .get('/totais', validate('query', pagamentosQuerySchema), async (c) => c.json<TotalPagamentos[]>(await totaisPagamentos(c.get('banco').db, c.req.valid('query')), 200))
    .post('/exportar', validate('json', exportarPagamentosSchema), async (c) =>
      c.json<ResultadoExportacao>(await exportarPagamentos(c.get('banco').db, c.req.valid('json'), c.get('usuario').id), 200),
    )
    .get('/exportacoes', validate('query', exportacoesQuerySchema), async (c) =>
      c.json<ExportacaoPagamento[]>(await listarExportacoes(c.get('banco').db, c.req.valid('query').antesDe), 200),
    )
    .get('/exportacoes/:id/csv', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      return respostaArquivo(await csvExportacao(c.get('banco').db, id), 'csv', nomeCsvExportacao(id));
    })
    .post('/pagar', validate('json', faturasVersaoSchema), async (c) => c.json<ResultadoAcaoPagamento>(await pagarFaturas(c.get('banco').db, c.req.valid('json').faturas), 200))
    .post('/liberar-incontroverso', validate('json', faturasVersaoSchema), async (c) =>
      c.json<ResultadoAcaoPagamento>(await liberarIncontroverso(c.get('banco').db, c.req.valid('json').faturas), 200),
    )
    .get('/desempenho', validate('query', desempenhoQuerySchema), async (c) => {
      const { inicio, fim } = c.req.valid('query');
      return c.json<DesempenhoTransportadora[]>(await desempenhoTransportadoras(c.get('banco').db, inicio, fim), 200);
    })
    .get('/', validate('query', pagamentosListaQuerySchema), async (c) => c.json<Page<FaturaLinha>>(await paginaPagamentos(c.get('banco').db, c.req.valid('query')), 200));

export const pagamentosApi = areaApi('/api/pagamentos', () => pagamentosRoutes(), {
  'GET /': anyOf('FRETE_PAG_M'),
  'GET /totais': anyOf('FRETE_PAG_M'),
  'POST /exportar': anyOf('FRETE_PAG_E'),
  'GET /exportacoes': anyOf('FRETE_PAG_M'),
  'GET /exportacoes/:id/csv': anyOf('FRETE_PAG_M'),
  'POST /pagar': anyOf('FRETE_PAG_E'),
  'POST /liberar-incontroverso': anyOf('FRETE_PAG_E'),
  'GET /desempenho': anyOf('FRETE_PAG_M'),
});
