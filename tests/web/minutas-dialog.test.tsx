import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_CNPJ_TOMADOR_INVALIDO, MSG_ELEMENTO_CUSTO_OBRIGATORIO, MSG_NF_OBRIGATORIA } from '../../src/contracts/minutas';
import { MSG_DESCARTAR_ALTERACOES } from '../../src/web/ui/dialog';
import { cteLinha, fakeCtesServer } from './helpers/fake-ctes-server';
import type { Chamada } from './helpers/fetch-stub';
import { fakeMinutasServer, minutaLinha } from './helpers/fake-minutas-server';
import { usuario } from './helpers/fixtures';
import { dialogoFechado, dialogoPronto, focar } from './helpers/focar';
import { readMessages } from './helpers/read-messages';
import { renderApp } from './helpers/render-app';

const LINHAS = [minutaLinha(1), minutaLinha(3, { status: 'PREENCHIDO' }), minutaLinha(4, { status: 'PROCESSADO', cteId: 77 })];
const abrir = () => {
  const servidor = fakeMinutasServer({ linhas: LINHAS });
  // The CT-e minuta 104 became (docs/decisoes.md §13: the Fretes list marks it).
  const fretes = fakeCtesServer({ linhas: [cteLinha(77, { origemDocumento: 'MINUTA' }), cteLinha(78)] });
  return { ...renderApp({ caminho: '/minutas', usuario: usuario({ roles: ['FRETE_MINU_M', 'FRETE_CTE_M'] }), rotas: [...servidor.rotas, ...fretes.rotas] }), servidor };
};
const grade = () => screen.getByRole('grid', { name: 'Minutas' });
const pronto = () => screen.findByText('F1', {}, { timeout: 15_000 });
const salvarPost = (chamadas: Chamada[]) => chamadas.filter((c) => c.method === 'POST' && c.url === '/api/minutas');
const completude = (d: HTMLElement) => within(d).getByRole('status', { name: 'Completude da minuta' });

/** Alt+E / Alt+F in the minuta modal: a sub-modal; types its two fields and saves with Ctrl+S. */
async function incluirItem(user: ReturnType<typeof abrir>['user'], tecla: 'e' | 'f', titulo: string, primeiro: string, segundo: string) {
  await user.keyboard(`{Alt>}${tecla}{/Alt}`);
  await dialogoPronto(titulo);
  await user.keyboard(primeiro);
  await user.tab();
  await user.keyboard(`${segundo}{Control>}s{/Control}`);
  await dialogoFechado(titulo);
}

