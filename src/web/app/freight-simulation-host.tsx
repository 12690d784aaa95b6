import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { UsuarioLogado } from '../../contracts/auth';
import { temPermissao } from '../../domain/permissions';
import { useCommands } from '../commands/use-commands';
import { freightSimulationOpener, type AberturaSimulacao } from '../ui/freight-simulation-opener';

// Loaded on first use: the shell does not carry the calculation screens.
const FreightCalculationDialog = lazy(() =>
  import('../features/tabelas-frete/calculation/freight-calculation-dialog').then((m) => ({ default: m.FreightCalculationDialog })),
);

/** Who may simulate: the freight tables' or the CT-e screen's users (spec 02 §1: the CT-e opens it too). */
export const podeSimular = (u: UsuarioLogado | null) => u !== null && (temPermissao(u, 'FRETE_TABFR_M') || temPermissao(u, 'FRETE_CTE_M'));

/**
 * "Simular frete" from anywhere: the palette command and the dialog, over whatever screen is open.
 * Features open it through freightSimulationOpener (a CT-e pre-fills it and calculates on opening).
 */
export function FreightSimulationHost() {
  const [aberto, setAberto] = useState<(AberturaSimulacao & { chave: number }) | null>(null);
  const aberturas = useRef(0);
  useEffect(() => freightSimulationOpener.assinar((a) => setAberto({ ...a, chave: ++aberturas.current })), []);
  useCommands([
    {
      id: 'geral.simular-frete',
      title: 'Simular frete',
      group: 'Geral',
      keys: [],
      // The freight tables screen has its own (Alt+S): one entry in the palette.
      when: (ctx) => podeSimular(ctx.usuario) && ctx.pathname !== '/tabelas-frete',
      run: () => freightSimulationOpener.abrir(),
    },
  ]);
  if (!aberto) return null;
  return (
    <Suspense fallback={null}>
      <FreightCalculationDialog key={aberto.chave} prefill={aberto.prefill} calcularAoAbrir={aberto.calcularAoAbrir} onClose={() => setAberto(null)} />
    </Suspense>
  );
}
