import { useState } from 'react';
import { useConfirmacao } from '../../../ui/confirm-dialog';
import { chaveLocal } from '../../../ui/local-list';
import { usePaginaItens } from '../use-pagina-itens';
import type { ItemEmEdicao } from './romaneio-os-form';
import { nomeItem } from './romaneio-os-item-columns';
import { cancelado } from './romaneio-os-itens';

/**
 * The Items tab's grid over the manifest's items (paged here: usePaginaItens) and its
 * changes: an item replaced after its dialog, and "cancel", which asks first. Spec §3: a cancelled item
 * stays, as CANCELADO, and counts for nothing; one added since the dialog opened was never saved, so it is
 * removed instead (and with no item left the header unlocks).
 */
export function useItensRomaneioOs(itens: readonly ItemEmEdicao[], onChange: (itens: ItemEmEdicao[]) => void, editavel: boolean) {
  const [carregados] = useState(() => new Set(itens.map(chaveLocal)));
  const pagina = usePaginaItens(itens);
  const confirmacao = useConfirmacao();
  const novo = (i: ItemEmEdicao) => !carregados.has(chaveLocal(i));
  const substituir = (item: ItemEmEdicao) => onChange(itens.map((x) => (chaveLocal(x) === chaveLocal(item) ? item : x)));

  const cancelar = (i: ItemEmEdicao) => {
    if (!editavel || i.status === 'CANCELADO') return;
    const remover = novo(i);
    const pergunta = remover ? `Remover o ${nomeItem(i)} do romaneio?` : `Cancelar o ${nomeItem(i)}? Ele deixa de contar no romaneio.`;
    confirmacao.perguntar(pergunta, () => (remover ? onChange(itens.filter((x) => chaveLocal(x) !== chaveLocal(i))) : substituir(cancelado(i))));
  };

  return {
    linhas: pagina.linhas,
    atual: pagina.atual,
    tamanho: pagina.tamanho,
    selecionado: pagina.selecionado,
    setSelecionado: pagina.setSelecionado,
    paginacao: pagina.paginacao,
    novo,
    substituir,
    cancelar,
    dialogo: confirmacao.dialogo,
  };
}
