import type { UsuarioLogado } from '../../contracts/auth';
import { canonicalBinding, eventBinding, isPlainBinding, isReservedBinding, parseBinding } from './key-binding';

export const ESCOPO_RAIZ = 'raiz';
/** The scope of commands heard in every layer, dialogs included (Ctrl+Q). */
export const ESCOPO_GLOBAL = '*';

/** Palette headings; the cheat sheet shows 'Geral' under "Globais" and 'Ações' under "Tela atual". */
export type CommandGroup = 'Navegação' | 'Ações' | 'Geral' | 'Relatórios';

export interface CommandContext {
  usuario: UsuarioLogado | null;
  pathname: string;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

export interface Command {
  id: string;
  title: string;
  group: CommandGroup;
  /** First = the spec's key, others = alternates. Shown together: "Ctrl+N / Alt+N". */
  keys: string[];
  /**
   * Keys listed but not bound by the registry: a browser-reserved spec key (Ctrl+N, served by its
   * alternate Alt+N) or a key a component handles itself (Enter in the search field or the grid).
   */
  unbound?: string[];
  /** Focus-stack layer whose keys run this command; default the screen (root); ESCOPO_GLOBAL: every layer. */
  scope?: string;
  /**
   * Keys of a global command heard only on the screen (root layer), not over a dialog: '/' opens the palette
   * there, but in a dialog it is a character people type (Ctrl+K opens it everywhere).
   */
  rootOnly?: string[];
  when?: (ctx: CommandContext) => boolean;
  run: (ctx: CommandContext) => void;
}

/** The layer a key of the command is bound in: its scope, or the root for a global command's rootOnly key. */
export function bindingScope(comando: Command, tecla: string): string {
  const scope = comando.scope ?? ESCOPO_RAIZ;
  return scope === ESCOPO_GLOBAL && comando.rootOnly?.includes(tecla) ? ESCOPO_RAIZ : scope;
}

/** unbound and rootOnly name keys of the command; rootOnly only makes sense for a global one. */
function validarListas(comando: Command): void {
  for (const tecla of [...(comando.unbound ?? []), ...(comando.rootOnly ?? [])]) {
    if (!comando.keys.includes(tecla)) throw new Error(`"${tecla}" não está entre as teclas de "${comando.id}"`);
  }
  if (comando.rootOnly?.length && comando.scope !== ESCOPO_GLOBAL) throw new Error(`rootOnly só vale para comandos globais: "${comando.id}"`);
}

type Ouvinte = () => void;

/** The one declarative command list: palette, hotkeys and cheat sheet all read it. */
export class CommandRegistry {
  private comandos = new Map<string, Command>();
  private atalhos = new Map<string, string>();
  private ouvintes = new Set<Ouvinte>();
  private instantaneo: Command[] = [];

  register(comando: Command): () => void {
    const scope = comando.scope ?? ESCOPO_RAIZ;
    if (this.comandos.has(comando.id)) throw new Error(`Comando duplicado: "${comando.id}"`);
    validarListas(comando);
    const naoVinculadas = comando.unbound ?? [];
    const vinculadas = comando.keys.filter((k) => !naoVinculadas.includes(k));
    const novas: string[] = [];
    for (const tecla of vinculadas) {
      if (isReservedBinding(tecla)) {
        throw new Error(`Atalho reservado pelo navegador: ${tecla} em "${comando.id}". Liste-o em unbound e vincule uma alternativa (ex.: Alt+N).`);
      }
      const b = canonicalBinding(parseBinding(tecla));
      const escopo = bindingScope(comando, tecla);
      const chave = `${escopo}|${b}`;
      // A global key may be bound nowhere else, and no layer may take a global one.
      const outros = escopo === ESCOPO_GLOBAL ? [...this.atalhos.keys()].filter((k) => k.endsWith(`|${b}`)) : [`${ESCOPO_GLOBAL}|${b}`];
      const dono = this.atalhos.get(chave) ?? outros.map((k) => this.atalhos.get(k)).find(Boolean) ?? (novas.includes(chave) ? comando.id : undefined);
      if (dono) throw new Error(`Atalho duplicado: ${tecla} em "${comando.id}" já pertence a "${dono}"`);
      novas.push(chave);
    }
    const registrado = { ...comando, scope };
    this.comandos.set(comando.id, registrado);
    novas.forEach((chave) => this.atalhos.set(chave, comando.id));
    this.mudou();
    return () => {
      if (this.comandos.get(comando.id) !== registrado) return;
      this.comandos.delete(comando.id);
      novas.forEach((chave) => this.atalhos.delete(chave));
      this.mudou();
    };
  }

  /** The command bound to this key event in this layer, if its when() holds. */
  match(evento: KeyboardEvent, scope: string, ctx: CommandContext, digitando: boolean): Command | undefined {
    const b = eventBinding(evento);
    const id = this.atalhos.get(`${scope}|${b}`) ?? this.atalhos.get(`${ESCOPO_GLOBAL}|${b}`);
    const comando = id ? this.comandos.get(id) : undefined;
    if (!comando) return undefined;
    if (digitando) {
      const tecla = comando.keys.find((k) => canonicalBinding(parseBinding(k)) === b);
      if (tecla && isPlainBinding(parseBinding(tecla))) return undefined;
    }
    return !comando.when || comando.when(ctx) ? comando : undefined;
  }

  list(): Command[] {
    return this.instantaneo;
  }

  subscribe = (ouvinte: Ouvinte): (() => void) => {
    this.ouvintes.add(ouvinte);
    return () => this.ouvintes.delete(ouvinte);
  };

  getSnapshot = (): Command[] => this.instantaneo;

  /**
   * A registered command's when() may now answer otherwise (its data arrived while the palette was open):
   * a new snapshot, so the palette and the cheat sheet read it again.
   */
  disponibilidadeMudou(): void {
    this.mudou();
  }

  private mudou(): void {
    this.instantaneo = [...this.comandos.values()];
    this.ouvintes.forEach((o) => o());
  }
}
