import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MSG_ERRO_INTERNO, MSG_JSON_INVALIDO } from '../../contracts/erros';
import { ApiError } from './api-error';
import { erroParaLog } from './erro-para-log';

/** Every failure answers {mensagens: [...]}; unexpected ones are logged and hidden behind a 500. */
export const errorHandler =
  (log: (...args: unknown[]) => void = console.error): ErrorHandler =>
  (erro, c) => {
    if (erro instanceof ApiError) return c.json({ mensagens: erro.mensagens }, erro.status);
    if (erro instanceof HTTPException) {
      // hono/validator's only 400: the body claims to be JSON and is not.
      const mensagem = erro.status === 400 ? MSG_JSON_INVALIDO : erro.message || MSG_ERRO_INTERNO;
      return c.json({ mensagens: [mensagem] }, erro.status as ContentfulStatusCode);
    }
    log(`Erro inesperado em ${c.req.method} ${c.req.path}:`, erroParaLog(erro));
    return c.json({ mensagens: [MSG_ERRO_INTERNO] }, 500);
  };
