import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { mensagemNotaEmOutroRomaneio, type RomaneioFrete } from '../../../contracts/romaneios';
import { buscarClientePedido, buscarItensNotaFiscal, buscarNotaFiscal, notaEmRomaneio, romaneiosKeys } from '../../api/romaneios-api';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { useShowMessages } from '../../ui/use-show-messages';
import { MSG_NOTA_REPETIDA, somaDetalhes, type ItemEmEdicao } from './romaneio-frete-form';

export const MSG_INFORME_NOTA = 'Informe o número da nota fiscal.';
export const mensagemNotaNaoEncontrada = (nf: string) => `Nota fiscal ${nf} não encontrada no ERP.`;

/** What an invoice fills in an item (spec 03 §3 "Invoice lookup returns", the lines, the customer). */
export type DadosDaNota = Pick<ItemEmEdicao, 'notaFiscalId' | 'pedidoId' | 'peso' | 'valorNotaFiscal' | 'cliente' | 'transportadora' | 'semPedido' | 'detalhes' | 'clienteNome'>;

/**
 * An item's invoice, by its number (spec 03 §5, §7): refused when this manifest already has it or another
 * one holds it (contains-nf: 'Esta nota fiscal já está presente no romaneio {n}.'), or when the ERP does
 * not know it; else the ERP's order, gross weight, CNPJs and lines (the invoice value is their sum), and
 * the order's customer. Answers null after showing why.
 */
export function useBuscaNotaFiscal(romaneio: Pick<RomaneioFrete, 'id'>, outros: readonly ItemEmEdicao[]) {
  const mostrar = useShowMessages();
  const cliente = useQueryClient();
  const [buscando, setBuscando] = useState(false);
  const recusar = (mensagem: string) => {
    mostrar([mensagem], TITULO_ADVERTENCIA);
    return null;
  };

  const consultar = async (nf: string): Promise<DadosDaNota | null> => {
    const holder = await notaEmRomaneio(nf, romaneio.id);
    if (holder !== null) return recusar(mensagemNotaEmOutroRomaneio(holder));
    const nota = await buscarNotaFiscal(nf);
    if (!nota) return recusar(mensagemNotaNaoEncontrada(nf));
    const linhas = await buscarItensNotaFiscal(nf);
    const pedido = nota.pedidoId ? await cliente.fetchQuery({ queryKey: romaneiosKeys.clientePedido(nota.pedidoId), queryFn: ({ signal }) => buscarClientePedido(nota.pedidoId!, signal) }) : null;
    const detalhes = linhas.map((l) => ({ linha: l.linha, descricao: l.descricao, quantidade: l.quantidade, unidade: l.unidade ?? '', valorTotalItem: l.valorTotalItem ?? '0.00', valorFreteRateio: '0.00' }));
    return {
      notaFiscalId: nota.notaFiscalId,
      pedidoId: nota.pedidoId,
      peso: nota.pesoBruto ?? '',
      valorNotaFiscal: detalhes.length > 0 ? somaDetalhes(detalhes) : '',
      cliente: nota.clienteCpfCnpj,
      transportadora: nota.transportadoraCnpj,
      semPedido: nota.pedidoId === null,
      detalhes,
      clienteNome: pedido?.razaoSocial ?? null,
    };
  };

  const buscar = async (texto: string): Promise<DadosDaNota | null> => {
    const nf = texto.trim();
    if (!nf) return recusar(MSG_INFORME_NOTA);
    if (outros.some((i) => i.notaFiscalId === nf)) return recusar(MSG_NOTA_REPETIDA);
    if (buscando) return null;
    setBuscando(true);
    try {
      return await consultar(nf);
    } catch {
      // The failure was shown by the shell (message or unavailable dialog).
      return null;
    } finally {
      setBuscando(false);
    }
  };
  return { buscar, buscando };
}
