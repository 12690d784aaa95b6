import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Configuracao } from '../../../src/contracts/configuracoes';
import { json, rota } from '../helpers/fetch-stub';
import { cteLinha, fakeCtesServer } from '../helpers/fake-ctes-server';
import { usuario } from '../helpers/fixtures';
import { focar } from '../helpers/focar';
import { readMessages } from '../helpers/read-messages';
import { renderApp } from '../helpers/render-app';
import { faturaLinha, fakeFaturasServer, leituraFaturas } from './fake-faturas-server';

const RESUMO = 'Leitura concluída: 2 fatura(s) lida(s), 0 já lida(s) antes, 0 cancelada(s) pelo arquivo, 1 arquivo(s) com erro.';
const leitura = leituraFaturas({ lidas: 2, faturas: [1, 2], periodo: { inicio: '2025-02-03', fim: '2025-02-20' }, erros: [{ arquivo: 'COB9.txt', motivo: 'linha 3: registro 999 desconhecido' }], mensagens: [RESUMO, 'COB9.txt: linha 3: registro 999 desconhecido'] });

const abrir = (roles: string[], caminho = '/ctes', extras: NonNullable<Parameters<typeof renderApp>[0]>['rotas'] = []) => {
  const faturas = fakeFaturasServer({ linhas: [faturaLinha(1, { dataEmissao: '2025-02-03' }), faturaLinha(2, { dataEmissao: '2025-02-20' })], leitura });
  const ctes = fakeCtesServer({ linhas: [cteLinha(1)] });
  return renderApp({ caminho, usuario: usuario({ roles }), rotas: [...(extras ?? []), ...faturas.rotas, ...ctes.rotas] });
};
const prontoFretes = () => screen.findByText('Cliente 1', {}, { timeout: 15_000 });

describe('Ler Faturas and the DOCCOB upload from the Fretes screen', () => {
  it('Ler Faturas is enabled and shows the summary and the refused files; no offer without FRETE_FAT_M', async () => {
    const { user, chamadas } = abrir(['FRETE_CTE_M']);
    await prontoFretes();
    const botao = screen.getByRole('button', { name: /Ler Faturas/ });
    expect(botao).toBeEnabled();
    expect(botao).not.toHaveAttribute('title');
    await user.click(botao);
    expect(await readMessages()).toEqual([RESUMO, 'COB9.txt: linha 3: registro 999 desconhecido']);
    expect(chamadas.filter((c) => c.url === '/api/faturas/ler-arquivos')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Ver as faturas lidas' })).not.toBeInTheDocument();
  });

  it('Alt+F reads; with FRETE_FAT_M "Ver as faturas lidas" opens /faturas over their emission period', async () => {
    const { user, chamadas } = abrir(['FRETE_CTE_M', 'FRETE_FAT_M']);
    await prontoFretes();
    await focar(screen.getByRole('grid', { name: 'Fretes' }));
    await user.keyboard('{Alt>}f{/Alt}');
    await readMessages();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Faturas' }, { timeout: 15_000 })).toBeInTheDocument();
    const aqui = new URLSearchParams(window.location.search);
    expect([window.location.pathname, aqui.get('inicio'), aqui.get('fim'), aqui.get('ver')]).toEqual(['/faturas', '2025-02-03', '2025-02-20', null]);
    await waitFor(() => expect(chamadas.some((c) => c.url.startsWith('/api/faturas?') && c.url.includes('inicio=2025-02-03'))).toBe(true));
  });

  it('Enviar DOCCOB (Alt+E) opens the file picker; the picked files go as multipart "arquivos"', async () => {
    const abertura = vi.spyOn(HTMLInputElement.prototype, 'click');
    const { user, chamadas } = abrir(['FRETE_CTE_M']);
    await prontoFretes();
    await focar(screen.getByRole('grid', { name: 'Fretes' }));
    await user.keyboard('{Alt>}e{/Alt}');
    const seletor = screen.getByLabelText('Arquivos DOCCOB') as HTMLInputElement;
    expect(abertura.mock.contexts).toContain(seletor);
    expect(seletor).toHaveAttribute('type', 'file');
    await user.upload(seletor, new File(['000COLACRIL'], 'COB1.txt'));
    expect(await readMessages()).toContain(RESUMO);
    const envio = chamadas.find((c) => c.url === '/api/faturas/enviar')!;
    expect((envio.body as FormData).getAll('arquivos').map((f) => (f as File).name)).toEqual(['COB1.txt']);
  });

  it('shows "Enviando…" while the files go, then the summary', async () => {
    let responder: (r: Response) => void = () => {};
    const lento = rota('POST', '/api/faturas/enviar', () => new Promise<Response>((r) => (responder = r)));
    const { user } = abrir(['FRETE_CTE_M'], '/ctes', [lento]);
    await prontoFretes();
    await user.upload(screen.getByLabelText('Arquivos DOCCOB'), new File(['000'], 'COB1.txt'));
    expect(await screen.findByRole('button', { name: /Enviando…/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Lendo…|Ler Faturas/ })).toBeDisabled();
    expect(screen.getByText('Enviando…', { selector: 'span[role=status]' })).toBeInTheDocument();
    responder(json(leitura));
    expect(await readMessages()).toContain(RESUMO);
    await waitFor(() => expect(screen.getByRole('button', { name: /Enviar DOCCOB/, hidden: true })).toBeEnabled());
  });

  it('the palette offers Ler faturas on the other screens to who may read them', async () => {
    const { user, chamadas } = abrir(['FRETE_CTE_M', '____PERF_M'], '/perfis', [rota('GET', '/api/perfis', () => json({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 50 }))]);
    await screen.findByRole('heading', { name: 'Perfis' });
    await user.keyboard('{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    expect(within(paleta).getByRole('option', { name: /Enviar arquivos DOCCOB/ })).toBeInTheDocument();
    await user.keyboard('Ler faturas{Enter}');
    expect(await readMessages()).toContain(RESUMO);
    expect(chamadas.some((c) => c.url === '/api/faturas/ler-arquivos')).toBe(true);
  });
});

describe('Configuração', () => {
  it('shows the DOCCOB folders read-only next to the XML ones', async () => {
    const configuracao: Configuracao = {
      enderecoEntrada: '/dados/xml/entrada',
      enderecoSaida: '/dados/xml/saida',
      enderecoErro: '/dados/xml/erro',
      dataEmissaoCte: null,
      integrarFaturamento: false,
      entradas: [],
      tomadores: [],
      toleranciaValor: '0.10',
      toleranciaPercentual: '0',
      versao: 1,
      pastasDoccob: { entrada: '/dados/edi/colacril/doccob/entrada', saida: '/dados/edi/colacril/doccob/saida', erro: '/dados/edi/colacril/doccob/erro' },
    };
    renderApp({ caminho: '/configuracoes', usuario: usuario({ roles: ['____CLIE_M'] }), rotas: [rota('GET', '/api/configuracoes/completar', () => json(configuracao))] });
    const grupo = await screen.findByRole('group', { name: 'Pastas dos DOCCOB (faturas)' }, { timeout: 5000 });
    expect(within(grupo).getByLabelText('Entrada dos DOCCOB')).toHaveValue('/dados/edi/colacril/doccob/entrada');
    expect(within(grupo).getByLabelText('Erro dos DOCCOB')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Pasta de entrada')).toHaveValue('/dados/xml/entrada');
  });
});

