import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mesSaoPaulo } from '../../../src/domain/sao-paulo-date';
import { usuario } from '../helpers/fixtures';
import { dialogoPronto, focar } from '../helpers/focar';
import { readMessages } from '../helpers/read-messages';
import { renderApp } from '../helpers/render-app';
import { buscas, rotaBusca } from '../helpers/fake-busca';
import { faturaLinha, fakeFaturasServer } from './fake-faturas-server';

const LINHAS = [
  faturaLinha(1),
  faturaLinha(2, { conferencia: { conferida: false, divergencias: 2 }, valorTotal: '22813.04' }),
  faturaLinha(3, { status: 'CANCELADO', conferencia: { conferida: false, divergencias: 1 } }),
];
/** GET /api/busca as the server answers a fatura's number (the fatura search is the server's: tests/server/busca.test.ts). */
const busca = rotaBusca((q) => (q === '5002' ? [{ tipo: 'faturas', hits: [{ id: 2, rotulo: 'Fatura 5002', detalhe: 'Expresso Andrade Ltda · 10/03/2025 · R$ 22.813,04' }] }] : []));
const abrir = ({ roles = ['FRETE_FAT_M'], caminho = '/faturas', nivel = 'GERENTE' as 'GERENTE' | 'ADMIN' } = {}) => {
  const servidor = fakeFaturasServer({ linhas: LINHAS });
  return { ...renderApp({ caminho, usuario: usuario({ roles, nivel }), rotas: [busca, ...servidor.rotas] }), servidor };
};
const grade = () => screen.getByRole('grid', { name: 'Faturas' });
const linha = (numero: string) => within(grade()).getAllByRole('row').find((r) => within(r).queryAllByRole('gridcell')[2]?.textContent === numero)!;
const listagens = (chamadas: { url: string }[]) => chamadas.filter((c) => c.url.startsWith('/api/faturas?'));
const pronto = () => screen.findByText('DOCCOB_1.txt', {}, { timeout: 15_000 });

