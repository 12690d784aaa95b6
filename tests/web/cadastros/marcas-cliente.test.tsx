import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarcasCliente } from '../../../src/web/features/configuracoes/marcas-cliente';

describe('MarcasCliente', () => {
  it('shows the active icon only for posicao ATIVO, and the tipo', () => {
    const { rerender } = render(<MarcasCliente tipo="MATRIZ" posicao="ATIVO" />);
    expect(screen.getByRole('img', { name: 'Ativo' })).toHaveTextContent('●');
    expect(screen.getByText('MATRIZ')).toBeInTheDocument();
    rerender(<MarcasCliente tipo="FILIAL" posicao="BLOQUEADO" />);
    expect(screen.getByRole('img', { name: 'Não ativo' })).toHaveTextContent('○');
    expect(screen.getByText('FILIAL')).toBeInTheDocument();
  });
});
