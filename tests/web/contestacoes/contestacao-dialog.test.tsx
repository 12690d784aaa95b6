import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { relogio } from '../../../src/domain/relogio';
import { dataSaoPaulo, somarDias } from '../../../src/domain/sao-paulo-date';
import type { Contestacao } from '../../../src/contracts/contestacoes';
import { usuario } from '../helpers/fixtures';
import { dialogoPronto, focar } from '../helpers/focar';
import { renderApp } from '../helpers/render-app';
import { cteFatura, faturaLinha, fakeFaturasServer } from '../faturas/fake-faturas-server';
import { contestacao, fakeContestacoesServer } from './fake-contestacoes-server';

const PAG = ['FRETE_PAG_M', 'FRETE_PAG_C', 'FRETE_PAG_E'];
const LINHAS = [cteFatura(1), cteFatura(16, { id: 916, valorFrete: '130.00', valorCobrado: '100.00', valorDivergente: true, divergente: true, motivos: ['Valor faturado diferente do cobrado no CT-e'] })];

const abrir = ({ roles = ['FRETE_FAT_M', ...PAG], iniciais = [] as Contestacao[] } = {}) => {
  const faturas = fakeFaturasServer({ linhas: [faturaLinha(1, { situacaoPagamento: 'BLOQUEADA', conferencia: { conferida: false, divergencias: 1 } })], ctes: { 1: LINHAS } });
  const contestacoes = fakeContestacoesServer(iniciais);
  const app = renderApp({ caminho: '/faturas?ver=1', usuario: usuario({ roles }), rotas: [...contestacoes.rotas, ...faturas.rotas] });
  return { ...app, contestacoes };
};

const paleta = async (user: ReturnType<typeof abrir>['user'], comando: string) => {
  await user.keyboard('{Control>}k{/Control}');
  const p = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
  await user.keyboard(comando);
  await within(p).findByRole('option', { name: new RegExp(comando) });
  await user.keyboard('{Enter}');
};
const botoes = (d: HTMLElement) => within(d).getAllByRole('button').map((b) => b.textContent?.replace(/(Alt|Ctrl)\+\S+$/, '').trim()).filter((t) => t !== '×');
const posts = (chamadas: { method: string; url: string; body: unknown }[], fim: string) => chamadas.filter((c) => c.method === 'POST' && c.url.endsWith(fim));

