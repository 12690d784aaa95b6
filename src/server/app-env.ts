import type { Empresa } from '../contracts/common';
import type { CompanyDatabase } from './db/database';
import type { UsuarioCarregado } from './usuarios/load-usuario-logado';

/** What the guard puts on the context of an authenticated request. */
export type AppEnv = {
  Variables: {
    empresa: Empresa;
    banco: CompanyDatabase;
    usuario: UsuarioCarregado;
  };
};
