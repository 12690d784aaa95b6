import { useContext, useEffect, useRef } from 'react';
import type { Command } from './command-registry';
import { LayerContext } from './keyboard-context';
import { useKeyboard } from './use-keyboard';

/**
 * Registers commands while the component is mounted, in the focus-stack layer it renders in.
 * run/when read the latest render's closures; a change of id, title or keys re-registers.
 */
export function useCommands(comandos: Command[]): void {
  const { registry } = useKeyboard();
  const camada = useContext(LayerContext);
  const atuais = useRef(comandos);
  atuais.current = comandos;
  const assinatura = comandos.map((c) => `${c.id}\u0000${c.title}\u0000${c.keys.join(',')}\u0000${c.group}`).join('\u0001');

  useEffect(() => {
    const desfazer = atuais.current.map((c) => {
      const atual = () => atuais.current.find((x) => x.id === c.id) ?? c;
      return registry.register({
        ...c,
        scope: c.scope ?? camada,
        when: (ctx) => {
          const a = atual();
          return a.when ? a.when(ctx) : true;
        },
        run: (ctx) => atual().run(ctx),
      });
    });
    return () => desfazer.forEach((f) => f());
  }, [registry, camada, assinatura]);
}
