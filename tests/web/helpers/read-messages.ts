import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The texts of the message-list popup, once it is ready for the keyboard: its OK button has focus (Ark
 * moves focus a frame after opening; an Enter pressed before that would go to the field behind it).
 */
export async function readMessages(titulo: RegExp = /Atenção/): Promise<(string | null)[]> {
  const popup = await screen.findByRole('alertdialog', { name: titulo });
  await waitFor(() => expect(within(popup).getByRole('button', { name: 'OK' })).toHaveFocus());
  return [...popup.querySelectorAll('li')].map((li) => li.textContent);
}