describe('Contestação (dispute dialog)', () => {
  it('"Contestar fatura" from the palette opens the form, Ctrl+S sends the whole fatura with motivo, descrição and prazo', async () => {
    const { user, chamadas } = abrir();
    await dialogoPronto('Fatura', 15_000);
    await paleta(user, 'Contestar fatura');
    const d = await dialogoPronto('Contestação');
    expect(within(d).getByLabelText('Motivo')).toHaveFocus();
    expect(d).toHaveTextContent('Fatura 5001: todas as linhas divergentes.');
    await user.selectOptions(within(d).getByLabelText('Motivo'), 'Valor acima da tabela');
    await user.type(within(d).getByLabelText('Descrição'), 'Frete acima da tabela vigente');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(posts(chamadas, '/api/contestacoes')).toHaveLength(1));
    const prazo = somarDias(dataSaoPaulo(relogio.agora())!, 10);
    expect(posts(chamadas, '/api/contestacoes')[0].body).toEqual({ fatura: 1, motivo: 'VALOR_ACIMA_TABELA', descricao: 'Frete acima da tabela vigente', prazo });
    const dados = await within(d).findByRole('region', { name: 'Dados da contestação' });
    expect(dados).toHaveTextContent('StatusAberta');
    expect(within(d).getByRole('table', { name: 'CT-es contestados' })).toHaveTextContent('2016/1R$ 130,00R$ 100,00R$ 30,00—');
  });

  it('the actions follow the machine: ABERTA sends or closes, ENVIADA takes the answer (aceita em parte: value and credit note), then closes', async () => {
    const { user, chamadas, contestacoes } = abrir();
    await dialogoPronto('Fatura', 15_000);
    await user.keyboard('{Alt>}2{/Alt}');
    await screen.findByText('2016/1');
    // The first line is not divergent: nothing to dispute there.
    await user.keyboard('{Control>}k{/Control}');
    const p = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    await user.keyboard('Contestar CT-e da linha');
    expect(within(p).queryByRole('option', { name: /Contestar CT-e da linha/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Paleta de comandos' })).not.toBeInTheDocument());
    await focar(within(screen.getByRole('dialog', { name: 'Fatura' })).getByRole('grid', { name: 'Fretes da fatura' }));
    await user.keyboard('{ArrowDown}');
    await paleta(user, 'Contestar CT-e da linha');
    const d = await dialogoPronto('Contestação');
    expect(d).toHaveTextContent('CT-e 2016/1 da fatura 5001.');
    await user.selectOptions(within(d).getByLabelText('Motivo'), 'Peso divergente');
    await user.keyboard('{Control>}s{/Control}');
    await within(d).findByRole('region', { name: 'Dados da contestação' });
    expect(posts(chamadas, '/api/contestacoes')[0].body).toMatchObject({ linhas: [916], motivo: 'PESO_DIVERGENTE' });
    expect(botoes(d)).toEqual(['Enviar', 'Encerrar', 'Baixar carta (PDF)', 'Copiar e-mail', 'Fechar']);

    await user.keyboard('{Alt>}e{/Alt}');
    await waitFor(() => expect(within(d).getByRole('region', { name: 'Dados da contestação' })).toHaveTextContent('StatusEnviada'));
    expect(posts(chamadas, '/enviar')[0].body).toEqual({ versao: 0 });
    expect(botoes(d)).toEqual(['Registrar resposta', 'Baixar carta (PDF)', 'Copiar e-mail', 'Fechar']);

    await user.keyboard('{Alt>}r{/Alt}');
    const resposta = await within(d).findByRole('region', { name: 'Resposta da transportadora' });
    await waitFor(() => expect(within(resposta).getByLabelText('Resposta')).toHaveFocus());
    await user.selectOptions(within(resposta).getByLabelText('Resposta'), 'Aceita em parte');
    await user.type(within(resposta).getByLabelText('Valor aceito'), '12,5');
    await user.type(within(resposta).getByLabelText('Nota de crédito / desconto'), 'NC-77');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(within(d).getByRole('region', { name: 'Dados da contestação' })).toHaveTextContent('StatusAceita em parte'));
    expect(posts(chamadas, '/responder')[0].body).toEqual({ versao: 1, resultado: 'PARCIAL', valorAceito: '12.5', documentoCredito: 'NC-77' });
    expect(botoes(d)).toEqual(['Encerrar', 'Baixar carta (PDF)', 'Copiar e-mail', 'Fechar']);

    await user.click(within(d).getByRole('button', { name: /Encerrar/ }));
    await waitFor(() => expect(contestacoes.estado.contestacoes[0].status).toBe('ENCERRADA'));
    await waitFor(() => expect(botoes(d)).toEqual(['Baixar carta (PDF)', 'Copiar e-mail', 'Fechar']));
  });

  it('without FRETE_PAG_E the dispute is read-only but its letter and e-mail are at hand; Copiar e-mail fills the clipboard', async () => {
    const { user } = abrir({ roles: ['FRETE_FAT_M', 'FRETE_PAG_M', 'FRETE_PAG_C'], iniciais: [contestacao(1)] });
    await dialogoPronto('Fatura', 15_000);
    await paleta(user, 'Contestar fatura');
    const d = await dialogoPronto('Contestação');
    await user.selectOptions(within(d).getByLabelText('Motivo'), 'Outro');
    await user.keyboard('{Control>}s{/Control}');
    await within(d).findByRole('region', { name: 'Dados da contestação' });
    expect(botoes(d)).toEqual(['Baixar carta (PDF)', 'Copiar e-mail', 'Fechar']);
    await user.keyboard('{Alt>}m{/Alt}');
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('Contestação 101 — fatura 5001\n\nPrezados, contestamos o CT-e 2016/1.'));
  });
});
