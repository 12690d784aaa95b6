import { useState } from 'react';
import { podeRomaneioOs } from '../../../../../machines/romaneio-os';
import { PERGUNTA_ENVIAR_FATURAMENTO, PERGUNTA_FINALIZAR_ROMANEIO, type StatusRomaneio } from '../../../../contracts/romaneio-status';
import type { RomaneioOs } from '../../../../contracts/romaneios';
import { romaneioOsSalvarSchema } from '../../../../contracts/romaneios-salvar';
import { noticeBus } from '../../../api/notice-bus';
import { useSalvarRomaneioOs } from '../../../api/romaneios-os-api';
import { useConfirmacao } from '../../../ui/confirm-dialog';
import { TITULO_ADVERTENCIA } from '../../../ui/message-list';
import { useShowMessages } from '../../../ui/use-show-messages';
import { useUnsavedChanges } from '../../../ui/use-unsaved-changes';
import { useValidate } from '../../../ui/use-validated-save';
import { estadoDe, excedeLimitePeso, faltaParaItens, mensagensNotaFaltando, paraEdicao, paraSalvar, type RomaneioOsEmEdicao } from './romaneio-os-form';

export const MSG_ROMANEIO_SALVO = 'Romaneio salvo.';
export const MSG_ROMANEIO_FATURAMENTO = 'Romaneio enviado para o faturamento.';
export const MSG_ROMANEIO_FINALIZADO = 'Romaneio finalizado.';

/**
 * The dialog's state: the manifest as loaded (its version is the one sent), the edited copy (its changes
 * make Esc ask first), the buttons the machine allows (machines/romaneio-os.ts) and the user's codes allow
 * (spec §6: FRETE_ROMA_C creates, FRETE_ROMA_E edits, invoices and finalizes). Every action sends the whole
 * manifest with the status it should have afterwards, after the §5 checks.
 */
export function useRomaneioOsForm(carregado: RomaneioOs, permissoes: { criar: boolean; editar: boolean }, onClose: () => void) {
  // As first loaded: a later read of the open manifest must not change the version sent.
  const [romaneio] = useState(carregado);
  const [e, setE] = useState<RomaneioOsEmEdicao>(() => paraEdicao(carregado));
  const set = (patch: Partial<RomaneioOsEmEdicao>) => setE((atual) => ({ ...atual, ...patch }));
  useUnsavedChanges(e);
  const validar = useValidate(TITULO_ADVERTENCIA);
  const mostrar = useShowMessages();
  const confirmacao = useConfirmacao();
  const mutacao = useSalvarRomaneioOs();
  const estado = estadoDe(romaneio);
  const pode = (evento: 'SALVAR' | 'FATURAR' | 'FINALIZAR') => (romaneio.id === null ? permissoes.criar : permissoes.editar) && podeRomaneioOs(estado, evento);

  /** Checks and sends; `pergunta` is asked once the checks pass. */
  const enviar = (status: StatusRomaneio, aviso: string, pergunta?: string, antes?: () => string[]) => {
    if (mutacao.isPending) return;
    const dados = validar(romaneioOsSalvarSchema, paraSalvar(romaneio, e, status));
    if (!dados) return;
    const faltas = antes?.() ?? [];
    if (faltas.length > 0) return mostrar(faltas, TITULO_ADVERTENCIA);
    const gravar = () =>
      mutacao.mutate(dados, {
        onSuccess: (r) => {
          noticeBus.publicar(aviso);
          onClose();
          // Spec §5: the weight limit is a warning; the manifest is saved all the same.
          if (r.avisos.length > 0) mostrar(r.avisos, TITULO_ADVERTENCIA);
        },
      });
    if (pergunta) confirmacao.perguntar(pergunta, gravar);
    else gravar();
  };

  return {
    romaneio,
    e,
    set,
    estado,
    editavel: pode('SALVAR'),
    podeFaturar: pode('FATURAR'),
    podeFinalizar: pode('FINALIZAR'),
    ocupado: mutacao.isPending,
    salvar: () => pode('SALVAR') && enviar(romaneio.status, MSG_ROMANEIO_SALVO),
    /** Spec §4: EXPEDICAO → FATURAMENTO after its question; the destination is required (the save checks it). */
    faturar: () => pode('FATURAR') && enviar('FATURAMENTO', MSG_ROMANEIO_FATURAMENTO, PERGUNTA_ENVIAR_FATURAMENTO),
    /** Spec §4, §5: finalizing also saves, and needs an invoice on every item (checked before asking). */
    finalizar: () => pode('FINALIZAR') && enviar('FINALIZADO', MSG_ROMANEIO_FINALIZADO, PERGUNTA_FINALIZAR_ROMANEIO, () => mensagensNotaFaltando(e.itens)),
    /** Spec §5: items only once carrier, origin, destination and vehicle type are set; then those lock. */
    faltaParaItens: faltaParaItens(e),
    travado: e.itens.length > 0,
    excedePeso: excedeLimitePeso(e.itens, e.tipoVeiculo),
    dialogo: confirmacao.dialogo,
  };
}

export type RomaneioOsForm = ReturnType<typeof useRomaneioOsForm>;
