import { useId, useState, type KeyboardEvent } from 'react';
import { css } from '../../../../styled-system/css';
import { mensagemItemIncompleto, type RomaneioFrete } from '../../../contracts/romaneios';
import { itemRomaneioFreteIncompleto } from '../../../contracts/romaneios-salvar';
import { somenteDigitos } from '../../../domain/cpf';
import { formatBrl } from '../../../domain/format-brl';
import type { RateioItem } from '../../../domain/romaneios/ratear-frete';
import { useClientePedido } from '../../api/romaneios-api';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { DecimalInput } from '../../ui/decimal-input';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { LabelValueList } from '../../ui/label-value-list';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { TextField } from '../../ui/text-field';
import { useShowMessages } from '../../ui/use-show-messages';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { useFieldsGate } from '../../ui/use-validated-save';
import { DetalhesItemRomaneio } from './detalhes-item-romaneio';
import type { ItemEmEdicao } from './romaneio-frete-form';
import { useBuscaNotaFiscal } from './use-busca-nota-fiscal';

const estilos = { nota: css({ display: 'flex', alignItems: 'flex-end', gap: '2', '& > :first-child': { flex: '1' } }) };

export interface RomaneioItemDialogProps {
  romaneio: Pick<RomaneioFrete, 'id'>;
  /** Null: a new item (by its invoice number). */
  item: ItemEmEdicao | null;
  /** Its number in the manifest (1-based). */
  posicao: number;
  /** The manifest's other items (the same invoice twice is refused). */
  outros: readonly ItemEmEdicao[];
  /** The item's freight share as it would be with this item as edited. */
  ratear: (item: ItemEmEdicao) => RateioItem | null;
  editavel: boolean;
  onSave: (item: ItemEmEdicao) => void;
  onClose: () => void;
}

const vazio = (posicao: number): ItemEmEdicao => ({
  item: posicao,
  notaFiscalId: '',
  pedidoId: null,
  volumes: '',
  peso: '',
  valorNotaFiscal: '',
  cliente: null,
  transportadora: null,
  detalhes: [],
  semPedido: false,
  clienteNome: null,
});

/** An item of the freight-cost manifest: the invoice looked up in the ERP (Enter in its field), volumes, weight, value, the lines. */
export function RomaneioItemDialog(props: RomaneioItemDialogProps) {
  const titulo = props.item ? `Item ${props.posicao} — nota fiscal ${props.item.notaFiscalId}` : 'Novo item';
  return (
    <Dialog open title={titulo} onClose={props.onClose} size="lg">
      <Formulario {...props} />
    </Dialog>
  );
}

function Formulario({ romaneio, item, posicao, outros, ratear, editavel, onSave }: RomaneioItemDialogProps) {
  const id = useId();
  const [local, setLocal] = useState<ItemEmEdicao>(() => item ?? vazio(posicao));
  const [nf, setNf] = useState(item?.notaFiscalId ?? '');
  useUnsavedChanges({ local, nf });
  const mostrar = useShowMessages();
  const camposLegiveis = useFieldsGate(TITULO_ADVERTENCIA);
  const nota = useBuscaNotaFiscal(romaneio, outros);
  const pedido = useClientePedido(local.clienteNome ? null : local.pedidoId);
  const clienteNome = local.clienteNome ?? pedido.data?.razaoSocial ?? null;
  const set = (patch: Partial<ItemEmEdicao>) => setLocal((atual) => ({ ...atual, ...patch }));
  const novo = item === null;

  const buscar = async () => {
    const dados = await nota.buscar(nf);
    if (dados) set(dados);
    return dados;
  };
  // Ctrl+S with an invoice typed and not looked up yet looks it up first (what is typed counts).
  const salvar = async () => {
    if (!editavel || nota.buscando || !camposLegiveis()) return;
    let atual = { ...local, clienteNome };
    if (novo && (!local.notaFiscalId || nf.trim() !== local.notaFiscalId)) {
      const dados = await buscar();
      if (!dados) return;
      atual = { ...atual, ...dados };
    }
    const incompleto = itemRomaneioFreteIncompleto({ notaFiscalId: atual.notaFiscalId || null, peso: atual.peso.trim() || null, valorNotaFiscal: atual.valorNotaFiscal.trim() || null });
    if (incompleto) return mostrar([mensagemItemIncompleto(posicao)], TITULO_ADVERTENCIA);
    onSave(atual);
  };
  useCommands([{ id: `${id}:salvar`, title: 'Salvar item', group: 'Ações', keys: ['Ctrl+S'], when: () => editavel, run: () => void salvar() }]);
  const rateio = ratear(local);
  return (
    <div className={formGrid.corpo}>
      <CampoNota nf={nf} setNf={setNf} novo={novo} editavel={editavel} buscando={nota.buscando} buscar={() => void buscar()} />
      <DadosDaNota local={local} clienteNome={clienteNome} rateio={rateio} />
      <ValoresDoItem local={local} set={set} editavel={editavel} />
      <DetalhesItemRomaneio detalhes={local.detalhes} rateio={rateio?.detalhes ?? null} />
      <DialogButtons onConfirm={editavel ? () => void salvar() : undefined} disabled={nota.buscando} />
    </div>
  );
}

