import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mensagemExclusaoConemb } from '../../src/contracts/conemb';
import { MSG_CONFIRMAR_EXCLUIR_MINUTA, perguntaConfirmarMinutas } from '../../src/contracts/minutas';
import { resumoConversaoCtes, resumoConversaoMinutas, resumoLeituraConemb } from '../../src/contracts/minutas-lotes';
import { mesSaoPaulo } from '../../src/domain/sao-paulo-date';
import { json, rota } from './helpers/fetch-stub';
import { conversaoCtes, conversaoMinutas, fakeMinutasServer, leituraConemb, minutaLinha } from './helpers/fake-minutas-server';
import { usuario } from './helpers/fixtures';
import { focar } from './helpers/focar';
import { readMessages } from './helpers/read-messages';
import { renderApp } from './helpers/render-app';
import { typeSlowly } from './helpers/type-slowly';
import { buscas, rotaBusca } from './helpers/fake-busca';

const LINHAS = [
  minutaLinha(1),
  minutaLinha(2, { cnpjRemetente: null, quantidadeNotasFiscais: 0 }),
  minutaLinha(3, { status: 'PREENCHIDO' }),
  minutaLinha(4, { status: 'PROCESSADO', cteId: 77, valorTotalFrete: '1000.50' }),
  minutaLinha(5, { valorTotalFrete: '20.00' }),
];
/** GET /api/busca as the server answers a minuta's number. */
const busca = rotaBusca((q) => (q === '105' ? [{ tipo: 'minutas', hits: [{ id: 5, rotulo: 'Minuta 105', detalhe: 'Pendente' }] }] : []));
const abrir = ({ login = 'ana', roles = ['FRETE_MINU_M', 'FRETE_CTE_M'], caminho = '/minutas', rotas = [] as ReturnType<typeof rota>[] } = {}) => {
  const servidor = fakeMinutasServer({ linhas: LINHAS });
  return { ...renderApp({ caminho, usuario: usuario({ login, roles }), rotas: [...rotas, busca, ...servidor.rotas] }), servidor };
};
const grade = () => screen.getByRole('grid', { name: 'Minutas' });
const linha = (numero: string) => within(grade()).getAllByRole('row').find((r) => within(r).queryAllByRole('gridcell')[3]?.textContent === numero)!;
const caixa = (numero: string) => within(linha(numero)).getByRole('checkbox');
const listagens = (chamadas: { url: string; method: string }[]) => chamadas.filter((c) => c.method === 'GET' && c.url.startsWith('/api/minutas?'));
const pronto = () => screen.findByText('F1', {}, { timeout: 15_000 });
const confirmarSelecionados = () => screen.getByRole('button', { name: /Confirmar Selecionados/ });

