import { describe, expect, it, vi } from 'vitest';
import { CommandRegistry, type Command, type CommandContext } from '../../src/web/commands/command-registry';
import { eventBinding, isReservedBinding, parseBinding, canonicalBinding } from '../../src/web/commands/key-binding';

const ctx: CommandContext = { usuario: null, pathname: '/', navigate: () => {} };
const cmd = (over: Partial<Command>): Command => ({ id: 'x', title: 'X', group: 'Ações', keys: [], run: () => {}, ...over });
const tecla = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);

describe('CommandRegistry', () => {
  it('throws on a duplicate binding in the same layer', () => {
    const r = new CommandRegistry();
    r.register(cmd({ id: 'a', keys: ['Ctrl+S'] }));
    expect(() => r.register(cmd({ id: 'b', keys: ['ctrl+s'] }))).toThrow(/Atalho duplicado: ctrl\+s em "b" já pertence a "a"/);
  });

  it('throws on a duplicate inside one command and on a duplicate id', () => {
    const r = new CommandRegistry();
    expect(() => r.register(cmd({ id: 'a', keys: ['Alt+1', 'alt+1'] }))).toThrow(/Atalho duplicado/);
    r.register(cmd({ id: 'b' }));
    expect(() => r.register(cmd({ id: 'b' }))).toThrow(/Comando duplicado/);
  });

  it('lets two layers bind the same key', () => {
    const r = new CommandRegistry();
    r.register(cmd({ id: 'a', keys: ['Ctrl+S'], scope: 'dialogo-1' }));
    expect(() => r.register(cmd({ id: 'b', keys: ['Ctrl+S'], scope: 'dialogo-2' }))).not.toThrow();
  });

  it.each(['Ctrl+N', 'Ctrl+T', 'Ctrl+W', 'Ctrl+Shift+N', 'Ctrl+Shift+T', 'Ctrl+Tab', 'Alt+F4'])('throws on the browser-reserved %s', (k) => {
    const r = new CommandRegistry();
    expect(() => r.register(cmd({ id: 'a', keys: [k] }))).toThrow(/Atalho reservado pelo navegador/);
  });

  it('lists a reserved spec key without binding it; the alternate works', () => {
    const r = new CommandRegistry();
    const run = vi.fn();
    r.register(cmd({ id: 'novo', keys: ['Ctrl+N', 'Alt+N'], unbound: ['Ctrl+N'], run }));
    expect(r.list()[0].keys).toEqual(['Ctrl+N', 'Alt+N']);
    expect(r.match(tecla({ key: 'n', ctrlKey: true }), 'raiz', ctx, false)).toBeUndefined();
    expect(r.match(tecla({ key: 'n', altKey: true, code: 'KeyN' }), 'raiz', ctx, false)?.id).toBe('novo');
  });

  it('refuses an unbound key that is not among the keys', () => {
    expect(() => new CommandRegistry().register(cmd({ id: 'a', keys: ['Alt+N'], unbound: ['Ctrl+N'] }))).toThrow();
  });

  it('frees the binding when unregistered', () => {
    const r = new CommandRegistry();
    const tirar = r.register(cmd({ id: 'a', keys: ['F2'] }));
    tirar();
    expect(() => r.register(cmd({ id: 'b', keys: ['F2'] }))).not.toThrow();
  });

  it('honours when() and ignores plain keys while typing', () => {
    const r = new CommandRegistry();
    let habilitado = false;
    r.register(cmd({ id: 'a', keys: ['/'], when: () => habilitado }));
    expect(r.match(tecla({ key: '/' }), 'raiz', ctx, false)).toBeUndefined();
    habilitado = true;
    expect(r.match(tecla({ key: '/' }), 'raiz', ctx, false)?.id).toBe('a');
    expect(r.match(tecla({ key: '/' }), 'raiz', ctx, true)).toBeUndefined();
  });
});

describe('key bindings', () => {
  it('binds characters by key, not by physical code (ABNT2)', () => {
    // On ABNT2 "/" sits on IntlRo and "?" is Shift on the same key.
    expect(eventBinding(tecla({ key: '/', code: 'IntlRo' }))).toBe(canonicalBinding(parseBinding('/')));
    expect(eventBinding(tecla({ key: '?', code: 'IntlRo', shiftKey: true }))).toBe(canonicalBinding(parseBinding('?')));
  });
  it('falls back to the physical letter when Alt yields another character', () => {
    expect(eventBinding(tecla({ key: 'ñ', code: 'KeyN', altKey: true }))).toBe('alt+n');
  });
  it('knows the reserved list', () => {
    expect(isReservedBinding('Ctrl+N')).toBe(true);
    expect(isReservedBinding('Alt+N')).toBe(false);
    expect(isReservedBinding('Ctrl+H')).toBe(false);
  });
});
