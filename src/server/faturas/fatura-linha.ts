import type { FaturaLinha } from '../../contracts/faturas';
import type { ResumoConferencia } from '../../contracts/conferencia-fatura';
import { REGRAS, type RegraBloqueio } from '../../contracts/pagamentos';
import { fatura } from '../db/schema/fatura';

// The list row of a fatura (spec 03 §3 first line; GET /faturas, /faturas/listar, and the head of /faturas/{id}).

export const colunasFaturaLinha = {
  id: fatura.id,
  versao: fatura.versao,
  nomeArquivo: fatura.nomeArquivo,
  documento: fatura.documento,
  numeroDocumento: fatura.numeroDocumento,
  transportadoraId: fatura.transportadoraId,
  transportadoraCnpj: fatura.transportadoraCnpj,
  transportadoraRazaoSocial: fatura.transportadoraRazaoSocial,
  dataEmissao: fatura.dataEmissao,
  dataVencimento: fatura.dataVencimento,
  quantidade: fatura.quantidade,
  valorTotal: fatura.valorTotal,
  status: fatura.status,
  situacaoPagamento: fatura.situacaoPagamento,
  regrasBloqueio: fatura.bloqueios,
  valorAPagar: fatura.valorAPagar,
  valorContestado: fatura.valorContestado,
  descontoContestacoes: fatura.descontoContestacoes,
};

type Linha = Omit<FaturaLinha, 'transportadora' | 'conferencia' | 'bloqueios'> & {
  regrasBloqueio: RegraBloqueio[]; transportadoraId: number | null; transportadoraCnpj: string; transportadoraRazaoSocial: string };

export function paraFaturaLinha(l: Linha, conferencia: ResumoConferencia): FaturaLinha {
  return {
    id: l.id,
    versao: l.versao,
    nomeArquivo: l.nomeArquivo,
    documento: l.documento,
    numeroDocumento: l.numeroDocumento,
    // The carrier as the file names it, and its register when one has the CNPJ.
    transportadora: { id: l.transportadoraId, cnpj: l.transportadoraCnpj, razaoSocial: l.transportadoraRazaoSocial },
    dataEmissao: l.dataEmissao,
    dataVencimento: l.dataVencimento,
    quantidade: l.quantidade,
    valorTotal: l.valorTotal,
    status: l.status,
    conferencia,
    situacaoPagamento: l.situacaoPagamento,
    // The list names the rules that block the fatura (the detail adds each line's).
    bloqueios: l.regrasBloqueio.map((regra) => ({ regra, faturaCteId: null, cte: null, motivo: REGRAS[regra].motivo, quemDesbloqueia: REGRAS[regra].quemDesbloqueia })),
    valorAPagar: l.valorAPagar,
    valorContestado: l.valorContestado,
    descontoContestacoes: l.descontoContestacoes,
  };
}
