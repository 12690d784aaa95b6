import { z } from 'zod';
import { municipioPageSchema, municipioSchema, type Municipio } from '../../contracts/municipios';
import { api } from './api-client';

/** GET /municipios/findByNomeOrCodigo?municipio=: name (accent-insensitive) or IBGE code. */
export function buscarMunicipios(texto: string, signal?: AbortSignal): Promise<Municipio[]> {
  const resposta = z.union([z.array(municipioSchema), municipioPageSchema]);
  return api('/municipios/findByNomeOrCodigo', resposta, { query: { municipio: texto }, signal }).then((r) => (Array.isArray(r) ? r : r.content));
}
