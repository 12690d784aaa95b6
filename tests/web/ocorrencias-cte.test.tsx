import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CteCompleto, CteLinha } from '../../src/contracts/ctes';
import { cteLinha, fakeCtesServer } from './helpers/fake-ctes-server';
import { usuario } from './helpers/fixtures';
import { dialogoFechado, dialogoPronto, focar } from './helpers/focar';
import { renderApp } from './helpers/render-app';
import { fakeOcorrenciasServer, ocorrencia } from './ocorrencias-fake-server';

// Issue 31 in the CT-e detail (the Ocorrências tab, Alt+5; the CT-es it refers to and that refer to it) and in the
// Fretes filters (ocorrencia=REENTREGA|SEM_COMPROVANTE).

const CHAVE_ORIGINAL = '35260311222333000181570010000009001000009001';
const TIMELINE = [
  ocorrencia(11, { dataHora: '2026-03-10T09:15:00-03:00', codigo: '20', texto: 'Cliente ausente', sentido: 'INSUCESSO', observacao: 'Portaria fechada' }),
  ocorrencia(12, { dataHora: '2026-03-11T10:00:00-03:00', codigo: '24', texto: 'Reentrega solicitada pelo cliente', sentido: 'REENTREGA' }),
  ocorrencia(13, {
    origem: 'EVENTO_CTE',
    dataHora: '2026-03-12T16:45:00-03:00',
    codigo: '110180',
    texto: 'Comprovante de Entrega do CT-e',
    sentido: 'ENTREGA',
    notaFiscal: null,
    arquivo: 'evento-110180.xml',
    linha: null,
    cancelada: true,
  }),
];

function abrir(linhas: CteLinha[], completos: Record<number, Partial<CteCompleto>> = {}, caminho = '/ctes') {
  const ctes = fakeCtesServer({ linhas, completos });
  const ocorrencias = fakeOcorrenciasServer({ timelines: { 1: TIMELINE } });
  return renderApp({ caminho, usuario: usuario({ roles: ['FRETE_CTE_M', 'FRETE_CTE_E'] }), rotas: [...ocorrencias.rotas, ...ctes.rotas] });
}
const verFrete = async (user: ReturnType<typeof abrir>['user'], numero: number) => {
  await screen.findByText(String(numero), {}, { timeout: 15_000 });
  await user.click(screen.getByRole('button', { name: `Visualizar frete ${numero}` }));
  return dialogoPronto(`Frete ${numero}`, 15_000);
};
const chamouTimeline = (chamadas: { url: string }[], id: number) => chamadas.filter((c) => new URL(c.url, 'http://x').pathname === `/api/ocorrencias/ctes/${id}`);

describe('CT-e detail: the Ocorrências tab', () => {
  it('Alt+5 opens the timeline (read only then): date, code, text, observation, source, meaning; a cancelled event struck through', async () => {
    const { user, chamadas } = abrir([cteLinha(1)]);
    const d = await verFrete(user, 1001);
    expect(chamouTimeline(chamadas, 1)).toHaveLength(0);
    await user.keyboard('{Alt>}5{/Alt}');
    const aba = within(d).getByRole('tab', { name: 'Ocorrências' });
    await waitFor(() => expect(aba).toHaveAttribute('aria-selected', 'true'));
    expect(aba).toHaveFocus();
    const lista = await within(d).findByRole('list', { name: 'Ocorrências do CT-e' });
    const url = new URL(chamouTimeline(chamadas, 1)[0].url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '0', size: '200' });
    const itens = within(lista).getAllByRole('listitem');
    expect(itens.map((i) => i.getAttribute('aria-label'))).toEqual([
      '10/03/2026 09:15 20 Cliente ausente',
      '11/03/2026 10:00 24 Reentrega solicitada pelo cliente',
      '12/03/2026 16:45 110180 Comprovante de Entrega do CT-e (cancelado)',
    ]);
    expect(itens[0]).toHaveTextContent('Insucesso');
    expect(itens[0]).toHaveTextContent('Observação: Portaria fechada');
    expect(itens[0]).toHaveTextContent('NF 11222333000181 1/1234 · OCO0310.TXT, linha 13');
    expect(itens[1]).toHaveTextContent('Reentrega');
    expect(itens[2]).toHaveTextContent('Comprovante de entrega');
    expect(itens[2]).toHaveTextContent('evento-110180.xml');
    expect(within(itens[2]).getByText('Comprovante de Entrega do CT-e').tagName).toBe('DEL');
    expect(within(itens[1]).getByText('Reentrega solicitada pelo cliente').tagName).not.toBe('DEL');
    // Back to the first tab and again: Alt+1, Alt+5.
    await user.keyboard('{Alt>}1{/Alt}');
    await waitFor(() => expect(within(d).getByRole('tab', { name: 'Dados Principais' })).toHaveAttribute('aria-selected', 'true'));
    await user.keyboard('{Alt>}5{/Alt}');
    expect(await within(d).findByRole('list', { name: 'Ocorrências do CT-e' })).toBeInTheDocument();
  });

  it('a CT-e without occurrences says so', async () => {
    const { user } = abrir([cteLinha(2)]);
    const d = await verFrete(user, 1002);
    await user.keyboard('{Alt>}5{/Alt}');
    expect(await within(d).findByText('Nenhuma ocorrência para este CT-e.')).toBeInTheDocument();
  });
});

