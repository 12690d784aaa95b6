import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { UsuarioLogado } from '../../contracts/auth';
import { temPermissao } from '../../domain/permissoes';
import { useCommands } from '../commands/use-commands';
import { simulacaoFreteOpener, type AberturaSimulacao } from '../ui/simulacao-frete-opener';

// Loaded on first use: the shell does not carry the calculation screens.
const SimulacaoFreteDialog = lazy(() =>
  import('../features/tabelas-frete/calculo/simulacao-frete-dialog').then((m) => ({ default: m.SimulacaoFreteDialog })),
);

/** Who may simulate: the freight tables' or the CT-e screen's users (spec 02 §1: the CT-e opens it too). */
export const podeSimular = (u: UsuarioLogado | null) => u !== null && (temPermissao(u, 'FRETE_TABFR_M') || temPermissao(u, 'FRETE_CTE_M'));

/**
 * "Simular frete" from anywhere: the palette command and the dialog, over whatever screen is open.
 * Features open it through simulacaoFreteOpener (a CT-e pre-fills it and calculates on opening).
 */
export function SimulacaoFreteHost() {
  const [aberto, setAberto] = useState<(AberturaSimulacao & { chave: number }) | null>(null);
  const aberturas = useRef(0);
  useEffect(() => simulacaoFreteOpener.assinar((a) => setAberto({ ...a, chave: ++aberturas.current })), []);
  useCommands([
    {
      id: 'geral.simular-frete',
      title: 'Simular frete',
      group: 'Geral',
      keys: [],
      // The freight tables screen has its own (Alt+S): one entry in the palette.
      when: (ctx) => podeSimular(ctx.usuario) && ctx.pathname !== '/tabelas-frete',
      run: () => simulacaoFreteOpener.abrir(),
    },
  ]);
  if (!aberto) return null;
  return (
    <Suspense fallback={null}>
      <SimulacaoFreteDialog key={aberto.chave} prefill={aberto.prefill} calcularAoAbrir={aberto.calcularAoAbrir} onClose={() => setAberto(null)} />
    </Suspense>
  );
}
