import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PERGUNTA_ENVIAR_FATURAMENTO, PERGUNTA_FINALIZAR_ROMANEIO } from '../../src/contracts/romaneio-status';
import { MSG_LIMITE_PESO_VEICULO, mensagemNotaNaoInformadaOs, type RomaneioOs } from '../../src/contracts/romaneios';
import { fakeRomaneiosOsServer, itemOs, romaneioOs, salvamentos } from './helpers/fake-romaneios-os-server';
import type { Chamada } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { dialogoFechado, dialogoPronto, focar } from './helpers/focar';
import { readMessages } from './helpers/read-messages';
import { renderApp } from './helpers/render-app';

const TITULO = 'Romaneio de O.S. 101 — Expedição';

function abrir(romaneios: RomaneioOs[] = [romaneioOs(1, { itens: [itemOs(1), itemOs(2, { notaFiscalId: '5500', status: 'FATURADO' })] })]) {
  const servidor = fakeRomaneiosOsServer({ romaneios });
  return { ...renderApp({ caminho: '/romaneios?aba=os', usuario: usuario({ roles: ['FRETE_ROMA_M', 'FRETE_ROMA_C', 'FRETE_ROMA_E'] }), rotas: servidor.rotas }), servidor };
}
type Usuario = ReturnType<typeof abrir>['user'];
const grade = () => screen.getByRole('grid', { name: 'Romaneios de O.S.' });

