import { useMemo, useSyncExternalStore } from 'react';
import { useHotkeys, type Options } from 'react-hotkeys-hook';
import { bindingScope, ESCOPO_GLOBAL, type Command } from './command-registry';
import { parseBinding } from './key-binding';
import type { KeyboardState } from './keyboard-context';

// A binding may name '+', ',' or '>', the library's own separators: our strings use control characters
// that no key produces.
const SEPARADORES = { splitKey: '\u001f', delimiter: '\u001e', sequenceSplitKey: '\u001d' } as const;

/** The hotkey strings handed to useHotkeys for one focus-stack layer, by how v5 can recognise them. */
export interface LayerHotkeys {
  /** By produced key (useKey), modifiers exact: letters, digits and named keys (F1, Delete, Enter). */
  porTecla: string[];
  /**
   * By produced key, modifiers ignored: '/', '?', 'ç'. The character already carries its Shift ('?' is
   * Shift+/ on ABNT2) or AltGr (AltGr+Q gives '/' on ABNT2 under Linux), which v5 would compare
   * exactly; the registry checks Ctrl/Alt/Meta itself.
   */
  simbolos: string[];
  /**
   * By physical code: Ctrl/Alt/Meta + a letter or digit, for layouts where the modifier yields another
   * character (Alt+N is '˜' on a Mac; the registry falls back to the code), and Space, which v5 cannot
   * name by key (it trims ' ').
   */
  porCodigo: string[];
}

const separar = (partes: (string | false)[]) => partes.filter((p): p is string => p !== false).join(SEPARADORES.splitKey);

/** What useHotkeys should listen to for the commands bound in `camada` (Escape belongs to the stack). */
export function layerHotkeys(comandos: readonly Command[], camada: string): LayerHotkeys {
  const porTecla = new Set<string>();
  const simbolos = new Set<string>();
  const porCodigo = new Set<string>();
  for (const comando of comandos) {
    for (const tecla of comando.keys) {
      if (comando.unbound?.includes(tecla)) continue;
      const escopo = bindingScope(comando, tecla);
      if (escopo !== camada && escopo !== ESCOPO_GLOBAL) continue;
      const b = parseBinding(tecla);
      if (b.key === 'escape') continue;
      const mods = [b.ctrl && 'ctrl', b.alt && 'alt', b.meta && 'meta'];
      if (b.key === ' ') {
        porCodigo.add(separar([...mods, 'space'])).add(separar([...mods, 'shift', 'space']));
      } else if (b.key.length === 1 && !/[a-z0-9]/.test(b.key)) {
        simbolos.add(b.key);
      } else {
        const texto = separar([...mods, b.shift && 'shift', b.key]);
        porTecla.add(texto);
        if (/^[a-z0-9]$/.test(b.key) && (b.ctrl || b.alt || b.meta)) porCodigo.add(texto);
      }
    }
  }
  return { porTecla: [...porTecla], simbolos: [...simbolos], porCodigo: [...porCodigo] };
}

function editavel(alvo: EventTarget | null): boolean {
  if (!(alvo instanceof HTMLElement)) return false;
  if (alvo.isContentEditable || alvo instanceof HTMLTextAreaElement || alvo instanceof HTMLSelectElement) return true;
  if (!(alvo instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(alvo.type);
}

/** An open autocomplete listbox closes itself first (cmdk's list is always "expanded": not that one). */
function listaAberta(alvo: EventTarget | null): boolean {
  return alvo instanceof HTMLElement && alvo.getAttribute('aria-expanded') === 'true' && !alvo.hasAttribute('cmdk-input');
}

/**
 * The keys of the one layer that owns them (keyboard.md), through react-hotkeys-hook: useHotkeys decides
 * when the layer hears a key (the top layer's bindings, also in form fields, not while composing, not
 * when a component already handled it) and prevents the default; the registry decides which command
 * runs (match by produced key, plain keys ignored while typing, when()).
 */
export function useLayerHotkeys({ registry, stack, contexto }: KeyboardState): void {
  const topo = useSyncExternalStore(stack.subscribe, stack.getSnapshot);
  const comandos = useSyncExternalStore(registry.subscribe, registry.getSnapshot);
  const teclas = useMemo(() => layerHotkeys(comandos, topo.id), [comandos, topo.id]);

  // One registry lookup per event, shared by preventDefault, enabled and the callback of every hook below.
  const comandoDo = useMemo(() => {
    const vistos = new WeakMap<KeyboardEvent, Command | undefined>();
    return (e: KeyboardEvent): Command | undefined => {
      if (!vistos.has(e)) vistos.set(e, registry.match(e, stack.top().id, contexto(), editavel(e.target)));
      return vistos.get(e);
    };
  }, [registry, stack, contexto]);
  const executar = (e: KeyboardEvent) => comandoDo(e)?.run(contexto());
  const opcoes = (lista: string[], proprias: Options): Options => ({
    ...SEPARADORES,
    ...proprias,
    enabled: lista.length > 0 && ((e) => comandoDo(e) !== undefined),
    enableOnFormTags: true,
    enableOnContentEditable: true,
    // defaultPrevented: a component (the grid, cmdk) used the key, or another of these hooks ran it.
    ignoreEventWhen: (e) => e.defaultPrevented || e.isComposing || e.key === 'Escape',
    preventDefault: (e) => comandoDo(e) !== undefined,
  });
  useHotkeys(teclas.porTecla, executar, opcoes(teclas.porTecla, { useKey: true }));
  useHotkeys(teclas.simbolos, executar, opcoes(teclas.simbolos, { useKey: true, ignoreModifiers: true }));
  useHotkeys(teclas.porCodigo, executar, opcoes(teclas.porCodigo, {}));

  // Escape closes only the top layer. Capture phase on the document, registered once when the provider
  // mounts, so before the target and before Ark's dialogs (which, with closeOnEscape off, only mark it handled).
  const fechavel = () => stack.top().onEscape !== undefined;
  useHotkeys(
    'escape',
    (e) => {
      e.stopPropagation();
      stack.top().onEscape?.();
    },
    {
      useKey: true,
      ignoreModifiers: true,
      enableOnFormTags: true,
      enableOnContentEditable: true,
      eventListenerOptions: { capture: true },
      ignoreEventWhen: (e) => e.isComposing || listaAberta(e.target),
      enabled: fechavel,
      preventDefault: fechavel,
    },
  );
}
