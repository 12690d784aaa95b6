import type { UserEvent } from '@testing-library/user-event';

/**
 * Types into an Ark combobox one key per task: its machine syncs the input a tick after each change, so
 * user-event's back-to-back keys would drop every other character (a real keyboard is never that fast).
 */
export async function typeSlowly(user: UserEvent, texto: string): Promise<void> {
  for (const caractere of texto) {
    await user.keyboard(caractere === '{' ? '{{' : caractere === '[' ? '[[' : caractere);
    await new Promise((r) => setTimeout(r, 5));
  }
}
