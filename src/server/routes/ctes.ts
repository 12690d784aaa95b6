import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { carregarXmlSchema } from '../../contracts/configuracoes';
import {
  MSG_LEITURA_EM_ANDAMENTO,
  MSG_PASTAS_XML_NAO_CONFIGURADAS,
  mensagemPastaInacessivel,
  resumoLeitura,
  resumoReleitura,
  type ResultadoLeituraXml,
} from '../../contracts/ctes';
import type { AppEnv } from '../app-env';
import { configuracao } from '../db/schema/configuracao';
import { ApiError } from '../http/api-error';
import { validate } from '../http/validate';
import { PastaInacessivel, lerArquivosCte } from '../ingest/ler-arquivos-cte';
import { relerXmlCte } from '../ingest/reler-xml-cte';

/** One folder reading at a time per company: two would race for the same files. */
const lendo = new Set<string>();

/** /ctes (issue 5): reading the XML folder and re-reading stored XMLs; the rest of the CT-e module follows. */
export const ctesRoutes = () =>
  new Hono<AppEnv>()
    .get('/ler-arquivos', async (c) => {
      const { db, empresa } = c.get('banco');
      const [cfg] = await db
        .select({ entrada: configuracao.enderecoEntrada, saida: configuracao.enderecoSaida, erro: configuracao.enderecoErro })
        .from(configuracao)
        .where(eq(configuracao.id, 1));
      if (!cfg?.entrada?.trim() || !cfg.saida?.trim() || !cfg.erro?.trim()) throw new ApiError(409, [MSG_PASTAS_XML_NAO_CONFIGURADAS]);
      if (lendo.has(empresa)) throw new ApiError(409, [MSG_LEITURA_EM_ANDAMENTO]);
      lendo.add(empresa);
      try {
        const r = await lerArquivosCte(db, { entrada: cfg.entrada, saida: cfg.saida, erro: cfg.erro });
        return c.json<ResultadoLeituraXml>({ ...r, mensagens: [resumoLeitura(r), ...r.erros.map((e) => `${e.arquivo}: ${e.motivo}`)] }, 200);
      } catch (e) {
        if (e instanceof PastaInacessivel) throw new ApiError(409, [mensagemPastaInacessivel(e.pasta)]);
        throw e;
      } finally {
        lendo.delete(empresa);
      }
    })
    .post('/carregar-xml-tabela', validate('json', carregarXmlSchema), async (c) => {
      const { dias } = c.req.valid('json');
      const r = await relerXmlCte(c.get('banco').db, dias);
      return c.json({ ...r, mensagens: [resumoReleitura(r.relidos, dias, r.erros.length), ...r.erros.map((e) => `${e.chave}: ${e.motivo}`)] }, 200);
    });
