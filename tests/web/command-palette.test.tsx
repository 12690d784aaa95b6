import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { buscas, rotaBusca } from './helpers/fake-busca';
import { json, rota } from './helpers/fetch-stub';
import { pagina, perfil, usuario } from './helpers/fixtures';
import { renderApp } from './helpers/render-app';
import { dialogoFechado, dialogoPronto } from './helpers/focar';

const perfis = rota('GET', '/api/perfis', (c) => {
  const busca = new URL(c.url, 'http://x').searchParams;
  const todos = [perfil(1, 'Administração'), perfil(2, 'Auditoria de fretes'), perfil(3, 'Comercial')];
  const texto = /descricao~([^;]*)/.exec(busca.get('search') ?? '')?.[1]?.toLowerCase();
  return json(pagina(todos.filter((p) => !texto || p.descricao.toLowerCase().includes(texto)), 0, Number(busca.get('size') ?? 50)));
});

describe('command palette', () => {
  it('Ctrl+K opens it and lists only the permitted routes', async () => {
    const { user } = renderApp();
    await screen.findByRole('heading', { name: 'Fretes' });
    await user.keyboard('{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    const navegacao = within(paleta).getByRole('group', { name: 'Navegação' });
    const opcoes = within(navegacao).getAllByRole('option').map((o) => o.textContent);
    expect(opcoes).toEqual(['Perfis', 'Fretes', 'Ocorrências']);
    expect(within(paleta).queryByRole('option', { name: /Usuários/ })).not.toBeInTheDocument();
    // Global commands carry their keys, the alternate beside the spec key.
    expect(within(paleta).getByRole('option', { name: /Abrir a paleta de comandos/ })).toHaveTextContent('Ctrl+K / /');
  });

  it('runs a command: typing filters, Enter navigates', async () => {
    const { user } = renderApp({ rotas: [perfis] });
    await screen.findByRole('heading', { name: 'Fretes' });
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    await user.keyboard('perf');
    await waitFor(() => expect(screen.getAllByRole('option')[0]).toHaveTextContent('Perfis'));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Perfis' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/perfis');
    await dialogoFechado('Paleta de comandos');
  });

  it('lists the current screen actions with both keys, and recent commands first', async () => {
    const { user } = renderApp({ caminho: '/perfis', rotas: [perfis] });
    await screen.findByText('Administração');
    await user.keyboard('{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    const acoes = within(paleta).getByRole('group', { name: 'Ações' });
    expect(within(acoes).getByRole('option', { name: /Novo perfil/ })).toHaveTextContent('Ctrl+N / Alt+N');
    expect(within(acoes).getByRole('option', { name: /Mostrar desativados/ })).toHaveTextContent('Ctrl+H');

    await user.click(within(acoes).getByRole('option', { name: /Mostrar desativados/ }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Mostrar desativados/ })).toBeChecked());
    await user.keyboard('{Control>}k{/Control}');
    const denovo = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    const recentes = within(denovo).getByRole('group', { name: 'Recentes' });
    expect(within(recentes).getByRole('option', { name: /Ocultar desativados/ })).toBeInTheDocument();
  });

  it('searches profiles on the server (GET /api/busca with the typed word) and opens the hit', async () => {
    const busca = rotaBusca((q) => [{ tipo: 'perfis', hits: [{ id: 2, rotulo: 'Auditoria de fretes' }].filter((p) => p.rotulo.toLowerCase().includes(q)) }]);
    const { user, chamadas } = renderApp({ rotas: [busca, perfis, rota('GET', '/api/perfis/2', () => json(perfil(2, 'Auditoria de fretes')))] });
    await screen.findByRole('heading', { name: 'Fretes' });
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    await user.keyboard('audi');
    // "aud" searched first; the group shown is the one of the whole word.
    await waitFor(() => expect(buscas(chamadas)).toContain('/api/busca?q=audi'));
    const grupo = await screen.findByRole('group', { name: 'Perfis' });
    // One search, no per-kind list calls.
    expect(chamadas.some((c) => c.url.startsWith('/api/perfis?'))).toBe(false);
    await user.click(within(grupo).getByRole('option', { name: 'Auditoria de fretes' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Editar perfil' });
    expect(within(dialogo).getByLabelText('Descrição')).toHaveValue('Auditoria de fretes');
  });

  it('"/" opens it outside inputs, but types a slash inside one', async () => {
    const { user } = renderApp({ caminho: '/perfis', rotas: [perfis] });
    const campo = await screen.findByLabelText('Pesquisar por descrição');
    await waitFor(() => expect(campo).toHaveFocus());
    await user.keyboard('/');
    expect(campo).toHaveValue('/');
    expect(screen.queryByRole('dialog', { name: 'Paleta de comandos' })).not.toBeInTheDocument();

    screen.getByRole('grid', { name: 'Perfis' }).focus();
    await user.keyboard('/');
    expect(await screen.findByRole('dialog', { name: 'Paleta de comandos' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await dialogoFechado('Paleta de comandos');
    await waitFor(() => expect(screen.getByRole('grid', { name: 'Perfis' })).toHaveFocus());
  });

  it('a user without a route does not see it anywhere', async () => {
    const { user } = renderApp({ usuario: usuario({ roles: ['FRETE_CTE_M'] }) });
    await screen.findByRole('heading', { name: 'Fretes' });
    expect(screen.queryByRole('link', { name: 'Perfis' })).not.toBeInTheDocument();
    await user.keyboard('{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    expect(within(paleta).queryByRole('option', { name: 'Perfis' })).not.toBeInTheDocument();
  });
});

describe('command palette: typed words, server searches and ranking', () => {
  const TODAS_AS_ROTAS = usuario({
    roles: ['____USER_M', '____PERF_M', 'FRETE_CTE_M', 'FRETE_TABFR_M', 'FRETE_TRANS_M', 'FRETE_MOTO_M', 'FRETE_VEIC_M', 'FRETE_TVEIC_M', 'FRETE_LIMITE_UF_M'],
  });
  const abrirPaleta = async (user: { keyboard: (k: string) => Promise<void> }) => {
    await user.keyboard('{Control>}k{/Control}');
    return screen.findByRole('dialog', { name: 'Paleta de comandos' });
  };
  const opcoes = (paleta: HTMLElement) => within(paleta).queryAllByRole('option').map((o) => o.querySelector('span')?.textContent);

  it('a typed word never asks for CT-es and opens no dialog: Enter runs the command ("usu" → Usuários)', async () => {
    const { user, chamadas } = renderApp({ usuario: TODAS_AS_ROTAS, rotas: [rota('GET', '/api/usuarios', () => json(pagina([])))] });
    await screen.findByRole('heading', { name: 'Fretes' });
    const paleta = await abrirPaleta(user);
    await user.keyboard('usu');
    await waitFor(() => expect(opcoes(paleta)[0]).toBe('Usuários'));
    await new Promise((r) => setTimeout(r, 300));
    expect(chamadas.some((c) => c.url.startsWith('/api/ctes?'))).toBe(false);
    expect(buscas(chamadas)).toEqual(['/api/busca?q=usu']);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeInTheDocument();
  });

  it('digits search CT-es by number on the server', async () => {
    const busca = rotaBusca((q) => [{ tipo: 'ctes', hits: [{ id: 9, rotulo: `CT-e ${q}`, detalhe: 'Expresso Andrade Ltda' }] }]);
    const { user, chamadas } = renderApp({ usuario: TODAS_AS_ROTAS, rotas: [busca] });
    await screen.findByRole('heading', { name: 'Fretes' });
    const paleta = await abrirPaleta(user);
    await user.keyboard('4512');
    const grupo = await within(paleta).findByRole('group', { name: 'CT-es' });
    expect(within(grupo).getByRole('option')).toHaveTextContent('CT-e 4512Expresso Andrade Ltda');
    expect(buscas(chamadas)).toContain('/api/busca?q=4512');
  });

  it('a failing search stays inside the palette as a hint: no popup, no unavailable dialog, the command still runs', async () => {
    const falha = rotaBusca(() => json({ mensagens: ['falhou'] }, 500));
    const { user } = renderApp({ usuario: TODAS_AS_ROTAS, rotas: [falha, perfis] });
    await screen.findByRole('heading', { name: 'Fretes' });
    const paleta = await abrirPaleta(user);
    await user.keyboard('Perfis');
    expect(await within(paleta).findByText('Não foi possível buscar registros agora.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Serviço Temporariamente Indisponível' })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Perfis' })).toBeInTheDocument();
  });

  it('a kind the server could not search is a hint of its own; the other kinds still show', async () => {
    const parcial = rotaBusca(() => [
      { tipo: 'perfis', hits: [], falhou: true },
      { tipo: 'usuarios', hits: [{ id: 3, rotulo: 'Paula Nogueira', detalhe: 'supervisor' }] },
    ]);
    const { user } = renderApp({ usuario: TODAS_AS_ROTAS, rotas: [parcial] });
    await screen.findByRole('heading', { name: 'Fretes' });
    const paleta = await abrirPaleta(user);
    await user.keyboard('Paula');
    expect(await within(paleta).findByText('Não foi possível buscar perfis agora.')).toBeInTheDocument();
    expect(within(await within(paleta).findByRole('group', { name: 'Usuários' })).getByRole('option')).toHaveTextContent('Paula Nogueirasupervisor');
    expect(within(paleta).queryByText('Não foi possível buscar registros agora.')).not.toBeInTheDocument();
  });

  it('ranks exact and prefix title matches first: "ta" → Tabelas de Frete and Transportadoras; "ve" only what has a word starting so', async () => {
    const { user } = renderApp({ usuario: TODAS_AS_ROTAS });
    await screen.findByRole('heading', { name: 'Fretes' });
    const paleta = await abrirPaleta(user);
    await user.keyboard('ta');
    await waitFor(() => expect(opcoes(paleta).slice(0, 2)).toEqual(['Tabelas de Frete', 'Transportadoras']));
    expect(opcoes(paleta)).not.toContain('Motoristas');
    await user.clear(within(paleta).getByRole('combobox'));
    await user.keyboard('ve');
    await waitFor(() => expect(opcoes(paleta)).toContain('Veículos'));
    // Every title found has a word that starts with v: no "ve" in the middle of a word (Navegação, Mover).
    for (const titulo of opcoes(paleta)) expect(titulo?.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()).toMatch(/(^|[\s/(])v/);
  });

  it('recent commands belong to one user of one company', async () => {
    const { user, unmount } = renderApp({ usuario: TODAS_AS_ROTAS });
    await screen.findByRole('heading', { name: 'Fretes' });
    await abrirPaleta(user);
    await user.keyboard('Motoristas{Enter}');
    await screen.findByRole('heading', { name: 'Motoristas' });
    unmount();

    const outro = renderApp({ usuario: usuario({ ...TODAS_AS_ROTAS, login: 'bruno', nome: 'Bruno' }) });
    await screen.findByRole('heading', { name: 'Fretes' });
    const paleta = await abrirPaleta(outro.user);
    expect(within(paleta).queryByRole('group', { name: 'Recentes' })).not.toBeInTheDocument();
    outro.unmount();

    const denovo = renderApp({ usuario: TODAS_AS_ROTAS });
    await screen.findByRole('heading', { name: 'Fretes' });
    const minha = await abrirPaleta(denovo.user);
    expect(within(within(minha).getByRole('group', { name: 'Recentes' })).getByRole('option', { name: /Motoristas/ })).toBeInTheDocument();
  });

  it('a dialog opened from the palette gives the focus back to where the user was when it closes', async () => {
    const { user } = renderApp({ caminho: '/perfis', rotas: [perfis] });
    await screen.findByText('Administração');
    const grade = screen.getByRole('grid', { name: 'Perfis' });
    grade.focus();
    await user.keyboard('{ArrowDown}');
    await abrirPaleta(user);
    await user.keyboard('Novo perfil{Enter}');
    await dialogoPronto('Novo perfil');
    await user.keyboard('{Escape}');
    await dialogoFechado('Novo perfil');
    await waitFor(() => expect(grade).toHaveFocus());
  });
});
