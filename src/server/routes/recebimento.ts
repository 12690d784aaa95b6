import { Hono } from 'hono';
import { idParamSchema, type Page } from '../../contracts/common';
import {
  caixaPostalSalvarSchema,
  execucoesQuerySchema,
  fonteParamSchema,
  itensQuerySchema,
  MSG_FONTE_NAO_CONFIGURADA,
  MSG_PFX_AUSENTE,
  MSG_PFX_GRANDE_DEMAIS,
  MSG_SENHA_PFX_AUSENTE,
  sefazSalvarSchema,
  type CaixaPostalConfig,
  type ExecucaoRecebimento,
  type ItemRecebimento,
  type PainelRecebimento,
  type SefazConfig,
  TAMANHO_MAXIMO_PFX,
} from '../../contracts/recebimento';
import type { AppEnv } from '../app-env';
import { badRequest } from '../http/api-error';
import { validate } from '../http/validate';
import { areaApi } from '../permissoes/area-api';
import { ADMIN, anyOf } from '../permissoes/regras';
import { lerConfigCaixaPostal, salvarConfigCaixaPostal } from '../recebimento/caixa-postal/config-caixa-postal';
import { execucaoDaLinha, itensDaExecucao, listarExecucoes, situacaoDasFontes } from '../recebimento/consultar-recebimento';
import { enviarDocumentos } from '../recebimento/enviar-documentos';
import { estadoDaFonte } from '../recebimento/fontes';
import { pastasXml } from '../recebimento/leituras-pasta';
import { arquivosDoCampo, formularioMultipart } from '../recebimento/formulario';
import { lerConfigSefaz, salvarCertificado, salvarConfigSefaz } from '../recebimento/sefaz/config-sefaz';
import type { ServerContext } from '../server-context';

/**
 * /recebimento (issue 30): the intake screen's sources and runs, "Ler agora", the upload of any documents, and the
 * admin's settings of the mailbox and of the SEFAZ distribution (secrets go in, never out).
 */
export function recebimentoRoutes(ctx: ServerContext) {
  const { agendador, opcoes } = ctx.recebimento;
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const { db, empresa } = c.get('banco');
      const temPastasXml = (await pastasXml(db)) !== null;
      const fontes = await situacaoDasFontes(db, (f, linha) => estadoDaFonte(opcoes, empresa, f, linha, temPastasXml), opcoes.agora());
      return c.json<PainelRecebimento>({ fontes }, 200);
    })
    .get('/execucoes', validate('query', execucoesQuerySchema), async (c) => c.json<Page<ExecucaoRecebimento>>(await listarExecucoes(c.get('banco').db, c.req.valid('query')), 200))
    .get('/execucoes/:id/itens', validate('param', idParamSchema), validate('query', itensQuerySchema), async (c) =>
      c.json<Page<ItemRecebimento>>(await itensDaExecucao(c.get('banco').db, c.req.valid('param').id, c.req.valid('query')), 200),
    )
    .get('/execucoes/:id', validate('param', idParamSchema), async (c) => c.json<ExecucaoRecebimento>(await execucaoDaLinha(c.get('banco').db, c.req.valid('param').id), 200))
    .post('/enviar', async (c) => c.json<ExecucaoRecebimento>(await enviarDocumentos(c.get('banco').db, c, c.get('usuario').id), 200))
    .get('/caixa-postal', async (c) => c.json<CaixaPostalConfig>(await lerConfigCaixaPostal(c.get('banco').db, opcoes.imapUrls[c.get('empresa')]), 200))
    .put('/caixa-postal', validate('json', caixaPostalSalvarSchema), async (c) => {
      await salvarConfigCaixaPostal(c.get('banco').db, opcoes.chaveSegredos, c.req.valid('json'));
      return c.json<CaixaPostalConfig>(await lerConfigCaixaPostal(c.get('banco').db, opcoes.imapUrls[c.get('empresa')]), 200);
    })
    .get('/sefaz', async (c) => c.json<SefazConfig>(await lerConfigSefaz(c.get('banco').db), 200))
    .put('/sefaz', validate('json', sefazSalvarSchema), async (c) => c.json<SefazConfig>(await salvarConfigSefaz(c.get('banco').db, c.req.valid('json')), 200))
    .post('/sefaz/certificado', async (c) => {
      const corpo = await formularioMultipart(c);
      const [arquivo] = arquivosDoCampo(corpo, 'arquivo');
      if (!arquivo) throw badRequest(MSG_PFX_AUSENTE);
      if (arquivo.size > TAMANHO_MAXIMO_PFX) throw badRequest(MSG_PFX_GRANDE_DEMAIS);
      const senha = typeof corpo.senha === 'string' ? corpo.senha : '';
      if (!senha) throw badRequest(MSG_SENHA_PFX_AUSENTE);
      const pfx = Buffer.from(await arquivo.arrayBuffer());
      return c.json<SefazConfig>(await salvarCertificado(c.get('banco').db, opcoes.chaveSegredos, pfx, senha), 200);
    })
    .post('/:fonte/ler', validate('param', fonteParamSchema), async (c) => {
      const { execucao } = await agendador.lerAgora(c.get('empresa'), c.req.valid('param').fonte, c.get('usuario').id, MSG_FONTE_NAO_CONFIGURADA);
      return c.json<ExecucaoRecebimento>(execucao, 202);
    });
}

export const recebimentoApi = areaApi('/api/recebimento', recebimentoRoutes, {
  'GET /': anyOf('FRETE_RECEB_M'),
  'GET /execucoes': anyOf('FRETE_RECEB_M'),
  'GET /execucoes/:id': anyOf('FRETE_RECEB_M'),
  'GET /execucoes/:id/itens': anyOf('FRETE_RECEB_M'),
  'POST /enviar': anyOf('FRETE_RECEB_M'),
  'POST /:fonte/ler': anyOf('FRETE_RECEB_M'),
  // The settings hold the mailbox password and the company's certificate: the admin's (Configuração is theirs).
  'GET /caixa-postal': ADMIN,
  'PUT /caixa-postal': ADMIN,
  'GET /sefaz': ADMIN,
  'PUT /sefaz': ADMIN,
  'POST /sefaz/certificado': ADMIN,
});
