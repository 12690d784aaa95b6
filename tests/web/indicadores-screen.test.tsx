import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  MSG_DATA_FINAL_INVALIDA,
  MSG_DATA_INICIAL_INVALIDA,
  MSG_INFORME_UM_CAMPO_COM_CTE,
  MSG_NENHUM_INDICADOR,
  MSG_PERIODO_INDICADORES_INVALIDO,
} from '../../src/contracts/indicadores';
import { mesSaoPaulo } from '../../src/domain/sao-paulo-date';
import { fakeIndicadoresServer, grupo, indicadorLinha } from './helpers/fake-indicadores-server';
import { usuario } from './helpers/fixtures';
import { readMessages } from './helpers/read-messages';
import { renderApp } from './helpers/render-app';

const LINHAS = Array.from({ length: 120 }, (_, i) => indicadorLinha(i + 1));
const RESUMO = { porUf: [grupo('SP', { rotulo: 'São Paulo' }), grupo('RJ', { limiteFretePeso: null, notas: 1, vermelhasPeso: 0 })], porTransportadora: [grupo('Expresso Andrade Ltda')] };

const abrir = (opcoes: { vazio?: boolean; roles?: string[] } = {}) => {
  const servidor = fakeIndicadoresServer({ linhas: LINHAS, resumo: RESUMO, vazio: opcoes.vazio });
  return { ...renderApp({ caminho: '/indicadores', usuario: usuario({ roles: opcoes.roles ?? ['FRETE_IND_FRETE_PESO'] }), rotas: servidor.rotas }), servidor };
};
const grade = () => screen.getByRole('grid', { name: 'Indicadores de frete' });
const listagens = (chamadas: { url: string }[]) => chamadas.filter((c) => c.url.startsWith('/api/vw/frete-indicadores-peso-valor?') && !c.url.includes('formato='));
const pronto = () => screen.findByText('F1', {}, { timeout: 15_000 });
const linha = (fatura: string) => within(grade()).getAllByRole('row').find((r) => within(r).queryAllByRole('gridcell')[0]?.textContent === fatura)!;

