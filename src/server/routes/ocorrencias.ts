import { Hono } from 'hono';
import { idParamSchema, type Page } from '../../contracts/common';
import { ARQUIVOS_POR_ENVIO, MSG_ENVIO_ARQUIVOS_DEMAIS } from '../../contracts/faturas';
import { ocorrenciaListaQuerySchema, type OcorrenciaLista, type ResultadoLeituraOcoren } from '../../contracts/ocorrencias';
import type { AppEnv } from '../app-env';
import { badRequest } from '../http/api-error';
import { umPorEmpresa } from '../http/um-por-empresa';
import { validate } from '../http/validate';
import { lerPastaDaEmpresa } from '../ingest/ler-pasta-da-empresa';
import type { PastasEdi } from '../ingest/ler-pasta-edi';
import { lerArquivosEnviados, lerPastaOcoren, mensagemPastaOcorenInacessivel, MSG_ENVIO_OCOREN_SEM_ARQUIVO, MSG_LEITURA_OCOREN_EM_ANDAMENTO } from '../ocorrencias/ler-pasta-ocoren';
import { linhaDoTempo, listarOcorrencias } from '../ocorrencias/listar-ocorrencias';
import { areaApi } from '../permissoes/area-api';
import { LER_CTE } from '../permissoes/leituras';
import { anyOf } from '../permissoes/regras';
import { comTravaDaFonte } from '../recebimento/agendador';
import { arquivosDoCampo, formularioMultipart } from '../recebimento/formulario';
import { ORIGEM_PASTA, registrarLeitura } from '../recebimento/leituras-pasta';
import type { ServerContext } from '../server-context';

/** Reading OCOREN files and the list: whoever reads the CT-e XML folder (Fretes). */
const LER_OCORRENCIAS = ['FRETE_CTE_M'] as const;

/**
 * /ocorrencias (issue 31): reading the company's OCOREN folder and uploads, the list of occurrences (those linked
 * to no CT-e apart) and, with cteId, one CT-e's timeline, which whoever may open the CT-e reads.
 */
export function ocorrenciasRoutes(ctx: ServerContext) {
  /** One folder reading at a time per company: two would race for the same files. */
  const umPorVez = umPorEmpresa(MSG_LEITURA_OCOREN_EM_ANDAMENTO);
  return new Hono<AppEnv>()
    .get('/ler-arquivos', async (c) => {
      const banco = c.get('banco');
      const { db, empresa } = banco;
      const ler = (pastas: PastasEdi) => lerPastaOcoren(db, pastas);
      const r = await umPorVez(empresa, () =>
        comTravaDaFonte(banco, 'PASTA', MSG_LEITURA_OCOREN_EM_ANDAMENTO, () => lerPastaDaEmpresa({ ediDir: ctx.ediDir, empresa, tipo: 'ocoren', ler, mensagemInacessivel: mensagemPastaOcorenInacessivel })),
      );
      await registrarLeitura(db, 'PASTA', c.get('usuario').id, { tipo: 'OCOREN', resultado: r }, ORIGEM_PASTA.OCOREN);
      return c.json<ResultadoLeituraOcoren>(r, 200);
    })
    // Multipart, field "arquivos" (400 in Portuguese otherwise); its own body limit is the app's: http/limite-corpo.ts.
    .post('/enviar', async (c) => {
      const { db } = c.get('banco');
      const arquivos = arquivosDoCampo(await formularioMultipart(c), 'arquivos');
      if (!arquivos.length) throw badRequest(MSG_ENVIO_OCOREN_SEM_ARQUIVO);
      if (arquivos.length > ARQUIVOS_POR_ENVIO) throw badRequest(MSG_ENVIO_ARQUIVOS_DEMAIS);
      const r = await lerArquivosEnviados(db, arquivos);
      await registrarLeitura(db, 'ENVIO', c.get('usuario').id, { tipo: 'OCOREN', resultado: r }, 'Envio de OCOREN');
      return c.json<ResultadoLeituraOcoren>(r, 200);
    })
    .get('/', validate('query', ocorrenciaListaQuerySchema), async (c) =>
      c.json<Page<OcorrenciaLista>>(await listarOcorrencias(c.get('banco').db, c.req.valid('query')), 200),
    )
    .get('/ctes/:id', validate('param', idParamSchema), validate('query', ocorrenciaListaQuerySchema.pick({ page: true, size: true })), async (c) =>
      c.json<Page<OcorrenciaLista>>(await linhaDoTempo(c.get('banco').db, c.req.valid('param').id, c.req.valid('query')), 200),
    );
}

export const ocorrenciasApi = areaApi('/api/ocorrencias', ocorrenciasRoutes, {
  'GET /ler-arquivos': anyOf(...LER_OCORRENCIAS),
  'POST /enviar': anyOf(...LER_OCORRENCIAS),
  'GET /': anyOf(...LER_OCORRENCIAS),
  // A CT-e's timeline (the detail's Ocorrências tab): whoever may read GET /ctes/{id}.
  'GET /ctes/:id': LER_CTE,
});
