import type { Context } from 'hono';
import { MSG_LOGIN_MUITAS_TENTATIVAS } from '../../contracts/auth';
import { ApiError } from '../http/api-error';
import type { Recusa } from './login-limiter';

/** 429 with Retry-After (whole seconds, at least 1): thrown, the error handler renders it. */
export function muitasTentativas(c: Context, recusa: Recusa): ApiError {
  c.header('Retry-After', String(Math.max(1, Math.ceil(recusa.esperaMs / 1000))));
  return new ApiError(429, [MSG_LOGIN_MUITAS_TENTATIVAS]);
}
