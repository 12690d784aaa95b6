import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MSG_CNPJ_EMPRESA_INVALIDO, type Configuracao } from '../../src/contracts/configuracoes';
import { json, rota } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { renderApp } from './helpers/render-app';

// "Dados da empresa" on /configuracoes: razão social, CNPJ and endereço shown, edited and saved with Ctrl+S.

const configuracao = (): Configuracao => ({
  enderecoEntrada: '/dados/xml/entrada',
  enderecoSaida: '/dados/xml/saida',
  enderecoErro: '/dados/xml/erro',
  dataEmissaoCte: null,
  integrarFaturamento: false,
  entradas: [],
  tomadores: [],
  toleranciaValor: '0.10',
  toleranciaPercentual: '0',
  versao: 7,
  razaoSocial: 'Colacril Indústria Ltda',
  cnpj: '11222333000181',
  endereco: 'Rua A, 1, Curitiba/PR',
});
const abrir = (roles = ['____CLIE_M', '____CLIE_E']) =>
  renderApp({
    caminho: '/configuracoes',
    usuario: usuario({ roles }),
    rotas: [
      rota('GET', '/api/configuracoes/completar', () => json(configuracao())),
      rota('POST', '/api/configuracoes', (c) => json({ ...configuracao(), ...(c.body as object), versao: 8 })),
    ],
  });

describe('settings screen: Dados da empresa', () => {
  it('shows the company data (CNPJ masked) and saves the edited ones with Ctrl+S, the CNPJ as digits', async () => {
    const { user, chamadas } = abrir();
    const razao = await screen.findByLabelText('Razão social', {}, { timeout: 5000 });
    expect(screen.getByRole('group', { name: 'Dados da empresa' })).toContainElement(razao);
    expect(razao).toHaveValue('Colacril Indústria Ltda');
    expect(screen.getByLabelText('CNPJ')).toHaveValue('11.222.333/0001-81');
    expect(screen.getByLabelText('Endereço')).toHaveValue('Rua A, 1, Curitiba/PR');

    await user.clear(razao);
    await user.type(razao, 'Etiquetas Paraná Ltda');
    const cnpj = screen.getByLabelText('CNPJ');
    await user.clear(cnpj);
    await user.type(cnpj, '11444777000161');
    expect(cnpj).toHaveValue('11.444.777/0001-61');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(chamadas.some((c) => c.method === 'POST' && c.url === '/api/configuracoes')).toBe(true));
    expect(chamadas.find((c) => c.url === '/api/configuracoes')?.body).toEqual({
      integrarFaturamento: false,
      entradas: [],
      tomadores: [],
      toleranciaValor: '0.10',
      toleranciaPercentual: '0',
      razaoSocial: 'Etiquetas Paraná Ltda',
      cnpj: '11444777000161',
      versao: 7,
    });
  });

  it('an invalid CNPJ is flagged on the field and not sent', async () => {
    const { user, chamadas } = abrir();
    const cnpj = await screen.findByLabelText('CNPJ', {}, { timeout: 5000 });
    await user.clear(cnpj);
    await user.type(cnpj, '11444777000162');
    expect(cnpj).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('{Control>}s{/Control}');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(MSG_CNPJ_EMPRESA_INVALIDO);
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);
  });

  it('without the edit permission the company data are shown but not editable', async () => {
    abrir(['____CLIE_M']);
    expect(await screen.findByLabelText('Razão social', {}, { timeout: 5000 })).toHaveAttribute('readonly');
    expect(screen.getByLabelText('CNPJ')).toBeDisabled();
    expect(screen.getByLabelText('Endereço')).toHaveAttribute('readonly');
  });
});