async function abrirPrimeiro(user: Usuario) {
  await within(await screen.findByRole('grid', { name: 'Romaneios de O.S.' }, { timeout: 15_000 })).findByText('101');
  await focar(grade());
  await user.keyboard('{Enter}');
  return dialogoPronto(TITULO);
}
/** The yes/no question once "Não" has the focus (S/N answer it). */
async function pergunta(): Promise<HTMLElement> {
  const p = await screen.findByRole('alertdialog', { name: 'Confirmação' });
  await waitFor(() => expect(within(p).getByRole('button', { name: 'Não' })).toHaveFocus());
  return p;
}
const statusDosItens = (d: HTMLElement) =>
  within(within(d).getByRole('grid', { name: 'Itens' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell')[1].textContent);
const chamou = (chamadas: Chamada[], url: string) => chamadas.some((c) => c.url === url);

describe('Romaneio de O.S.: lifecycle', () => {
  it('finalizing without an invoice on an item is refused on the client; typing the invoice fills and invoices the item; then it finalizes', async () => {
    const { user, chamadas } = abrir();
    const d = await abrirPrimeiro(user);
    await user.keyboard('{Alt>}l{/Alt}');
    expect(await readMessages(/Advertência/)).toEqual([mensagemNotaNaoInformadaOs('501')]);
    expect(screen.queryByRole('alertdialog', { name: 'Confirmação' })).not.toBeInTheDocument();
    expect(salvamentos(chamadas)).toHaveLength(0);
    await user.keyboard('{Enter}');
    await user.keyboard('{Alt>}2{/Alt}');
    const itens = await within(d).findByRole('grid', { name: 'Itens' });
    expect(statusDosItens(d)).toEqual(['Expedido', 'Faturado']);
    await focar(itens);
    await user.keyboard('{Home}{Enter}');
    const item = await dialogoPronto('Item 1');
    await user.type(within(item).getByLabelText('Nota fiscal'), '7788');
    await user.tab();
    await waitFor(() => expect(chamou(chamadas, '/api/ordens-servico/preencher-dados-fiscais-nf/7788')).toBe(true));
    await waitFor(() => expect(within(item).getByLabelText('Valor da nota fiscal')).toHaveValue('1.520,40'));
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Item 1');
    expect(statusDosItens(d)).toEqual(['Faturado', 'Faturado']);
    await user.keyboard('{Alt>}l{/Alt}');
    expect((await pergunta()).querySelector('p')?.textContent).toBe(PERGUNTA_FINALIZAR_ROMANEIO);
    await user.keyboard('s');
    await dialogoFechado(TITULO);
    expect(salvamentos(chamadas)[0]).toMatchObject({ id: 1, status: 'FINALIZADO', versao: 0 });
    expect(salvamentos(chamadas)[0].itens[0]).toMatchObject({ notaFiscalId: '7788', valorNotaFiscal: '1520.40', status: 'FATURADO', origem: 'OS' });
    await waitFor(() => expect(within(grade()).getByText('Finalizado')).toBeInTheDocument());
  });

  it('an unknown invoice leaves the item as it was, with a warning', async () => {
    const { user, chamadas } = abrir();
    const d = await abrirPrimeiro(user);
    await user.keyboard('{Alt>}2{/Alt}');
    await focar(await within(d).findByRole('grid', { name: 'Itens' }));
    await user.keyboard('{Home}{F2}');
    const item = await dialogoPronto('Item 1');
    await user.type(within(item).getByLabelText('Nota fiscal'), '404');
    await user.tab();
    expect(await within(item).findByText(/Nota fiscal 404 não encontrada no ERP/)).toBeInTheDocument();
    expect(within(item).getByLabelText('Valor da nota fiscal')).toHaveValue('');
    expect(chamadas.some((c) => c.url.startsWith('/api/ordens-servico/preencher'))).toBe(true);
    expect(screen.queryByRole('alertdialog', { name: /Indisponível/ })).not.toBeInTheDocument();
  });

  it('Faturar (Alt+F) asks first; Não sends nothing, Sim sends FATURAMENTO', async () => {
    const { user, chamadas } = abrir();
    await abrirPrimeiro(user);
    await user.keyboard('{Alt>}f{/Alt}');
    expect((await pergunta()).querySelector('p')?.textContent).toBe(PERGUNTA_ENVIAR_FATURAMENTO);
    await user.keyboard('n');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(salvamentos(chamadas)).toHaveLength(0);
    await user.keyboard('{Alt>}f{/Alt}');
    await pergunta();
    await user.keyboard('s');
    await dialogoFechado(TITULO);
    expect(salvamentos(chamadas)[0]).toMatchObject({ id: 1, status: 'FATURAMENTO', destino: { id: 35 } });
    await waitFor(() => expect(within(grade()).getByText('Faturamento')).toBeInTheDocument());
    await user.keyboard('{Enter}');
    const d = await dialogoPronto('Romaneio de O.S. 101 — Faturamento');
    expect(within(d).queryByRole('button', { name: /Faturar/ })).not.toBeInTheDocument();
    expect(within(d.closest('[role=dialog]') as HTMLElement).getByRole('button', { name: /Finalizar/ })).toBeInTheDocument();
  });

  it('a cancelled item counts for nothing: the weight warning goes away and it is saved CANCELADO', async () => {
    const pesado = romaneioOs(1, { itens: [itemOs(1, { pesoBruto: '700.000' }), itemOs(2, { pesoBruto: '400.000' })] });
    const { user, chamadas } = abrir([pesado]);
    const d = await abrirPrimeiro(user);
    expect(within(d).getByText(MSG_LIMITE_PESO_VEICULO)).toBeInTheDocument();
    await user.keyboard('{Alt>}2{/Alt}');
    await focar(await within(d).findByRole('grid', { name: 'Itens' }));
    await user.keyboard('{Home}{Delete}');
    expect((await pergunta()).querySelector('p')?.textContent).toBe('Cancelar o item 1? Ele deixa de contar no romaneio.');
    await user.keyboard('s');
    await waitFor(() => expect(statusDosItens(d)).toEqual(['Cancelado', 'Expedido']));
    expect(within(d).queryByText(MSG_LIMITE_PESO_VEICULO)).not.toBeInTheDocument();
    expect(within(d).getByRole('status', { name: 'Peso bruto total' })).toHaveTextContent('400,000 Kg');
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado(TITULO);
    expect(salvamentos(chamadas)[0].itens.map((i) => i.status)).toEqual(['CANCELADO', 'EXPEDIDO']);
  });
});
