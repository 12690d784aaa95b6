import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { carregarXmlSchema } from '../../contracts/configuracoes';
import { idParamSchema } from '../../contracts/common';
import {
  confirmarAgrupamentoSchema,
  cteAutoCompletarQuerySchema,
  cteDesconsiderarSchema,
  cteListaQuerySchema,
  cteSalvarSchema,
  MSG_CTE_NAO_ENCONTRADO,
  mensagemCteDesconsiderado,
  type CteCompleto,
  type CteLinha,
  type CtePage,
  type ResultadoLote,
  MSG_LEITURA_EM_ANDAMENTO,
  MSG_RELEITURA_EM_ANDAMENTO,
  type AndamentoReleitura,
  MSG_PASTAS_XML_NAO_CONFIGURADAS,
  mensagemPastaInacessivel,
  resumoLeitura,
  resumoReleitura,
  type ResultadoLeituraXml,
} from '../../contracts/ctes';
import { formatoExportacaoSchema } from '../../contracts/exportacao';
import type { AppEnv } from '../app-env';
import { configuracao } from '../db/schema/configuracao';
import { ApiError } from '../http/api-error';
import { umPorEmpresa } from '../http/um-por-empresa';
import { validate } from '../http/validate';
import { PastaInacessivel, lerArquivosCte } from '../ingest/ler-arquivos-cte';
import { progressoReleitura, relerXmlCteUmaVez } from '../ingest/reler-xml-cte';
import { mensagemTransicaoIlegal, podeTransitar } from '../../../machines/cte-audit';
import { cte } from '../db/schema/cte';
import { autoCompletarCtes, cteCompleto, listarCtes } from '../ctes/consultar-ctes';
import { criarNotasFiscais } from '../ctes/criar-notas-fiscais';
import { exportacaoCtes } from '../ctes/exportar-ctes';
import { responderExportacao } from '../exportacao/responder-exportacao';
import { lerNotasFiscais, preencherTipo, preencherValor, processarIntegracao } from '../ctes/lotes-admin';
import { processarCtes } from '../ctes/processar-ctes';
import { confirmarAgrupamento, desconsiderarCte, salvarCte } from '../ctes/salvar-cte';
import { areaApi } from '../permissoes/area-api';
import { comTravaDaFonte } from '../recebimento/agendador';
import { ORIGEM_PASTA, pastasXml, registrarLeitura } from '../recebimento/leituras-pasta';
import { LER_CTE } from '../permissoes/leituras';
import { ADMIN, anyOf } from '../permissoes/regras';

const MSG_PROCESSAMENTO_EM_ANDAMENTO = 'Já há um processamento de CT-es em andamento nesta empresa: aguarde o fim dele.';
/** One folder reading at a time per company: two would race for the same files. */
const umaLeituraPorVez = umPorEmpresa(MSG_LEITURA_EM_ANDAMENTO);
/** One processing batch at a time per company (a second would only find the first's CT-es changed). */
const umPorVez = umPorEmpresa(MSG_PROCESSAMENTO_EM_ANDAMENTO);

/**
 * /ctes (spec 03 §2.1–2.2, §7): reading the XML folder and re-reading stored XMLs, the Fretes list and
 * autocomplete, the complete CT-e, save, disregard, grouping, processing and the admin batches. The fixed
 * paths come before /:id.
 */
