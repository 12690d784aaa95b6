import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PERGUNTA_ENVIAR_FATURAMENTO, PERGUNTA_FINALIZAR_ROMANEIO } from '../../src/contracts/romaneio-status';
import { MSG_FRETE_PARA_FINALIZAR } from '../../src/contracts/romaneios';
import { MSG_DESCARTAR_ALTERACOES } from '../../src/web/ui/dialog';
import { fakeRomaneiosServer, romaneioLinha } from './helpers/fake-romaneios-server';
import { rota, type Chamada } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { dialogoFechado, dialogoPronto, focar } from './helpers/focar';
import { readMessages } from './helpers/read-messages';
import { renderApp } from './helpers/render-app';

const LINHAS = [
  romaneioLinha(1),
  romaneioLinha(2, { status: 'FATURAMENTO' }),
  romaneioLinha(3, { status: 'FINALIZADO' }),
  romaneioLinha(4, { status: 'CANCELADO' }),
  romaneioLinha(5),
];
const abrir = (rotas: ReturnType<typeof rota>[] = []) => {
  const servidor = fakeRomaneiosServer({ linhas: LINHAS, semFrete: [2], itens: { 5: 23 } });
  return { ...renderApp({ caminho: '/romaneios', usuario: usuario({ roles: ['FRETE_ROMA_M', 'FRETE_ROMA_C', 'FRETE_ROMA_E'] }), rotas: [...rotas, ...servidor.rotas] }), servidor };
};
type User = ReturnType<typeof abrir>['user'];
const pronto = () => screen.findByText('101', {}, { timeout: 15_000 });
const salvos = (chamadas: Chamada[]) => chamadas.filter((c) => c.method === 'POST' && c.url === '/api/romaneios');
const botao = (d: HTMLElement, nome: RegExp) => within(d).queryByRole('button', { name: nome });

/** Enter on the list's row `linha` (0-based): its dialog, titled with its status. */
async function abrirLinha(user: User, linha: number, titulo: string) {
  await pronto();
  await focar(screen.getByRole('grid', { name: 'Romaneios de frete' }));
  await user.keyboard(`{Home}${'{ArrowDown}'.repeat(linha)}{Enter}`);
  return dialogoPronto(titulo);
}

/** The yes/no question: its text, Não focused, then `tecla` answers. */
async function responder(user: User, tecla: 's' | 'n') {
  const pergunta = await screen.findByRole('alertdialog', { name: 'Confirmação' });
  await waitFor(() => expect(within(pergunta).getByRole('button', { name: 'Não' })).toHaveFocus());
  const texto = pergunta.querySelector('p')?.textContent;
  await user.keyboard(tecla);
  await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Confirmação' })).not.toBeInTheDocument());
  return texto;
}

