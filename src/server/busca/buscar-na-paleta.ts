import { TIPOS_BUSCA_DEF, tiposDaBusca, type GrupoBusca, type HitBusca, type RespostaBusca, type TipoBusca } from '../../contracts/busca';
import { temPermissao } from '../../domain/permissoes';
import type { Db } from '../db/database';
import { erroParaLog } from '../http/erro-para-log';
import { buscarMotoristas, buscarPerfis, buscarTabelasFrete, buscarTransportadoras, buscarUsuarios, buscarVeiculos } from './busca-cadastros';
import { buscarCtes, buscarFaturas, buscarMinutas, buscarRomaneios, buscarRomaneiosOs } from './busca-documentos';

type Busca = (db: Db, texto: string, limite: number) => Promise<HitBusca[]>;

const BUSCAS: Record<TipoBusca, Busca> = {
  ctes: buscarCtes,
  faturas: buscarFaturas,
  minutas: buscarMinutas,
  romaneios: buscarRomaneios,
  'romaneios-os': buscarRomaneiosOs,
  perfis: buscarPerfis,
  transportadoras: buscarTransportadoras,
  motoristas: buscarMotoristas,
  veiculos: buscarVeiculos,
  'tabelas-frete': buscarTabelasFrete,
  usuarios: buscarUsuarios,
};

export interface OpcoesBusca {
  /** Aborted when the client gave up (a newer keystroke): the kinds not yet searched are skipped. */
  signal?: AbortSignal;
  logError: (...args: unknown[]) => void;
}

/**
 * GET /busca: every kind `usuario` may open (the codes the palette checked on the web, checked here again)
 * whose records `texto` could name, one after another. PGlite runs one query at a time anyway; on PostgreSQL
 * the kinds at once on the pool were faster only at the median (digits, 11 kinds) on 2 cores, for up to 11
 * connections per keystroke — and one after another lets a superseded search stop early. A kind whose query
 * fails is logged and answered as failed; the others still answer.
 */
export async function buscarNaPaleta(db: Db, usuario: { nivel: string; roles: readonly string[] }, texto: string, opcoes: OpcoesBusca): Promise<RespostaBusca> {
  const grupos: GrupoBusca[] = [];
  for (const tipo of tiposDaBusca(texto, (codigo) => temPermissao(usuario, codigo))) {
    if (opcoes.signal?.aborted) break;
    try {
      grupos.push({ tipo, hits: await BUSCAS[tipo](db, texto, TIPOS_BUSCA_DEF[tipo].limite) });
    } catch (e) {
      opcoes.logError(`Busca da paleta (${tipo}) falhou:`, erroParaLog(e));
      grupos.push({ tipo, hits: [], falhou: true });
    }
  }
  return { grupos };
}
