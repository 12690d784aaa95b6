import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CteFatura } from '../../../src/contracts/conferencia-fatura';
import { cteLinha, fakeCtesServer } from '../helpers/fake-ctes-server';
import { usuario } from '../helpers/fixtures';
import { dialogoFechado, dialogoPronto, focar } from '../helpers/focar';
import { readMessages } from '../helpers/read-messages';
import { renderApp } from '../helpers/render-app';
import { cteFatura, faturaLinha, fakeFaturasServer } from './fake-faturas-server';

// 30 lines: the 16th (index 15) is the first divergent one, billed above the CT-e's charged value.
const LINHAS_CTE: CteFatura[] = Array.from({ length: 30 }, (_, i) =>
  i === 15
    ? cteFatura(i + 1, { valorFrete: '130.00', valorCobrado: '100.00', valorDivergente: true, divergente: true, motivos: ['Valor faturado diferente do cobrado no CT-e'] })
    : i === 20
      ? cteFatura(i + 1, { cteId: null, statusCte: null, situacao: 'NAO_ENCONTRADO', divergente: true, motivos: ['CT-e não encontrado'] })
      : cteFatura(i + 1),
);

const abrir = ({ nivel = 'GERENTE' as 'GERENTE' | 'ADMIN', semTotal = false } = {}) => {
  const fatura = faturaLinha(1, { conferencia: { conferida: false, divergencias: 2 }, quantidade: 30 });
  const servidor = fakeFaturasServer({
    linhas: [fatura],
    ctes: { 1: LINHAS_CTE },
    completas: { 1: { avisos: ['Linha 12: registro 353 sem valor do frete.'], ...(semTotal ? { faturaTotalFatura: null } : {}) } },
  });
  const ctes = fakeCtesServer({ linhas: [cteLinha(3, { status: 'AUDITADO_SUCESSO', valorAuditoria: '150.00' })] });
  const app = renderApp({ caminho: '/faturas?ver=1', usuario: usuario({ roles: ['FRETE_FAT_M'], nivel }), rotas: [...servidor.rotas, ...ctes.rotas] });
  return { ...app, servidor };
};
const fretesDaFatura = (d: HTMLElement) => within(d).getByRole('grid', { name: 'Fretes da fatura' });
const numeros = (g: HTMLElement) => within(g).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('gridcell')[0].textContent);
const selecionada = (g: HTMLElement) => document.getElementById(g.getAttribute('aria-activedescendant') ?? '');

