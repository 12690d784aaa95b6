import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { DadosItemRomaneioOs } from '../../../../contracts/ordens-servico';
import { preencherDadosFiscaisNf, preencherDadosFiscaisOs } from '../../../api/romaneios-os-api';
import type { ItemEmEdicao } from './romaneio-os-form';
import { comDados } from './romaneio-os-itens';

export const mensagemNotaDesconhecida = (nf: string) => `Nota fiscal ${nf} não encontrada no ERP: os dados do item não foram preenchidos.`;
export const mensagemOsDesconhecida = (os: string) => `O.S. ${os} não encontrada no ERP.`;

/**
 * The item dialog's ERP lookups (spec 03 §7 /ordens-servico/preencher-dados-*): an invoice typed (on leaving
 * the field, once per number) fills the item and invoices it; "Dados fiscais da O.S." brings the O.S.'s
 * order, customer and invoice. Unknown numbers leave the item as it is, with a warning.
 */
export function usePreencherItem(setLocal: Dispatch<SetStateAction<ItemEmEdicao>>) {
  const [buscando, setBuscando] = useState(false);
  const [aviso, setAviso] = useState<string | null>(null);
  const consultada = useRef<string | null>(null);

  const preencher = async (chamada: Promise<DadosItemRomaneioOs | null>, desconhecida: string) => {
    setBuscando(true);
    try {
      const dados = await chamada;
      setAviso(dados ? null : desconhecida);
      if (dados) setLocal((i) => comDados(i, dados));
    } catch {
      // Routed to the shell (its message or the unavailable dialog).
    } finally {
      setBuscando(false);
    }
  };

  return {
    buscando,
    aviso,
    /** On leaving the invoice field: looks the number up when it is new (not the one the item came with, not the last asked). */
    nota: (nf: string | null, original: string | null) => {
      const numero = nf?.trim() ?? '';
      consultada.current ??= original;
      if (!numero || numero === consultada.current) return;
      consultada.current = numero;
      void preencher(preencherDadosFiscaisNf(numero), mensagemNotaDesconhecida(numero));
    },
    fiscaisOs: (os: string) => void preencher(preencherDadosFiscaisOs(os), mensagemOsDesconhecida(os)),
  };
}