describe('Indicadores de Frete (/indicadores)', () => {
  it('opens on the first filter with the current month, 50 rows a page, columns in order, green and red marks with their text', async () => {
    const { chamadas } = abrir();
    await pronto();
    expect(screen.getByLabelText('Período inicial')).toHaveFocus();
    const { dataIni, dataFim } = mesSaoPaulo();
    const url = listagens(chamadas)[0].url;
    for (const p of ['filtroRadioGroup=NF', `dataEmissao_inicio=${dataIni}`, `dataEmissao_fim=${dataFim}`, 'page=0', 'size=50']) expect(url).toContain(p);
    expect(url).not.toContain('numeroCte');
    expect(screen.getByRole('radio', { name: 'Data de emissão da NF' })).toBeChecked();
    expect(grade()).toHaveAttribute('aria-rowcount', '51');
    const cabecalhos = within(grade()).getAllByRole('columnheader').map((c) => c.textContent);
    expect(cabecalhos).toEqual([
      'Fatura', 'CT-e', 'Data do CT-e', 'Transportadora', 'NF', 'Data da NF', 'Valor da NF', 'Destinatário', 'Destino', 'Peso da NF', 'Frete a pagar',
      'Indicador frete peso', 'Indicador frete valor',
    ]);
    const [, , , , , , valorNf, , destino, peso, pagar, fretePeso] = within(linha('F1')).getAllByRole('gridcell');
    expect([valorNf.textContent, destino.textContent, peso.textContent, pagar.textContent]).toEqual(['R$ 10.000,00', 'Campinas/SP', '150,5', 'R$ 150,00']);
    expect(fretePeso).toHaveTextContent('R$ 2,0000/kg, acima do limite de R$ 1,5000/kg');
    expect(fretePeso.querySelector('[data-situacao]')).toHaveAttribute('data-situacao', 'VERMELHO');
    const verde = within(linha('F2')).getAllByRole('gridcell')[11];
    expect(verde).toHaveTextContent('R$ 1,2345/kg, abaixo do limite de R$ 1,5000/kg');
    expect(verde.querySelector('[data-situacao]')).toHaveAttribute('data-situacao', 'VERDE');
  });

  it('shows the marks of a division that could not be made as a tooltip, with no colour', async () => {
    const servidor = fakeIndicadoresServer({
      linhas: [indicadorLinha(1, { indicadorFretePeso: null, indicadorFreteValor: null, nfFretePagar: null, situacaoFretePeso: 'INDEFINIDO', situacaoFreteValor: 'INDEFINIDO', marcas: ['PESO_CTE_ZERADO'] })],
    });
    renderApp({ caminho: '/indicadores', usuario: usuario({ roles: ['FRETE_IND_FRETE_PESO'] }), rotas: servidor.rotas });
    await pronto();
    const celula = within(linha('F1')).getAllByRole('gridcell')[11].querySelector('[data-situacao]')!;
    expect(celula).toHaveAttribute('data-situacao', 'INDEFINIDO');
    expect(celula).toHaveAttribute('title', 'CT-e sem peso: o frete a pagar não pode ser calculado.');
    expect(celula).toHaveTextContent('não calculado');
  });

  it('the next page asks page=1', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(listagens(chamadas).at(-1)!.url).toContain('page=1'));
    expect(await screen.findByText('F51')).toBeInTheDocument();
  });

  it.each([
    ['nothing typed', { inicio: '', fim: '' }, [MSG_INFORME_UM_CAMPO_COM_CTE]],
    ['only the start', { inicio: '01/03/2025', fim: '' }, [MSG_DATA_FINAL_INVALIDA]],
    ['only the end', { inicio: '', fim: '31/03/2025' }, [MSG_DATA_INICIAL_INVALIDA]],
    ['the end before the start', { inicio: '10/03/2025', fim: '09/03/2025' }, [MSG_PERIODO_INDICADORES_INVALIDO]],
    ['only the CT-e number (no carrier nor invoice: both dates)', { inicio: '', fim: '', cte: '5001' }, [MSG_DATA_FINAL_INVALIDA, MSG_DATA_INICIAL_INVALIDA]],
  ])('Procurar with %s warns in Advertência and does not search', async (_caso, datas: { inicio: string; fim: string; cte?: string }, mensagens) => {
    const { user, chamadas } = abrir();
    await pronto();
    const antes = listagens(chamadas).length;
    for (const [rotulo, texto] of [['Período inicial', datas.inicio], ['Período final', datas.fim]] as const) {
      await user.clear(screen.getByLabelText(rotulo));
      if (texto) await user.type(screen.getByLabelText(rotulo), texto);
    }
    if (datas.cte) await user.type(screen.getByLabelText('Nº do CT-e'), datas.cte);
    await user.keyboard('{Alt>}p{/Alt}');
    expect(await readMessages(/Advertência/)).toEqual(mensagens);
    expect(listagens(chamadas).length).toBe(antes);
  });

  it('sends the CT-e number, the invoice number and the reference CTE; Enter searches', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await user.type(screen.getByLabelText('Nº da fatura'), 'F9');
    await user.clear(screen.getByLabelText('Período inicial'));
    await user.clear(screen.getByLabelText('Período final'));
    await user.click(screen.getByRole('radio', { name: 'Data de emissão do CT-e' }));
    await user.type(screen.getByLabelText('Nº do CT-e'), '50a01{Enter}');
    await waitFor(() => expect(listagens(chamadas).at(-1)!.url).toContain('numeroCte=5001'));
    const url = listagens(chamadas).at(-1)!.url;
    for (const p of ['filtroRadioGroup=CTE', 'numeroFatura=F9', 'page=0']) expect(url).toContain(p);
    expect(url).not.toContain('dataEmissao_inicio');
    expect(new URLSearchParams(window.location.search).get('numeroCte')).toBe('5001');
  });

  it('draws the charts of the summary, one unit each from zero, each a focusable region with its numbers as text', async () => {
    const { chamadas, user } = abrir();
    await pronto();
    const regiao = await screen.findByRole('group', { name: 'Frete peso por UF de destino' });
    expect(regiao).toHaveAttribute('tabindex', '0');
    const lista = (g: HTMLElement) => within(g).getByRole('list');
    expect(within(lista(regiao)).getByText('São Paulo: frete peso R$ 1,2300/kg (limite R$ 1,5000/kg), 40 notas, 3 acima do limite')).toBeInTheDocument();
    expect(within(lista(regiao)).getByText('RJ: frete peso R$ 1,2300/kg (sem limite), 1 nota, 0 acima do limite')).toBeInTheDocument();
    const valor = screen.getByRole('group', { name: 'Frete valor por UF de destino' });
    expect(within(lista(valor)).getByText('São Paulo: frete valor 0,8000 % (limite 2,0000 %), 40 notas, 1 acima do limite')).toBeInTheDocument();
    const pesoTransp = screen.getByRole('group', { name: 'Frete peso por transportadora' });
    expect(pesoTransp).toHaveTextContent('Expresso Andrade Ltda: frete peso R$ 1,2300/kg, 40 notas, 3 acima do limite da UF');
    const valorTransp = screen.getByRole('group', { name: 'Frete valor por transportadora' });
    expect(valorTransp).toHaveTextContent('Expresso Andrade Ltda: frete valor 0,8000 %, 40 notas, 1 acima do limite da UF');
    expect(screen.queryByRole('group', { name: 'Por transportadora' })).not.toBeInTheDocument();

    // One named unit per value axis, ticks as bare numbers from 0; the UF code on the axis, its name in the title.
    const unidades = (g: HTMLElement) => [...g.querySelectorAll('[data-unidade]')].map((t) => t.textContent);
    const marcas = (g: HTMLElement) => [...g.querySelectorAll('[data-marca]')].map((t) => t.textContent ?? '');
    expect(unidades(regiao)).toEqual(['R$/kg']);
    expect(unidades(valor)).toEqual(['%']);
    expect(unidades(pesoTransp)).toEqual(['R$/kg']);
    expect(unidades(valorTransp)).toEqual(['%']);
    for (const g of [regiao, valor, pesoTransp, valorTransp]) {
      expect(marcas(g)[0]).toBe('0');
      expect(marcas(g).every((m) => /^[\d.,]+$/.test(m))).toBe(true);
    }
    const rotuloSp = regiao.querySelector('[data-rotulo="São Paulo"]')!;
    expect(rotuloSp.querySelector('title')).toHaveTextContent('São Paulo');
    expect(rotuloSp.lastChild!.textContent).toBe('SP');
    // The limit of each UF is a mark on its bar (RJ has none).
    expect(regiao.querySelectorAll('[data-limite]')).toHaveLength(1);
    expect(valor.querySelectorAll('[data-limite]')).toHaveLength(2);
    expect(pesoTransp.querySelectorAll('[data-limite]')).toHaveLength(0);

    // Arrows walk the bars: the focused bar's full text is shown.
    regiao.focus();
    await user.keyboard('{ArrowRight}');
    expect(regiao.querySelector('[aria-live]')).toHaveTextContent('São Paulo: frete peso R$ 1,2300/kg (limite R$ 1,5000/kg), 40 notas, 3 acima do limite');
    await user.keyboard('{End}');
    expect(regiao.querySelector('[aria-live]')).toHaveTextContent('RJ: frete peso R$ 1,2300/kg (sem limite)');
    expect(chamadas.find((c) => c.url.startsWith('/api/vw/frete-indicadores-resumo?'))!.url).not.toContain('page=');
  });

  it('Exportar CSV (Alt+X) streams indicadores.csv with the filter, showing the rows received, then the saved name', async () => {
    const { user, chamadas, servidor } = abrir();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() });
    await pronto();
    await user.keyboard('{Alt>}x{/Alt}');
    expect(await screen.findByText('Baixando… 2 de 4 linhas')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: /Exportar CSV/ })).toHaveAttribute('aria-disabled', 'true');
    const url = chamadas.find((c) => c.url.includes('formato=csv'))!.url;
    const { dataIni } = mesSaoPaulo();
    expect(url.startsWith('/api/vw/frete-indicadores-peso-valor?')).toBe(true);
    for (const p of ['filtroRadioGroup=NF', `dataEmissao_inicio=${dataIni}`, 'formato=csv']) expect(url).toContain(p);
    expect(url).not.toContain('page=');
    expect(chamadas.find((c) => c.url.includes('formato=csv'))!.headers.get('Authorization')).toBe('Bearer tok-123');
    servidor.liberar();
    expect(await screen.findByText('Arquivo salvo: indicadores.csv')).toBeInTheDocument();
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    const arquivo = vi.mocked(URL.createObjectURL).mock.calls[0][0] as Blob;
    expect(await arquivo.text()).toBe('cte;nf;frete\r\n5001;7001;150,00\r\n5002;7002;150,00\r\n5003;7003;150,00\r\n5004;7004;150,00\r\n');
    expect(screen.getByRole('button', { name: /Exportar CSV/ })).toBeEnabled();
  });

  it('an export with nothing found shows the server message dialog', async () => {
    const { user } = abrir({ vazio: true });
    await pronto();
    await user.click(screen.getByRole('button', { name: /Exportar CSV/ }));
    expect(await readMessages(/Mensagem do servidor/)).toEqual([MSG_NENHUM_INDICADOR]);
  });

  it('Ajuda (Alt+J) lists the four formula lines', async () => {
    const { user } = abrir();
    await pronto();
    await user.keyboard('{Alt>}j{/Alt}');
    const ajuda = await screen.findByRole('alertdialog', { name: 'Ajuda: indicadores de frete' });
    const linhas = within(within(ajuda).getByRole('list', { name: 'Fórmulas' })).getAllByRole('listitem').map((l) => l.textContent);
    expect(linhas).toEqual([
      'Frete a pagar = peso da NF × (valor do CT-e / peso do CT-e);',
      'Frete peso = frete a pagar / peso do CT-e;',
      'Frete valor = frete a pagar / valor da NF;',
      'Cada um é comparado com os limites da UF de destino (limiteFretePeso, limiteFreteValor).',
    ]);
    expect(ajuda).toHaveTextContent('verde quando abaixo do limite, vermelho caso contrário');
  });

  it('is in the palette for FRETE_IND_FRETE_PESO only', async () => {
    const { user } = abrir({ roles: ['FRETE_IND_FRETE_PESO', 'FRETE_CTE_M'] });
    await pronto();
    await user.keyboard('{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    const navegacao = within(paleta).getByRole('group', { name: 'Navegação' });
    expect(within(navegacao).getAllByRole('option').map((o) => o.textContent)).toEqual(['Fretes', 'Ocorrências', 'Indicadores de Frete']);
  });
});
