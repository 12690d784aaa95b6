import type { Empresa } from '../../contracts/common';
import { codigosDaArea, type CodigoPermissao } from '../../domain/permissoes';
import { PERFIL_ADMIN } from '../db/referencia/perfil-admin';

export interface PerfilDemo {
  descricao: string;
  roles: CodigoPermissao[];
  ativado?: boolean;
}

const COMUNS: PerfilDemo[] = [
  PERFIL_ADMIN,
  {
    descricao: 'Auditoria de Fretes',
    roles: ['FRETE_CTE_M', 'FRETE_CTE_E', 'FRETE_TABFR_M', 'FRETE_FAT_M', 'FRETE_IND_FRETE_PESO', 'FRETE_TRANS_M', 'FRETE_LIMITE_UF_M', ...codigosDaArea('FRETE_PAG'), 'FRETE_RECEB_M'],
  },
  { descricao: 'Expedição', roles: [...codigosDaArea('FRETE_ROMA', 'FRETE_MOTO', 'FRETE_VEIC', 'FRETE_TVEIC'), 'FRETE_MINU_M'] },
  { descricao: 'Comercial', roles: [...codigosDaArea('FRETE_TABFR'), 'FRETE_CTE_M', 'FRETE_IND_FRETE_PESO'] },
  // The representative's: menus only (no table edits, no CT-e edits or approvals), so the demo shows
  // separation of duties next to "Comercial" (who edits the tables) and "Auditoria de Fretes" (who approves).
  { descricao: 'Consulta de Fretes', roles: ['FRETE_TABFR_M', 'FRETE_CTE_M', 'FRETE_IND_FRETE_PESO', 'FRETE_TRANS_M'] },
  { descricao: 'Cadastros', roles: codigosDaArea('____PERF', '____USER', '____CLIE') },
  // Deactivated on purpose: the lists hide it until the "show deactivated" toggle.
  { descricao: 'Consulta (antigo)', roles: ['FRETE_CTE_M', 'FRETE_TRANS_M'], ativado: false },
];

/** RRE differs on purpose (its own billing profile), so company isolation is visible and testable. */
export function demoPerfis(empresa: Empresa): PerfilDemo[] {
  if (empresa === 'RRE')
    return [...COMUNS, { descricao: 'Faturamento RRE', roles: ['FRETE_FAT_M', 'FRETE_CTE_M', 'FRETE_TRANS_M', '____CLIE_M'] }];
  return COMUNS;
}
