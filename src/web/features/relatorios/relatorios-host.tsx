import { useState } from 'react';
import { RELATORIOS, type Relatorio } from '../../../contracts/relatorios';
import { useCommands } from '../../commands/use-commands';
import { PeriodoRelatorioDialog } from './periodo-relatorio-dialog';
import { podeVerRelatorios, RELATORIOS_PALETA } from './relatorios';

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
  return <PeriodoRelatorioDialog key={aberto} relatorio={aberto} onClose={() => setAberto(null)} />;
}
