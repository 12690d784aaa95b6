import { useId } from 'react';
import { css } from '../../../../../styled-system/css';
import { LIMITE_LINHAS_PICKER } from '../../../../contracts/ordens-servico';
import type { RefRomaneio } from '../../../../contracts/romaneios';
import { somenteDigitos } from '../../../../domain/cpf';
import { useCommands } from '../../../commands/use-commands';
import { Autocomplete } from '../../../ui/autocomplete';
import { DataTable } from '../../../ui/data-table';
import { DateInput } from '../../../ui/date-input';
import { Dialog } from '../../../ui/dialog';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { FilterForm, filtroLargo } from '../../../ui/filter-form';
import { fieldStyles } from '../../../ui/field-styles';
import { formGrid } from '../../../ui/form-grid';
import { TITULO_ADVERTENCIA } from '../../../ui/message-list';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { useShowMessages } from '../../../ui/use-show-messages';
import { useFieldsGate } from '../../../ui/use-validated-save';
import type { ItemEmEdicao } from './romaneio-os-form';
import { buscarClientesRomaneio, porId, textoCliente, type ClienteFiltro } from './romaneio-os-lookups';
import { colunasNotasFiscais, colunasOrdensServico } from './romaneio-os-picker-columns';
import { MSG_MARQUE_LINHAS, useRomaneioOsPicker, type ModoPicker } from './use-romaneio-os-picker';

const MODOS = [
  { value: 'os', label: 'Ordens de serviço' },
  { value: 'nf', label: 'Notas fiscais' },
];
const ALTURA_LINHA = 36;
const resumo = css({ fontSize: 'sm', color: 'gray.700' });

export interface RomaneioOsPickerDialogProps {
  transportadora: RefRomaneio;
  itens: readonly ItemEmEdicao[];
  /** The manifest's items with the picked ones after them. */
  onAdd: (itens: ItemEmEdicao[]) => void;
  onClose: () => void;
}

/** Spec 03 §2.8: the nested picker of service orders or invoices of the manifest's carrier; Space marks, Ctrl+S adds. */
export function RomaneioOsPickerDialog(props: RomaneioOsPickerDialogProps) {
  return (
    <Dialog open title={`Adicionar itens — ${props.transportadora.nome}`} onClose={props.onClose} width={1200}>
      <Conteudo {...props} />
    </Dialog>
  );
}

function Conteudo({ transportadora, itens, onAdd, onClose }: RomaneioOsPickerDialogProps) {
  const id = useId();
  const p = useRomaneioOsPicker(transportadora, itens);
  const mostrar = useShowMessages();
  const legiveis = useFieldsGate(TITULO_ADVERTENCIA);
  const adicionar = async () => {
    if (p.marcados.size === 0) return mostrar([MSG_MARQUE_LINHAS], TITULO_ADVERTENCIA);
    const novos = await p.confirmar();
    if (!novos) return;
    onAdd([...itens, ...novos]);
    onClose();
  };
  useCommands([{ id: `${id}:adicionar`, title: 'Adicionar os selecionados ao romaneio', group: 'Ações', keys: ['Ctrl+S'], run: () => void adicionar() }]);
  const procurar = () => legiveis() && p.procurar();
  const marcacao = { marcados: p.marcados, alternar: p.alternar };
  const quantas = p.modo === 'os' ? p.linhasOs.length : p.linhasNf.length;
  const grade = {
    selectedIndex: p.selecionado,
    onSelectedIndexChange: p.setSelecionado,
    loading: p.carregando,
    height: 10 * ALTURA_LINHA,
    rowHeight: ALTURA_LINHA,
  };
  return (
    <div className={formGrid.corpo}>
      <FiltrosPicker p={p} onSubmit={procurar} />
      <p className={resumo} role="status">
        {p.marcados.size} {p.marcados.size === 1 ? 'linha marcada' : 'linhas marcadas'} (Espaço marca a linha selecionada)
        {p.maisLinhas ? ` · mostrando as primeiras ${LIMITE_LINHAS_PICKER} de ${quantas}+: refine o filtro` : ''}
      </p>
      {p.modo === 'os' ? (
        <DataTable
          label="Ordens de serviço"
          columns={colunasOrdensServico({ ...marcacao, nome: (l) => `O.S. ${l.ordemServico} item ${l.itemId}` })}
          rows={p.linhasOs}
          getRowId={(l) => l.chave}
          onToggle={p.alternar}
          onActivate={p.alternar}
          isRowMuted={(l) => l.incluida}
          {...grade}
        />
      ) : (
        <DataTable
          label="Notas fiscais"
          columns={colunasNotasFiscais({ ...marcacao, nome: (l) => `nota fiscal ${l.notaFiscalId}` })}
          rows={p.linhasNf}
          getRowId={(l) => l.chave}
          onToggle={p.alternar}
          onActivate={p.alternar}
          isRowMuted={(l) => l.incluida}
          {...grade}
        />
      )}
      {p.adicionando && <p className={fieldStyles.hint}>Buscando os dados dos itens no ERP…</p>}
      <DialogButtons onConfirm={() => void adicionar()} confirmLabel="Adicionar selecionados" disabled={p.adicionando} />
    </div>
  );
}

/** The picker's filters: the mode, the period (delivery of an O.S., issue of an invoice), O.S., order, customer. */
function FiltrosPicker({ p, onSubmit }: { p: ReturnType<typeof useRomaneioOsPicker>; onSubmit: () => void }) {
  const f = p.filtros;
  return (
    <FilterForm label="Filtros do seletor de itens" onSubmit={onSubmit}>
      <SelectField label="Buscar" value={p.modo} onValueChange={(m) => p.setModo(m as ModoPicker)} options={MODOS} />
      <DateInput label={p.modo === 'os' ? 'Entrega inicial' : 'Emissão inicial'} value={f.inicio} onValueChange={(inicio) => p.set({ inicio })} />
      <DateInput label={p.modo === 'os' ? 'Entrega final' : 'Emissão final'} value={f.fim} onValueChange={(fim) => p.set({ fim })} />
      <TextField label="O.S." value={f.os} onValueChange={(v) => p.set({ os: somenteDigitos(v) })} inputMode="numeric" maxLength={10} />
      <TextField label="Pedido" value={f.pedido} onValueChange={(pedido) => p.set({ pedido })} maxLength={30} />
      <div className={filtroLargo}>
        <Autocomplete<ClienteFiltro>
          label="Cliente"
          value={f.cliente}
          onValueChange={(cliente) => p.set({ cliente })}
          queryKey={['clientes', 'picker-romaneio-os']}
          search={buscarClientesRomaneio}
          itemToString={textoCliente}
          itemToValue={porId}
        />
      </div>
    </FilterForm>
  );
}