describe('CT-e detail: the CT-e it refers to and those that refer to it', () => {
  const completos: Record<number, Partial<CteCompleto>> = {
    1: {
      referencia: { tipo: 'COMPLEMENTO', chave: CHAVE_ORIGINAL, id: 2, numero: 1002 },
      referenciadoPor: [
        { tipo: 'SUBSTITUICAO', id: 3, chave: '35260311222333000181570010000010031000010031', numero: 1003, serie: '1', status: 'PROCESSADO', valorTotal: '111.11' },
      ],
    },
  };

  it('"Complementa o CT-e 1002" with its key, Alt+O opens it over the detail; "Substituído por CT-e 1003 (R$ 111,11)" opens from the palette', async () => {
    const { user } = abrir([cteLinha(1), cteLinha(2), cteLinha(3)], completos);
    const d = await verFrete(user, 1001);
    const relacionados = within(d).getByRole('region', { name: 'CT-es relacionados' });
    expect(relacionados).toHaveTextContent('Complementa o CT-e 1002');
    expect(relacionados).toHaveTextContent(`Chave ${CHAVE_ORIGINAL}`);
    expect(relacionados).toHaveTextContent('Substituído por CT-e 1003 (R$ 111,11)');
    await user.keyboard('{Alt>}o{/Alt}');
    await dialogoPronto('Frete 1002', 15_000);
    await user.keyboard('{Escape}');
    await dialogoFechado('Frete 1002');
    await waitFor(() => expect(d.contains(document.activeElement)).toBe(true));

    await user.keyboard('{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', { name: /Paleta de comandos/ });
    await user.keyboard('Abrir o CT-e 1003');
    await user.click(await within(paleta).findByRole('option', { name: /Abrir o CT-e 1003 \(substituto\)/ }));
    await dialogoPronto('Frete 1003', 15_000);
  });

  it('an ordinary CT-e shows no such block and Alt+O does nothing', async () => {
    const { user } = abrir([cteLinha(1), cteLinha(2)]);
    const d = await verFrete(user, 1001);
    expect(within(d).queryByRole('region', { name: 'CT-es relacionados' })).not.toBeInTheDocument();
    await user.keyboard('{Alt>}o{/Alt}');
    expect(screen.queryByRole('dialog', { name: 'Frete 1002' })).not.toBeInTheDocument();
  });
});

describe('Fretes: the occurrence filter', () => {
  const listagens = (chamadas: { url: string }[]) => chamadas.filter((c) => c.url.startsWith('/api/ctes/listar-simples')).map((c) => new URL(c.url, 'http://x').searchParams);

  it('"Com ocorrência de reentrega" is sent as ocorrencia=REENTREGA and kept in the URL', async () => {
    const { user, chamadas } = abrir([cteLinha(1)]);
    await screen.findByText('1001', {}, { timeout: 15_000 });
    const filtro = screen.getByLabelText('Ocorrência');
    expect([...(filtro as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Todos', 'Com ocorrência de reentrega', 'Sem comprovante de entrega']);
    expect(listagens(chamadas).every((p) => !p.has('ocorrencia'))).toBe(true);
    await user.selectOptions(filtro, 'Com ocorrência de reentrega');
    await focar(filtro);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listagens(chamadas).at(-1)?.get('ocorrencia')).toBe('REENTREGA'));
    expect(new URLSearchParams(window.location.search).get('ocorrencia')).toBe('REENTREGA');
  });

  it('read from the URL: ocorrencia=SEM_COMPROVANTE is the filter shown and the one sent', async () => {
    const { chamadas } = abrir([cteLinha(1)], {}, '/ctes?ocorrencia=SEM_COMPROVANTE');
    await screen.findByText('1001', {}, { timeout: 15_000 });
    expect(screen.getByLabelText('Ocorrência')).toHaveValue('SEM_COMPROVANTE');
    expect(listagens(chamadas)[0].get('ocorrencia')).toBe('SEM_COMPROVANTE');
  });
});
