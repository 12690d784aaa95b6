import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { useCommands } from '../../src/web/commands/use-commands';
import { renderWithProviders } from './helpers/render-with-providers';

// A form that arrives after "Carregando…" (its data came from the server: a render React does not flush at
// once) takes the focus in a microtask of the commit that mounts it (the dialog's MutationObserver). A key
// pressed as soon as the field has the focus must find the form's commands: the supervisor's Ctrl+S in
// "Revisar auditoria" was sometimes lost under load, because the commands were registered a task later.

const salvar = vi.fn();

function Formulario() {
  useCommands([{ id: 't.salvar', title: 'Salvar', group: 'Ações', keys: ['Ctrl+S'], run: salvar }]);
  return <input aria-label="Valor correto" />;
}

function Tela() {
  const [pronto, setPronto] = useState(false);
  // Outside any act() and any event: a default-priority render, as when a query answers.
  useEffect(() => void setTimeout(() => setPronto(true), 0), []);
  return pronto ? <Formulario /> : <p>Carregando…</p>;
}

const ambiente = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
afterEach(() => {
  ambiente.IS_REACT_ACT_ENVIRONMENT = true;
});

describe('a key pressed the moment a late form takes the focus', () => {
  it('runs the form command (the commands are registered in the commit that shows the field)', async () => {
    ambiente.IS_REACT_ACT_ENVIRONMENT = false;
    let apertou = false;
    const observador = new MutationObserver(() => {
      const campo = document.querySelector<HTMLInputElement>('input[aria-label="Valor correto"]');
      if (!campo || apertou) return;
      apertou = true;
      campo.focus();
      campo.dispatchEvent(new KeyboardEvent('keydown', { key: 's', code: 'KeyS', ctrlKey: true, bubbles: true, cancelable: true }));
    });
    observador.observe(document.body, { childList: true, subtree: true });
    renderWithProviders(<Tela />);
    await waitFor(() => expect(apertou).toBe(true));
    observador.disconnect();
    expect(salvar).toHaveBeenCalledTimes(1);
  });
});
