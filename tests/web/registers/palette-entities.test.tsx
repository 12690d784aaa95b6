import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ROUTES } from '../../../src/web/app/routes';
import { json, rota } from '../helpers/fetch-stub';
import { pagina, usuario } from '../helpers/fixtures';
import { motorista, transportadora, veiculo } from '../helpers/register-fixtures';
import { renderApp } from '../helpers/render-app';

const carrier = transportadora(7, 'Expresso Andrade Ltda', { cnpjFormatado: '45.723.174/0001-10' });
const driver = motorista(4, 'Helena Duarte', { cpf: '39053344705', cpfFormatado: '390.533.447-05' });
const rotas = [
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
    expect(chamadas.some((c) => c.url.startsWith('/api/transportadoras?transportadora=45.723'))).toBe(true);
    await user.click(within(grupo).getByRole('option', { name: /Expresso Andrade/ }));
    const dialogo = await screen.findByRole('dialog', { name: 'Transportadora' });
    expect(await within(dialogo).findByLabelText('Razão social')).toHaveValue('Expresso Andrade Ltda');
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/transportadora'));
  });

  it('finds a driver by CPF (digits only sent) and opens the DriverDialog', async () => {
    const { user, chamadas } = renderApp({ usuario: ADMIN, rotas });
    await screen.findByRole('heading', { name: 'Fretes' }, { timeout: 5000 });
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    await user.keyboard('390.533');
    const grupo = await screen.findByRole('group', { name: 'Motoristas' });
    expect(chamadas.some((c) => c.url.includes('search=cpf~"390533";status==ATIVO'))).toBe(true);
    expect(within(grupo).getByRole('option', { name: /Helena Duarte/ })).toBeInTheDocument();
    await user.click(within(grupo).getByRole('option', { name: /Helena Duarte/ }));
    const dialogo = await screen.findByRole('dialog', { name: 'Editar motorista' });
    expect(await within(dialogo).findByLabelText('CPF')).toHaveValue('390.533.447-05');
  });

  it('searches only the areas the user may open', async () => {
    const { user, chamadas } = renderApp({ usuario: usuario({ roles: ['FRETE_CTE_M', 'FRETE_VEIC_M'] }), rotas });
    await screen.findByRole('heading', { name: 'Fretes' }, { timeout: 5000 });
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    await user.keyboard('abc1');
    await screen.findByRole('group', { name: 'Veículos' });
    expect(chamadas.some((c) => c.url.includes('search=placa~"ABC1"'))).toBe(true);
    expect(chamadas.some((c) => c.url.startsWith('/api/transportadoras') || c.url.startsWith('/api/motoristas'))).toBe(false);
  });
});