describe('Faturas screen (/faturas)', () => {
  it('lists the current month, 50 a page, with the Conferência indicator and the status of cancelled ones', async () => {
    const { chamadas } = abrir();
    await pronto();
    const { dataIni, dataFim } = mesSaoPaulo();
    const url = listagens(chamadas)[0].url;
    for (const p of [`inicio=${dataIni}`, `fim=${dataFim}`, 'size=50', 'page=0', 'sort=dataEmissao,desc']) expect(url).toContain(p);
    const cabecalhos = within(grade()).getAllByRole('columnheader').map((c) => c.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(cabecalhos).toEqual(['Arquivo', 'Documento', 'Nº documento', 'Transportadora', 'Emissão', 'Vencimento', 'Qtde CT-es', 'Valor total', 'Conferência', 'Status', 'Pagamento', 'Ações']);
    expect(within(linha('5001')).getByText('Conferida')).toBeInTheDocument();
    expect(within(linha('5002')).getByText('2 divergências')).toBeInTheDocument();
    expect(within(linha('5002')).getByText('R$ 22.813,04')).toBeInTheDocument();
    expect(within(linha('5003')).getByText('1 divergência')).toBeInTheDocument();
    expect(within(linha('5003')).getByText('Cancelado')).toBeInTheDocument();
    expect(screen.getByLabelText('Registros por página')).toHaveValue('50');
    expect([...(screen.getByLabelText('Registros por página') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['50', '100', '200']);
  });

  it('sends the filters: the carrier by its CNPJ, documento, nº do documento and status; Enter searches', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    const transportadora = screen.getByRole('combobox', { name: 'Transportadora' });
    await user.type(transportadora, 'Expr');
    await user.click(await screen.findByRole('option', { name: 'Expresso Andrade Ltda' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'CANCELADO');
    await user.type(screen.getByLabelText('Documento'), 'DOC9');
    await user.type(screen.getByLabelText('Nº do documento'), '12a3{Enter}');
    await waitFor(() => expect(listagens(chamadas).some((c) => c.url.includes('numeroDocumento=123'))).toBe(true));
    const url = listagens(chamadas).at(-1)!.url;
    for (const p of ['transportadora=11222333000181', 'documento=DOC9', 'status=CANCELADO', 'page=0']) expect(url).toContain(p);
    expect(new URLSearchParams(window.location.search).get('transportadoraNome')).toBe('Expresso Andrade Ltda');
    await user.selectOptions(screen.getByLabelText('Registros por página'), '200');
    await waitFor(() => expect(listagens(chamadas).at(-1)!.url).toContain('size=200'));
  });

  it('Enter on a row opens the modal Fatura; Escape gives the focus back to the grid', async () => {
    const { user } = abrir();
    await pronto();
    await focar(grade());
    await user.keyboard('{ArrowDown}{Enter}');
    const d = await dialogoPronto('Fatura');
    expect(within(d).getByRole('region', { name: 'Cabeçalho do documento' })).toHaveTextContent('DOC2');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(grade()).toHaveFocus());
  });

  it('Ler Faturas (Alt+L) shows the summary and offers the faturas read', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await focar(grade());
    await user.keyboard('{Alt>}l{/Alt}');
    expect(await readMessages()).toEqual(['Leitura concluída: 1 fatura(s) lida(s), 0 já lida(s) antes, 0 cancelada(s) pelo arquivo, 0 arquivo(s) com erro.']);
    expect(chamadas.some((c) => c.url === '/api/faturas/ler-arquivos')).toBe(true);
    await user.keyboard('{Enter}'); // "Ver as faturas lidas" has the focus
    await dialogoPronto('Fatura');
    const aqui = new URLSearchParams(window.location.search);
    expect([aqui.get('inicio'), aqui.get('fim')]).toEqual(['2025-03-10', '2025-03-10']);
  });

  it('Enviar DOCCOB sends the picked files as multipart field "arquivos"; files dropped on the screen too', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    expect(screen.getByRole('button', { name: /Enviar DOCCOB/ })).toBeEnabled();
    const a = new File(['000COLACRIL'], 'COB1.txt', { type: 'text/plain' });
    const b = new File(['000COLACRIL'], 'COB2.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Arquivos DOCCOB'), [a, b]);
    await readMessages();
    const envio = chamadas.find((c) => c.method === 'POST' && c.url === '/api/faturas/enviar')!;
    expect(envio.body).toBeInstanceOf(FormData);
    expect((envio.body as FormData).getAll('arquivos').map((f) => (f as File).name)).toEqual(['COB1.txt', 'COB2.txt']);
    expect(envio.headers.get('Content-Type') ?? '').not.toContain('application/json');
    await user.keyboard('{Escape}');

    const c = new File(['000'], 'COB3.txt');
    fireEvent.drop(grade(), { dataTransfer: { files: [c], types: ['Files'] } });
    await waitFor(() => expect(chamadas.filter((x) => x.url === '/api/faturas/enviar')).toHaveLength(2));
    expect((chamadas.filter((x) => x.url === '/api/faturas/enviar')[1].body as FormData).getAll('arquivos').map((f) => (f as File).name)).toEqual(['COB3.txt']);
  });

  it('refuses too many files before sending', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    const muitos = Array.from({ length: 21 }, (_, i) => new File(['x'], `F${i}.txt`));
    await user.upload(screen.getByLabelText('Arquivos DOCCOB'), muitos);
    expect(await readMessages()).toEqual(['Envie no máximo 20 arquivos de uma vez.']);
    expect(chamadas.some((c) => c.url === '/api/faturas/enviar')).toBe(false);
  });

  it('the palette finds a fatura by number and opens its modal', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await user.keyboard('{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    await user.keyboard('5002');
    const hit = await within(paleta).findByRole('option', { name: /Fatura 5002/ });
    expect(buscas(chamadas)).toContain('/api/busca?q=5002');
    await user.click(hit);
    const d = await dialogoPronto('Fatura');
    expect(within(d).getByRole('region', { name: 'Cabeçalho do documento' })).toHaveTextContent('DOC2');
    await waitFor(() => expect(new URLSearchParams(window.location.search).has('ver')).toBe(false));
  });

  it('"Cancelar fatura" is a palette command on the selected row for nível ADMIN only, asking the exact question', async () => {
    const gerente = abrir();
    await pronto();
    await gerente.user.keyboard('{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    expect(within(paleta).getByRole('option', { name: /Ler faturas/ })).toBeInTheDocument();
    expect(within(paleta).queryByRole('option', { name: /Cancelar fatura/ })).not.toBeInTheDocument();
    gerente.unmount();

    const { user, chamadas } = abrir({ nivel: 'ADMIN' });
    await pronto();
    await focar(grade());
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    await user.keyboard('Cancelar fatura{Enter}');
    const pergunta = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(pergunta.querySelector('p')?.textContent).toBe('Tem certeza que deseja cancelar essa fatura?');
    await waitFor(() => expect(within(pergunta).getByRole('button', { name: 'Não' })).toHaveFocus());
    await user.keyboard('s');
    expect(await readMessages()).toEqual(['Fatura 5001 cancelada: os CT-es dela ficaram sem número de fatura.']);
    expect(chamadas.find((c) => c.url === '/api/faturas/cancelar')?.body).toEqual({ id: 1, versao: 0 });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(linha('5001')).getByText('Cancelado')).toBeInTheDocument());
  });

});
