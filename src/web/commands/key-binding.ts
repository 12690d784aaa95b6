// A binding like "Ctrl+Shift+N", "Alt+1", "F1", "/" or "?". Characters are matched by the produced key
// (event.key), not the physical code, so '/' and '?' work on ABNT2 keyboards (keyboard.md).
export interface KeyBinding {
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  meta: boolean;
  key: string;
}

const NOMES: Record<string, string> = { esc: 'escape', del: 'delete', space: ' ', espaço: ' ', up: 'arrowup', down: 'arrowdown', left: 'arrowleft', right: 'arrowright' };

export function parseBinding(texto: string): KeyBinding {
  const partes = texto.split('+');
  // "Ctrl++" binds the plus key itself.
  if (texto.endsWith('++')) partes.splice(partes.length - 2, 2, '+');
  const b: KeyBinding = { ctrl: false, alt: false, shift: false, meta: false, key: '' };
  partes.forEach((parte, i) => {
    const p = parte.trim().toLowerCase();
    if (i < partes.length - 1 && (p === 'ctrl' || p === 'control')) b.ctrl = true;
    else if (i < partes.length - 1 && p === 'alt') b.alt = true;
    else if (i < partes.length - 1 && p === 'shift') b.shift = true;
    else if (i < partes.length - 1 && (p === 'meta' || p === 'cmd')) b.meta = true;
    else b.key = NOMES[p] ?? p;
  });
  if (!b.key) throw new Error(`Atalho inválido: "${texto}"`);
  return b;
}

/** A printable character other than a letter or digit already carries its Shift ('?' is Shift+/). */
const simbolo = (key: string) => key.length === 1 && !/[a-z0-9]/.test(key);

export function canonicalBinding(b: KeyBinding): string {
  const shift = b.shift && !simbolo(b.key);
  return `${b.ctrl ? 'ctrl+' : ''}${b.alt ? 'alt+' : ''}${shift ? 'shift+' : ''}${b.meta ? 'meta+' : ''}${b.key}`;
}

/** The event's key; when Alt or another layout yields a non-ASCII character, the physical letter/digit. */
function teclaDoEvento(e: KeyboardEvent): string {
  const key = e.key.toLowerCase();
  if (/^[\x20-\x7e]$/.test(key)) return key;
  const codigo = /^(?:Key([A-Z])|Digit([0-9]))$/.exec(e.code ?? '');
  if (codigo && (e.altKey || e.ctrlKey || e.metaKey)) return (codigo[1] ?? codigo[2]).toLowerCase();
  return key;
}

export function eventBinding(e: KeyboardEvent): string {
  return canonicalBinding({ ctrl: e.ctrlKey, alt: e.altKey, shift: e.shiftKey, meta: e.metaKey, key: teclaDoEvento(e) });
}

/** Keys without Ctrl/Alt/Meta and other than F1–F12: typing them in a field must not run a command. */
export function isPlainBinding(b: KeyBinding): boolean {
  return !b.ctrl && !b.alt && !b.meta && !/^f\d{1,2}$/.test(b.key);
}

// Chromium's reserved shortcuts: in a normal tab they never reach the page (keyboard.md).
const RESERVADOS = [
  'Ctrl+N', 'Ctrl+Shift+N', 'Ctrl+T', 'Ctrl+Shift+T', 'Ctrl+W', 'Ctrl+Shift+W', 'Ctrl+F4', 'Alt+F4',
  'Ctrl+Tab', 'Ctrl+Shift+Tab', 'Ctrl+PageUp', 'Ctrl+PageDown', 'Ctrl+Shift+Q',
].map((t) => canonicalBinding(parseBinding(t)));

export function isReservedBinding(texto: string): boolean {
  return RESERVADOS.includes(canonicalBinding(parseBinding(texto)));
}
