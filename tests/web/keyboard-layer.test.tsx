import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Command, CommandContext } from '../../src/web/commands/command-registry';
import { KeyboardProvider } from '../../src/web/commands/keyboard-provider';
import { useCommands } from '../../src/web/commands/use-commands';
import { layerHotkeys } from '../../src/web/commands/use-layer-hotkeys';
import { Dialog } from '../../src/web/ui/dialog';

const contexto: CommandContext = { usuario: null, pathname: '/', navigate: () => {} };
const cmd = (over: Partial<Command> & Pick<Command, 'id' | 'keys'>): Command => ({ title: over.id, group: 'Ações', run: () => {}, ...over });

function Comandos({ comandos }: { comandos: Command[] }) {
  useCommands(comandos);
  return null;
}

/** A Brazilian ABNT2 keyboard under Linux: '/' and '?' on IntlRo, AltGr+Q gives '/'; a Mac's Alt+N gives '˜'. */
const ABNT2 = [
  { code: 'ShiftLeft', key: 'Shift', location: 1 },
  { code: 'ControlLeft', key: 'Control', location: 1 },
  { code: 'AltLeft', key: 'Alt', location: 1 },
  { code: 'AltRight', key: 'AltGraph', location: 2 },
  { code: 'Escape', key: 'Escape' },
  { code: 'IntlRo', key: '/' },
  { code: 'IntlRo', key: '?', shiftKey: true },
  { code: 'KeyQ', key: '/' },
  { code: 'KeyN', key: 'n' },
  { code: 'KeyN', key: '˜' },
  { code: 'KeyS', key: 's' },
  { code: 'Equal', key: '+' },
  { code: 'Comma', key: ',' },
  { code: 'Period', key: '>', shiftKey: true },
  { code: 'Space', key: ' ' },
];

function montar(ui: ReactNode) {
  const user = userEvent.setup({ keyboardMap: ABNT2 });
  render(<KeyboardProvider context={contexto}>{ui}</KeyboardProvider>);
  return user;
}

/** Records, after the layer has seen it, whether each keydown had its default prevented. */
function espiarDefault() {
  const vistos: boolean[] = [];
  const ouvinte = (e: KeyboardEvent) => vistos.push(e.defaultPrevented);
  window.addEventListener('keydown', ouvinte);
  return { vistos, parar: () => window.removeEventListener('keydown', ouvinte) };
}

describe('layerHotkeys (what useHotkeys is told to listen to)', () => {
  const legivel = (lista: string[]) => lista.map((s) => s.replaceAll('\u001f', '+'));

  it('splits the top layer bindings by how react-hotkeys-hook v5 can recognise them', () => {
    const comandos = [
      cmd({ id: 'paleta', keys: ['Ctrl+K', '/'], scope: 'raiz' }),
      cmd({ id: 'atalhos', keys: ['Ctrl+F1', '?'], scope: 'raiz' }),
      cmd({ id: 'novo', keys: ['Ctrl+N', 'Alt+N'], unbound: ['Ctrl+N'], scope: 'raiz' }),
      cmd({ id: 'excluir', keys: ['Delete', 'Shift+X'], scope: 'raiz' }),
      cmd({ id: 'marcar', keys: ['Space', 'Ctrl++', 'Esc'], scope: 'raiz' }),
      cmd({ id: 'salvar', keys: ['Ctrl+S'], scope: 'dialogo' }),
    ];
    const raiz = layerHotkeys(comandos, 'raiz');
    expect(legivel(raiz.porTecla)).toEqual(['ctrl+k', 'ctrl+f1', 'alt+n', 'delete', 'shift+x']);
    expect(raiz.simbolos).toEqual(['/', '?', '+']);
    expect(legivel(raiz.porCodigo)).toEqual(['ctrl+k', 'alt+n', 'space', 'shift+space']);
    expect(legivel(layerHotkeys(comandos, 'dialogo').porTecla)).toEqual(['ctrl+s']);
    expect(layerHotkeys(comandos, 'outro')).toEqual({ porTecla: [], simbolos: [], porCodigo: [] });
  });
});