export const ctesRoutes = () =>
  new Hono<AppEnv>()
    .get('/ler-arquivos', async (c) => {
      const banco = c.get('banco');
      const { db, empresa } = banco;
      const pastas = await pastasXml(db);
      if (!pastas) throw new ApiError(409, [MSG_PASTAS_XML_NAO_CONFIGURADAS]);
      const r = await umaLeituraPorVez(empresa, () =>
        comTravaDaFonte(banco, 'PASTA', MSG_LEITURA_EM_ANDAMENTO, () =>
          lerArquivosCte(db, pastas).catch((e: unknown) => {
            if (e instanceof PastaInacessivel) throw new ApiError(409, [mensagemPastaInacessivel(e.pasta)]);
            throw e;
          }),
        ),
      );
      await registrarLeitura(db, 'PASTA', c.get('usuario').id, { tipo: 'CTE', resultado: r }, ORIGEM_PASTA.CTE);
      const linhas = [...r.erros, ...(r.avisos ?? [])].map((e) => `${e.arquivo}: ${e.motivo}`);
      return c.json<ResultadoLeituraXml>({ ...r, mensagens: [resumoLeitura(r), ...linhas] }, 200);
    })
    // Issue 33: a batch (short transactions, the event loop given back), one at a time per company (409), its progress
    // answered by the GET while it runs.
    .post('/carregar-xml-tabela', validate('json', carregarXmlSchema), async (c) => {
      const { dias } = c.req.valid('json');
      const r = await relerXmlCteUmaVez(c.get('banco'), dias);
      if (!r) throw new ApiError(409, [MSG_RELEITURA_EM_ANDAMENTO]);
      return c.json({ ...r, mensagens: [resumoReleitura(r.relidos, dias, r.erros.length), ...r.erros.map((e) => `${e.chave}: ${e.motivo}`)] }, 200);
    })
    .get('/carregar-xml-tabela', async (c) => c.json<AndamentoReleitura>({ progresso: progressoReleitura(c.get('banco').empresa) }, 200))
    .get('/listar-simples', validate('query', cteListaQuerySchema), async (c) => c.json<CtePage>(await listarCtes(c.get('banco').db, c.req.valid('query')), 200))
    // Issue 32: the list's whole filter as .xlsx or CSV, streamed.
    .get('/exportar', validate('query', cteListaQuerySchema.and(formatoExportacaoSchema)), async (c) => {
      const { formato, ...q } = c.req.valid('query');
      return responderExportacao(c, await exportacaoCtes(c.get('banco').db, q, formato));
    })
    .get('/processar', async (c) => {
      const banco = c.get('banco');
      return c.json<ResultadoLote>(await umPorVez(banco.empresa, () => processarCtes(banco)), 200);
    })
    .get('/processar-cte/:id', validate('param', idParamSchema), async (c) => {
      const banco = c.get('banco');
      const { id } = c.req.valid('param');
      const [atual] = await banco.db.select({ status: cte.status }).from(cte).where(eq(cte.id, id));
      if (!atual) throw new ApiError(404, [MSG_CTE_NAO_ENCONTRADO]);
      if (!podeTransitar(atual.status, 'REPROCESSAR')) throw new ApiError(409, [mensagemTransicaoIlegal(atual.status, 'REPROCESSAR')]);
      const r = await processarCtes(banco, { ids: [id], evento: 'REPROCESSAR' });
      // Changed between the check and the write: the client re-reads and tries again.
      if (!r.processados) throw new ApiError(409, r.ignorados.map((i) => i.motivo));
      return c.json<ResultadoLote>(r, 200);
    })
    .get('/processar-integracao', async (c) => c.json<ResultadoLote>(await processarIntegracao(c.get('banco')), 200))
    .get('/preencher-valor', async (c) => c.json<ResultadoLote>(await preencherValor(c.get('banco')), 200))
    .get('/preencher-tipo', async (c) => c.json<ResultadoLote>(await preencherTipo(c.get('banco')), 200))
    .get('/ler-notas-fiscais', async (c) => c.json<ResultadoLote>(await lerNotasFiscais(c.get('banco')), 200))
    .get('/criar-nf', async (c) => c.json<ResultadoLote>(await criarNotasFiscais(c.get('banco')), 200))
    .post('/confirmar-agrupamento', validate('json', confirmarAgrupamentoSchema), async (c) => {
      const { ctes, tipoVeiculo } = c.req.valid('json');
      return c.json<ResultadoLote>(await confirmarAgrupamento(c.get('banco').db, ctes, tipoVeiculo.id, c.get('usuario').id), 200);
    })
    .post('/desconsiderar', validate('json', cteDesconsiderarSchema), async (c) => {
      const { id, versao } = c.req.valid('json');
      const { db } = c.get('banco');
      const numero = await desconsiderarCte(db, id, versao);
      return c.json<ResultadoLote>({ processados: 1, ignorados: [], mensagens: [mensagemCteDesconsiderado(numero)] }, 200);
    })
    .get('/', validate('query', cteAutoCompletarQuerySchema), async (c) => c.json<CteLinha[]>(await autoCompletarCtes(c.get('banco').db, c.req.valid('query').cte), 200))
    .get('/:id', validate('param', idParamSchema), async (c) => c.json<CteCompleto>(await cteCompleto(c.get('banco').db, c.req.valid('param').id), 200))
    .post('/', validate('json', cteSalvarSchema), async (c) => {
      const dados = c.req.valid('json');
      const { db } = c.get('banco');
      await salvarCte(db, dados);
      return c.json<CteCompleto>(await cteCompleto(db, dados.id), 200);
    });

export const ctesApi = areaApi('/api/ctes', () => ctesRoutes(), {
  'POST /carregar-xml-tabela': anyOf('____CLIE_E'),
  'GET /carregar-xml-tabela': anyOf('____CLIE_E'),
  // Spec 03 §6: the freight screen's buttons need its route's code only; the detail dialog's Save and
  // Disregard need FRETE_CTE_E, and so does approval (it saves the CT-e with the reviewer's values); the
  // four admin-only buttons and the notes batch are for ADMIN.
  'GET /ler-arquivos': anyOf('FRETE_CTE_M'),
  'GET /listar-simples': anyOf('FRETE_CTE_M'),
  'GET /exportar': anyOf('FRETE_CTE_M'),
  'GET /': anyOf('FRETE_CTE_M'),
  'GET /processar': anyOf('FRETE_CTE_M'),
  'GET /processar-cte/:id': anyOf('FRETE_CTE_M'),
  'GET /processar-integracao': ADMIN,
  'GET /preencher-valor': ADMIN,
  'GET /preencher-tipo': ADMIN,
  'GET /ler-notas-fiscais': ADMIN,
  'GET /criar-nf': ADMIN,
  'POST /confirmar-agrupamento': anyOf('FRETE_CTE_M'),
  'POST /desconsiderar': anyOf('FRETE_CTE_E'),
  'GET /:id': LER_CTE,
  'POST /': anyOf('FRETE_CTE_E'),
});
