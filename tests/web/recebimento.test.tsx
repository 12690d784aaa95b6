import { cteDetailOpener } from '../../src/web/ui/cte-detail-opener';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { contagemVazia, mensagemFonteFalhando, MSG_RECEBIMENTO_EM_ANDAMENTO } from '../../src/contracts/recebimento';
import { usuario } from './helpers/fixtures';
import { dialogoFechado, focar } from './helpers/focar';
import { readMessages } from './helpers/read-messages';
import { renderApp } from './helpers/render-app';
import { execucao, fakeRecebimentoServer, fonte } from './recebimento-fake-server';

// /recebimento (issue 30): one card per source with its last run, "Ler agora" followed until it ends, the upload,
// the history with each run's documents and a refused one's reason by keyboard; the shell's warning strip.

const FONTES = [
  fonte('PASTA', {
    ultima: execucao(5, {
      fonte: 'PASTA',
      situacao: 'SUCESSO',
      contagem: { ...contagemVazia(), ctes: 12 },
    }),
    proxima: '2026-03-10T13:10:00Z',
  }),
  fonte('ENVIO', { ativa: false }),
  fonte('CAIXA_POSTAL', {
    ultima: execucao(7),
    proxima: '2026-03-10T13:11:00Z',
  }),
  fonte('SEFAZ', {
    ultima: execucao(8, {
      fonte: 'SEFAZ',
      situacao: 'FALHA',
      contagem: contagemVazia(),
      mensagens: ['656: consumo indevido.'],
    }),
    bloqueadaAte: '2026-03-10T14:05:00Z',
    aviso: 'A SEFAZ bloqueou as consultas até 11:05 (656).',
  }),
];
const ROLES = ['FRETE_RECEB_M', 'FRETE_CTE_M'];

const abrir = (opcoes: Parameters<typeof fakeRecebimentoServer>[0] = {}, { caminho = '/recebimento', roles = ROLES } = {}) =>
  renderApp({
    caminho,
    usuario: usuario({ roles }),
    rotas: fakeRecebimentoServer({
      fontes: FONTES,
      historico: [execucao(7), execucao(5, { fonte: 'PASTA', mensagens: ['Pasta lida.'] })],
      ...opcoes,
    }).rotas,
  });
const cartao = (nome: string) => screen.getByRole('article', { name: nome });
const pronto = () => screen.findByRole('article', { name: 'Caixa postal' }, { timeout: 15_000 });

