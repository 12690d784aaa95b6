import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { podeRomaneioFrete, type EstadoRomaneio } from '../../../../machines/romaneio-frete';
import type { UsuarioLogado } from '../../../contracts/auth';
import { PERGUNTA_ENVIAR_FATURAMENTO, PERGUNTA_FINALIZAR_ROMANEIO, type StatusRomaneio } from '../../../contracts/romaneio-status';
import { MSG_VEICULO_DA_LISTA, type RomaneioFrete } from '../../../contracts/romaneios';
import type { RomaneioFreteSalvarEntrada } from '../../../contracts/romaneios-salvar';
import { temPermissao } from '../../../domain/permissoes';
import { noticeBus } from '../../api/notice-bus';
import { useSalvarRomaneio } from '../../api/romaneios-api';
import { useConfirmacao } from '../../ui/confirm-dialog';
import { useDialog } from '../../ui/dialog-context';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { useShowMessages } from '../../ui/use-show-messages';
import { useFieldsGate } from '../../ui/use-validated-save';
import { mensagensDoSalvar, paraEdicao, paraSalvar, type RomaneioEmEdicao } from './romaneio-frete-form';

/** What the user may do with the manifest open (spec 03 §4 via machines/romaneio-frete.ts, §6 rights). */
export function direitosRomaneio(romaneio: RomaneioFrete, usuario: UsuarioLogado) {
  const estado: EstadoRomaneio = romaneio.id === null ? 'NOVO' : romaneio.status;
  const editar = temPermissao(usuario, 'FRETE_ROMA_E');
  const salvar = podeRomaneioFrete(estado, 'SALVAR') && (romaneio.id === null ? temPermissao(usuario, 'FRETE_ROMA_C') : editar);
  return {
    estado,
    /** Spec §4: saving hidden once FINALIZADO or CANCELADO; FRETE_ROMA_C for a new one, FRETE_ROMA_E after. */
    salvar,
    faturar: podeRomaneioFrete(estado, 'FATURAR'),
    finalizar: podeRomaneioFrete(estado, 'FINALIZAR'),
    /** Spec §6: sending to billing and finalizing are FRETE_ROMA_E. */
    transicionar: editar,
    /** Printing needs no role beyond the menu (spec §6), a saved manifest. */
    imprimir: romaneio.id !== null,
  };
}

/** The status-line notice of each save. */
const AVISO = {
  salvar: (n: number | null) => `Romaneio ${n} salvo.`,
  faturar: (n: number | null) => `Romaneio ${n} enviado para o faturamento.`,
  finalizar: (n: number | null) => `Romaneio ${n} finalizado.`,
};

/** What a change is: the customers' names only show what the items already hold. */
const comparavel = (e: RomaneioEmEdicao) => JSON.stringify({ ...e, itens: e.itens.map(({ clienteNome: _nome, ...i }) => i) });

/** The dialog's changes, reported to it (Esc asks first); compared with the manifest as last saved. */
function useAlteracoes(sujo: boolean): void {
  const dialogo = useDialog();
  const chave = useId();
  useEffect(() => dialogo?.marcarSujo(chave, sujo), [dialogo, chave, sujo]);
  useEffect(() => () => dialogo?.marcarSujo(chave, false), [dialogo, chave]);
}

/**
 * The manifest dialog's state: the manifest as loaded and then as each save answers it (its version is the
 * one sent), the edited copy, the rights, and the saves: Salvar, "Enviar para faturamento" and "Finalizar"
 * (each after its question), all one POST with the target status. A save keeps the dialog open on the saved
 * manifest (its number, status and version), so the next step follows.
 */
export function useRomaneioFreteForm(carregado: RomaneioFrete, usuario: UsuarioLogado, onSalvo: (salvo: RomaneioFrete) => void) {
  const [romaneio, setRomaneio] = useState(carregado);
  const [e, setE] = useState<RomaneioEmEdicao>(() => paraEdicao(carregado));
  const base = useMemo(() => comparavel(paraEdicao(romaneio)), [romaneio]);
  useAlteracoes(comparavel(e) !== base);
  const set = (patch: Partial<RomaneioEmEdicao>) => setE((atual) => ({ ...atual, ...patch }));
  const direitos = direitosRomaneio(romaneio, usuario);
  const veiculo = useRef<HTMLDivElement>(null);
  const mostrar = useShowMessages();
  const camposLegiveis = useFieldsGate(TITULO_ADVERTENCIA);
  const confirmacao = useConfirmacao();
  const mutacao = useSalvarRomaneio();

  /** A vehicle typed and not picked (the field still shows the text): spec 03 §5. */
  const veiculoDigitado = () => e.veiculo === null && (veiculo.current?.querySelector('input')?.value.trim() ?? '') !== '';

  const executar = (tipo: keyof typeof AVISO, status: StatusRomaneio, pergunta?: string) => {
    if (mutacao.isPending || !camposLegiveis()) return;
    const corpo = paraSalvar(romaneio, e, status);
    const mensagens = [...(veiculoDigitado() ? [MSG_VEICULO_DA_LISTA] : []), ...mensagensDoSalvar(corpo)];
    if (mensagens.length > 0) return mostrar(mensagens, TITULO_ADVERTENCIA);
    const enviar = () =>
      mutacao.mutate(corpo as RomaneioFreteSalvarEntrada, {
        onSuccess: ({ romaneio: salvo, avisos }) => {
          setRomaneio(salvo);
          // The customers' names already looked up stay (the manifest keeps only their CNPJs).
          const nomes = new Map(e.itens.map((i) => [i.notaFiscalId, i.clienteNome]));
          const edicao = paraEdicao(salvo);
          setE({ ...edicao, itens: edicao.itens.map((i) => ({ ...i, clienteNome: nomes.get(i.notaFiscalId) ?? null })) });
          onSalvo(salvo);
          noticeBus.publicar(AVISO[tipo](salvo.numero));
          if (avisos.length > 0) mostrar(avisos, TITULO_ADVERTENCIA);
        },
      });
    if (pergunta) confirmacao.perguntar(pergunta, enviar);
    else enviar();
  };

  const podeTransicionar = direitos.transicionar && !mutacao.isPending;
  return {
    romaneio,
    e,
    set,
    direitos,
    veiculo,
    salvando: mutacao.isPending,
    salvar: () => direitos.salvar && executar('salvar', romaneio.status),
    enviarParaFaturamento: () => direitos.faturar && podeTransicionar && executar('faturar', 'FATURAMENTO', PERGUNTA_ENVIAR_FATURAMENTO),
    finalizar: () => direitos.finalizar && podeTransicionar && executar('finalizar', 'FINALIZADO', PERGUNTA_FINALIZAR_ROMANEIO),
    /** The yes/no dialog of the two questions: render once. */
    pergunta: confirmacao.dialogo as ReactNode,
  };
}

export type RomaneioFreteFormState = ReturnType<typeof useRomaneioFreteForm>;
