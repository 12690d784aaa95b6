import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../../src/contracts/common';
import type { Configuracao } from '../../../src/contracts/configuracoes';
import { json, rota } from '../helpers/fetch-stub';
import { usuario } from '../helpers/fixtures';
import { focar } from '../helpers/focar';
import { readMessages } from '../helpers/read-messages';
import { renderApp } from '../helpers/render-app';
import { fakePagamentosServer } from './fake-pagamentos-server';

// Configuração's Pagamento and Alçadas tabs (ADMIN): the release rules saved as toggled, a stale version's 409
// message, and the approval limits with blank sent as null ("sem limite").

const configuracao = (): Configuracao => ({
  enderecoEntrada: null,
  enderecoSaida: null,
  enderecoErro: null,
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

const abrir = ({ nivel = 'ADMIN' as 'ADMIN' | 'GERENTE', conflitoRegras = false } = {}) => {
  const servidor = fakePagamentosServer({ conflitoRegras });
  return renderApp({
    caminho: '/configuracoes',
    usuario: usuario({ nivel, roles: ['____CLIE_M', '____CLIE_E'] }),
    rotas: [rota('GET', '/api/configuracoes/completar', () => json(configuracao())), rota('POST', '/api/configuracoes', () => json(configuracao())), ...servidor.rotas],
  });
};
const aba = async (user: ReturnType<typeof abrir>['user'], tecla: string, nome: string) => {
  await screen.findByLabelText('Tolerância da auditoria (R$)', {}, { timeout: 10_000 });
  await user.keyboard(`{Alt>}${tecla}{/Alt}`);
  await waitFor(() => expect(screen.getByRole('tab', { name: nome })).toHaveAttribute('aria-selected', 'true'));
};

describe('Configuração › Pagamento and Alçadas (ADMIN)', () => {
  it('only an ADMIN sees the two tabs', async () => {
    abrir({ nivel: 'GERENTE' });
    await screen.findByLabelText('Tolerância da auditoria (R$)', {}, { timeout: 10_000 });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Geral', 'Comandos']);
  });

  it('Pagamento: the 8 rules with who unblocks them; Ctrl+S saves what was toggled, with the version', async () => {
    const { user, chamadas } = abrir();
    await aba(user, '3', 'Pagamento');
    const divergencia = await screen.findByRole('checkbox', { name: 'Divergência em aberto' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(9);
    expect(divergencia).toHaveAccessibleDescription('Quem desbloqueia: Aprovador com alçada (aprovação do CT-e) ou resposta da transportadora à contestação.');
    await user.click(screen.getByRole('checkbox', { name: 'Vencimento antes do fim da conferência' }));
    await user.click(screen.getByRole('checkbox', { name: /Pagar o incontroverso/ }));
    const prazo = screen.getByLabelText('Prazo da conferência (dias)');
    await user.clear(prazo);
    await user.type(prazo, '5');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages()).toEqual(['Regras de liberação salvas: as faturas em conferência foram reconferidas.']);
    const corpo = chamadas.find((c) => c.method === 'POST' && c.url === '/api/regras-pagamento')?.body as Record<string, unknown>;
    expect(corpo).toMatchObject({ pagarIncontroverso: false, prazoConferenciaDias: 5, versao: 2 });
    expect(corpo.bloqueios).toMatchObject({ VENCIMENTO_CURTO: false, DIVERGENCIA_ABERTA: true, CTE_JA_COBRADO: true });
    expect(chamadas.some((c) => c.method === 'POST' && c.url === '/api/configuracoes')).toBe(false);
  });

  it('Pagamento: a stale version shows the server message (409)', async () => {
    const { user } = abrir({ conflitoRegras: true });
    await aba(user, '3', 'Pagamento');
    await user.click(await screen.findByRole('checkbox', { name: 'CT-e não auditado' }));
    await user.click(screen.getByRole('button', { name: /Salvar/ }));
    expect(await readMessages()).toEqual([MENSAGEM_VERSAO_OBSOLETA]);
  });

  it('Alçadas: blank limits go as null, a user added with the picker and one removed (both null)', async () => {
    const { user, chamadas } = abrir();
    await aba(user, '4', 'Alçadas');
    const gerenteCte = await screen.findByRole('textbox', { name: 'Gerente: limite por CT-e' });
    expect(gerenteCte).toHaveValue('500,00');
    expect(screen.getByRole('textbox', { name: 'Diretor: limite por CT-e' })).toHaveValue('');
    await user.clear(gerenteCte);
    const supervisorFatura = screen.getByRole('textbox', { name: 'Supervisor: limite por fatura' });
    await user.clear(supervisorFatura);
    await user.type(supervisorFatura, '750,5');

    await user.type(screen.getByRole('combobox', { name: 'Adicionar usuário' }), 'Bru');
    await user.click(await screen.findByRole('option', { name: 'Bruno Lima (bruno)' }));
    await user.type(await screen.findByRole('textbox', { name: 'Bruno Lima: limite por CT-e' }), '120');
    await user.click(screen.getByRole('button', { name: 'Remover a alçada própria de Carla Souza' }));
    expect(within(screen.getByRole('region', { name: 'Alçadas por usuário' })).queryByText('Carla Souza')).not.toBeInTheDocument();
    await focar(screen.getByRole('textbox', { name: 'Bruno Lima: limite por fatura' }));
    await user.keyboard('{Control>}s{/Control}');

    await waitFor(() => expect(chamadas.some((c) => c.method === 'POST' && c.url === '/api/alcadas')).toBe(true));
    const corpo = chamadas.find((c) => c.method === 'POST' && c.url === '/api/alcadas')?.body as Record<string, unknown>;
    expect(corpo.versao).toBe(4);
    expect(corpo.niveis).toContainEqual({ nivel: 'GERENTE', limiteCte: null, limiteFatura: '5000.00' });
    expect(corpo.niveis).toContainEqual({ nivel: 'DIRETOR', limiteCte: null, limiteFatura: null });
    expect(corpo.niveis).toContainEqual({ nivel: 'SUPERVISOR', limiteCte: '50.00', limiteFatura: '750.5' });
    expect(corpo.usuarios).toEqual([
      { usuario: 12, limiteCte: '120', limiteFatura: null },
      { usuario: 9, limiteCte: null, limiteFatura: null },
    ]);
  });
});