describe('Recebimento screen (/recebimento)', () => {
  it('shows each source: last run, counts, next run, block and warning; "Ler agora" from the palette follows the run to its end', async () => {
    const acompanhamento = [
      execucao(40, {
        situacao: 'EM_ANDAMENTO',
        fim: null,
        progresso: { feitos: 3, total: 10 },
      }),
      execucao(40, {
        situacao: 'SUCESSO',
        contagem: { ...contagemVazia(), ctes: 9 },
      }),
    ];
    const { user, chamadas } = abrir({ acompanhamento });
    await pronto();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Pastas', 'Envio pelo navegador', 'Caixa postal', 'SEFAZ (distribuição de CT-e)']);
    const caixa = cartao('Caixa postal');
    expect(within(caixa).getByText('Sucesso parcial')).toBeInTheDocument();
    expect(within(caixa).getByText('10/03/2026 10:05')).toBeInTheDocument();
    expect(within(caixa).getByText('10/03/2026 10:11')).toBeInTheDocument();
    const contagens = within(caixa).getByLabelText('O que chegou na última leitura de Caixa postal');
    expect(contagens).toHaveTextContent('3CT-es0Cancelamentos1Faturas0Minutas1Recusados');
    const sefaz = cartao('SEFAZ (distribuição de CT-e)');
    expect(within(sefaz).getByText('A SEFAZ bloqueou as consultas até 11:05 (656).')).toBeInTheDocument();
    expect(within(sefaz).getByText('10/03/2026 11:05')).toBeInTheDocument();
    expect(within(sefaz).getByText('Falha')).toBeInTheDocument();
    expect(
      within(cartao('Envio pelo navegador')).getByRole('button', {
        name: /Enviar arquivos/,
      }),
    ).toBeInTheDocument();

    await user.keyboard('{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', {
      name: 'Paleta de comandos',
    });
    await user.keyboard('Ler agora: Caixa');
    await user.click(
      await within(paleta).findByRole('option', {
        name: /Ler agora: Caixa postal/,
      }),
    );
    await waitFor(() => expect(chamadas.some((c) => c.method === 'POST' && c.url === '/api/recebimento/CAIXA_POSTAL/ler')).toBe(true));
    expect(await within(cartao('Caixa postal')).findByText('Em andamento: 3 de 10 documento(s)')).toBeInTheDocument();
    expect(
      within(cartao('Caixa postal')).getByRole('button', {
        name: 'Ler agora: Caixa postal',
      }),
    ).toBeDisabled();
    await within(cartao('Caixa postal')).findByText('Sucesso', {}, { timeout: 5000 });
    // The run's end reads the cards again.
    await waitFor(() => expect(chamadas.filter((c) => c.url === '/api/recebimento').length).toBeGreaterThanOrEqual(2));
  });

  it('"Ler agora" while the source is being read: the server message (409)', async () => {
    const { user } = abrir({ lerEmAndamento: true });
    await pronto();
    await user.click(
      within(cartao('Pastas')).getByRole('button', {
        name: 'Ler agora: Pastas',
      }),
    );
    expect(await readMessages()).toEqual([MSG_RECEBIMENTO_EM_ANDAMENTO]);
  });

  it('history (Alt+2): Enter opens a run, Alt+S keeps the problems, Enter opens a refused document reason; Esc closes each', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await user.keyboard('{Alt>}2{/Alt}');
    const grade = await screen.findByRole('grid', { name: 'Leituras' });
    await within(grade).findByText('2 mensagens lidas.');
    expect(new URLSearchParams(window.location.search).get('aba')).toBe('historico');
    await focar(grade);
    await user.keyboard('{Enter}');
    const dialogo = await screen.findByRole('dialog', {
      name: 'Leitura 7: Caixa postal, 10/03/2026 10:05',
    });
    const itens = within(dialogo).getByRole('grid', {
      name: 'Documentos da leitura',
    });
    await waitFor(() => expect(itens).toHaveFocus());
    await within(itens).findByText('cte-1.xml');
    await user.keyboard('{Alt>}s{/Alt}');
    await waitFor(() => expect(chamadas.some((c) => c.url.startsWith('/api/recebimento/execucoes/7/itens?') && c.url.includes('problemas=true'))).toBe(true));
    await waitFor(() => expect(within(itens).queryByText('cte-1.xml')).not.toBeInTheDocument());
    await user.keyboard('{Enter}');
    const motivo = await screen.findByRole('dialog', {
      name: 'Motivo: lote.zip/quebrado.xml',
    });
    expect(within(motivo).getByLabelText('Motivo')).toHaveTextContent('O XML não é um CT-e válido: falta a tag infCte.');
    expect(within(motivo).getByText('Recusado')).toBeInTheDocument();
    expect(within(motivo).queryByRole('button', { name: /^Abrir o CT-e/ })).not.toBeInTheDocument();
    await waitFor(() => expect(motivo.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await dialogoFechado(/^Motivo/);
    await waitFor(() => expect(itens).toHaveFocus());
    await user.keyboard('{Escape}');
    await dialogoFechado(/^Leitura 7/);
  });

  it("a stored CT-e's document opens the CT-e detail (Alt+A) from its reason", async () => {
    const abertos: number[] = [];
    const parar = cteDetailOpener.assinar((id) => abertos.push(id));
    try {
      const { user } = abrir();
      await pronto();
      await user.keyboard('{Alt>}2{/Alt}');
      const grade = await screen.findByRole('grid', { name: 'Leituras' });
      await within(grade).findByText('2 mensagens lidas.');
      await focar(grade);
      await user.keyboard('{Enter}');
      const itens = await screen.findByRole('grid', { name: 'Documentos da leitura' });
      await within(itens).findByText('cte-1.xml');
      await waitFor(() => expect(itens).toHaveFocus());
      await user.keyboard('{Enter}');
      const motivo = await screen.findByRole('dialog', { name: 'Motivo: cte-1.xml' });
      expect(within(motivo).getByRole('button', { name: /^Abrir o CT-e/ })).toBeInTheDocument();
      await waitFor(() => expect(motivo.contains(document.activeElement)).toBe(true));
      await user.keyboard('{Alt>}a{/Alt}');
      expect(abertos).toEqual([4321]);
    } finally {
      parar();
    }
  });

  it('Enviar arquivos (Alt+E): the files go as "arquivos"; the summary offers the run documents, opened with Enter', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    const clique = vi.spyOn(HTMLInputElement.prototype, 'click');
    await user.keyboard('{Alt>}e{/Alt}');
    const seletor = screen.getByLabelText('Arquivos para o recebimento');
    expect(clique.mock.contexts).toContain(seletor);
    await user.upload(seletor, [new File(['<cteProc/>'], 'a.xml', { type: 'text/xml' }), new File(['000'], 'b.txt')]);
    expect(await readMessages(/Envio pelo navegador/)).toEqual([
      'Sucesso. CT-es: 2 · Cancelamentos: 0 · Faturas: 0 · Minutas: 0 · Recusados: 0 · Já recebido: 0 · Ignorados: 0.',
      '2 arquivo(s) enviado(s).',
    ]);
    const corpo = chamadas.find((c) => c.method === 'POST' && c.url === '/api/recebimento/enviar')?.body as FormData;
    expect(corpo.getAll('arquivos').map((f) => (f as File).name)).toEqual(['a.xml', 'b.txt']);
    expect(document.activeElement).toHaveTextContent('Ver os documentos');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('dialog', {
        name: /^Leitura 41: Envio pelo navegador/,
      }),
    ).toBeInTheDocument();
  });
});

describe('Shell warning of a failing source', () => {
  const falhando = [fonte('SEFAZ', { falhasSeguidas: 3 }), fonte('CAIXA_POSTAL', { falhasSeguidas: 2 })];

  it('shows the message of a source that failed 3 times in a row and goes to /recebimento', async () => {
    const { user } = renderApp({
      caminho: '/ctes',
      usuario: usuario({ roles: ROLES }),
      rotas: fakeRecebimentoServer({ fontes: falhando }).rotas,
    });
    const faixa = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(faixa).toHaveTextContent(mensagemFonteFalhando('SEFAZ', 3));
    expect(faixa).not.toHaveTextContent('Caixa postal');
    await user.click(within(faixa).getByRole('button', { name: 'Ver em Recebimento' }));
    await waitFor(() => expect(window.location.pathname).toBe('/recebimento'));
  });

  it('is not asked for without FRETE_RECEB_M', async () => {
    const { chamadas } = renderApp({
      caminho: '/ctes',
      usuario: usuario({ roles: ['FRETE_CTE_M'] }),
      rotas: fakeRecebimentoServer({ fontes: falhando }).rotas,
    });
    await screen.findByRole('grid', { name: 'Fretes' }, { timeout: 15_000 });
    expect(chamadas.some((c) => c.url.startsWith('/api/recebimento'))).toBe(false);
    expect(screen.queryByText(mensagemFonteFalhando('SEFAZ', 3))).not.toBeInTheDocument();
  });
});
