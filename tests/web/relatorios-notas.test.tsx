import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { NotaCte } from '../../src/contracts/ctes';
import { CteNotasGrid } from '../../src/web/features/ctes/cte-notas-grid';
import { fakeRelatoriosServer } from './helpers/fake-relatorios-server';
import { stubFetch } from './helpers/fetch-stub';
import { focar } from './helpers/focar';
import { readMessages } from './helpers/read-messages';
import { renderWithProviders } from './helpers/render-with-providers';

// docs/decisoes.md §28: the documents of a CT-e note row — "PDF da nota" (GET /vw-notas-fiscais/pdf), and for its order
// "PDF das notas (ZIP)" (/pdfs) and "Espelho do pedido" (/vwpedidos/espelhoPedido/{json}), by keyboard; a
// 404 shows spec 03 §8's warning in 'Advertência'.

const nota = (id: number, numero: number, notaFiscalId: string | null, pedidoId: string | null): NotaCte => ({
  id, chave: `3526031043256700011955001000000${numero}1000000001`.slice(0, 44), numero, pesoLiquido: '10.000', pesoBruto: '12.000', valorTotalProdutos: '100.00', valor: '110.00', pedidoId, notaFiscalId,
});

function abrir(notas: NotaCte[]) {
  localStorage.setItem('frete.sessao', JSON.stringify({ token: 'tok-123', empresa: 'COLACRIL' }));
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
  const baixados: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    baixados.push(this.download);
  });
  const stub = stubFetch(...fakeRelatoriosServer().rotas);
  return { ...renderWithProviders(<CteNotasGrid notas={notas} pesos={{}} onPeso={() => {}} editavel={false} />), ...stub, baixados };
}

const linha = (numero: number) => screen.getAllByRole('row').find((r) => within(r).queryAllByRole('cell')[0]?.textContent?.startsWith(String(numero)))!;

describe('CT-e notes grid: document downloads', () => {
  it('Enter on "PDF da nota" downloads the note PDF named by the server', async () => {
    const { user, chamadas, baixados } = abrir([nota(1, 101, 'NF-1', 'PV-1'), nota(2, 102, 'NF-2', 'PV-1')]);
    await focar(within(linha(101)).getByRole('button', { name: 'PDF da nota 101' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(baixados).toEqual(['nota-fiscal-101.pdf']));
    expect(chamadas.find((c) => c.url.startsWith('/api/vw-notas-fiscais/pdf'))?.url).toBe('/api/vw-notas-fiscais/pdf?notaFiscalId=NF-1&pedidoId=PV-1');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("a note without a PDF: 'Advertência' with the exact §8 text", async () => {
    const { user, baixados } = abrir([nota(1, 101, 'NF-1', 'PV-1'), nota(2, 102, 'NF-2', 'PV-1')]);
    await focar(within(linha(102)).getByRole('button', { name: 'PDF da nota 102' }));
    await user.keyboard('{Enter}');
    expect(await readMessages(/Advertência/)).toEqual(['Nenhum PDF encontrado para a nota fiscal 102.']);
    expect(baixados).toEqual([]);
  });

  it("the order's ZIP and mirror; an order without notes gets its §8 warning", async () => {
    const { user, chamadas, baixados } = abrir([nota(1, 101, 'NF-1', 'PV-1'), nota(3, 103, 'NF-3', 'PV-2')]);
    await focar(within(linha(101)).getByRole('button', { name: 'PDF das notas do pedido PV-1 (ZIP)' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(baixados).toEqual(['notas-fiscais-pedido-PV-1.zip']));
    await focar(within(linha(101)).getByRole('button', { name: 'Espelho do pedido PV-1' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(baixados).toEqual(['notas-fiscais-pedido-PV-1.zip', 'espelho-pedido-PV-1.pdf']));
    expect(chamadas.some((c) => c.url === '/api/vwpedidos/espelhoPedido/{"pedidoId":"PV-1"}')).toBe(true);
    await focar(within(linha(103)).getByRole('button', { name: 'PDF das notas do pedido PV-2 (ZIP)' }));
    await user.keyboard('{Enter}');
    expect(await readMessages(/Advertência/)).toEqual(['Nenhuma nota fiscal encontrada para o pedido PV-2.']);
  });

  it('a note the ERP does not know, without order, offers no document', () => {
    abrir([nota(4, 104, null, null)]);
    expect(within(linha(104)).queryByRole('button')).not.toBeInTheDocument();
  });
});
