import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommandContext } from '../../../src/web/commands/command-registry';
import { KeyboardProvider } from '../../../src/web/commands/keyboard-provider';
import { createQueryClient } from '../../../src/web/app/query-client';
import { MessageHost } from '../../../src/web/ui/message-host';

/** A component inside the providers the shell gives it: query client, keyboard layer, message list. */
export function renderWithProviders(ui: ReactNode, context: Partial<CommandContext> = {}) {
  const contexto: CommandContext = { usuario: null, pathname: '/', navigate: () => {}, ...context };
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const resultado = render(
    <QueryClientProvider client={queryClient}>
      <KeyboardProvider context={contexto}>
        <MessageHost>{ui}</MessageHost>
      </KeyboardProvider>
    </QueryClientProvider>,
  );
  return { ...resultado, user, queryClient };
}
