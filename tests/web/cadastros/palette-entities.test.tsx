import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ROUTES } from '../../../src/web/app/routes';
import { buscas, rotaBusca } from '../helpers/fake-busca';
import { json, rota } from '../helpers/fetch-stub';
import { pagina, usuario } from '../helpers/fixtures';
import { motorista, transportadora, veiculo } from '../helpers/cadastro-fixtures';
import { renderApp } from '../helpers/render-app';

const carrier = transportadora(7, 'Expresso Andrade Ltda', { cnpjFormatado: '45.723.174/0001-10' });
const driver = motorista(4, 'Helena Duarte', { cpf: '39053344705', cpfFormatado: '390.533.447-05' });
// The server's answer for the terms these tests type (GET /api/busca labels the hits itself).
const busca = rotaBusca((q) => {
  if (q === '45.723') return [{ tipo: 'transportadoras', hits: [{ id: 7, rotulo: carrier.razaoSocial, detalhe: '45.723.174/0001-10' }] }];
  if (q === '390.533') return [{ tipo: 'motoristas', hits: [{ id: 4, rotulo: 'Helena Duarte', detalhe: '390.533.447-05' }] }];
  if (q === 'abc1') return [{ tipo: 'veiculos', hits: [{ id: 5, rotulo: 'ABC1D23' }] }];
  return [];
});
const rotas = [
  busca,
  rota('GET', '/api/transportadoras', () => json([carrier])),
  rota('GET', '/api/transportadoras/7', () => json(carrier)),
  rota('GET', '/api/transportadoras/listar-simples', () => json(pagina([carrier]))),
  rota('GET', '/api/motoristas', () => json(pagina([driver]))),
  rota('GET', '/api/motoristas/4', () => json(driver)),
  rota('GET', '/api/veiculos', () => json(pagina([veiculo(5, 'ABC1D23')]))),
  rota('GET', '/api/usuarios', () => json(pagina([]))),
  rota('GET', '/api/perfis', () => json(pagina([]))),
  rota('GET', '/api/tabelas-frete', () => json(pagina([]))),
];
const ADMIN = usuario({ nivel: 'ADMIN', roles: [] });

describe('palette: registers and entity search', () => {
  it('lists every register route', async () => {
    const { user } = renderApp({ usuario: ADMIN, rotas });
    await screen.findByRole('heading', { name: 'Fretes' }, { timeout: 5000 });
    await user.keyboard('{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    const navegacao = within(paleta).getByRole('group', { name: 'Navegação' });
    for (const titulo of ['Usuários', 'Configuração', 'Transportadoras', 'Tipos de Veículo', 'Veículos', 'Motoristas', 'Limites por UF']) {
      expect(ROUTES.some((r) => r.title === titulo)).toBe(true);
      expect(within(navegacao).getByRole('option', { name: new RegExp(titulo) })).toBeInTheDocument();
    }
  });

  it('finds a carrier by CNPJ and opens its dialog', async () => {
    const { user, chamadas } = renderApp({ usuario: ADMIN, rotas });
    await screen.findByRole('heading', { name: 'Fretes' }, { timeout: 5000 });
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    await user.keyboard('45.723');
    const grupo = await screen.findByRole('group', { name: 'Transportadoras' });
    expect(buscas(chamadas)).toContain('/api/busca?q=45.723');
    expect(within(grupo).getByRole('option')).toHaveTextContent('Expresso Andrade Ltda45.723.174/0001-10');
    await user.click(within(grupo).getByRole('option', { name: /Expresso Andrade/ }));
    const dialogo = await screen.findByRole('dialog', { name: 'Transportadora' });
    expect(await within(dialogo).findByLabelText('Razão social')).toHaveValue('Expresso Andrade Ltda');
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/transportadora'));
  });

  it('finds a driver by CPF and opens the MotoristaDialog', async () => {
    const { user, chamadas } = renderApp({ usuario: ADMIN, rotas });
    await screen.findByRole('heading', { name: 'Fretes' }, { timeout: 5000 });
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    await user.keyboard('390.533');
    const grupo = await screen.findByRole('group', { name: 'Motoristas' });
    expect(buscas(chamadas)).toContain('/api/busca?q=390.533');
    expect(within(grupo).getByRole('option', { name: /Helena Duarte/ })).toBeInTheDocument();
    await user.click(within(grupo).getByRole('option', { name: /Helena Duarte/ }));
    const dialogo = await screen.findByRole('dialog', { name: 'Editar motorista' });
    expect(await within(dialogo).findByLabelText('CPF')).toHaveValue('390.533.447-05');
  });

  it('asks the server only when some kind the user may open could name the text, and never per kind', async () => {
    const { user, chamadas } = renderApp({ usuario: usuario({ roles: ['FRETE_CTE_M', 'FRETE_VEIC_M'] }), rotas });
    await screen.findByRole('heading', { name: 'Fretes' }, { timeout: 5000 });
    await user.keyboard('{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    await user.keyboard('abc1');
    await within(paleta).findByRole('group', { name: 'Veículos' });
    expect(buscas(chamadas)).toContain('/api/busca?q=abc1');
    // A text no kind of this user takes (CT-es: digits; plates: letters and digits) asks nothing, at any length.
    await user.clear(within(paleta).getByRole('combobox'));
    const antes = buscas(chamadas).length;
    await user.keyboard('São Paulo');
    await waitFor(() => expect(within(paleta).queryByRole('group', { name: 'Veículos' })).not.toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 300));
    expect(buscas(chamadas)).toHaveLength(antes);
    expect(chamadas.some((c) => /^\/api\/(transportadoras|motoristas|veiculos|ctes)\?/.test(c.url))).toBe(false);
  });
});
