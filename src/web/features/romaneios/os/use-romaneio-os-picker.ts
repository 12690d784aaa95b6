import { useMemo, useState } from 'react';
import type { FiltroOrdensServicoEntrada, NotaFiscalListagem, OrdemServicoListagem } from '../../../../contracts/ordens-servico';
import type { RefRomaneio } from '../../../../contracts/romaneios';
import { janelaOrdensServico } from '../../../../domain/ordens-servico/janela-ordens-servico';
import { preencherDadosFiscaisNf, preencherDadosPesoVolume, useNotasFiscaisTransportadora, useOrdensServicoTransportadora } from '../../../api/romaneios-os-api';
import type { ItemEmEdicao } from './romaneio-os-form';
import { chaveNf, chaveOs, chavesDoItem, comDados, itemDaNota, itemDaOs, proximoNumeroItem } from './romaneio-os-itens';
import type { ClienteFiltro } from './romaneio-os-lookups';
import type { LinhaPicker } from './romaneio-os-picker-columns';

export type ModoPicker = 'os' | 'nf';

/** The picker's filters (spec 03 §2.8, §5): the period (default today − 2 to today + 7), customer, O.S., order. */
export interface FiltrosPicker {
  inicio: string | null;
  fim: string | null;
  cliente: ClienteFiltro | null;
  os: string;
  pedido: string;
}

export const MSG_MARQUE_LINHAS = 'Marque ao menos uma linha para adicionar ao romaneio.';

const filtrosPadrao = (): FiltrosPicker => {
  const { inicio, fim } = janelaOrdensServico();
  return { inicio, fim, cliente: null, os: '', pedido: '' };
};

/** The query of both ERP listings: the carrier by its register id, the customer by the ERP's clienteId (server/romaneios-os/pickers-os.ts). */
function consulta(transportadora: RefRomaneio, f: FiltrosPicker): FiltroOrdensServicoEntrada {
  return {
    transportadora: String(transportadora.id),
    cliente: f.cliente?.clienteId || undefined,
    os: f.os.trim() || undefined,
    pedido: f.pedido.trim() || undefined,
    inicio: f.inicio ?? undefined,
    fim: f.fim ?? undefined,
  };
}

function comChave<T>(linhas: readonly T[] | undefined, chave: (l: T, i: number) => string, item: (l: T) => string, presentes: Set<string>): LinhaPicker<T>[] {
  return (linhas ?? []).map((l, i) => ({ ...l, chave: chave(l, i), incluida: presentes.has(item(l)) }));
}

/**
 * The nested picker of service orders or invoices by the manifest's carrier: two modes, each listed as the
 * ERP answers it; rows are marked with Space; `confirmar` turns the marked ones into items (an O.S. is one
 * item) and fills them from the ERP (preencher-dados-peso-volume for an O.S., -fiscais-nf for an invoice).
 */
export function useRomaneioOsPicker(transportadora: RefRomaneio, itens: readonly ItemEmEdicao[]) {
  const [modo, setModoInterno] = useState<ModoPicker>('os');
  const [filtros, setFiltros] = useState<FiltrosPicker>(filtrosPadrao);
  const [aplicado, setAplicado] = useState<FiltroOrdensServicoEntrada>(() => consulta(transportadora, filtros));
  const { marcados, setMarcados, alternar } = useMarcas();
  const [selecionado, setSelecionado] = useState(0);
  const [adicionando, setAdicionando] = useState(false);
  const ordens = useOrdensServicoTransportadora(modo === 'os' ? aplicado : null);
  const notas = useNotasFiscaisTransportadora(modo === 'nf' ? aplicado : null);
  const presentes = useMemo(() => new Set(itens.flatMap(chavesDoItem)), [itens]);
  const linhasOs = useMemo(() => comChave<OrdemServicoListagem>(ordens.data?.linhas, (l, i) => `${l.ordemServico}:${l.itemId}:${i}`, (l) => chaveOs(l.ordemServico), presentes), [ordens.data, presentes]);
  const linhasNf = useMemo(() => comChave<NotaFiscalListagem>(notas.data?.linhas, (l) => l.notaFiscalId, (l) => chaveNf(l.notaFiscalId), presentes), [notas.data, presentes]);
  const lista = modo === 'os' ? ordens : notas;
  const recomecar = () => {
    setMarcados(new Set());
    setSelecionado(0);
  };

  return {
    modo,
    setModo: (m: ModoPicker) => {
      setModoInterno(m);
      recomecar();
    },
    filtros,
    set: (patch: Partial<FiltrosPicker>) => setFiltros((f) => ({ ...f, ...patch })),
    procurar: () => {
      setAplicado(consulta(transportadora, filtros));
      recomecar();
    },
    linhasOs,
    linhasNf,
    carregando: lista.isFetching,
    maisLinhas: lista.data?.maisLinhas ?? false,
    marcados,
    alternar,
    selecionado,
    setSelecionado,
    adicionando,
    /** Answers the items to add, or null when nothing is marked. */
    confirmar: async (): Promise<ItemEmEdicao[] | null> => {
      if (marcados.size === 0 || adicionando) return null;
      setAdicionando(true);
      try {
        return await novosItens(modo === 'os' ? linhasOs.filter((l) => marcados.has(l.chave)) : [], modo === 'nf' ? linhasNf.filter((l) => marcados.has(l.chave)) : [], itens);
      } finally {
        setAdicionando(false);
      }
    },
  };
}

/** The rows marked with Space (not those already in the manifest). */
function useMarcas() {
  const [marcados, setMarcados] = useState<ReadonlySet<string>>(new Set());
  const alternar = (l: { chave: string; incluida: boolean }) => {
    if (l.incluida) return;
    setMarcados((m) => {
      const n = new Set(m);
      if (n.has(l.chave)) n.delete(l.chave);
      else n.add(l.chave);
      return n;
    });
  };
  return { marcados, setMarcados, alternar };
}

/** The marked rows as new items, numbered after the manifest's (an O.S. is one item), each filled from the ERP. */
function novosItens(ordens: readonly OrdemServicoListagem[], notas: readonly NotaFiscalListagem[], itens: readonly ItemEmEdicao[]): Promise<ItemEmEdicao[]> {
  let numero = proximoNumeroItem(itens);
  const porOs = new Map<number, OrdemServicoListagem[]>();
  for (const l of ordens) porOs.set(l.ordemServico, [...(porOs.get(l.ordemServico) ?? []), l]);
  return Promise.all([
    ...[...porOs].map(([os, linhas]) => preenchido(itemDaOs(linhas, numero++), () => preencherDadosPesoVolume(String(os)))),
    ...notas.map((l) => preenchido(itemDaNota(l, numero++), () => preencherDadosFiscaisNf(l.notaFiscalId))),
  ]);
}

/** The item with the lookup's data; as built when the ERP does not know it or the call fails (already routed). */
async function preenchido(item: ItemEmEdicao, busca: () => Promise<Parameters<typeof comDados>[1] | null>): Promise<ItemEmEdicao> {
  try {
    const dados = await busca();
    return dados ? comDados(item, dados) : item;
  } catch {
    return item;
  }
}
