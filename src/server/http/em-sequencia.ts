import type { Env, MiddlewareHandler } from 'hono';

/**
 * Middlewares run one after another as one app.use(): each one's next() calls the following, the last one's is
 * the caller's. Hono runs every app.use() as a level of its own (an async function, a promise and an await per
 * request, and hono/combine's every() wraps each one in two more), so a request that every check passes on (a
 * GET's size limit, a public route's guard) paid that per check; here it costs a call (issue 33,
 * docs/decisoes.md §42). A throw or a rejection reaches the caller's level, and so Hono's error handler, as
 * it did from each level.
 */
export function emSequencia<E extends Env>(...middlewares: MiddlewareHandler<E>[]): MiddlewareHandler<E> {
  return (c, next) => {
    const passo = (i: number): Promise<Response | void> => (i === middlewares.length ? next() : middlewares[i](c, () => passo(i + 1) as Promise<void>));
    return passo(0);
  };
}
