import { EMPRESA_PADRAO, empresaSchema, type Empresa } from '../../contracts/common';

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
    const empresa = empresaSchema.safeParse(v.empresa);
    return typeof v.token === 'string' && v.token !== '' && empresa.success ? { token: v.token, empresa: empresa.data } : null;
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
  const v = empresaSchema.safeParse(localStorage.getItem(CHAVE_EMPRESA));
  return v.success ? v.data : EMPRESA_PADRAO;
}

export function gravarEmpresa(empresa: Empresa): void {
  localStorage.setItem(CHAVE_EMPRESA, empresa);
}
