import type { Context } from 'hono';
import { MSG_FORMULARIO_ILEGIVEL, MSG_RECEBIMENTO_NAO_MULTIPART } from '../../contracts/recebimento';
import { badRequest } from '../http/api-error';
import { MULTIPART } from '../faturas/enviar-faturas';

/** The multipart form of an upload (400 with a pt-BR reason when it is not one or cannot be read). */
export async function formularioMultipart(c: Context): Promise<Record<string, unknown>> {
  if (!MULTIPART.test(c.req.header('Content-Type') ?? '')) throw badRequest(MSG_RECEBIMENTO_NAO_MULTIPART);
  try {
    return await c.req.parseBody({ all: true });
  } catch {
    throw badRequest(MSG_FORMULARIO_ILEGIVEL);
  }
}

/** The files of one field (one or many). */
export const arquivosDoCampo = (corpo: Record<string, unknown>, campo: string): File[] => {
  const valor = corpo[campo];
  return (Array.isArray(valor) ? valor : [valor]).filter((v): v is File => v instanceof File);
};
