import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MSG_DATA_FINAL_INVALIDA, MSG_DATA_INICIAL_INVALIDA, MSG_INFORME_UM_CAMPO_COM_CTE, MSG_PERIODO_INDICADORES_INVALIDO } from '../../src/contracts/indicadores';
import { fakeIndicadoresServer, indicadorLinha } from './helpers/fake-indicadores-server';
import { usuario } from './helpers/fixtures';
import { readMessages } from './helpers/read-messages';
import { renderApp } from './helpers/render-app';

// Issue 28: after a validation message of /indicadores the focus always went to "Nº do CT-e" (where Alt+P
// starts). Closing the message must put it on the field at fault.

const abrir = () => {
  const servidor = fakeIndicadoresServer({ linhas: [indicadorLinha(1)] });
  return renderApp({ caminho: '/indicadores', usuario: usuario({ roles: ['FRETE_IND_FRETE_PESO'] }), rotas: servidor.rotas });
};
const pronto = () => screen.findByText('F1', {}, { timeout: 15_000 });

interface Caso {
  inicio: string;
  fim: string;
  cte?: string;
  tecla: string;
  mensagens: string[];
  campo: string;
}

describe('/indicadores: a validation message gives the focus back to the field at fault', () => {
  it.each<[string, Caso]>([
    ['nothing typed (Alt+P): the period', { inicio: '', fim: '', tecla: '{Alt>}p{/Alt}', mensagens: [MSG_INFORME_UM_CAMPO_COM_CTE], campo: 'Período inicial' }],
    ['only the start (Alt+P): the end', { inicio: '01/03/2025', fim: '', tecla: '{Alt>}p{/Alt}', mensagens: [MSG_DATA_FINAL_INVALIDA], campo: 'Período final' }],
    ['only the end (Enter in the invoice number): the start', { inicio: '', fim: '31/03/2025', tecla: '{Enter}', mensagens: [MSG_DATA_INICIAL_INVALIDA], campo: 'Período inicial' }],
    ['the end before the start (Alt+X): the end', { inicio: '10/03/2025', fim: '09/03/2025', tecla: '{Alt>}x{/Alt}', mensagens: [MSG_PERIODO_INDICADORES_INVALIDO], campo: 'Período final' }],
    [
      'only the CT-e number (Alt+P): both dates, the first one',
      { inicio: '', fim: '', cte: '5001', tecla: '{Alt>}p{/Alt}', mensagens: [MSG_DATA_FINAL_INVALIDA, MSG_DATA_INICIAL_INVALIDA], campo: 'Período inicial' },
    ],
  ])('%s', async (_caso, c) => {
    const { user } = abrir();
    await pronto();
    for (const [rotulo, texto] of [['Período inicial', c.inicio], ['Período final', c.fim]] as const) {
      await user.clear(screen.getByLabelText(rotulo));
      if (texto) await user.type(screen.getByLabelText(rotulo), texto);
    }
    if (c.cte) await user.type(screen.getByLabelText('Nº do CT-e'), c.cte);
    await user.click(screen.getByLabelText('Nº da fatura'));
    await user.keyboard(c.tecla);
    expect(await readMessages(/Advertência/)).toEqual(c.mensagens);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByLabelText(c.campo)).toHaveFocus());
  });

  it('an unreadable date: its own field', async () => {
    const { user } = abrir();
    await pronto();
    await user.clear(screen.getByLabelText('Período final'));
    await user.type(screen.getByLabelText('Período final'), '31/02/2025');
    await user.click(screen.getByLabelText('Nº da fatura'));
    await user.keyboard('{Alt>}p{/Alt}');
    const [mensagem] = await readMessages(/Advertência/);
    expect(mensagem).toMatch(/^Período final: /);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByLabelText('Período final')).toHaveFocus());
  });
});
