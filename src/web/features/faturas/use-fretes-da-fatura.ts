import { useEffect, useRef, useState, type RefObject } from 'react';
import { TAMANHO_PAGINA_FRETES_FATURA } from '../../../contracts/faturas';
import { useCtesFatura } from '../../api/faturas-api';
import { focavel } from '../../commands/focus-targets';

type AbaFatura = 'principal' | 'fretes' | 'pagamento';

// The tab's panel turns visible a render or two after the switch: the grid is focused when it can be.
const QUADROS_PARA_FOCAR = 20;
function focarQuandoVisivel(alvo: RefObject<HTMLElement | null>, restantes = QUADROS_PARA_FOCAR) {
  const el = alvo.current;
  if (focavel(el)) el.focus();
  else if (restantes > 0) requestAnimationFrame(() => focarQuandoVisivel(alvo, restantes - 1));
}

/**
 * The fatura modal's tab, the Fretes tab's page and selected line (GET /faturas/{id}/ctes, loaded with the
 * modal so the first divergent line is known on either tab), and "Ir para o primeiro CT-e divergente":
 * the Fretes tab, the page of that line, the focus on it.
 */
export function useFretesDaFatura(faturaId: number, divergenteAoAbrir: boolean) {
  const [aba, setAba] = useState<AbaFatura>('principal');
  const [pagina, setPagina] = useState(0);
  const [selecionado, setSelecionado] = useState(0);
  const [focarNaPagina, setFocarNaPagina] = useState<number | null>(null);
  const grade = useRef<HTMLDivElement>(null);
  const consulta = useCtesFatura(faturaId, pagina);
  const fretes = consulta.data;
  const primeira = fretes?.primeiraDivergencia ?? null;

  const irParaDivergente = () => {
    if (primeira === null) return;
    const tamanho = fretes?.size || TAMANHO_PAGINA_FRETES_FATURA;
    const p = Math.floor(primeira / tamanho);
    setAba('fretes');
    setPagina(p);
    setSelecionado(primeira % tamanho);
    setFocarNaPagina(p);
  };

  // Opened by the list's command: once the first page tells where the divergence is.
  const pendente = useRef(divergenteAoAbrir);
  useEffect(() => {
    if (!pendente.current || !fretes) return;
    pendente.current = false;
    irParaDivergente();
  }, [fretes]); // eslint-disable-line react-hooks/exhaustive-deps -- when the first page arrives; irParaDivergente is new on every render

  useEffect(() => {
    if (focarNaPagina === null || aba !== 'fretes' || consulta.isPlaceholderData || fretes?.number !== focarNaPagina) return;
    setFocarNaPagina(null);
    focarQuandoVisivel(grade);
  }, [focarNaPagina, aba, fretes?.number, consulta.isPlaceholderData]);

  return {
    aba,
    setAba: (a: string) => setAba(a === 'fretes' || a === 'pagamento' ? a : 'principal'),
    fretes,
    carregando: consulta.isPending || consulta.isPlaceholderData,
    selecionado,
    setSelecionado,
    atual: fretes?.content[selecionado] ?? null,
    mudarPagina: (p: number) => {
      setPagina(p);
      setSelecionado(0);
    },
    grade,
    temDivergente: primeira !== null,
    irParaDivergente,
  };
}
