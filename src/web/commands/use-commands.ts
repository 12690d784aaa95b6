import { useContext, useEffect, useLayoutEffect, useRef } from 'react';
import type { Command } from './command-registry';
import { LayerContext } from './keyboard-context';
import { useKeyboard } from './use-keyboard';

/**
 * Registers commands while the component is mounted, in the focus-stack layer it renders in.
 * run/when read the latest render's closures; a change of id, title or keys re-registers. When a render
 * changes what when() answers (the data it waits for arrived), the registry says so, so a palette already
 * open shows or hides the command without being reopened.
 * Registered in a layout effect, in the commit that mounts the component: a dialog's form that arrives
 * after "Carregando…" takes the focus in a microtask of that commit, and a key pressed as soon as the field
 * has the focus must find the form's commands (a passive effect may run a task later, after the key).
 */
export function useCommands(comandos: Command[]): void {
  const { registry, contexto } = useKeyboard();
  const camada = useContext(LayerContext);
  const atuais = useRef(comandos);
  atuais.current = comandos;
  const assinatura = comandos.map((c) => `${c.id}\u0000${c.title}\u0000${c.keys.join(',')}\u0000${c.group}`).join('\u0001');

  useLayoutEffect(() => {
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

  const ctx = contexto();
  const disponiveis = comandos.map((c) => (!c.when || c.when(ctx) ? '1' : '0')).join('');
  const anteriores = useRef(disponiveis);
  useEffect(() => {
    if (anteriores.current === disponiveis) return;
    anteriores.current = disponiveis;
    registry.disponibilidadeMudou();
  }, [registry, disponiveis]);
}
