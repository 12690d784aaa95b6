import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An answer with {mensagens}: thrown anywhere in a request, rendered by the global error handler. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly mensagens: string[],
  ) {
    super(mensagens.join(' '));
  }
}

export const badRequest = (...mensagens: string[]) => new ApiError(400, mensagens);
