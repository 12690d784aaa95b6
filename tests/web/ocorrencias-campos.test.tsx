import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Configuracao } from '../../src/contracts/configuracoes';
import type { TabelaFrete } from '../../src/contracts/tabela-frete-modelo';
import { fakeTabelasFreteServer } from './helpers/fake-tabelas-frete-server';
import { json, rota } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { dialogoFechado, dialogoPronto } from './helpers/focar';
import { renderApp } from './helpers/render-app';

// Issue 31's fields: a freight table's cost element tied to an event ("Evento", "% do frete") and the company's
// "Cobrança acessória sem ocorrência" (Falha / Observação) in Configuração.

describe('cost element: Evento and % do frete', () => {
  it('"% do frete" only with an event (cleared with it); both saved with the table', async () => {
    const servidor = fakeTabelasFreteServer();
    const { user, chamadas } = renderApp({
      caminho: '/tabelas-frete?editar=1',
      usuario: usuario({ roles: ['FRETE_TABFR_M', 'FRETE_TABFR_C', 'FRETE_TABFR_E', 'FRETE_TABFR_D'] }),
      rotas: servidor.rotas,
    });
    await dialogoPronto('Editar tabela de frete', 5000);
    await user.keyboard('{Alt>}e{/Alt}');
    const elemento = await dialogoPronto('Novo elemento de custo');
    await waitFor(() => expect(within(elemento).getByLabelText('Descrição')).toHaveFocus());
    await user.keyboard('Reentrega');
    await user.selectOptions(within(elemento).getByLabelText('Modalidade'), 'Fixo');
    const evento = within(elemento).getByLabelText('Evento') as HTMLSelectElement;
    const percentual = within(elemento).getByLabelText('% do frete');
    expect([...evento.options].map((o) => o.text)).toEqual(['Nenhum', 'Reentrega', 'Devolução', 'Diária/estadia', 'TDE (taxa de dificuldade de entrega)', 'Agendamento']);
    expect(evento).toHaveValue('');
    expect(percentual).toBeDisabled();
    await user.selectOptions(evento, 'Reentrega');
    expect(percentual).toBeEnabled();
    await user.type(percentual, '50');
    await user.selectOptions(evento, 'Nenhum');
    expect(percentual).toBeDisabled();
    expect(percentual).toHaveValue('');
    await user.selectOptions(evento, 'Reentrega');
    await user.type(percentual, '50');
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Novo elemento de custo');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(chamadas.some((c) => c.method === 'POST' && c.url === '/api/tabelas-frete')).toBe(true));
    const corpo = chamadas.find((c) => c.method === 'POST' && c.url === '/api/tabelas-frete')!.body as TabelaFrete;
    const salvo = corpo.elementosCusto.find((e) => e.descricao === 'Reentrega');
    expect(salvo).toMatchObject({ modalidade: 'FIXO', evento: 'REENTREGA', percentualFrete: '50' });
    expect(corpo.elementosCusto.find((e) => e.descricao === 'GRIS')?.evento ?? null).toBeNull();
  });
});

const configuracao = (over: Partial<Configuracao> = {}): Configuracao => ({
  enderecoEntrada: '/dados/xml/entrada',
  enderecoSaida: '/dados/xml/saida',
  enderecoErro: '/dados/xml/erro',
  dataEmissaoCte: '2026-11-20',
  integrarFaturamento: false,
  entradas: [],
  tomadores: [],
  toleranciaValor: '0.10',
  toleranciaPercentual: '0',
  ocorrenciaAusente: 'FALHA',
  versao: 3,
  ...over,
});

describe('Configuração: Cobrança acessória sem ocorrência', () => {
  const abrir = (c: Configuracao) =>
    renderApp({
      caminho: '/configuracoes',
      usuario: usuario({ roles: ['____CLIE_M', '____CLIE_E'] }),
      rotas: [rota('GET', '/api/configuracoes/completar', () => json(c)), rota('POST', '/api/configuracoes', (x) => json({ ...c, ...(x.body as object), versao: 4 }))],
    });
  const enviado = (chamadas: { method: string; url: string; body: unknown }[]) => chamadas.find((x) => x.method === 'POST' && x.url === '/api/configuracoes')?.body as Record<string, unknown> | undefined;

  it('beside the tolerances, Falha by default; Observação is sent when chosen', async () => {
    const { user, chamadas } = abrir(configuracao());
    const campo = (await screen.findByLabelText('Cobrança acessória sem ocorrência', {}, { timeout: 15_000 })) as HTMLSelectElement;
    expect([...campo.options].map((o) => o.text)).toEqual(['Falha', 'Observação']);
    expect(campo).toHaveValue('FALHA');
    await user.selectOptions(campo, 'Observação');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(enviado(chamadas)).toBeDefined());
    expect(enviado(chamadas)?.ocorrenciaAusente).toBe('OBSERVACAO');
  });

  it('the stored Observação is shown; unchanged, it is not sent (absent keeps it)', async () => {
    const { user, chamadas } = abrir(configuracao({ ocorrenciaAusente: 'OBSERVACAO' }));
    const campo = await screen.findByLabelText('Cobrança acessória sem ocorrência', {}, { timeout: 15_000 });
    expect(campo).toHaveValue('OBSERVACAO');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(enviado(chamadas)).toBeDefined());
    expect(enviado(chamadas)).not.toHaveProperty('ocorrenciaAusente');
  });
});
