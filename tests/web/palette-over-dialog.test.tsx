import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CteFatura } from '../../src/contracts/conferencia-fatura';
import { CommandRegistry, ESCOPO_GLOBAL, type Command, type CommandContext } from '../../src/web/commands/command-registry';
import { cteFatura, faturaLinha, fakeFaturasServer } from './faturas/fake-faturas-server';
import { usuario } from './helpers/fixtures';
import { dialogoFechado, dialogoPronto } from './helpers/focar';
import { renderApp } from './helpers/render-app';

// Ctrl+K over a dialog: the palette lists that dialog's commands (and the global ones), runs them there.

const LINHAS: CteFatura[] = Array.from({ length: 30 }, (_, i) =>
  i === 15 ? cteFatura(i + 1, { valorFrete: '130.00', valorCobrado: '100.00', valorDivergente: true, divergente: true, motivos: ['Valor faturado diferente do cobrado no CT-e'] }) : cteFatura(i + 1),
);

function abrirFatura() {
  const servidor = fakeFaturasServer({ linhas: [faturaLinha(1, { conferencia: { conferida: false, divergencias: 1 }, quantidade: 30 })], ctes: { 1: LINHAS } });
  return renderApp({ caminho: '/faturas?ver=1', usuario: usuario({ roles: ['FRETE_FAT_M'], nivel: 'ADMIN' }), rotas: servidor.rotas });
}

const quadros = (n: number) => new Promise((r) => setTimeout(r, n * 20));
const nomes = (paleta: HTMLElement) => within(paleta).queryAllByRole('option').map((o) => o.querySelector('span')?.textContent);

async function abrirPaleta(user: { keyboard: (k: string) => Promise<void> }) {
  await user.keyboard('{Control>}k{/Control}');
  return dialogoPronto('Paleta de comandos');
}

describe('the palette over a dialog', () => {
  it("Ctrl+K in the Fatura modal lists the modal's commands, not the screen's; Enter runs one there and the focus stays where it put it", async () => {
    const { user, chamadas } = abrirFatura();
    const d = await dialogoPronto('Fatura', 15_000);
    const paleta = await abrirPaleta(user);
    expect(d).toBeInTheDocument(); // below the palette (aria-hidden meanwhile)
    const doDialogo = within(paleta).getByRole('group', { name: 'Fatura' });
    expect(nomes(doDialogo)).toEqual(expect.arrayContaining(['Ir para o primeiro CT-e divergente', 'Cancelar fatura']));
    expect(nomes(paleta)).toContain('Sair');
    // The screen behind it (list commands, navigation, shell keys bound to the screen) is out of reach.
    for (const t of ['Procurar faturas', 'Ler faturas', 'Visualizar fatura selecionada', 'Faturas', 'Abrir ou fechar o menu']) expect(nomes(paleta)).not.toContain(t);

    await user.keyboard('divergente');
    await waitFor(() => expect(nomes(paleta)[0]).toBe('Ir para o primeiro CT-e divergente'));
    await user.keyboard('{Enter}');
    await dialogoFechado('Paleta de comandos');
    const grade = within(d).getByRole('grid', { name: 'Fretes da fatura' });
    await waitFor(() => expect(grade).toHaveFocus());
    expect(chamadas.some((c) => c.url === '/api/faturas/1/ctes?page=1&size=12')).toBe(true);
    await waitFor(() => expect(document.getElementById(grade.getAttribute('aria-activedescendant') ?? '')).toHaveTextContent('2016/1'));
    // Nothing (the focus keeper, the modal's trap resuming) takes it back afterwards.
    await quadros(5);
    expect(grade).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Fatura' })).toBeInTheDocument();
  });

  it('Esc closes only the palette: the modal stays, the focus back where it was in it', async () => {
    const { user } = abrirFatura();
    const d = await dialogoPronto('Fatura', 15_000);
    await user.keyboard('{Alt>}2{/Alt}');
    const grade = within(d).getByRole('grid', { name: 'Fretes da fatura' });
    await waitFor(() => expect(within(grade).getAllByRole('row').length).toBeGreaterThan(1));
    grade.focus();
    await abrirPaleta(user);
    await user.keyboard('{Escape}');
    await dialogoFechado('Paleta de comandos');
    expect(screen.getByRole('dialog', { name: 'Fatura' })).toBeInTheDocument();
    await waitFor(() => expect(grade).toHaveFocus());
    // "/" stays a screen key: in a dialog it opens nothing.
    await user.keyboard('/');
    await quadros(3);
    expect(screen.queryByRole('dialog', { name: 'Paleta de comandos' })).not.toBeInTheDocument();
  });

  it('over a shell dialog (Configurações) the palette opens on top of it and Esc leaves it open', async () => {
    const { user } = renderApp();
    await screen.findByRole('heading', { name: 'Fretes' });
    await user.keyboard('{Control>}o{/Control}');
    await dialogoPronto('Configurações');
    const paleta = await abrirPaleta(user);
    expect(nomes(paleta)).toContain('Sair');
    expect(nomes(paleta)).not.toContain('Fretes');
    await user.keyboard('{Escape}');
    await dialogoFechado('Paleta de comandos');
    expect(screen.getByRole('dialog', { name: 'Configurações' })).toBeInTheDocument();
  });
});

describe('rootOnly keys of a global command', () => {
  const ctx: CommandContext = { usuario: null, pathname: '/', navigate: () => {} };
  const cmd = (over: Partial<Command>): Command => ({ id: 'paleta', title: 'Paleta', group: 'Geral', keys: [], run: () => {}, ...over });
  const tecla = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);

  it('bind on the screen only, while the other keys work in every layer', () => {
    const r = new CommandRegistry();
    r.register(cmd({ keys: ['Ctrl+K', '/'], scope: ESCOPO_GLOBAL, rootOnly: ['/'] }));
    expect(r.match(tecla({ key: 'k', ctrlKey: true }), 'dialogo-1', ctx, false)?.id).toBe('paleta');
    expect(r.match(tecla({ key: '/' }), 'raiz', ctx, false)?.id).toBe('paleta');
    expect(r.match(tecla({ key: '/' }), 'dialogo-1', ctx, false)).toBeUndefined();
    // A dialog may use '/' itself; the screen may not take it twice.
    expect(() => r.register(cmd({ id: 'barra', keys: ['/'], scope: 'dialogo-1' }))).not.toThrow();
    expect(() => r.register(cmd({ id: 'outra', keys: ['/'] }))).toThrow(/Atalho duplicado/);
  });

  it('must name keys of the command, of a global one', () => {
    const r = new CommandRegistry();
    expect(() => r.register(cmd({ keys: ['Ctrl+K'], scope: ESCOPO_GLOBAL, rootOnly: ['/'] }))).toThrow(/não está entre as teclas/);
    expect(() => r.register(cmd({ keys: ['Ctrl+K', '/'], rootOnly: ['/'] }))).toThrow(/só vale para comandos globais/);
  });
});