describe('Freight-cost manifest lifecycle (machines/romaneio-frete)', () => {
  it('sends to billing (Alt+F) and finalizes (Alt+L), each after its question; the buttons follow the status', async () => {
    const { user, chamadas } = abrir();
    const d = await abrirLinha(user, 0, 'Romaneio de frete 101 — Expedição');
    expect(botao(d, /Salvar/)).toBeEnabled();
    expect(botao(d, /Enviar para faturamento/)).toHaveAttribute('aria-keyshortcuts', 'Alt+F');
    expect(botao(d, /Finalizar/)).not.toBeInTheDocument();
    await user.keyboard('{Alt>}f{/Alt}');
    expect(await responder(user, 'n')).toBe(PERGUNTA_ENVIAR_FATURAMENTO);
    expect(salvos(chamadas)).toHaveLength(0);
    await user.keyboard('{Alt>}f{/Alt}');
    await responder(user, 's');
    await dialogoPronto('Romaneio de frete 101 — Faturamento');
    expect(salvos(chamadas)[0].body).toMatchObject({ id: 1, status: 'FATURAMENTO', versao: 0, valorFrete: '400.00' });
    expect(botao(d, /Enviar para faturamento/)).not.toBeInTheDocument();
    expect(botao(d, /Finalizar/)).toHaveAttribute('aria-keyshortcuts', 'Alt+L');
    await user.keyboard('{Alt>}l{/Alt}');
    expect(await responder(user, 's')).toBe(PERGUNTA_FINALIZAR_ROMANEIO);
    await dialogoPronto('Romaneio de frete 101 — Finalizado');
    // The version the first save answered.
    expect(salvos(chamadas)[1].body).toMatchObject({ id: 1, status: 'FINALIZADO', versao: 1 });
    for (const nome of [/Salvar/, /Enviar para faturamento/, /Finalizar/]) expect(botao(d, nome)).not.toBeInTheDocument();
    expect(within(d).getByRole('combobox', { name: 'Motorista' })).toBeDisabled();
    expect(within(d).getByLabelText('Valor do frete')).toBeDisabled();
    expect(botao(d, /Imprimir/)).toBeEnabled();
    await user.keyboard('{Control>}s{/Control}{Alt>}f{/Alt}');
    expect(salvos(chamadas)).toHaveLength(2);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await dialogoFechado(/Romaneio de frete/);
    await waitFor(() => expect(within(screen.getByRole('grid', { name: 'Romaneios de frete' })).getAllByText('Finalizado')).toHaveLength(2));
  });

  it("finalizing needs the freight value: 'Informe o valor do frete…' and no question", async () => {
    const { user, chamadas } = abrir();
    const d = await abrirLinha(user, 1, 'Romaneio de frete 102 — Faturamento');
    expect(within(d).getByLabelText('Valor do frete')).toHaveValue('');
    await user.keyboard('{Alt>}l{/Alt}');
    expect(await readMessages(/Advertência/)).toEqual([MSG_FRETE_PARA_FINALIZAR]);
    expect(screen.queryByRole('alertdialog', { name: 'Confirmação' })).not.toBeInTheDocument();
    expect(salvos(chamadas)).toHaveLength(0);
  });

  it('finished and cancelled manifests are read-only but print; Alt+C downloads the contract (DOCX), showing its progress', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    let terminar = () => {};
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const lento = rota('POST', '/api/romaneios/imprimir/contrato/3', () => new Promise<Response>((r) => (terminar = () => r(new Response('PK', { headers: { 'Content-Type': docx } })))));
    const { user, chamadas } = abrir([lento]);
    let d = await abrirLinha(user, 3, 'Romaneio de frete 104 — Cancelado');
    for (const nome of [/Salvar/, /Enviar para faturamento/, /Finalizar/, /Adicionar nota fiscal/, /Novo motorista/]) expect(botao(d, nome)).not.toBeInTheDocument();
    expect(within(d).getByLabelText('Observação')).toBeDisabled();
    await user.keyboard('{Escape}');
    await dialogoFechado(/Romaneio de frete/);
    d = await abrirLinha(user, 2, 'Romaneio de frete 103 — Finalizado');
    expect(botao(d, /Contrato/)).toHaveAttribute('aria-keyshortcuts', 'Alt+C');
    await user.keyboard('{Alt>}c{/Alt}');
    expect(await within(d).findByText('Gerando o contrato do romaneio 103…')).toHaveAttribute('role', 'status');
    expect(botao(d, /Contrato/)).toBeDisabled();
    expect(botao(d, /Imprimir/)).toBeDisabled();
    terminar();
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
    // The line goes when the download's promise settles, a render after the file is handed over.
    await waitFor(() => expect(within(d).queryByText(/Gerando/)).not.toBeInTheDocument());
    const contrato = chamadas.find((c) => c.url === '/api/romaneios/imprimir/contrato/3')!;
    expect([contrato.method, contrato.headers.get('Accept')]).toEqual(['POST', docx]);
  });

  it('a new manifest has no print nor billing yet; a stale save shows the 409 message', async () => {
    const { user, servidor } = abrir();
    await pronto();
    await user.keyboard('{Alt>}n{/Alt}');
    const novo = await dialogoPronto('Novo romaneio de frete — Expedição');
    expect(botao(novo, /Imprimir/)).toBeDisabled();
    expect(botao(novo, /Enviar para faturamento/)).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await dialogoFechado(/romaneio de frete/);
    await abrirLinha(user, 0, 'Romaneio de frete 101 — Expedição');
    servidor.estado.linhas[0].versao = 3;
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages()).toEqual(['O romaneio foi alterado por outro usuário. Abra-o de novo.']);
  });

  it('Esc with unsaved changes asks before discarding (Não keeps them)', async () => {
    const { user } = abrir();
    const d = await abrirLinha(user, 0, 'Romaneio de frete 101 — Expedição');
    await focar(within(d).getByLabelText('Observação'));
    await user.keyboard('{End} urgente');
    await user.keyboard('{Escape}');
    const pergunta = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(pergunta).toHaveTextContent(MSG_DESCARTAR_ALTERACOES);
    await user.keyboard('n');
    await waitFor(() => expect(within(d).getByLabelText('Observação')).toHaveFocus());
    expect(within(d).getByLabelText('Observação')).toHaveValue('Carga frágil urgente');
    await user.keyboard('{Escape}');
    await screen.findByRole('alertdialog', { name: 'Confirmação' });
    await user.keyboard('s');
    await dialogoFechado(/Romaneio de frete/);
  });

  it('the items: 10 a page (10, 20, 30), Delete asks before removing, the totals follow', async () => {
    const { user } = abrir();
    const d = await abrirLinha(user, 4, 'Romaneio de frete 105 — Expedição');
    await user.keyboard('{Alt>}2{/Alt}');
    const grade = within(d).getByRole('grid', { name: 'Itens do romaneio' });
    const linhas = () => within(grade).getAllByRole('row').slice(1);
    await waitFor(() => expect(linhas()).toHaveLength(10));
    const paginacao = within(d).getByRole('navigation', { name: 'Paginação' });
    expect(paginacao).toHaveTextContent('Página 1 de 3 · 23 registros');
    const tamanho = within(paginacao).getByRole('combobox');
    expect([...(tamanho as HTMLSelectElement).options].map((o) => o.value)).toEqual(['10', '20', '30']);
    await user.selectOptions(tamanho, '30');
    await waitFor(() => expect(linhas()).toHaveLength(23));
    await focar(grade);
    await user.keyboard('{ArrowDown}{Delete}');
    const pergunta = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(pergunta).toHaveTextContent('Deseja remover o item da nota fiscal 5101?');
    await user.keyboard('s');
    await waitFor(() => expect(linhas()).toHaveLength(22));
    expect(within(d).getByRole('status', { name: 'Totais dos itens' })).toHaveTextContent('Itens: 22 · Peso total: 26.411,000 Kg');
    // The shares always add up to the freight value: R$ 400,00 over 22 equal items leaves 4 cents, too many
    // for the first line (src/domain/romaneios/ratear-frete.ts), so one each to the first four.
    expect(within(d).getByRole('status', { name: 'Totais dos itens' })).toHaveTextContent('Frete rateado: R$ 400,00');
    expect(linhas().slice(0, 6).map((l) => within(l).getAllByRole('gridcell')[7].textContent)).toEqual(['R$ 18,19', 'R$ 18,19', 'R$ 18,19', 'R$ 18,19', 'R$ 18,18', 'R$ 18,18']);
  });
});
