import { css } from '../../../../styled-system/css';
import type { FaturaCompleta } from '../../../contracts/faturas';
import type { CteFatura } from '../../../contracts/conferencia-fatura';
import { useFatura } from '../../api/faturas-api';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { cteDetailOpener } from '../../ui/cte-detail-opener';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { KeyCombo } from '../../ui/key-combo';
import { Tabs } from '../../ui/tabs';
import { FaturaFretesTab } from './fatura-fretes-tab';
import { FaturaMainTab } from './fatura-main-tab';
import { FaturaPagamentoTab } from './fatura-pagamento-tab';
import { SEM_PERMISSOES_PAGAMENTO, TECLAS_PAGAMENTO_FATURA, usePagamentoFatura, type PermissoesPagamento } from './use-pagamento-fatura';
import { podeCancelarFatura, useCancelarFatura } from './use-cancelar-fatura';
import { useFretesDaFatura } from './use-fretes-da-fatura';

const cancelada = css({ color: 'red.700', fontWeight: 'semibold', fontSize: 'sm' });

/** "Ir para o primeiro CT-e divergente": the same key in the list and in the modal. */
export const TECLA_DIVERGENTE = 'Alt+D';
export const TITULO_DIVERGENTE = 'Ir para o primeiro CT-e divergente';

export interface FaturaDialogProps {
  faturaId: number;
  /** Nível ADMIN: may cancel. */
  admin: boolean;
  /** Opened by the list's "first divergent CT-e" command: straight to that line. */
  divergenteAoAbrir?: boolean;
  /** Area Pagamentos: disputes (FRETE_PAG_C) and release (FRETE_PAG_E). */
  pagamento?: PermissoesPagamento;
  onClose: () => void;
}

/**
 * Spec 03 §2.4 modal 'Fatura': tabs Dados Principais (Alt+1), Fretes (Alt+2) and Pagamento (Alt+3, issue 29); the check
 * (docs/decisoes.md §15); cancel for ADMIN; dispute and release commands by the payment rights.
 */
export function FaturaDialog({ faturaId, admin, divergenteAoAbrir = false, pagamento = SEM_PERMISSOES_PAGAMENTO, onClose }: FaturaDialogProps) {
  const { data: fatura, isError } = useFatura(faturaId);
  return (
    <Dialog open title="Fatura" onClose={onClose} width={1200}>
      {fatura ? (
        <Conteudo fatura={fatura} admin={admin} divergenteAoAbrir={divergenteAoAbrir} pagamento={pagamento} />
      ) : (
        <p className={formGrid.carregando}>{isError ? 'Não foi possível carregar a fatura.' : 'Carregando…'}</p>
      )}
    </Dialog>
  );
}

const verCte = (c: CteFatura) => c.cteId !== null && cteDetailOpener.abrir(c.cteId);

interface ConteudoProps {
  fatura: FaturaCompleta;
  admin: boolean;
  divergenteAoAbrir: boolean;
  pagamento: PermissoesPagamento;
}

function Conteudo({ fatura, admin, divergenteAoAbrir, pagamento }: ConteudoProps) {
  const n = useFretesDaFatura(fatura.id, divergenteAoAbrir);
  const pag = usePagamentoFatura(fatura, n.atual, n.aba === 'fretes', pagamento);
  const cancelamento = useCancelarFatura();
  const podeCancelar = podeCancelarFatura(admin, fatura);
  useCommands([
    { id: 'fatura.divergente', title: TITULO_DIVERGENTE, group: 'Ações', keys: [TECLA_DIVERGENTE], when: () => n.temDivergente, run: n.irParaDivergente },
    {
      id: 'fatura.ver-cte',
      title: 'Visualizar CT-e selecionado',
      group: 'Ações',
      keys: ['Enter', 'F2'],
      unbound: ['Enter'],
      when: () => n.aba === 'fretes' && n.atual?.cteId != null,
      run: () => n.atual && verCte(n.atual),
    },
    { id: 'fatura.cancelar', title: 'Cancelar fatura', group: 'Ações', keys: [], when: () => podeCancelar, run: () => cancelamento.pedir(fatura) },
    ...pag.comandos,
  ]);
  const fretes = (
    <FaturaFretesTab
      fretes={n.fretes}
      carregando={n.carregando}
      selecionado={n.selecionado}
      onSelecionadoChange={n.setSelecionado}
      onPageChange={n.mudarPagina}
      ver={verCte}
      gridRef={n.grade}
    />
  );
  return (
    <div className={formGrid.corpo}>
      {fatura.status === 'CANCELADO' && <p className={cancelada}>Fatura cancelada.</p>}
      <Tabs
        label="Dados da fatura"
        value={n.aba}
        onValueChange={n.setAba}
        items={[
          { value: 'principal', label: 'Dados Principais', content: <FaturaMainTab fatura={fatura} /> },
          { value: 'fretes', label: 'Fretes', content: fretes },
          { value: 'pagamento', label: 'Pagamento', content: <FaturaPagamentoTab fatura={fatura} /> },
        ]}
      />
      <DialogButtons>
        {n.temDivergente && (
          <Button onClick={n.irParaDivergente} aria-keyshortcuts={TECLA_DIVERGENTE}>
            Primeiro CT-e divergente <KeyCombo keys={[TECLA_DIVERGENTE]} />
          </Button>
        )}
        {pag.habilitado.contestarFatura && (
          <Button onClick={pag.acoes.contestarFatura} aria-keyshortcuts={TECLAS_PAGAMENTO_FATURA.contestarFatura}>
            Contestar fatura <KeyCombo keys={[TECLAS_PAGAMENTO_FATURA.contestarFatura]} />
          </Button>
        )}
        {pag.habilitado.liberar && (
          <Button onClick={pag.acoes.liberar} aria-keyshortcuts={TECLAS_PAGAMENTO_FATURA.liberar}>
            Liberar fatura <KeyCombo keys={[TECLAS_PAGAMENTO_FATURA.liberar]} />
          </Button>
        )}
        {podeCancelar && (
          <Button variant="danger" onClick={() => cancelamento.pedir(fatura)} disabled={cancelamento.cancelando}>
            Cancelar fatura
          </Button>
        )}
      </DialogButtons>
      {cancelamento.dialogo}
      {pag.dialogos}
    </div>
  );
}