describe('keyboard layer (react-hotkeys-hook + registry)', () => {
  it("ABNT2: '/' and Shift+'?' on IntlRo and AltGr+Q run their command once each", async () => {
    const paleta = vi.fn();
    const atalhos = vi.fn();
    const user = montar(<Comandos comandos={[cmd({ id: 'paleta', keys: ['Ctrl+K', '/'], run: paleta }), cmd({ id: 'atalhos', keys: ['Ctrl+F1', '?'], run: atalhos })]} />);
    await user.keyboard('/');
    expect(paleta).toHaveBeenCalledTimes(1);
    await user.keyboard('{Shift>}?{/Shift}');
    expect(atalhos).toHaveBeenCalledTimes(1);
    await user.keyboard('{AltGraph>}[KeyQ]{/AltGraph}');
    expect(paleta).toHaveBeenCalledTimes(2);
    await user.keyboard('{Control>}/{/Control}');
    expect(paleta).toHaveBeenCalledTimes(2);
  });

  it('Alt+N runs once, and also where the layout makes Alt+N another character (physical N)', async () => {
    const novo = vi.fn();
    const user = montar(<Comandos comandos={[cmd({ id: 'novo', keys: ['Ctrl+N', 'Alt+N'], unbound: ['Ctrl+N'], run: novo })]} />);
    await user.keyboard('{Alt>}n{/Alt}');
    expect(novo).toHaveBeenCalledTimes(1);
    await user.keyboard('{Alt>}˜{/Alt}');
    expect(novo).toHaveBeenCalledTimes(2);
    await user.keyboard('{Control>}n{/Control}');
    await user.keyboard('n');
    expect(novo).toHaveBeenCalledTimes(2);
  });

  it("binds keys that are the library's own separators, and Space with or without Shift", async () => {
    const run = vi.fn();
    const user = montar(<Comandos comandos={[cmd({ id: 'mais', keys: ['Ctrl++'], run: () => run('+') }), cmd({ id: 'virgula', keys: [','], run: () => run(',') }), cmd({ id: 'maior', keys: ['>'], run: () => run('>') }), cmd({ id: 'espaco', keys: ['Space'], run: () => run(' ') })]} />);
    await user.keyboard('{Control>}+{/Control},{Shift>}>{/Shift} {Shift>} {/Shift}');
    expect(run.mock.calls.map((c) => c[0])).toEqual(['+', ',', '>', ' ', ' ']);
  });

  it('plain keys type in a field; modifier keys still run there; a checkbox is not a field', async () => {
    const sim = vi.fn();
    const paleta = vi.fn();
    const salvar = vi.fn();
    const user = montar(
      <>
        <Comandos comandos={[cmd({ id: 'sim', keys: ['S'], run: sim }), cmd({ id: 'paleta', keys: ['/'], run: paleta }), cmd({ id: 'salvar', keys: ['Ctrl+S'], run: salvar })]} />
        <input aria-label="campo" />
        <input type="checkbox" aria-label="marca" />
      </>,
    );
    await user.click(screen.getByRole('textbox', { name: 'campo' }));
    await user.keyboard('s/');
    expect(screen.getByRole('textbox', { name: 'campo' })).toHaveValue('s/');
    expect(sim).not.toHaveBeenCalled();
    expect(paleta).not.toHaveBeenCalled();
    await user.keyboard('{Control>}s{/Control}');
    expect(salvar).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('checkbox', { name: 'marca' }));
    await user.keyboard('s');
    expect(sim).toHaveBeenCalledTimes(1);
  });

  it('prevents the default only when a command runs (when() false leaves the key to the browser)', async () => {
    let pode = false;
    const salvar = vi.fn();
    const user = montar(<Comandos comandos={[cmd({ id: 'salvar', keys: ['Ctrl+S'], when: () => pode, run: salvar })]} />);
    const espia = espiarDefault();
    await user.keyboard('{Control>}s{/Control}');
    pode = true;
    await user.keyboard('{Control>}s{/Control}');
    espia.parar();
    expect(salvar).toHaveBeenCalledTimes(1);
    // keydown Control, keydown s (not prevented), keydown Control, keydown s (prevented)
    expect(espia.vistos).toEqual([false, false, false, true]);
  });

  it('only the top layer hears its keys; Escape (even with Shift) closes it, not while a listbox is open', async () => {
    const raiz = vi.fn();
    const dialogo = vi.fn();
    function Cena() {
      const [aberto, setAberto] = useState(true);
      const [lista, setLista] = useState(true);
      return (
        <>
          <Comandos comandos={[cmd({ id: 'raiz', keys: ['Alt+N'], run: raiz })]} />
          <Dialog open={aberto} title="Diálogo" onClose={() => setAberto(false)}>
            <Comandos comandos={[cmd({ id: 'dialogo', keys: ['Ctrl+S'], run: dialogo })]} />
            <input aria-label="busca" aria-expanded={lista} onKeyDown={(e) => e.key === 'Escape' && setLista(false)} />
          </Dialog>
        </>
      );
    }
    const user = montar(<Cena />);
    await screen.findByRole('dialog', { name: 'Diálogo' });
    await user.keyboard('{Alt>}n{/Alt}{Control>}s{/Control}');
    expect(raiz).not.toHaveBeenCalled();
    expect(dialogo).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('textbox', { name: 'busca' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'busca' })).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.getByRole('dialog', { name: 'Diálogo' })).toBeInTheDocument();

    await user.keyboard('{Shift>}{Escape}{/Shift}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Diálogo' })).not.toBeInTheDocument());
    await user.keyboard('{Alt>}n{/Alt}{Control>}s{/Control}');
    expect(raiz).toHaveBeenCalledTimes(1);
    expect(dialogo).toHaveBeenCalledTimes(1);
  });
});
