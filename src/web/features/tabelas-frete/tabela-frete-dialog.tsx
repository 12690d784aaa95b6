import { DESCRICAO_ICMS_PADRAO, DESCRICAO_PESO_TAXADO_PADRAO } from '../../../contracts/tabela-frete-tipos';
import { type TabelaFrete } from '../../../contracts/tabela-frete-modelo';
import { tabelasFreteApi } from '../../api/tabelas-frete-api';
import { Dialog } from '../../ui/dialog';
import { formGrid } from '../../ui/form-grid';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { MessageTitleContext } from '../../ui/use-show-messages';
import { copiarTabela } from './copiar-tabela';
import { TabelaFreteForm } from './tabela-frete-form';

/** Spec 02 §9: the table dialog is 1200 px wide. */
export const LARGURA_TABELA = 1200;

export type AberturaTabela = { tipo: 'novo' } | { tipo: 'editar'; id: number } | { tipo: 'clonar'; id: number };

const TITULO = { novo: 'Nova tabela de frete', editar: 'Editar tabela de frete', clonar: 'Clonar tabela de frete' } as const;

export const novaTabela = (): TabelaFrete => ({
  transportadora: null,
  inicio: null,
  fim: null,
  flags: [],
  descricaoIcms: DESCRICAO_ICMS_PADRAO,
  descricaoPesoTaxado: DESCRICAO_PESO_TAXADO_PADRAO,
  percursos: [],
  elementosCusto: [],
});

export interface TabelaFreteDialogProps {
  abertura: AberturaTabela;
  /** FRETE_TABFR_C for new and clone, FRETE_TABFR_E for edit; the server decides anyway. */
  podeSalvar: boolean;
  /** Issue 32: FRETE_TABFR_M and FRETE_CTE_M, the reajuste simulation's permissions. */
  podeReajuste?: boolean;
  onClose: () => void;
}

/** Freight Table dialog (spec 02 §2): loads the table (edit, clone) and hands its local copy to the form. */
export function TabelaFreteDialog({ abertura, podeSalvar, podeReajuste = false, onClose }: TabelaFreteDialogProps) {
  const id = abertura.tipo === 'novo' ? null : abertura.id;
  const carregada = tabelasFreteApi.useUm(id);
  const tabela = abertura.tipo === 'novo' ? novaTabela() : carregada.data ? (abertura.tipo === 'clonar' ? copiarTabela(carregada.data) : carregada.data) : null;
  return (
    // Spec 01 §8 / 02 §8: the freight-table dialogs (and the sub-dialogs inside) title their warnings 'Advertência'.
    <MessageTitleContext.Provider value={TITULO_ADVERTENCIA}>
      <Dialog open title={TITULO[abertura.tipo]} onClose={onClose} width={LARGURA_TABELA}>
        {tabela ? <TabelaFreteForm tabela={tabela} podeSalvar={podeSalvar} onClose={onClose} tabelaSalva={abertura.tipo === 'editar' ? abertura.id : null} podeReajuste={podeReajuste} /> : <p className={formGrid.carregando}>Carregando…</p>}
      </Dialog>
    </MessageTitleContext.Provider>
  );
}
