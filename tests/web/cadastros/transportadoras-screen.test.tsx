import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Transportadora } from '../../../src/contracts/transportadoras';
import { json, rota, type Chamada } from '../helpers/fetch-stub';
import { pagina, usuario } from '../helpers/fixtures';
import { transportadora } from '../helpers/cadastro-fixtures';
import { renderApp } from '../helpers/render-app';

function servidor() {
  const itens = [transportadora(1, 'Andrade Transportes Ltda'), transportadora(2, 'Rápido Sul Cargas S.A.'), transportadora(3, 'Velha Logística', { ativado: false })];
  const listar = (c: Chamada) => {
    const q = new URL(c.url, 'http://x').searchParams;
    const texto = (q.get('transportadora') ?? '').toLowerCase();
    const todos = q.get('desativados') === 'true';
    return json(pagina(itens.filter((t) => (todos || t.ativado) && t.razaoSocial.toLowerCase().includes(texto)), 0, Number(q.get('size'))));
  };
  return {
    itens,
    rotas: [
      rota('GET', '/api/transportadoras/listar-simples', listar),
      rota('GET', '/api/transportadoras/atualizar', () => json({ adicionados: 3, atualizados: 1, total: 6 })),
      rota('GET', /^\/api\/transportadoras\/\d+$/, (c) => json(itens.find((t) => t.id === Number(c.url.split('/').pop())))),
      rota('GET', '/api/municipios/findByNomeOrCodigo', () => json([{ id: 9, codigo: 3509502, nome: 'Campinas', siglaUf: 'SP' }])),
      rota('POST', '/api/transportadoras', (c) => {
        const corpo = c.body as { id: number };
        return json({ ...(itens.find((t) => t.id === corpo.id) as Transportadora), municipio: { id: 9, codigo: 3509502, nome: 'Campinas', siglaUf: 'SP' }, versao: 1 });
      }),
    ],
  };
}
const abrir = (over: Parameters<typeof usuario>[0] = {}) => renderApp({ caminho: '/transportadora', usuario: usuario({ roles: ['FRETE_TRANS_M', 'FRETE_TRANS_E', 'FRETE_CTE_M'], ...over }), rotas: servidor().rotas });
const nomes = () =>
  within(screen.getByRole('grid', { name: 'Transportadoras' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell')[0].textContent);

describe('carriers screen', () => {
  it('lists 50 per page sorted by razão social, with the spec columns', async () => {
    const { chamadas } = abrir();
    await screen.findByText('Andrade Transportes Ltda', {}, { timeout: 5000 });
    expect(nomes()).toEqual(['Andrade Transportes Ltda', 'Rápido Sul Cargas S.A.']);
    const url = chamadas.find((c) => c.url.startsWith('/api/transportadoras/listar-simples'))?.url;
    expect(url).toContain('size=50');
    expect(url).toContain('sort=razaoSocial,asc');
    expect(url).toContain('desativados=false');
    const cabecalhos = within(screen.getByRole('grid', { name: 'Transportadoras' })).getAllByRole('columnheader').map((c) => c.textContent);
    expect(cabecalhos.join('|')).toMatch(/Razão social.*Nome fantasia.*CNPJ.*Município.*Código IBGE.*Ações/);
  });

  it('searches with Enter and toggles deactivated with Ctrl+H', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Andrade Transportes Ltda', {}, { timeout: 5000 });
    await user.type(screen.getByLabelText(/razão social, nome fantasia, CNPJ ou código/), 'rápido{Enter}');
    await waitFor(() => expect(nomes()).toEqual(['Rápido Sul Cargas S.A.']));
    expect(chamadas.some((c) => c.url.includes('transportadora=rápido'))).toBe(true);
    await user.clear(screen.getByLabelText(/razão social/));
    await user.keyboard('{Enter}');
    await user.keyboard('{Control>}h{/Control}');
    await waitFor(() => expect(nomes()).toContain('Velha Logística'));
  });

  it('Atualizar is only for level ADMIN', async () => {
    abrir({ nivel: 'GERENTE' });
    await screen.findByText('Andrade Transportes Ltda', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Atualizar/ })).not.toBeInTheDocument();
  });

  it('Atualizar (Alt+U) syncs and shows "N adicionadas, M atualizadas"', async () => {
    const { user, chamadas } = abrir({ nivel: 'ADMIN', roles: [] });
    await screen.findByText('Andrade Transportes Ltda', {}, { timeout: 5000 });
    expect(screen.getByRole('button', { name: /Atualizar/ })).toBeInTheDocument();
    await user.keyboard('{Alt>}u{/Alt}');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('3 adicionadas, 1 atualizadas');
    expect(chamadas.some((c) => c.url === '/api/transportadoras/atualizar')).toBe(true);
  });

  it('the dialog shows the ERP data read-only and saves the IBGE municipality (FRETE_TRANS_E)', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Andrade Transportes Ltda', {}, { timeout: 5000 });
    screen.getByRole('grid', { name: 'Transportadoras' }).focus();
    await user.keyboard('{Enter}');
    const dialogo = await screen.findByRole('dialog', { name: 'Transportadora' });
    expect(within(dialogo).getByLabelText('Razão social')).toHaveAttribute('readonly');
    expect(within(dialogo).getByLabelText('Código')).toHaveValue('F1');
    expect(within(dialogo).getByLabelText('Telefone 1')).toHaveValue('(11) 3000-0000');
    await user.keyboard('{Alt>}2{/Alt}');
    expect(within(dialogo).getByLabelText('Código IBGE')).toHaveValue('3550308');
    await user.type(within(dialogo).getByRole('combobox', { name: /Município/ }), '{Control>}a{/Control}camp');
    await user.click(await screen.findByRole('option', { name: /Campinas/ }, { timeout: 3000 }));
    expect(within(dialogo).getByLabelText('Código IBGE')).toHaveValue('3509502');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transportadora' })).not.toBeInTheDocument());
    expect(chamadas.find((c) => c.method === 'POST')?.body).toEqual({ id: 1, municipio: { codigo: 3509502 }, ativado: true, versao: 0 });
  });

  it('without FRETE_TRANS_E the dialog has no Salvar', async () => {
    const { user } = abrir({ roles: ['FRETE_TRANS_M', 'FRETE_CTE_M'] });
    await screen.findByText('Andrade Transportes Ltda', {}, { timeout: 5000 });
    screen.getByRole('grid', { name: 'Transportadoras' }).focus();
    await user.keyboard('{Enter}');
    const dialogo = await screen.findByRole('dialog', { name: 'Transportadora' });
    expect(within(dialogo).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });
});
