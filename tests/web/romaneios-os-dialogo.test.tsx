import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import {
  MSG_LACRE_NAO_INFORMADO,
  MSG_MOTORISTA_NAO_INFORMADO,
  MSG_ROMANEIO_SEM_ITEM,
  MSG_TIPO_VEICULO_NAO_INFORMADO,
  MSG_TRANSPORTADORA_NAO_INFORMADA,
  type RomaneioOs,
} from '../../src/contracts/romaneios';
import { MSG_DESCARTAR_ALTERACOES } from '../../src/web/ui/dialog';
import { escolherOpcao, fakeRomaneiosOsServer, romaneioOs, salvamentos } from './helpers/fake-romaneios-os-server';
import { json, rota } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { dialogoFechado, dialogoPronto, focar } from './helpers/focar';
import { readMessages } from './helpers/read-messages';
import { motorista } from './helpers/cadastro-fixtures';
import { renderApp } from './helpers/render-app';

const TODOS = ['FRETE_ROMA_M', 'FRETE_ROMA_C', 'FRETE_ROMA_E', 'FRETE_MOTO_C'];
const ROMANEIOS = [
  romaneioOs(1),
  romaneioOs(2, { status: 'FATURAMENTO' }),
  romaneioOs(3, { status: 'FINALIZADO' }),
  romaneioOs(4, { status: 'CANCELADO' }),
];

function abrir({ roles = TODOS, romaneios = ROMANEIOS as RomaneioOs[], rotas = [] as ReturnType<typeof rota>[] } = {}) {
  const servidor = fakeRomaneiosOsServer({ romaneios });
  return { ...renderApp({ caminho: '/romaneios?aba=os', usuario: usuario({ roles }), rotas: [...rotas, ...servidor.rotas] }), servidor };
}
const grade = () => screen.getByRole('grid', { name: 'Romaneios de O.S.' });
const pronto = async () => within(await screen.findByRole('grid', { name: 'Romaneios de O.S.' }, { timeout: 15_000 })).findByText('101');

/** Opens the row `n` (0-based) with the keyboard. */
async function abrirLinha(user: ReturnType<typeof abrir>['user'], n: number, titulo: string) {
  await focar(grade());
  await user.keyboard(`{Home}${'{ArrowDown}'.repeat(n)}{Enter}`);
  return dialogoPronto(titulo);
}
const botoes = (d: HTMLElement) =>
  within(d.closest('[role=dialog]') as HTMLElement)
    .getAllByRole('button')
    .map((b) => b.textContent?.replace(/(Ctrl|Alt)\+\w/g, '').replace('/', '').trim())
    .filter((t) => ['Salvar', 'Imprimir', 'Faturar', 'Finalizar'].includes(t ?? ''));

