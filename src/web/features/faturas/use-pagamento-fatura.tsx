import { useState, type ReactNode } from 'react';
import type { CteFatura } from '../../../contracts/conferencia-fatura';
import type { FaturaCompleta } from '../../../contracts/faturas';
import { SITUACOES_RECONFERIVEIS } from '../../../../machines/fatura-pagamento';
import type { Command } from '../../commands/command-registry';
// TODO(issue 29): open it through a src/web/ui opener hosted by src/web/app (as cteDetailOpener) once those files exist.
import { contestacaoOpener } from '../../ui/contestacao-opener';
import { LiberarFaturaDialog } from './liberar-fatura-dialog';

/** The payment rights of the user (area Pagamentos): FRETE_PAG_C opens disputes, FRETE_PAG_E acts on them and releases. */
export interface PermissoesPagamento {
  contestar: boolean;
  executar: boolean;
}

export const SEM_PERMISSOES_PAGAMENTO: PermissoesPagamento = { contestar: false, executar: false };

export const TECLAS_PAGAMENTO_FATURA = { contestarFatura: 'Alt+C', contestarLinha: 'Alt+K', liberar: 'Alt+B' } as const;
export const TITULOS_PAGAMENTO_FATURA = { contestarFatura: 'Contestar fatura', contestarLinha: 'Contestar CT-e da linha', liberar: 'Liberar fatura' } as const;

/** A fatura still under the console's recompute (not exported, paid or cancelled) may be disputed. */
export const podeContestarFatura = (f: Pick<FaturaCompleta, 'status' | 'situacaoPagamento'>) => f.status === 'PROCESSADO' && SITUACOES_RECONFERIVEIS.includes(f.situacaoPagamento);

const rotuloLinha = (c: CteFatura) => (c.serie ? `${c.numero}/${c.serie}` : c.numero);

/**
 * The fatura modal's payment commands (palette and Alt keys): "Contestar fatura", "Contestar CT-e da linha" (the
 * Fretes tab's selected divergent line) and "Liberar fatura" (a BLOQUEADA one), each only when the situation and
 * the user's rights allow it; the dialogs they open.
 */
export function usePagamentoFatura(fatura: FaturaCompleta, linha: CteFatura | null, naFretes: boolean, pode: PermissoesPagamento) {
  const [liberando, setLiberando] = useState(false);
  const contestavel = pode.contestar && podeContestarFatura(fatura);
  const habilitado = {
    contestarFatura: contestavel,
    contestarLinha: contestavel && naFretes && linha !== null && linha.divergente,
    liberar: pode.executar && fatura.status === 'PROCESSADO' && fatura.situacaoPagamento === 'BLOQUEADA',
  };
  const acoes = {
    contestarFatura: () => habilitado.contestarFatura && contestacaoOpener.abrir({ pedido: { fatura: fatura.id }, sobre: `Fatura ${fatura.numeroDocumento}: todas as linhas divergentes.` }),
    contestarLinha: () => habilitado.contestarLinha && linha && contestacaoOpener.abrir({ pedido: { linhas: [linha.id] }, sobre: `CT-e ${rotuloLinha(linha)} da fatura ${fatura.numeroDocumento}.` }),
    liberar: () => habilitado.liberar && setLiberando(true),
  };
  const t = TECLAS_PAGAMENTO_FATURA;
  const n = TITULOS_PAGAMENTO_FATURA;
  const comandos: Command[] = [
    { id: 'fatura.contestar', title: n.contestarFatura, group: 'Ações', keys: [t.contestarFatura], when: () => habilitado.contestarFatura, run: acoes.contestarFatura },
    { id: 'fatura.contestar-linha', title: n.contestarLinha, group: 'Ações', keys: [t.contestarLinha], when: () => habilitado.contestarLinha, run: acoes.contestarLinha },
    { id: 'fatura.liberar', title: n.liberar, group: 'Ações', keys: [t.liberar], when: () => habilitado.liberar, run: acoes.liberar },
  ];
  const dialogos: ReactNode = liberando && <LiberarFaturaDialog fatura={fatura} onClose={() => setLiberando(false)} />;
  return { comandos, habilitado, acoes, dialogos };
}
