// The zod-free list (not common.ts's empresaSchema): this module is part of the login screen's JS.
import { EMPRESA_PADRAO, ehEmpresa, type Empresa } from '../../contracts/empresas';

// The token is bound to the company it was issued for, so both are stored together.
// The company choice of the login screen is kept apart: it survives a logout.
const CHAVE_SESSAO = 'frete.sessao';
const CHAVE_EMPRESA = 'frete.empresa';

export interface SessaoArmazenada {
  token: string;
  empresa: Empresa;
}

export function lerSessao(): SessaoArmazenada | null {
  try {
    const bruto = localStorage.getItem(CHAVE_SESSAO);
    if (!bruto) return null;
    const v = JSON.parse(bruto) as Partial<SessaoArmazenada>;
    return typeof v.token === 'string' && v.token !== '' && ehEmpresa(v.empresa) ? { token: v.token, empresa: v.empresa } : null;
  } catch {
    return null;
  }
}

export function gravarSessao(sessao: SessaoArmazenada): void {
  localStorage.setItem(CHAVE_SESSAO, JSON.stringify(sessao));
}

export function limparSessaoArmazenada(): void {
  localStorage.removeItem(CHAVE_SESSAO);
}

export function lerEmpresa(): Empresa {
  const v = localStorage.getItem(CHAVE_EMPRESA);
  return ehEmpresa(v) ? v : EMPRESA_PADRAO;
}

export function gravarEmpresa(empresa: Empresa): void {
  localStorage.setItem(CHAVE_EMPRESA, empresa);
}
