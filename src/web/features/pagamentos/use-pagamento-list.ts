import { useEffect, useMemo, useState } from 'react';
import type { FaturaLinha } from '../../../contracts/faturas';
import type { ScreenArgs } from '../../ui/screen-args';
import { useFilteredList } from '../../ui/use-filtered-list';
import { filtrosDaConsulta, lerDaUrl, paraConsulta, paraUrl } from './pagamento-filters';
import { usePagamentos, useTotaisPagamentos } from './pagamentos-api';

const LISTA = { caminho: '/pagamentos', lerDaUrl, paraUrl, paraConsulta, useLista: usePagamentos };

/**
 * The Pagamentos list: filters, page, size and sort in the URL (as on /faturas); the totals follow the applied
 * filters; the marks (Espaço, Alt+T) belong to the page shown and are what "Registrar pagamento" takes.
 */
export function usePagamentoList(query: URLSearchParams, navigate: ScreenArgs['navigate']) {
  const t = useFilteredList(query, navigate, LISTA);
  const consulta = useMemo(() => filtrosDaConsulta(paraConsulta(t.aplicada)), [t.aplicada]);
  const totais = useTotaisPagamentos(consulta);
  const marcacao = useMarcacao(t.linhas);
  useEffect(() => {
    marcacao.limparMarcados();
  }, [t.semVer]); // eslint-disable-line react-hooks/exhaustive-deps -- once per URL: the list object is new on every render
  const atualizar = () => Promise.all([t.lista.refetch(), totais.refetch()]);
  return { ...t, ...marcacao, totais, atualizar };
}

export type PagamentoList = ReturnType<typeof usePagamentoList>;

/** The marked rows of the page shown; a row that left the page loses its mark. */
function useMarcacao(linhas: FaturaLinha[]) {
  const [marcados, setMarcados] = useState<ReadonlySet<number>>(new Set());
  const assinatura = linhas.map((l) => `${l.id}:${l.versao}`).join(',');
  useEffect(() => {
    setMarcados((m) => {
      const validos = new Set(linhas.filter((l) => m.has(l.id)).map((l) => l.id));
      return validos.size === m.size ? m : validos;
    });
  }, [assinatura]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed on the page's rows, not on each render's array
  const todasMarcadas = linhas.length > 0 && linhas.every((l) => marcados.has(l.id));
  return {
    marcados,
    todasMarcadas,
    algumaMarcada: marcados.size > 0,
    /** The marked rows of the page, in page order. */
    marcadas: linhas.filter((l) => marcados.has(l.id)),
    alternar: (l: FaturaLinha) =>
      setMarcados((m) => {
        const n = new Set(m);
        if (n.has(l.id)) n.delete(l.id);
        else n.add(l.id);
        return n;
      }),
    alternarTodas: () => setMarcados(todasMarcadas ? new Set() : new Set(linhas.map((l) => l.id))),
    limparMarcados: () => setMarcados(new Set()),
  };
}
