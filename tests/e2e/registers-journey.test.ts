import { describe, expect, it } from 'vitest';
import { MSG_CPF_INVALIDO } from '../../src/contracts/motoristas';
import { apiDaSessao, consoleDaJornada } from './harness';
import { focused, loginAsAdmin, palette, substituir, tabTo } from './keyboard';

// Cadastros journey, keyboard only (no clicks, no .focus()): a driver with an invalid CPF (message), fixed
// and saved; a vehicle typed with a lowercase plate (stored upper-cased); a UF limit edited; carriers
// synchronised as admin (Atualizar) and one found from the palette.

describe('Cadastros, só pelo teclado, no Chromium', () => {
  const app = consoleDaJornada();

  it('motorista com CPF inválido e corrigido, veículo com placa minúscula, limite de UF, transportadoras sincronizadas e achadas na paleta', async () => {
    const { page, url } = app();
    const get = apiDaSessao(url, await loginAsAdmin(page, url));

    // Driver: New (Alt+N), every required field but an invalid CPF, Ctrl+S → the message; fix it; save.
    await palette(page, 'motoristas', 'Motoristas');
    await page.waitForURL('**/motoristas');
    await page.getByRole('gridcell', { name: 'João Batista Ferreira', exact: true }).waitFor();
    await page.keyboard.press('Alt+n');
    const novoMotorista = page.getByRole('dialog', { name: 'Novo motorista' });
    await novoMotorista.waitFor();
    const campos: [string, string][] = [
      ['Nome', 'Rita E2E Campos'],
      ['CPF', '123.456.789-00'],
      ['RG', '33.444.555-6'],
      ['RNTNC', '55443322'],
      ['Logradouro', 'Rua do Teste, 42'],
      ['CEP', '13010-100'],
      ['Cidade', 'Campinas'],
      ['UF', 'sp'],
    ];
    for (const [rotulo, valor] of campos) {
      await tabTo(page, rotulo);
      await page.keyboard.type(valor);
    }
    await page.keyboard.press('Control+s');
    const aviso = page.getByRole('alertdialog', { name: /Atenção/ });
    await aviso.waitFor();
    expect(await aviso.getByRole('listitem').allTextContents()).toEqual([MSG_CPF_INVALIDO]);
    await page.keyboard.press('Enter');
    await aviso.waitFor({ state: 'detached' });
    await tabTo(page, 'CPF');
    await substituir(page, '390.533.447-05');
    await page.keyboard.press('Control+s');
    await novoMotorista.waitFor({ state: 'detached' });
    await page.getByRole('gridcell', { name: 'Rita E2E Campos', exact: true }).waitFor();
    const motoristas = await get<{ content: { nome: string; cpf: string; uf: string }[] }>(`/motoristas?search=${encodeURIComponent('nome~"Rita E2E"')}`);
    expect(motoristas.content.map((m) => [m.nome, m.cpf, m.uf])).toEqual([['Rita E2E Campos', '39053344705', 'SP']]);

    // Vehicle: the plate typed in lowercase is upper-cased as typed and stored so.
    await palette(page, 'veículos', 'Veículos');
    await page.waitForURL('**/veiculos');
    await page.getByRole('gridcell', { name: 'ABC1234', exact: true }).waitFor();
    await page.keyboard.press('Alt+n');
    const novoVeiculo = page.getByRole('dialog', { name: 'Novo veículo' });
    await novoVeiculo.waitFor();
    expect(await focused(page)).toBe('Placa');
    await page.keyboard.type('qae2e07');
    expect(await novoVeiculo.getByLabel('Placa').inputValue()).toBe('QAE2E07');
    expect(await novoVeiculo.getByLabel('País').inputValue()).toBe('Mercosul');
    await tabTo(page, 'Modelo');
    await page.keyboard.type('Accelo 1017');
    await page.keyboard.press('Control+s');
    await novoVeiculo.waitFor({ state: 'detached' });
    await page.getByRole('gridcell', { name: 'QAE2E07', exact: true }).waitFor();
    const veiculos = await get<{ content: { placa: string; modelo: string }[] }>(`/veiculos?search=${encodeURIComponent('placa~"QAE2E"')}`);
    expect(veiculos.content.map((v) => [v.placa, v.modelo])).toEqual([['QAE2E07', 'Accelo 1017']]);

    // UF limit: filter by name, Tab to the grid, Enter opens the modal, the weight limit typed with a comma.
    await palette(page, 'limites', 'Limites por UF');
    await page.waitForURL('**/uf');
    await page.getByRole('gridcell', { name: 'Acre', exact: true }).waitFor();
    await tabTo(page, 'Nome');
    await page.keyboard.type('Paraná');
    await page.keyboard.press('Enter');
    await page.getByRole('gridcell', { name: 'Paraná', exact: true }).waitFor();
    await page.getByRole('gridcell', { name: 'Acre', exact: true }).waitFor({ state: 'detached' });
    await tabTo(page, 'Limites por UF');
    await page.keyboard.press('Enter');
    const limites = page.getByRole('dialog', { name: 'Limites de Paraná' });
    await limites.waitFor();
    expect(await focused(page)).toBe('Limite de frete peso (R$/kg)');
    await substituir(page, '7,25');
    await page.keyboard.press('Control+s');
    await limites.waitFor({ state: 'detached' });
    const ufs = await get<{ content: { sigla: string; limiteFretePeso: string }[] }>(`/ufs?size=100&search=${encodeURIComponent('sigla==PR')}`);
    expect(Number(ufs.content[0]?.limiteFretePeso)).toBe(7.25);

    // Carriers: Atualizar (Alt+U, ADMIN) shows what the sync did; one is then found from the palette.
    await palette(page, 'transportadoras', 'Transportadoras');
    await page.waitForURL('**/transportadora');
    await page.getByRole('button', { name: /Atualizar/ }).waitFor();
    await page.keyboard.press('Alt+u');
    const resultado = page.getByRole('alertdialog', { name: 'Atualização de transportadoras' });
    await resultado.waitFor();
    expect(await resultado.textContent()).toMatch(/\d+ adicionadas, \d+ atualizadas/);
    await page.keyboard.press('Enter');
    await resultado.waitFor({ state: 'detached' });
    const lista = await get<{ content: { razaoSocial: string; cnpjFormatado: string }[] }>('/transportadoras/listar-simples?size=1&sort=razaoSocial,asc');
    const alvo = lista.content[0];
    expect(alvo).toBeDefined();
    await page.getByRole('gridcell', { name: alvo.razaoSocial, exact: true }).first().waitFor();
    await palette(page, alvo.cnpjFormatado, new RegExp(alvo.razaoSocial.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const dialogo = page.getByRole('dialog', { name: 'Transportadora' });
    await dialogo.waitFor();
    await dialogo.getByLabel('Razão social').waitFor();
    expect(await dialogo.getByLabel('Razão social').inputValue()).toBe(alvo.razaoSocial);
    await page.keyboard.press('Escape');
    await dialogo.waitFor({ state: 'detached' });
  });
});
