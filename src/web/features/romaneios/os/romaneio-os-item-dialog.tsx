import { useState } from 'react';
import { UNIDADES_ITEM_ROMANEIO, type RefRomaneio, type UnidadeItemRomaneio } from '../../../../contracts/romaneios';
import { itemRomaneioOsSchema } from '../../../../contracts/romaneios-salvar';
import { formatDateBr } from '../../../../domain/format-date-br';
import { formatarQuantidade } from '../../../../domain/format-number-br';
import { Autocomplete } from '../../../ui/autocomplete';
import { Button } from '../../../ui/button';
import { DecimalInput } from '../../../ui/decimal-input';
import { Dialog } from '../../../ui/dialog';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { formGrid } from '../../../ui/form-grid';
import { LabelValueList } from '../../../ui/label-value-list';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { useSaveCommand } from '../../../ui/use-save-command';
import { useUnsavedChanges } from '../../../ui/use-unsaved-changes';
import { WarningNote } from '../../../ui/warning-note';
import type { ItemEmEdicao } from './romaneio-os-form';
import { ROTULO_STATUS_ITEM } from './romaneio-os-item-columns';
import { comNota, nomeCliente } from './romaneio-os-itens';
import { buscarTransportadorasRomaneio, porId, textoRef } from './romaneio-os-lookups';
import { usePreencherItem } from './use-preencher-item';

const UNIDADES = UNIDADES_ITEM_ROMANEIO.map((u) => ({ value: u, label: u === 'DESCONHECIDO' ? 'Desconhecido' : u.charAt(0) + u.slice(1).toLowerCase() }));

export interface RomaneioOsItemDialogProps {
  item: ItemEmEdicao;
  /** The manifest may be edited and the item is not cancelled. */
  editavel: boolean;
  onSave: (item: ItemEmEdicao) => void;
  onClose: () => void;
}

/** An item of the manifest (spec 03 §3): its editable fields; an invoice typed fills the item from the ERP and invoices it. */
export function RomaneioOsItemDialog(props: RomaneioOsItemDialogProps) {
  return (
    <Dialog open title={`Item ${props.item.item}`} onClose={props.onClose} size="lg">
      <Formulario {...props} />
    </Dialog>
  );
}

/** The item's messages (the save schema's, each once). */
const mensagensDoItem = (i: ItemEmEdicao) => {
  const r = itemRomaneioOsSchema.safeParse(i);
  return r.success ? [] : [...new Set(r.error.issues.map((x) => x.message))];
};

function Formulario({ item, editavel, onSave }: RomaneioOsItemDialogProps) {
  const [local, setLocal] = useState<ItemEmEdicao>(item);
  const set = (patch: Partial<ItemEmEdicao>) => setLocal((i) => ({ ...i, ...patch }));
  useUnsavedChanges(local);
  const p = usePreencherItem(setLocal);
  const salvar = useSaveCommand('Confirmar item', () => comNota(local), mensagensDoItem, (i) => editavel && onSave(i));
  const os = local.ordensServico[0] ?? null;
  return (
    <div className={formGrid.corpo}>
      <LabelValueList
        coluna={170}
        campos={[
          ['Status', ROTULO_STATUS_ITEM[local.status]],
          ['Origem', local.origem === 'OS' ? 'Ordem de serviço' : 'Nota fiscal'],
          ['O.S.', local.ordensServico.join(', ')],
          ['Pedido', local.pedidoId],
          ['Item do pedido', local.itemId],
          ['Cliente', nomeCliente(local)],
          ['Entrega', formatDateBr(local.dataEntrega)],
          ['m²', formatarQuantidade(local.quantidadeM2, { decimais: 3 })],
        ]}
      />
      {p.aviso && <WarningNote>{p.aviso}</WarningNote>}
      <CamposItem local={local} set={set} disabled={!editavel} onNotaSaiu={() => p.nota(local.notaFiscalId, item.notaFiscalId)} />
      <DialogButtons onConfirm={editavel ? salvar : undefined} confirmLabel="Confirmar" disabled={p.buscando}>
        {editavel && local.origem === 'OS' && os && (
          <Button onClick={() => p.fiscaisOs(os)} disabled={p.buscando}>
            Dados fiscais da O.S.
          </Button>
        )}
      </DialogButtons>
    </div>
  );
}

interface CamposItemProps {
  local: ItemEmEdicao;
  set: (patch: Partial<ItemEmEdicao>) => void;
  disabled: boolean;
  /** Leaving the invoice field: the ERP fills the item from it. */
  onNotaSaiu: () => void;
}

/** Spec 03 §3 item fields the user edits: invoice and its value, weights, volumes and unit, freight, redispatch, "cliente retira", note. */
function CamposItem({ local, set, disabled, onNotaSaiu }: CamposItemProps) {
  const texto = (v: string | null) => v ?? '';
  const decimal = (campo: 'pesoLiquido' | 'pesoBruto' | 'frete' | 'valorNotaFiscal', label: string, casas: number) => (
    <DecimalInput label={label} value={texto(local[campo])} onValueChange={(v) => set({ [campo]: v || null })} decimals={casas} disabled={disabled} />
  );
  return (
    <div className={formGrid.grade}>
      <TextField
        label="Nota fiscal"
        value={texto(local.notaFiscalId)}
        onValueChange={(v) => set({ notaFiscalId: v.replace(/[^\w.-]/g, '') || null })}
        onBlur={onNotaSaiu}
        maxLength={30}
        disabled={disabled}
      />
      {decimal('valorNotaFiscal', 'Valor da nota fiscal', 2)}
      {decimal('pesoBruto', 'Peso bruto (Kg)', 3)}
      {decimal('pesoLiquido', 'Peso líquido (Kg)', 3)}
      <DecimalInput
        label="Volumes"
        value={local.volumes === null ? '' : String(local.volumes)}
        onValueChange={(v) => set({ volumes: v === '' ? null : Math.trunc(Number(v)) })}
        decimals={0}
        disabled={disabled}
      />
      <SelectField label="Unidade" value={local.unidade} onValueChange={(v) => set({ unidade: v as UnidadeItemRomaneio })} options={UNIDADES} disabled={disabled} />
      {decimal('frete', 'Frete', 2)}
      <Autocomplete<RefRomaneio>
        label="Redespacho"
        value={local.redespacho}
        onValueChange={(redespacho) => set({ redespacho })}
        queryKey={['transportadoras', 'romaneio-os', 'redespacho']}
        search={buscarTransportadorasRomaneio}
        itemToString={textoRef}
        itemToValue={porId}
        disabled={disabled}
      />
      <label className={formGrid.alternar}>
        <input type="checkbox" checked={local.clienteRetira} onChange={(ev) => set({ clienteRetira: ev.target.checked })} disabled={disabled} />
        Cliente retira
      </label>
      <div className={formGrid.largo}>
        <TextField label="Observação do item" value={texto(local.observacao)} onValueChange={(v) => set({ observacao: v || null })} maxLength={500} disabled={disabled} />
      </div>
    </div>
  );
}
