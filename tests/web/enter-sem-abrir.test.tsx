import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mensagemCteNaoEncontradoAoAbrir } from '../../src/contracts/conferencia-fatura';
import { mensagemSemAbrir } from '../../src/contracts/erros';
import type { TipoVeiculo } from '../../src/contracts/veiculos';
import { FaturaFretesTab } from '../../src/web/features/faturas/fatura-fretes-tab';
import { DataTable } from '../../src/web/ui/data-table';
import { cteFatura } from './faturas/fake-faturas-server';
import { tipoVeiculo } from './helpers/cadastro-fixtures';
import { fakeCadastroServer } from './helpers/fake-cadastro-server';
import { usuario } from './helpers/fixtures';
import { renderApp } from './helpers/render-app';

// Issue 28: Enter on a row that cannot open says why, instead of doing nothing.
interface Linha {
  id: number;
  nome: string;
}
const LINHAS: Linha[] = [
  { id: 1, nome: 'Aberta' },
  { id: 2, nome: 'Fechada' },
];
const MOTIVO = 'Você não pode abrir esta linha.';

function Tabela(props: { onActivate?: (l: Linha) => void; semAbrir?: string | ((l: Linha) => string | null) }) {
  const [sel, setSel] = useState(0);
  return (
    <DataTable
      label="Tabela de teste"
      columns={[{ id: 'nome', kind: 'name', header: 'Nome', cell: (l) => l.nome }]}
      rows={LINHAS}
      getRowId={(l) => l.id}
      selectedIndex={sel}
      onSelectedIndexChange={setSel}
      height={200}
      {...props}
    />
  );
}

describe('Enter on a row that cannot open', () => {
  it('DataTable without onActivate: Enter and double-click say the reason; moving clears it', async () => {
    const user = userEvent.setup();
    render(<Tabela semAbrir={MOTIVO} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    screen.getByRole('grid', { name: 'Tabela de teste' }).focus();
    await user.keyboard('{Enter}');
    expect(status).toHaveTextContent(MOTIVO);
    await user.keyboard('{ArrowDown}');
    expect(status).toHaveTextContent('');
    await user.dblClick(screen.getByText('Aberta'));
    expect(status).toHaveTextContent(MOTIVO);
  });

  it('DataTable with a reason per row: that row says it, the others open', async () => {
    const user = userEvent.setup();
    const onActivate = vi.fn();
    render(<Tabela onActivate={onActivate} semAbrir={(l) => (l.id === 2 ? MOTIVO : null)} />);
    screen.getByRole('grid', { name: 'Tabela de teste' }).focus();
    await user.keyboard('{Enter}');
    expect(onActivate).toHaveBeenCalledWith(LINHAS[0], 0);
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onActivate).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent(MOTIVO);
  });

  it('a register list for a read-only profile: Enter says the profile may not open the record', async () => {
    const s = fakeCadastroServer<TipoVeiculo>('/api/tipos-veiculo', [tipoVeiculo(1, 'Carreta'), tipoVeiculo(2, 'Truck')]);
    const { user } = renderApp({ caminho: '/tipos-veiculo', usuario: usuario({ roles: ['FRETE_TVEIC_M'] }), rotas: s.rotas });
    await screen.findByText('Carreta', {}, { timeout: 5000 });
    const grade = screen.getByRole('grid', { name: 'Tipos de Veículo' });
    grade.focus();
    await user.keyboard('{Enter}');
    const aviso = mensagemSemAbrir('o tipo de veículo', 'Tipos de Veículo');
    await waitFor(() => expect(grade.parentElement && within(grade.parentElement).getByRole('status')).toHaveTextContent(aviso));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the fatura Fretes tab: Enter on a line whose CT-e was not found says why; a found one opens', async () => {
    const user = userEvent.setup();
    const ver = vi.fn();
    const linhas = [cteFatura(1), cteFatura(2, { cteId: null, statusCte: null, situacao: 'NAO_ENCONTRADO', divergente: true })];
    const fretes = { content: linhas, totalElements: 2, totalPages: 1, number: 0, size: 12, valorFreteTotal: '0', primeiraDivergencia: 1 };
    function Aba() {
      const [sel, setSel] = useState(0);
      return <FaturaFretesTab fretes={fretes} carregando={false} selecionado={sel} onSelecionadoChange={setSel} onPageChange={() => {}} ver={ver} gridRef={null} />;
    }
    render(<Aba />);
    screen.getByRole('grid', { name: 'Fretes da fatura' }).focus();
    await user.keyboard('{Enter}');
    expect(ver).toHaveBeenCalledWith(linhas[0], 0);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(ver).toHaveBeenCalledTimes(1);
    const aviso = mensagemCteNaoEncontradoAoAbrir(`${linhas[1].numero}/${linhas[1].serie}`);
    expect(screen.getAllByRole('status').some((s) => s.textContent === aviso)).toBe(true);
  });
});