interface CampoNotaProps {
  nf: string;
  setNf: (nf: string) => void;
  /** A new item: the invoice is typed and looked up; a saved one keeps its invoice. */
  novo: boolean;
  editavel: boolean;
  buscando: boolean;
  buscar: () => void;
}

/** "Nº da nota fiscal": Enter in it (or "Buscar nota fiscal") looks the invoice up in the ERP. */
function CampoNota({ nf, setNf, novo, editavel, buscando, buscar }: CampoNotaProps) {
  const aoTeclar = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    buscar();
  };
  return (
    <div className={estilos.nota}>
      <TextField
        label="Nº da nota fiscal"
        value={nf}
        onValueChange={setNf}
        onKeyDown={aoTeclar}
        maxLength={30}
        disabled={!novo || !editavel}
        hint={novo ? 'Enter busca a nota fiscal no ERP.' : undefined}
      />
      {novo && editavel && (
        <Button onClick={buscar} disabled={buscando}>
          {buscando ? 'Buscando…' : 'Buscar nota fiscal'}
        </Button>
      )}
    </div>
  );
}

/** What the invoice brought (order, customer, carrier) and the item's freight share. */
function DadosDaNota({ local, clienteNome, rateio }: { local: ItemEmEdicao; clienteNome: string | null; rateio: RateioItem | null }) {
  return (
    <LabelValueList
      coluna={200}
      campos={[
        ['Pedido', local.notaFiscalId ? (local.pedidoId ?? 'Sem pedido') : ''],
        ['Cliente', [clienteNome, local.cliente].filter(Boolean).join(' · ')],
        ['CNPJ da transportadora', local.transportadora],
        ['Frete rateado do item', rateio ? formatBrl(rateio.item) : ''],
      ]}
    />
  );
}

/** Volumes, weight and the invoice's value, as the user may correct them. */
function ValoresDoItem({ local, set, editavel }: { local: ItemEmEdicao; set: (patch: Partial<ItemEmEdicao>) => void; editavel: boolean }) {
  return (
    <div className={formGrid.grade}>
      <TextField label="Volumes" value={local.volumes} onValueChange={(v) => set({ volumes: somenteDigitos(v) })} inputMode="numeric" maxLength={9} disabled={!editavel} />
      <DecimalInput label="Peso (Kg)" value={local.peso} onValueChange={(peso) => set({ peso })} decimals={3} disabled={!editavel} />
      <DecimalInput label="Valor da nota fiscal" value={local.valorNotaFiscal} onValueChange={(valorNotaFiscal) => set({ valorNotaFiscal })} decimals={2} disabled={!editavel} />
    </div>
  );
}