describe('Romaneio de O.S. dialog', () => {
  it('a new manifest refuses to save with the messages of spec §5, all at once', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await focar(grade());
    await user.keyboard('{Alt>}n{/Alt}');
    await dialogoPronto('Novo romaneio de O.S. — Expedição');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([
      MSG_TRANSPORTADORA_NAO_INFORMADA,
      MSG_MOTORISTA_NAO_INFORMADO,
      MSG_LACRE_NAO_INFORMADO,
      MSG_TIPO_VEICULO_NAO_INFORMADO,
      MSG_ROMANEIO_SEM_ITEM,
    ]);
    expect(salvamentos(chamadas)).toHaveLength(0);
  });

  it('items wait for carrier, origin, destination and vehicle type: "Adicionar itens" is disabled with the hint', async () => {
    const { user } = abrir();
    await pronto();
    await focar(grade());
    await user.keyboard('{Alt>}n{/Alt}');
    const d = await dialogoPronto('Novo romaneio de O.S. — Expedição');
    await user.keyboard('{Alt>}2{/Alt}');
    const adicionar = await within(d).findByRole('button', { name: /Adicionar itens/ });
    expect(adicionar).toBeDisabled();
    expect(adicionar).toHaveAccessibleDescription('Informe a transportadora e o tipo de veículo para adicionar itens.');
    await user.keyboard('{Alt>}a{/Alt}');
    expect(screen.queryByRole('dialog', { name: /Adicionar itens —/ })).not.toBeInTheDocument();
    await user.keyboard('{Alt>}1{/Alt}');
    const destino = within(d).getByRole('combobox', { name: 'Município de destino' });
    await focar(destino);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await escolherOpcao(user, within(d).getByRole('combobox', { name: 'Transportadora' }), 'Expr', 'Expresso Andrade Ltda');
    await escolherOpcao(user, within(d).getByRole('combobox', { name: 'Tipo de veículo' }), 'Tru', 'Truck');
    expect(adicionar).toHaveAccessibleDescription('Informe o município de destino para adicionar itens.');
    await escolherOpcao(user, destino, 'São', 'São Paulo/SP');
    expect(adicionar).toBeEnabled();
    expect(adicionar).not.toHaveAccessibleDescription();
  });

  it('plates are upper-cased as typed, 7 characters at most; the save sends every field with the version', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    const d = await abrirLinha(user, 0, 'Romaneio de O.S. 101 — Expedição');
    const cavalo = within(d).getByLabelText('Placa do cavalo');
    await user.type(cavalo, 'abc-1d234');
    expect(cavalo).toHaveValue('ABC1D23');
    await user.clear(within(d).getByLabelText('Número do lacre'));
    await user.type(within(d).getByLabelText('Número do lacre'), 'L-77');
    await user.type(within(d).getByLabelText('Observação'), 'Entregar pela manhã');
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado(/Romaneio de O.S./);
    expect(salvamentos(chamadas)[0]).toMatchObject({
      id: 1,
      status: 'EXPEDICAO',
      versao: 0,
      transportadora: { id: 7 },
      motorista: { id: 3 },
      tipoVeiculo: { id: 2 },
      lacre: 'L-77',
      placaCarreta: 'ABC1D23',
      placaCavalo: 'ABC1D23',
      observacao: 'Entregar pela manhã',
      itens: [{ origem: 'OS', status: 'EXPEDIDO', ordensServico: ['501'], pesoBruto: '400.000', cliente: { id: 9 } }],
    });
    await waitFor(() => expect(grade()).toHaveFocus());
  });

  it('the buttons follow the status (machines/romaneio-os.ts): saved states print, FINALIZADO and CANCELADO are read-only', async () => {
    const { user } = abrir();
    await pronto();
    const casos: [number, string, string[]][] = [
      [0, 'Romaneio de O.S. 101 — Expedição', ['Imprimir', 'Faturar', 'Finalizar', 'Salvar']],
      [1, 'Romaneio de O.S. 102 — Faturamento', ['Imprimir', 'Finalizar', 'Salvar']],
      [2, 'Romaneio de O.S. 103 — Finalizado', ['Imprimir']],
      [3, 'Romaneio de O.S. 104 — Cancelado', ['Imprimir']],
    ];
    for (const [n, titulo, esperados] of casos) {
      const d = await abrirLinha(user, n, titulo);
      expect(botoes(d)).toEqual(esperados);
      const fechado = !esperados.includes('Salvar');
      expect(within(d).getByLabelText('Número do lacre')).toHaveProperty('disabled', fechado);
      expect(within(d).getByRole('combobox', { name: 'Motorista' })).toHaveProperty('disabled', fechado);
      await user.keyboard('{Escape}');
      await dialogoFechado(titulo);
    }
    await focar(grade());
    await user.keyboard('{Alt>}n{/Alt}');
    expect(botoes(await dialogoPronto('Novo romaneio de O.S. — Expedição'))).toEqual(['Salvar']);
  });

  it('without FRETE_ROMA_E a saved manifest only prints', async () => {
    const { user } = abrir({ roles: ['FRETE_ROMA_M'] });
    await pronto();
    const d = await abrirLinha(user, 0, 'Romaneio de O.S. 101 — Expedição');
    expect(botoes(d)).toEqual(['Imprimir']);
    expect(within(d).getByRole('combobox', { name: 'Transportadora' })).toBeDisabled();
  });

  it('Esc with unsaved changes asks before discarding them', async () => {
    const { user } = abrir();
    await pronto();
    const d = await abrirLinha(user, 0, 'Romaneio de O.S. 101 — Expedição');
    await user.type(within(d).getByLabelText('Número do lacre'), 'X');
    await user.keyboard('{Escape}');
    const pergunta = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(pergunta).toHaveTextContent(MSG_DESCARTAR_ALTERACOES);
    await user.keyboard('n');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(d).getByLabelText('Número do lacre')).toHaveValue('L-55X');
    await user.keyboard('{Escape}');
    await screen.findByRole('alertdialog', { name: 'Confirmação' });
    await user.keyboard('s');
    await dialogoFechado(/Romaneio de O.S./);
  });

  it('"Novo motorista" (Alt+M) creates a driver on the spot and puts it in the manifest', async () => {
    const novo = motorista(12, 'Carla Mendes', { cpf: '11144477735', cpfFormatado: '111.444.777-35', cnh: null });
    const salvarMotorista = rota('POST', '/api/motoristas', () => json(novo));
    const { user, chamadas } = abrir({ rotas: [salvarMotorista] });
    await pronto();
    const d = await abrirLinha(user, 0, 'Romaneio de O.S. 101 — Expedição');
    await focar(within(d).getByRole('combobox', { name: 'Motorista' }));
    await user.keyboard('{Alt>}m{/Alt}');
    const cadastro = await dialogoPronto('Novo motorista');
    const campos: [string, string][] = [['Nome', 'Carla Mendes'], ['CPF', '11144477735'], ['RG', '1234567'], ['RNTNC', '998877'], ['Logradouro', 'Rua A, 1'], ['CEP', '87300000'], ['Cidade', 'Campo Mourão'], ['UF', 'PR']];
    for (const [rotulo, valor] of campos) await user.type(within(cadastro).getByLabelText(rotulo), valor);
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Novo motorista');
    expect(chamadas.some((c) => c.method === 'POST' && c.url === '/api/motoristas')).toBe(true);
    await waitFor(() => expect(within(d).getByRole('combobox', { name: 'Motorista' })).toHaveValue('Carla Mendes (111.444.777-35)'));
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado(/Romaneio de O.S./);
    expect(salvamentos(chamadas)[0].motorista).toEqual({ id: 12 });
  });

  it('a 409 shows the server message and keeps the dialog open', async () => {
    const conflito = rota('POST', '/api/romaneios-colacril', () => json({ mensagens: [MENSAGEM_VERSAO_OBSOLETA] }, 409));
    const { user } = abrir({ rotas: [conflito] });
    await pronto();
    const d = await abrirLinha(user, 0, 'Romaneio de O.S. 101 — Expedição');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages()).toEqual([MENSAGEM_VERSAO_OBSOLETA]);
    expect(d).toBeInTheDocument();
  });
});
