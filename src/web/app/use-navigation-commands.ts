import { useCommands } from '../commands/use-commands';
import type { RouteDef } from './routes';

/** One palette entry per permitted route (group "Navegação"). */
export function useNavigationCommands(rotas: RouteDef[]): void {
  useCommands(
    rotas.map((r) => ({
      id: `navegar:${r.path}`,
      title: r.title,
      group: 'Navegação' as const,
      keys: [],
      run: (ctx) => ctx.navigate(r.path),
    })),
  );
}
