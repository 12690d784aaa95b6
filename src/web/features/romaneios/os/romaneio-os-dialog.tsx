import { useId } from 'react';
import { ROTULO_STATUS_ROMANEIO } from '../../../../contracts/romaneio-status';
import { MSG_LIMITE_PESO_VEICULO, type RomaneioOs } from '../../../../contracts/romaneios';
import { useRomaneioOs } from '../../../api/romaneios-os-api';
import { useCommands } from '../../../commands/use-commands';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { formGrid } from '../../../ui/form-grid';
import { KeyCombo } from '../../../ui/key-combo';
import { TITULO_ADVERTENCIA } from '../../../ui/message-list';
import { Tabs } from '../../../ui/tabs';
import { MessageTitleContext } from '../../../ui/use-show-messages';
import { WarningNote } from '../../../ui/warning-note';
import { RomaneioOsItensTab } from './romaneio-os-itens-tab';
import { RomaneioOsMainTab } from './romaneio-os-main-tab';
import { useImprimirRomaneioOs } from './use-imprimir-romaneio-os';
import { useRomaneioOsForm } from './use-romaneio-os-form';

export const TECLA_FATURAR = 'Alt+F';
export const TECLA_FINALIZAR = 'Alt+L';
export const TECLA_IMPRIMIR = 'Alt+I';

export interface RomaneioOsPermissoes {
  /** FRETE_ROMA_C. */
  criar: boolean;
  /** FRETE_ROMA_E. */
  editar: boolean;
  /** FRETE_MOTO_C: "Novo motorista" from inside the dialog. */
  novoMotorista: boolean;
}

export interface RomaneioOsDialogProps {
  /** null: a new manifest (GET /romaneios-colacril/new, origin and destination preset). */
  romaneioId: number | null;
  permissoes: RomaneioOsPermissoes;
  onClose: () => void;
}

/** "Romaneio de O.S. 12 — Expedição": spec 03 §2.8, tabs Dados Principais and Itens; its messages are 'Advertência' (§8). */
export function RomaneioOsDialog({ romaneioId, permissoes, onClose }: RomaneioOsDialogProps) {
  const { data: romaneio, isError } = useRomaneioOs(romaneioId);
  const titulo = romaneio ? `${romaneio.id === null ? 'Novo romaneio de O.S.' : `Romaneio de O.S. ${romaneio.numero ?? ''}`.trim()} — ${ROTULO_STATUS_ROMANEIO[romaneio.status]}` : 'Romaneio de O.S.';
  return (
    <MessageTitleContext.Provider value={TITULO_ADVERTENCIA}>
      <Dialog open title={titulo} onClose={onClose} width={1200}>
        {romaneio ? (
          <Formulario romaneio={romaneio} permissoes={permissoes} onClose={onClose} />
        ) : (
          <p className={formGrid.carregando}>{isError ? 'Não foi possível carregar o romaneio.' : 'Carregando…'}</p>
        )}
      </Dialog>
    </MessageTitleContext.Provider>
  );
}

function Formulario({ romaneio, permissoes, onClose }: { romaneio: RomaneioOs; permissoes: RomaneioOsPermissoes; onClose: () => void }) {
  const id = useId();
  const f = useRomaneioOsForm(romaneio, permissoes, onClose);
  const impressao = useImprimirRomaneioOs();
  const salvo = f.romaneio.id !== null;
  const imprimir = () => impressao.imprimir(f.romaneio);
  useCommands([
    { id: `${id}:salvar`, title: 'Salvar romaneio', group: 'Ações', keys: ['Ctrl+S'], when: () => f.editavel, run: f.salvar },
    { id: `${id}:faturar`, title: 'Enviar o romaneio para o faturamento', group: 'Ações', keys: [TECLA_FATURAR], when: () => f.podeFaturar, run: f.faturar },
    { id: `${id}:finalizar`, title: 'Finalizar romaneio', group: 'Ações', keys: [TECLA_FINALIZAR], when: () => f.podeFinalizar, run: f.finalizar },
    { id: `${id}:imprimir`, title: 'Imprimir romaneio (PDF)', group: 'Ações', keys: [TECLA_IMPRIMIR], when: () => salvo, run: imprimir },
  ]);
  const botao = (rotulo: string, tecla: string, acao: () => void, disabled?: boolean) => (
    <Button onClick={acao} aria-keyshortcuts={tecla} disabled={disabled}>
      {rotulo} <KeyCombo keys={[tecla]} />
    </Button>
  );
  return (
    <div className={formGrid.corpo}>
      {f.excedePeso && <WarningNote>{MSG_LIMITE_PESO_VEICULO}</WarningNote>}
      <Tabs
        label="Dados do romaneio"
        items={[
          {
            value: 'principal',
            label: 'Dados Principais',
            content: <RomaneioOsMainTab e={f.e} set={f.set} disabled={!f.editavel} travado={f.travado} podeNovoMotorista={permissoes.novoMotorista} />,
          },
          {
            value: 'itens',
            label: 'Itens',
            content: <RomaneioOsItensTab e={f.e} onChange={(itens) => f.set({ itens })} editavel={f.editavel} faltaParaItens={f.faltaParaItens} />,
          },
        ]}
      />
      {impressao.ocupado && (
        <p role="status" className={formGrid.carregando}>
          Gerando o PDF do romaneio…
        </p>
      )}
      <DialogButtons onConfirm={f.editavel ? f.salvar : undefined} disabled={f.ocupado}>
        {salvo && botao('Imprimir', TECLA_IMPRIMIR, imprimir, impressao.ocupado)}
        {f.podeFaturar && botao('Faturar', TECLA_FATURAR, f.faturar, f.ocupado)}
        {f.podeFinalizar && botao('Finalizar', TECLA_FINALIZAR, f.finalizar, f.ocupado)}
      </DialogButtons>
      {f.dialogo}
    </div>
  );
}
