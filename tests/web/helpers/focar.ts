import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

const quadro = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));

/**
 * Puts the focus on `el` as a user tabbing there would, and makes sure it stays: a dialog that just opened
 * or closed moves the focus a frame later (Ark's initial focus, focus restore), which would take it back.
 */
export async function focar(el: HTMLElement): Promise<void> {
  await waitFor(async () => {
    if (document.activeElement !== el) el.focus();
    await quadro();
    expect(el).toHaveFocus();
  });
}

/**
 * A dialog once it is ready for the keyboard: Ark moves the focus into it a frame after opening (and the
 * closing one's focus trap lets go a frame after closing); keys or focus moves before that go astray.
 */
export async function dialogoPronto(nome: string, timeout?: number): Promise<HTMLElement> {
  const d = await screen.findByRole('dialog', { name: nome }, timeout ? { timeout } : undefined);
  await waitFor(() => expect(d.contains(document.activeElement)).toBe(true));
  return d;
}

/** The dialog `nome` has closed (Escape, Fechar, a save). */
export async function dialogoFechado(nome: string | RegExp): Promise<void> {
  await waitFor(() => expect(screen.queryByRole('dialog', { name: nome })).not.toBeInTheDocument());
}
