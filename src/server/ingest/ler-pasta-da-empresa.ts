import type { Empresa } from '../../contracts/common';
import { MSG_PASTA_EDI_NAO_CONFIGURADA } from '../../contracts/faturas';
import { ApiError } from '../http/api-error';
import { PastaEdiInacessivel, pastasEdi, type PastasEdi, type TipoEdi } from './ler-pasta-edi';

/**
 * What the "read the folder" calls share (DOCCOB in /faturas, CONEMB in /public): the company's `tipo` folders
 * under EDI_DIR read by `ler`; 409 when EDI_DIR is not set or the folder cannot be read (its own message).
 */
export async function lerPastaDaEmpresa<R>(o: {
  ediDir: string | undefined;
  empresa: Empresa;
  tipo: TipoEdi;
  ler: (pastas: PastasEdi) => Promise<R>;
  mensagemInacessivel: (pasta: string) => string;
}): Promise<R> {
  if (!o.ediDir) throw new ApiError(409, [MSG_PASTA_EDI_NAO_CONFIGURADA]);
  try {
    return await o.ler(pastasEdi(o.ediDir, o.empresa, o.tipo));
  } catch (e) {
    if (e instanceof PastaEdiInacessivel) throw new ApiError(409, [o.mensagemInacessivel(e.pasta)]);
    throw e;
  }
}
