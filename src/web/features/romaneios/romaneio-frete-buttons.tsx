import { useId } from 'react';
import { imprimirContrato, imprimirRomaneio } from '../../api/romaneios-api';
import type { Command } from '../../commands/command-registry';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { DialogButtons } from '../../ui/dialog-buttons';
import { KeyCombo } from '../../ui/key-combo';
import { useDocumento } from '../../ui/use-documento';
import type { RomaneioFreteFormState } from './use-romaneio-frete-form';

export const TECLA_FATURAMENTO = 'Alt+F';
export const TECLA_FINALIZAR = 'Alt+L';
export const TECLA_IMPRIMIR = 'Alt+I';
export const TECLA_CONTRATO = 'Alt+C';

/**
 * The dialog's buttons, as the machine allows (spec 03 §4): Salvar (hidden once FINALIZADO or CANCELADO),
 * "Enviar para faturamento" (EXPEDICAO), "Finalizar" (FATURAMENTO), Imprimir (PDF) and Contrato (DOCX) of
 * a saved manifest; each also a command on its key.
 */
export function RomaneioFreteButtons({ f }: { f: RomaneioFreteFormState }) {
  const id = useId();
  const doc = useDocumento();
  const { romaneio, direitos } = f;
  const salvoId = romaneio.id;
  const imprimir = () =>
    salvoId !== null &&
    doc.baixar({ rotulo: `o PDF do romaneio ${romaneio.numero}`, baixar: () => imprimirRomaneio(salvoId, romaneio.numero), naoEncontrado: `Nenhum PDF encontrado para o romaneio ${romaneio.numero}.` });
  const contrato = () =>
    salvoId !== null &&
    doc.baixar({
      rotulo: `o contrato do romaneio ${romaneio.numero}`,
      baixar: () => imprimirContrato(salvoId, romaneio.numero),
      naoEncontrado: `Nenhum contrato encontrado para o romaneio ${romaneio.numero}.`,
    });
  const transicao = direitos.transicionar && !f.salvando;
  const comandos: Command[] = [
    { id: `${id}:salvar`, title: 'Salvar romaneio', group: 'Ações', keys: ['Ctrl+S'], when: () => direitos.salvar, run: f.salvar },
    { id: `${id}:faturar`, title: 'Enviar para faturamento', group: 'Ações', keys: [TECLA_FATURAMENTO], when: () => direitos.faturar && transicao, run: f.enviarParaFaturamento },
    { id: `${id}:finalizar`, title: 'Finalizar romaneio', group: 'Ações', keys: [TECLA_FINALIZAR], when: () => direitos.finalizar && transicao, run: f.finalizar },
    { id: `${id}:imprimir`, title: 'Imprimir romaneio (PDF)', group: 'Ações', keys: [TECLA_IMPRIMIR], when: () => direitos.imprimir, run: imprimir },
    { id: `${id}:contrato`, title: 'Contrato de transporte (DOCX)', group: 'Ações', keys: [TECLA_CONTRATO], when: () => direitos.imprimir, run: contrato },
  ];
  useCommands(comandos);
  const botao = (rotulo: string, tecla: string, acao: () => unknown, desativado: boolean) => (
    <Button onClick={() => void acao()} disabled={desativado} aria-keyshortcuts={tecla}>
      {rotulo} <KeyCombo keys={[tecla]} />
    </Button>
  );
  return (
    <>
      {doc.andamento}
      <DialogButtons onConfirm={direitos.salvar ? f.salvar : undefined} disabled={f.salvando}>
        {direitos.faturar && direitos.transicionar && botao('Enviar para faturamento', TECLA_FATURAMENTO, f.enviarParaFaturamento, f.salvando)}
        {direitos.finalizar && direitos.transicionar && botao('Finalizar', TECLA_FINALIZAR, f.finalizar, f.salvando)}
        {botao('Imprimir', TECLA_IMPRIMIR, imprimir, !direitos.imprimir || doc.ocupado)}
        {botao('Contrato', TECLA_CONTRATO, contrato, !direitos.imprimir || doc.ocupado)}
      </DialogButtons>
    </>
  );
}
