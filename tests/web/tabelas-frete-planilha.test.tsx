import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ResultadoImportacao } from '../../src/contracts/planilha-tabela';
import { BRAVO, fakeTabelasFreteServer, tabelaAndrade } from './helpers/fake-tabelas-frete-server';
import { json, rota, type Chamada } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { dialogoFechado, dialogoPronto, focar } from './helpers/focar';
import { renderApp } from './helpers/render-app';

// Issue 32: the freight table as a workbook in the list: export (Alt+E), template (Alt+M), import (Alt+I) with
// its dry run (errors listed, confirm only without errors) and the confirmation (POST without simular).

const TODAS = ['FRETE_TABFR_M', 'FRETE_TABFR_C', 'FRETE_TABFR_E', 'FRETE_TABFR_D', 'FRETE_CTE_M'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const COM_ERROS: ResultadoImportacao = {
  erros: [
    { aba: 'Faixas', linha: 14, coluna: 'Limite superior', mensagem: 'deve ser maior que o limite inferior (500,000).' },
    { aba: null, linha: null, coluna: null, mensagem: 'A vigência se sobrepõe à tabela de 01/01/2025.' },
  ],
  avisos: ['Coluna "#Observação" ignorada.'],
  resumo: null,
  tabela: null,
};
const SEM_ERROS: ResultadoImportacao = {
  erros: [],
  avisos: [],
  resumo: {
    acao: 'NOVA_VERSAO',
    transportadora: { id: 7, razaoSocial: 'Expresso Andrade Ltda' },
    inicio: '2026-01-01',
    fim: null,
    tabelaAnterior: { id: 1, versao: 3, inicio: '2025-01-01', fim: null, fimNovo: '2025-12-31' },
    contagens: { percursos: 1, origens: 1, destinos: 1, incidencias: 1, elementos: 4, faixas: 1 },
    alteracoes: ['Percurso Campinas → RJ, elemento Frete peso, faixa 1: valor 0,12345 → 0,15.'],
    totalAlteracoes: 1,
  },
  tabela: null,
};

const arquivo = (nome: string) => new File(['PK fake'], nome, { type: XLSX });
const arquivoDe = (c: Chamada) => (c.body as FormData).get('arquivo') as File;

function abrir(roles = TODAS, simulacoes: ResultadoImportacao[] = [COM_ERROS, SEM_ERROS]) {
  const servidor = fakeTabelasFreteServer({ tabelas: [tabelaAndrade(), tabelaAndrade({ id: 2, transportadora: BRAVO, inicio: '2025-03-01', fim: null })] });
  const respostas = [...simulacoes];
  const rotas = [
    rota('GET', '/api/tabelas-frete/1/planilha', () => new Response('PK', { headers: { 'Content-Type': XLSX, 'Content-Disposition': 'attachment; filename="tabela-frete-7-2025-01-01.xlsx"' } })),
    rota('GET', '/api/tabelas-frete/planilha/modelo', () => new Response('PK', { headers: { 'Content-Type': XLSX, 'Content-Disposition': 'attachment; filename="modelo-tabela-frete.xlsx"' } })),
    rota('POST', '/api/tabelas-frete/planilha', (c) => {
      if (c.url.includes('simular=true')) return json(respostas.shift());
      // The new version: a new row, the old one closed.
      servidor.itens.push(tabelaAndrade({ id: 9, inicio: '2026-01-01', fim: null, versao: 4 }));
      servidor.itens[0] = { ...servidor.itens[0], fim: '2025-12-31' };
      return json({ tabela: { id: 9, versao: 4 }, resumo: SEM_ERROS.resumo });
    }),
    ...servidor.rotas,
  ];
  return renderApp({ caminho: '/tabelas-frete', usuario: usuario({ roles }), rotas });
}
const grade = () => screen.getByRole('grid', { name: 'Tabelas de Frete' });
const linhas = () =>
  within(grade())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell').slice(0, 3).map((c) => c.textContent));

let baixados: string[];
beforeEach(() => {
  baixados = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:planilha'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    baixados.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('freight table workbook (list)', () => {
  it('Alt+E exports the selected table and Alt+M the template, named by the server', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Expresso Andrade Ltda', {}, { timeout: 5000 });
    await focar(grade());
    await user.keyboard('{Alt>}e{/Alt}');
    await waitFor(() => expect(baixados).toEqual(['tabela-frete-7-2025-01-01.xlsx']));
    expect(await screen.findByRole('status', { name: 'Aviso' })).toHaveTextContent('Arquivo salvo: tabela-frete-7-2025-01-01.xlsx');
    await user.keyboard('{Alt>}m{/Alt}');
    await waitFor(() => expect(baixados).toEqual(['tabela-frete-7-2025-01-01.xlsx', 'modelo-tabela-frete.xlsx']));
    expect(chamadas.filter((c) => c.url.includes('planilha')).map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/tabelas-frete/1/planilha', 'GET /api/tabelas-frete/planilha/modelo']);
    for (const nome of [/Exportar tabela/, /Importar planilha/, /Simular reajuste/]) expect(screen.getByRole('button', { name: nome })).toBeInTheDocument();
  });

  it('import: the dry run lists every error (walked by arrows), confirm stays disabled; a clean file shows the summary and Ctrl+S saves without simular', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Expresso Andrade Ltda', {}, { timeout: 5000 });
    await focar(grade());
    await user.keyboard('{Alt>}i{/Alt}');
    const d = await dialogoPronto('Importar tabela de planilha');
    expect(within(d).getByRole('button', { name: /Escolher planilha/ })).toHaveFocus();
    const confirmar = () => screen.getByRole('button', { name: /Confirmar importação/ });
    expect(confirmar()).toBeDisabled();

    await user.upload(within(d).getByLabelText('Planilha da tabela de frete'), arquivo('andrade.xlsx'));
    const erros = await within(d).findByRole('listbox', { name: 'Erros da planilha' });
    await waitFor(() => expect(erros).toHaveFocus());
    expect(within(erros).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Faixas, linha 14, coluna Limite superior: deve ser maior que o limite inferior (500,000).',
      'A vigência se sobrepõe à tabela de 01/01/2025.',
    ]);
    expect(within(d).getByRole('region', { name: 'Avisos' })).toHaveTextContent('Coluna "#Observação" ignorada.');
    expect(within(d).getByRole('status')).toHaveTextContent('andrade.xlsx: 2 erros; nada será gravado.');
    await user.keyboard('{ArrowDown}');
    expect(within(erros).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(erros.getAttribute('aria-activedescendant')).toBe(within(erros).getAllByRole('option')[1].id);
    expect(confirmar()).toBeDisabled();
    await user.keyboard('{Control>}s{/Control}');
    expect(chamadas.filter((c) => c.method === 'POST' && !c.url.includes('simular'))).toEqual([]);
    const simulada = chamadas.find((c) => c.method === 'POST' && c.url.includes('simular=true'))!;
    expect(arquivoDe(simulada).name).toBe('andrade.xlsx');

    // Fixed and picked again: the summary, no errors, confirm enabled.
    await user.upload(within(d).getByLabelText('Planilha da tabela de frete'), arquivo('andrade-corrigida.xlsx'));
    const resultado = await within(d).findByLabelText('Resultado da simulação');
    await waitFor(() => expect(resultado).toHaveFocus());
    expect(within(d).queryByRole('listbox', { name: 'Erros da planilha' })).not.toBeInTheDocument();
    const campos = Object.fromEntries([...resultado.querySelectorAll('dl > div')].map((div) => [div.querySelector('dt')!.textContent, div.querySelector('dd')!.textContent]));
    expect(campos).toEqual({
      Ação: 'Nova versão da tabela de 01/01/2025',
      Transportadora: 'Expresso Andrade Ltda',
      Vigência: 'a partir de 01/01/2026',
      'Versão anterior': 'a partir de 01/01/2025; passa a terminar em 31/12/2025',
      Conteúdo: '1 percurso, 1 origem, 1 destino, 1 incidência, 4 elementos de custo, 1 faixa',
    });
    expect(within(resultado).getByRole('listbox', { name: 'Alterações' })).toHaveTextContent('Percurso Campinas → RJ, elemento Frete peso, faixa 1: valor 0,12345 → 0,15.');
    expect(confirmar()).toBeEnabled();
    await user.keyboard('{Control>}s{/Control}');

    await dialogoFechado('Importar tabela de planilha');
    const gravada = chamadas.filter((c) => c.method === 'POST' && c.url === '/api/tabelas-frete/planilha');
    expect(gravada).toHaveLength(1);
    expect(arquivoDe(gravada[0]).name).toBe('andrade-corrigida.xlsx');
    expect(screen.getByRole('status', { name: 'Aviso' })).toHaveTextContent('Tabela importada: nova versão a partir de 01/01/2026.');
    // The new version opens, and the list shows both versions.
    const tabela = await dialogoPronto('Editar tabela de frete', 5000);
    expect(within(tabela).getByLabelText('Início')).toHaveValue('01/01/2026');
    await user.keyboard('{Escape}');
    await dialogoFechado('Editar tabela de frete');
    await waitFor(() => expect(linhas()).toEqual(expect.arrayContaining([['Expresso Andrade Ltda', '01/01/2025', '31/12/2025'], ['Expresso Andrade Ltda', '01/01/2026', '']])));
  });

  it('without FRETE_TABFR_C and _E: no import (button nor command); without FRETE_CTE_M no reajuste; export stays', async () => {
    const { user } = abrir(['FRETE_TABFR_M']);
    await screen.findByText('Expresso Andrade Ltda', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Importar planilha/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Exportar tabela/ })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Simular reajuste/ })).not.toBeInTheDocument();
    await focar(grade());
    await user.keyboard('{Alt>}i{/Alt}{Alt>}j{/Alt}');
    expect(screen.queryByRole('dialog', { name: 'Importar tabela de planilha' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Simular reajuste' })).not.toBeInTheDocument();
  });
});
