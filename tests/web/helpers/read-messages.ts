import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The texts of the message-list popup, once it is ready for the keyboard: its first button (OK, or the
 * follow-up it offers) has focus (Ark moves focus a frame after opening; an Enter pressed before that would
 * go to the field behind it).
 */
export async function readMessages(titulo: RegExp = /Atenção/): Promise<(string | null)[]> {
  const popup = await screen.findByRole('alertdialog', { name: titulo });
  await waitFor(() => {
    const foco = document.activeElement;
    expect(foco?.tagName === 'BUTTON' && popup.contains(foco) && !foco.hasAttribute('data-fechar-dialogo')).toBe(true);
  });
  return [...popup.querySelectorAll('li')].map((li) => li.textContent);
}
