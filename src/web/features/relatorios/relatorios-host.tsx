import { lazy, Suspense, useState } from 'react';
import { RELATORIOS, type Relatorio } from '../../../contracts/relatorios';
import { useCommands } from '../../commands/use-commands';
import { podeVerRelatorios, RELATORIOS_PALETA } from './relatorios';

// Loaded on first use (issue 33): the shell carries the commands, not the dialog.
const PeriodoRelatorioDialog = lazy(() => import('./periodo-relatorio-dialog').then((m) => ({ default: m.PeriodoRelatorioDialog })));

/**
 * The palette's "Relatórios" (docs/decisoes.md §28): one command per period report, from any screen, for who may ask
 * them; each opens the period dialog over whatever is open.
 */
export function RelatoriosHost() {
  const [aberto, setAberto] = useState<Relatorio | null>(null);
  useCommands(
    RELATORIOS.map((r) => ({
      id: `relatorios.${r}`,
      title: RELATORIOS_PALETA[r].comando,
      group: 'Relatórios' as const,
      keys: [],
      when: (ctx) => podeVerRelatorios(ctx.usuario),
      run: () => setAberto(r),
    })),
  );
  if (!aberto) return null;
  return (
    <Suspense fallback={null}>
      <PeriodoRelatorioDialog key={aberto} relatorio={aberto} onClose={() => setAberto(null)} />
    </Suspense>
  );
}
