import { useState } from 'react';
import { podeMinuta } from '../../../../machines/minuta-confirmation';
import { MSG_MINUTA_SALVA, minutaSalvarSchema, type ElementoCustoMinuta, type Minuta } from '../../../contracts/minutas';
import { salvarMinuta, useAcaoMinuta } from '../../api/minutas-api';
import { noticeBus } from '../../api/notice-bus';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { useValidate } from '../../ui/use-validated-save';
import { dadosDaEdicao, paraEdicao, paraSalvar, somaElementos, type MinutaEmEdicao } from './minuta-form';

/**
 * The modal's state: the minuta as loaded (its version is the one sent), the edited copy (its changes make
 * Esc ask first), Salvar only while PENDENTE (machines/minuta-confirmation), the completeness of what is typed.
 */
export function useMinutaForm(carregada: Minuta, onSaved: () => void) {
  // As first loaded: a later read of the open minuta (e.g. on reconnect, once stale) must not change the version sent.
  const [minuta] = useState(carregada);
  const [e, setE] = useState<MinutaEmEdicao>(() => paraEdicao(carregada));
  const set = (patch: Partial<MinutaEmEdicao>) => setE((atual) => ({ ...atual, ...patch }));
  const editavel = podeMinuta(minuta.status, 'EDITAR');
  useUnsavedChanges(e);
  const validar = useValidate(TITULO_ADVERTENCIA);
  const mutacao = useAcaoMinuta(salvarMinuta);

  const salvar = () => {
    if (!editavel || mutacao.isPending) return;
    const dados = validar(minutaSalvarSchema, paraSalvar(minuta, e));
    if (!dados) return;
    mutacao.mutate(dados, {
      onSuccess: () => {
        noticeBus.publicar(MSG_MINUTA_SALVA);
        onSaved();
      },
    });
  };
  return {
    minuta,
    e,
    set,
    editavel,
    salvar,
    salvando: mutacao.isPending,
    dados: dadosDaEdicao(minuta, e),
    /** Spec 03 §5: a cost element saved (or removed) makes the freight value their sum. */
    setElementos: (elementosCusto: ElementoCustoMinuta[]) => set({ elementosCusto, valorTotalFrete: somaElementos(elementosCusto) }),
  };
}
