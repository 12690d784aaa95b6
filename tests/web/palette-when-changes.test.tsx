import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { CommandPalette } from '../../src/web/app/command-palette';
import { useCommands } from '../../src/web/commands/use-commands';
import { renderWithProviders } from './helpers/render-with-providers';

// A command whose when() waits for data (the fatura's CT-es): the palette opened before the data came
// shows it once it comes, and hides it when it goes, without being closed and reopened.

let mudar: (v: boolean) => void = () => {};

function Tela() {
  const [pronto, setPronto] = useState(false);
  mudar = setPronto;
  useCommands([{ id: 't.divergente', title: 'Ir para o primeiro CT-e divergente', group: 'Ações', keys: [], when: () => pronto, run: () => {} }]);
  return <CommandPalette open onClose={() => {}} />;
}

const opcoes = () => within(screen.getByRole('dialog', { name: 'Paleta de comandos' })).queryAllByRole('option').map((o) => o.textContent ?? '');

describe('the palette follows when()', () => {
  it('a command that becomes available while the palette is open appears in it, and goes when it stops being', async () => {
    const { user } = renderWithProviders(<Tela />);
    await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    await user.keyboard('divergente');
    expect(opcoes().some((t) => t.includes('Ir para o primeiro CT-e divergente'))).toBe(false);
    act(() => mudar(true));
    await waitFor(() => expect(opcoes().some((t) => t.includes('Ir para o primeiro CT-e divergente'))).toBe(true));
    act(() => mudar(false));
    await waitFor(() => expect(opcoes().some((t) => t.includes('Ir para o primeiro CT-e divergente'))).toBe(false));
  });
});