describe('modal Fatura', () => {
  it('Dados Principais: the read-only cards of spec §2.4, the warnings and the Conferência card', async () => {
    abrir({ semTotal: true });
    const d = await dialogoPronto('Fatura', 15_000);
    expect(within(d).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Dados Principais', 'Fretes', 'Pagamento']);
    const cartao = (nome: string) => within(d).getByRole('region', { name: nome });
    expect(cartao('Cabeçalho do documento')).toHaveTextContent('Registro350DocumentoDOC1');
    expect(cartao('Cabeçalho de intercâmbio')).toHaveTextContent('IntercâmbioCOB10031');
    expect(cartao('Transportadora')).toHaveTextContent('CNPJ11.222.333/0001-81');
    expect(cartao('Total da fatura')).toHaveTextContent('não informado no arquivo');
    const primeiro = cartao('Primeiro documento');
    for (const t of ['FilialMATRIZ', 'Tipo de cobrançaBCO', 'Ação do documentoI (inclusão)', 'Vencimento10/04/2025', 'Valor do ICMSR$ 148,15', 'Juros por dia de atrasoR$ 0,41', 'Agência1234', 'Dígito da conta0'])
      expect(primeiro).toHaveTextContent(t);
    expect(cartao('Avisos da leitura')).toHaveTextContent('Linha 12: registro 353 sem valor do frete.');
    const conferencia = cartao('Conferência');
    expect(within(conferencia).getByRole('status', { name: 'Resultado da conferência' })).toHaveTextContent('2 divergências');
    for (const t of ['Valor faturadoR$ 1.234,56', 'Valor a pagarR$ 1.234,56', 'Encontrados30']) expect(conferencia).toHaveTextContent(t);
  });

  it('Fretes (Alt+2): 12 lines a page, the footer over every line, the divergence marked with its reason', async () => {
    const { user, chamadas } = abrir();
    const d = await dialogoPronto('Fatura', 15_000);
    await user.keyboard('{Alt>}2{/Alt}');
    const g = fretesDaFatura(d);
    await waitFor(() => expect(numeros(g)).toHaveLength(12));
    expect(numeros(g)[0]).toBe('2001/1');
    expect(chamadas.some((c) => c.url === '/api/faturas/1/ctes?page=0&size=12')).toBe(true);
    const totais = within(d).getByRole('status', { name: 'Totais da fatura' });
    expect(totais).toHaveTextContent('Registros: 30');
    expect(totais).toHaveTextContent('Valor do frete: R$ 3.030,00');
    await user.click(within(d).getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(numeros(g)[0]).toBe('2013/1'));
    const divergente = within(g).getAllByRole('row').find((r) => r.textContent?.includes('2016/1'))!;
    expect(divergente).toHaveTextContent('Valor faturado diferente do cobrado no CT-e');
    expect(divergente).toHaveTextContent('cobrado R$ 100,00');
    expect(within(divergente).getByText('R$ 130,00')).toBeInTheDocument();
    expect(totais).toHaveTextContent('Registros: 30');
  });

  it('"Ir para o primeiro CT-e divergente" (Alt+D) opens Fretes on its page with the focus on its row', async () => {
    const { user, chamadas } = abrir();
    const d = await dialogoPronto('Fatura', 15_000);
    await user.keyboard('{Alt>}d{/Alt}');
    const g = fretesDaFatura(d);
    await waitFor(() => expect(g).toHaveFocus());
    expect(chamadas.some((c) => c.url === '/api/faturas/1/ctes?page=1&size=12')).toBe(true);
    expect(selecionada(g)).toHaveTextContent('2016/1');
    expect(within(d).getByRole('tab', { name: 'Fretes' })).toHaveAttribute('aria-selected', 'true');
  });

  it('the list command opens the fatura straight on its first divergent CT-e', async () => {
    const { user } = abrir();
    const d = await dialogoPronto('Fatura', 15_000);
    await user.keyboard('{Escape}');
    await dialogoFechado('Fatura');
    await focar(screen.getByRole('grid', { name: 'Faturas' }));
    await user.keyboard('{Alt>}d{/Alt}');
    const d2 = await dialogoPronto('Fatura');
    expect(d2).not.toBe(d);
    const g = fretesDaFatura(d2);
    await waitFor(() => expect(g).toHaveFocus());
    expect(selecionada(g)).toHaveTextContent('2016/1');
  });

  it('the view action opens the same CT-e detail dialog; closing it gives the focus back to the row', async () => {
    const { user } = abrir();
    const d = await dialogoPronto('Fatura', 15_000);
    await user.keyboard('{Alt>}2{/Alt}');
    const g = fretesDaFatura(d);
    await waitFor(() => expect(numeros(g)).toHaveLength(12));
    await focar(g);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    const detalhe = await dialogoPronto('Frete 1003', 15_000);
    expect(within(detalhe).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Dados Principais', 'Tomador/Transportadora', 'Carga/Prestação', 'Resultado da Auditoria', 'Ocorrências']);
    await user.keyboard('{Escape}');
    await dialogoFechado('Frete 1003');
    await waitFor(() => expect(g).toHaveFocus());
    expect(selecionada(g)).toHaveTextContent('2003/1');
    expect(screen.getByRole('dialog', { name: 'Fatura' })).toBeInTheDocument();
  });

  it('Cancelar fatura: not offered below nível ADMIN', async () => {
    abrir();
    const d = await dialogoPronto('Fatura', 15_000);
    expect(within(d).queryByRole('button', { name: 'Cancelar fatura' })).not.toBeInTheDocument();
  });

  it('Cancelar fatura (ADMIN): asks the exact question, posts {id, versao}, shows the answer and refreshes', async () => {
    const { user, chamadas } = abrir({ nivel: 'ADMIN' });
    const d = await dialogoPronto('Fatura', 15_000);
    await user.click(within(d).getByRole('button', { name: 'Cancelar fatura' }));
    const pergunta = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(pergunta.querySelector('p')?.textContent).toBe('Tem certeza que deseja cancelar essa fatura?');
    await waitFor(() => expect(within(pergunta).getByRole('button', { name: 'Não' })).toHaveFocus());
    await user.keyboard('s');
    expect(await readMessages()).toEqual(['Fatura 5001 cancelada: os CT-es dela ficaram sem número de fatura.']);
    expect(chamadas.find((c) => c.url === '/api/faturas/cancelar')?.body).toEqual({ id: 1, versao: 0 });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(d).getByText('Fatura cancelada.')).toBeInTheDocument());
    expect(within(d).queryByRole('button', { name: 'Cancelar fatura' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('grid', { name: 'Faturas', hidden: true })).getByText('Cancelado')).toBeInTheDocument());
  });
});
