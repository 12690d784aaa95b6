import { useState } from 'react';
import type { UsuarioLogado } from '../../../contracts/auth';
import { ROTULO_STATUS_ROMANEIO } from '../../../contracts/romaneio-status';
import type { RomaneioFrete } from '../../../contracts/romaneios';
import { useRomaneio } from '../../api/romaneios-api';
import { Dialog } from '../../ui/dialog';
import { formGrid } from '../../ui/form-grid';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { podeCadastroRapido } from '../../ui/cadastro-rapido-opener';
import { Tabs } from '../../ui/tabs';
import { MessageTitleContext } from '../../ui/use-show-messages';
import { RomaneioFreteButtons } from './romaneio-frete-buttons';
import { RomaneioItensTab } from './romaneio-itens-tab';
import { RomaneioMainTab } from './romaneio-main-tab';
import { useRomaneioFreteForm } from './use-romaneio-frete-form';

export interface RomaneioFreteDialogProps {
  /** null: a new manifest (GET /romaneios/new). */
  romaneioId: number | null;
  usuario: UsuarioLogado;
  onClose: () => void;
}

/** "Romaneio de frete 12 — Expedição": titled with the status (spec 03 §2.8); a new one is "Novo romaneio de frete". */
export const tituloRomaneio = (r: Pick<RomaneioFrete, 'id' | 'numero' | 'status'>) =>
  `${r.id === null ? 'Novo romaneio de frete' : `Romaneio de frete ${r.numero}`} — ${ROTULO_STATUS_ROMANEIO[r.status]}`;

/** The freight-cost manifest dialog (spec 03 §2.8): tabs Dados principais and Itens; its messages are 'Advertência' (§8). */
export function RomaneioFreteDialog({ romaneioId, usuario, onClose }: RomaneioFreteDialogProps) {
  const { data, isError } = useRomaneio(romaneioId);
  // After a save the dialog shows the saved manifest (its number and status in the title).
  const [salvo, setSalvo] = useState<RomaneioFrete | null>(null);
  const atual = salvo ?? data;
  return (
    <MessageTitleContext.Provider value={TITULO_ADVERTENCIA}>
      <Dialog open title={atual ? tituloRomaneio(atual) : 'Romaneio de frete'} onClose={onClose} size="lg">
        {data ? (
          <RomaneioFreteForm carregado={data} usuario={usuario} onSalvo={setSalvo} />
        ) : (
          <p className={formGrid.carregando}>{isError ? 'Não foi possível carregar o romaneio.' : 'Carregando…'}</p>
        )}
      </Dialog>
    </MessageTitleContext.Provider>
  );
}

function RomaneioFreteForm({ carregado, usuario, onSalvo }: { carregado: RomaneioFrete; usuario: UsuarioLogado; onSalvo: (r: RomaneioFrete) => void }) {
  const f = useRomaneioFreteForm(carregado, usuario, onSalvo);
  const [aba, setAba] = useState('principal');
  const editavel = f.direitos.salvar;
  const cadastrar = { motorista: podeCadastroRapido(usuario, 'motorista'), veiculo: podeCadastroRapido(usuario, 'veiculo') };
  return (
    <div className={formGrid.corpo}>
      <Tabs
        label="Romaneio de frete"
        value={aba}
        onValueChange={setAba}
        items={[
          { value: 'principal', label: 'Dados principais', content: <RomaneioMainTab romaneio={f.romaneio} e={f.e} set={f.set} editavel={editavel} veiculo={f.veiculo} cadastrar={cadastrar} /> },
          { value: 'itens', label: 'Itens', content: <RomaneioItensTab romaneio={f.romaneio} e={f.e} set={f.set} editavel={editavel} mostrar={() => setAba('itens')} /> },
        ]}
      />
      <RomaneioFreteButtons f={f} />
      {f.pergunta}
    </div>
  );
}