describe('Minuta modal', () => {
  it('opens the row titled with its status; Ctrl+S posts the minuta with its version and the focus goes back to the grid', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await focar(grade());
    await user.keyboard('{Enter}');
    const d = await dialogoPronto('Minuta — Pendente');
    expect(within(d).getByLabelText('Nº da fatura')).toHaveValue('F1');
    expect(within(d).getByLabelText('CNPJ do tomador')).toHaveValue('11.222.333/0001-81');
    expect(within(d).getByLabelText('ICMS (%)')).toHaveValue('12');
    expect(completude(d)).toHaveTextContent('Minuta completa: pode ser confirmada.');
    expect(within(d).getByRole('button', { name: /Salvar/ })).toBeEnabled();
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado(/Minuta/);
    const corpo = salvarPost(chamadas)[0].body as Record<string, unknown>;
    expect(corpo).toMatchObject({ id: 1, versao: 0, fatura: 'F1', numero: '101', cnpjTomador: '11222333000181', percentualIcms: '12.00', transportadora: { id: 7 } });
    expect(corpo.elementosCusto).toEqual([
      { nome: 'Frete peso', valor: '300.00' },
      { nome: 'Ad valorem', valor: '50.00' },
    ]);
    await waitFor(() => expect(grade()).toHaveFocus());
  });

  it('a confirmed minuta is read-only: Salvar disabled, fields disabled, no new items', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await user.click(screen.getByRole('button', { name: 'Visualizar minuta 103' }));
    const d = await dialogoPronto('Minuta — Confirmado');
    expect(within(d).getByRole('button', { name: /Salvar/ })).toBeDisabled();
    for (const campo of ['Nº da fatura', 'Valor do frete', 'CNPJ do remetente']) expect(within(d).getByLabelText(campo)).toBeDisabled();
    expect(within(d).getByRole('combobox', { name: 'Transportadora' })).toBeDisabled();
    expect(within(d).queryByRole('button', { name: /Novo elemento de custo/ })).not.toBeInTheDocument();
    expect(within(d).queryByRole('button', { name: /Remover/ })).not.toBeInTheDocument();
    expect(completude(d)).toHaveTextContent('Minuta já confirmada.');
    await user.keyboard('{Control>}s{/Control}');
    expect(salvarPost(chamadas)).toHaveLength(0);
  });

  it('a processed minuta opens its CT-e on the Fretes screen (Alt+V), whose list marks the CT-es from minutas', async () => {
    const { user } = abrir();
    await pronto();
    await user.click(screen.getByRole('button', { name: 'Visualizar minuta 104' }));
    const d = await dialogoPronto('Minuta — Processado');
    expect(within(d).getByRole('button', { name: /Ver CT-e no Fretes/ })).toBeInTheDocument();
    await user.keyboard('{Alt>}v{/Alt}');
    await dialogoPronto('Frete 1077');
    expect(window.location.pathname).toBe('/ctes');
    await user.keyboard('{Escape}');
    const fretes = await screen.findByRole('grid', { name: 'Fretes' });
    const linhas = within(fretes).getAllByRole('row').slice(1);
    expect(within(linhas[0]).getByRole('img', { name: 'Minuta' })).toHaveAttribute('title', 'CT-e gerado a partir de uma minuta');
    expect(within(linhas[1]).queryByRole('img', { name: 'Minuta' })).not.toBeInTheDocument();
  });

  it('Incluir (Alt+N) opens a blank minuta that says what is missing; the sub-modals require both fields', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await focar(grade());
    await user.keyboard('{Alt>}n{/Alt}');
    const d = await dialogoPronto('Minuta — Pendente');
    expect(chamadas.some((c) => c.url === '/api/minutas/new')).toBe(true);
    expect(completude(d)).toHaveTextContent(
      'Falta: origem, destino, transportadora, cliente, nº da minuta, nº da fatura, CNPJ do remetente, CNPJ do tomador, peso bruto, valor do frete, ao menos uma nota fiscal, ao menos um elemento de custo.',
    );
    await user.keyboard('{Alt>}e{/Alt}');
    await dialogoPronto('Novo elemento de custo');
    await user.keyboard('Pedágio{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([MSG_ELEMENTO_CUSTO_OBRIGATORIO]);
    await user.keyboard('{Enter}{Escape}');
    await screen.findByRole('alertdialog', { name: 'Confirmação' });
    await user.keyboard('s');
    await dialogoFechado('Novo elemento de custo');
    await user.keyboard('{Alt>}f{/Alt}');
    await dialogoPronto('Nova nota fiscal');
    await user.keyboard('1{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([MSG_NF_OBRIGATORIA]);
  });

  it('saving cost elements makes the freight value their sum; the nota fiscal joins its grid', async () => {
    const { user } = abrir();
    await pronto();
    await user.click(screen.getByRole('button', { name: /Incluir/ }));
    const d = await dialogoPronto('Minuta — Pendente');
    await incluirItem(user, 'e', 'Novo elemento de custo', 'Frete peso', '100,50');
    await incluirItem(user, 'e', 'Novo elemento de custo', 'Ad valorem', '25,25');
    expect(within(d).getByLabelText('Valor do frete')).toHaveValue('125,75');
    expect(within(d).getByText('Total dos elementos de custo: R$ 125,75')).toBeInTheDocument();
    await incluirItem(user, 'f', 'Nova nota fiscal', '1', '4567');
    expect(within(within(d).getByRole('grid', { name: 'Notas fiscais' })).getByText('4567')).toBeInTheDocument();
    const elementos = within(d).getByRole('grid', { name: 'Elementos de custo' });
    const nomes = () => within(elementos).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('gridcell')[0].textContent);
    expect(nomes()).toEqual(['Ad valorem', 'Frete peso']);
    await user.click(within(elementos).getByRole('button', { name: /Nome/ }));
    await user.click(within(elementos).getByRole('button', { name: /Nome/ }));
    expect(nomes()).toEqual(['Frete peso', 'Ad valorem']);
    await user.click(within(d).getByRole('button', { name: 'Remover Frete peso' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Confirmação' })).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(within(d).getByLabelText('Valor do frete')).toHaveValue('25,25'));
    expect(completude(d)).toHaveTextContent('Falta: origem, destino');
    expect(completude(d)).not.toHaveTextContent('elemento de custo');
  });

  it('checks the CNPJ as typed (masked) and refuses to save an invalid one', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await user.click(screen.getByRole('button', { name: /Incluir/ }));
    const d = await dialogoPronto('Minuta — Pendente');
    const tomador = within(d).getByLabelText('CNPJ do tomador');
    await user.type(tomador, '11222333000180');
    expect(tomador).toHaveValue('11.222.333/0001-80');
    expect(tomador).toHaveAccessibleDescription(MSG_CNPJ_TOMADOR_INVALIDO);
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([MSG_CNPJ_TOMADOR_INVALIDO]);
    expect(salvarPost(chamadas)).toHaveLength(0);
    await user.keyboard('{Enter}');
    await user.clear(tomador);
    await user.type(tomador, '11.222.333/0001-81');
    expect(tomador).toHaveValue('11.222.333/0001-81');
    expect(tomador).not.toHaveAccessibleDescription();
  });

  it('Esc with unsaved changes asks before discarding them', async () => {
    const { user } = abrir();
    await pronto();
    await focar(grade());
    await user.keyboard('{Enter}');
    const d = await dialogoPronto('Minuta — Pendente');
    await user.type(within(d).getByLabelText('Nº da fatura'), 'X');
    await user.keyboard('{Escape}');
    const pergunta = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(pergunta).toHaveTextContent(MSG_DESCARTAR_ALTERACOES);
    await user.keyboard('n');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(d).getByLabelText('Nº da fatura')).toHaveValue('F1X');
    await user.keyboard('{Escape}');
    await screen.findByRole('alertdialog', { name: 'Confirmação' });
    await user.keyboard('s');
    await dialogoFechado(/Minuta/);
  });
});