describe('Minutas screen (/minutas)', () => {
  it('lists the current month 20 a page, with every column of spec 03 §2.5 and the status icons', async () => {
    const { chamadas } = abrir();
    await pronto();
    const { dataIni, dataFim } = mesSaoPaulo();
    const url = listagens(chamadas)[0].url;
    expect(new URL(url, 'http://x').searchParams.get('search')).toBe(`dataEmissao>=${dataIni};dataEmissao<=${dataFim}`);
    for (const p of ['size=20', 'page=0', 'sort=dataEmissao,desc']) expect(url).toContain(p);
    const cabecalhos = within(grade()).getAllByRole('columnheader').map((c) => c.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(cabecalhos).toEqual(['', 'Status', 'Fatura', 'Número', 'Emissão', 'Cliente', 'Transporte', 'Peso (Kg)', 'Valor', 'Ações']);
    const l1 = linha('101');
    expect(within(l1).getByRole('img', { name: 'Pendente' })).toBeInTheDocument();
    for (const texto of ['F1', '10/03/2025', 'Papelaria Central Ltda', 'Expresso Andrade Ltda', 'Curitiba/PR → São Paulo/SP', '1.250,500', 'R$ 350,00']) {
      expect(within(l1).getByText(texto)).toBeInTheDocument();
    }
    expect(within(l1).getByRole('button', { name: 'Editar minuta 101' })).toBeInTheDocument();
    expect(within(l1).getByRole('button', { name: 'Excluir minuta 101' })).toBeEnabled();
    expect(within(linha('103')).getByRole('img', { name: 'Confirmado' })).toHaveAttribute('title', 'Confirmado');
    expect(within(linha('104')).getByRole('img', { name: 'Processado' })).toBeInTheDocument();
    expect(within(linha('104')).getByRole('button', { name: 'Excluir minuta 104' })).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Totais' })).toHaveTextContent('Valor total: R$ 2.070,50');
    expect(screen.queryByLabelText('Registros por página')).not.toBeInTheDocument();
  });

  it('sends the filters joined with ";" and the carrier as id:{id}; Enter searches', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await user.click(screen.getByRole('combobox', { name: 'Transportadora' }));
    await typeSlowly(user, 'Expr');
    await user.click(await screen.findByRole('option', { name: 'Expresso Andrade Ltda' }));
    await user.type(screen.getByLabelText('Chave'), '3525x');
    await user.type(screen.getByLabelText('Número'), '12');
    const inicio = screen.getByLabelText('Emissão inicial');
    await user.clear(inicio);
    await user.type(inicio, '01022025');
    await user.type(screen.getByLabelText('Nº da fatura'), 'F9{Enter}');
    await waitFor(() => expect(listagens(chamadas).some((c) => c.url.includes('fatura:F9'))).toBe(true));
    const q = new URL(listagens(chamadas).at(-1)!.url, 'http://x').searchParams;
    expect(q.get('search')).toBe(`dataEmissao>=2025-02-01;dataEmissao<=${mesSaoPaulo().dataFim};fatura:F9;numero:12;chave:3525`);
    expect(q.get('transportadora')).toBe('id:7');
    expect(new URLSearchParams(window.location.search).get('transportadoraNome')).toBe('Expresso Andrade Ltda');
  });

  it('only complete minutas take a mark; the header checkbox marks all complete ones; the tooltip says what is missing', async () => {
    const { user } = abrir();
    await pronto();
    expect(caixa('102')).toBeDisabled();
    expect(caixa('102')).toHaveAttribute('title', 'Falta: CNPJ do remetente, ao menos uma nota fiscal.');
    expect(caixa('103')).toHaveAttribute('title', 'Minuta já confirmada.');
    expect(caixa('101')).toHaveAttribute('title', 'Minuta completa: pode ser confirmada.');
    expect(confirmarSelecionados()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar todas as minutas completas da página' }));
    expect(screen.getAllByRole('checkbox', { checked: true }).map((c) => c.getAttribute('aria-label'))).toEqual([
      'Selecionar todas as minutas completas da página',
      'Selecionar minuta 101',
      'Selecionar minuta 105',
    ]);
    expect(confirmarSelecionados()).toBeEnabled();
    await focar(grade());
    await user.keyboard('{Alt>}t{/Alt}');
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    await user.keyboard(' ');
    expect(caixa('101')).toBeChecked();
    await user.keyboard('{ArrowDown} ');
    expect(caixa('102')).not.toBeChecked();
  });

  it('Confirmar Selecionados asks with the warning, posts the ids, clears the selection and lists again', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await user.click(caixa('101'));
    await user.click(caixa('105'));
    const antes = listagens(chamadas).length;
    await user.click(confirmarSelecionados());
    const pergunta = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(pergunta.querySelector('p')?.textContent).toBe(perguntaConfirmarMinutas(2));
    expect(pergunta).toHaveTextContent('não poderão mais ser editadas');
    await waitFor(() => expect(within(pergunta).getByRole('button', { name: 'Não' })).toHaveFocus());
    await user.keyboard('s');
    expect(await readMessages()).toEqual(['2 minuta(s) confirmada(s).']);
    expect(chamadas.find((c) => c.url === '/api/minutas/confirmar')?.body).toEqual({ ids: [1, 5] });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listagens(chamadas).length).toBeGreaterThan(antes));
    await waitFor(() => expect(within(linha('101')).getByRole('img', { name: 'Confirmado' })).toBeInTheDocument());
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    expect(confirmarSelecionados()).toBeDisabled();
  });

  it('Delete on the grid asks the exact question before DELETE /minutas {id, versao}', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await focar(grade());
    await user.keyboard('{Delete}');
    const pergunta = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(pergunta.querySelector('p')?.textContent).toBe(MSG_CONFIRMAR_EXCLUIR_MINUTA);
    await waitFor(() => expect(within(pergunta).getByRole('button', { name: 'Não' })).toHaveFocus());
    await user.keyboard('s');
    await waitFor(() => expect(chamadas.find((c) => c.method === 'DELETE')?.body).toEqual({ id: 1, versao: 0 }));
    await waitFor(() => expect(within(grade()).queryByText('F1')).not.toBeInTheDocument());
  });

  it('shows the admin batches only to the login admin', async () => {
    const { user, unmount } = abrir();
    await pronto();
    for (const b of [/Ler ConEmb's/, /Converter Minutas/, /Converter CT-es/]) expect(screen.queryByRole('button', { name: b })).not.toBeInTheDocument();
    await user.keyboard('{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    expect(within(paleta).queryByRole('option', { name: /Converter/ })).not.toBeInTheDocument();
    unmount();
  });

  it('the login admin runs each batch with the token, sees the progress and then the summary; the list is read again', async () => {
    let terminar = () => {};
    const lenta = rota('GET', '/api/public/txts/conhecimentos', () => new Promise<Response>((r) => (terminar = () => r(json(leituraConemb)))));
    const { user, chamadas } = abrir({ login: 'admin', rotas: [lenta] });
    await pronto();
    const antes = listagens(chamadas).length;
    await user.click(screen.getByRole('button', { name: /Ler ConEmb's/ }));
    expect(await screen.findByText('Lendo os arquivos CONEMB…')).toHaveAttribute('role', 'status');
    for (const b of [/Ler ConEmb's/, /Converter Minutas/, /Converter CT-es/]) expect(screen.getByRole('button', { name: b })).toBeDisabled();
    terminar();
    expect(await readMessages()).toEqual([resumoLeituraConemb(leituraConemb)]);
    const leitura = chamadas.find((c) => c.url === '/api/public/txts/conhecimentos')!;
    expect(leitura.headers.get('Authorization')).toBe('Bearer tok-123');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listagens(chamadas).length).toBeGreaterThan(antes));
    await user.click(screen.getByRole('button', { name: /Converter Minutas/ }));
    expect(await readMessages()).toEqual([resumoConversaoMinutas(conversaoMinutas)]);
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: /Converter CT-es/ }));
    expect(await readMessages()).toEqual([resumoConversaoCtes(conversaoCtes)]);
    for (const url of ['/api/public/conhecimentos/minutas', '/api/public/minutas/ctes']) {
      expect(chamadas.find((c) => c.url === url)?.headers.get('Authorization')).toBe('Bearer tok-123');
    }
  });

  it("after Ler ConEmb's the summary names the minutas an ação E deleted, the records it did not apply and the refused files (docs/decisoes.md §22)", async () => {
    const minutaExcluida = { linha: 4, serie: '0', numero: '81002', efeito: 'MINUTA_EXCLUIDA' as const, minuta: { numero: '81002', transportadora: 'DLB SERVICOS LTDA', status: 'PENDENTE' as const } };
    const naoEncontrado = { linha: 5, serie: '0', numero: '99001', efeito: 'NAO_ENCONTRADO' as const, minuta: null };
    const exclusoes = [minutaExcluida, naoEncontrado].map((x) => ({ ...x, arquivo: 'exclui.txt', mensagem: mensagemExclusaoConemb(x) }));
    const motivo = 'Linha 4: o conhecimento série 0 nº 81001 desta transportadora já foi lido com outros valores (…).';
    // The server's own lines are not what the screen reads: it builds them from the result.
    const resultado = { ...leituraConemb, excluidos: 1, exclusoes, erros: [{ arquivo: 'reenvio.txt', motivo }], mensagens: ['?'] };
    const { user } = abrir({ login: 'admin', rotas: [rota('GET', '/api/public/txts/conhecimentos', () => json(resultado))] });
    await pronto();
    await user.click(screen.getByRole('button', { name: /Ler ConEmb's/ }));
    const linhas = await readMessages();
    expect(linhas).toEqual([
      resumoLeituraConemb(resultado),
      `reenvio.txt: ${motivo}`,
      'exclui.txt: Linha 4: a minuta 81002 (DLB SERVICOS LTDA) foi excluída: o arquivo cancela (ação E) o conhecimento série 0 nº 81002.',
      'exclui.txt: Linha 5: exclusão não aplicada: o conhecimento série 0 nº 99001 (ação E) nunca foi lido nesta empresa.',
    ]);
    expect(linhas[0]).toContain('1 minuta(s) excluída(s)');
  });

  it('the palette offers the screen commands and finds a minuta by number', async () => {
    const { user, chamadas } = abrir({ login: 'admin' });
    await pronto();
    await user.click(caixa('101'));
    await focar(grade());
    await user.keyboard('{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    for (const nome of [/Incluir minuta/, /Confirmar selecionados/, /Procurar minutas/, /Editar minuta selecionada/, /Ler ConEmb's/, /Converter Minutas/, /Converter CT-es/]) {
      expect(within(paleta).getByRole('option', { name: nome })).toBeInTheDocument();
    }
    await user.keyboard('105');
    await user.click(await within(paleta).findByRole('option', { name: /Minuta 105/ }));
    expect(buscas(chamadas)).toContain('/api/busca?q=105');
    await screen.findByRole('dialog', { name: 'Minuta — Pendente' });
    await waitFor(() => expect(chamadas.some((c) => c.url === '/api/minutas/5')).toBe(true));
  });
});
