import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MENSAGEM_INCONSISTENCIA, TOOLTIP_INCONSISTENCIA } from '../../../src/contracts/ctes';
import { mesAtual } from '../../../src/web/features/ctes/cte-filters';
import { cteLinha, fakeCtesServer } from '../helpers/fake-ctes-server';
import { usuario } from '../helpers/fixtures';
import { focar } from '../helpers/focar';
import { readMessages } from '../helpers/read-messages';
import { renderApp } from '../helpers/render-app';
import type { CteLinha } from '../../../src/contracts/ctes';

const TODAS = ['FRETE_CTE_M', 'FRETE_CTE_E'];
const LINHAS = [
  cteLinha(1, { status: 'PROCESSADO', valorTotal: '150.00' }),
  cteLinha(2, { status: 'LIDO' }),
  cteLinha(3, { status: 'AUDITADO_FALHA', valorAuditoria: '120.00', inconsistencias: ['PESO_BRUTO_ZERADO', 'VALOR_NOTA_FISCAL_ZERADO'] }),
  cteLinha(4, { status: 'AUDITADO_SUCESSO', valorAuditoria: '150.00' }),
  cteLinha(5, { status: 'AUDITADO_ERRO', codigoCobrancaAdicional: 'REENTREGA', cobrancaRoteirizada: 'CANDIDATO' }),
];
const abrir = ({ roles = TODAS, login = 'ana', caminho = '/ctes', linhas = LINHAS }: { roles?: string[]; login?: string; caminho?: string; linhas?: CteLinha[] } = {}) => {
  const servidor = fakeCtesServer({ linhas, totais: { quantidade: 321, valorTotal: '98765.43', valorAuditoria: '90000.00' } });
  return { ...renderApp({ caminho, usuario: usuario({ roles, login }), rotas: servidor.rotas }), servidor };
};
const grade = () => screen.getByRole('grid', { name: 'Fretes' });
const linha = (numero: number) => within(grade()).getAllByRole('row').find((r) => within(r).queryAllByRole('gridcell')[2]?.textContent?.startsWith(String(numero)))!;
const listagens = (chamadas: { url: string }[]) => chamadas.filter((c) => c.url.startsWith('/api/ctes/listar-simples'));
const pronto = () => screen.findByText('Cliente 1', {}, { timeout: 15_000 });

describe('Fretes screen (/ctes)', () => {
  it('lists with the defaults: current month, tomador REMETENTE, 50 per page; shows the totals of every match', async () => {
    const { chamadas } = abrir();
    await pronto();
    const { dataIni, dataFim } = mesAtual();
    const url = listagens(chamadas)[0].url;
    for (const p of [`dataIni=${dataIni}`, `dataFim=${dataFim}`, 'tomadorServico=REMETENTE', 'size=50', 'page=0', 'sort=dataEmissao,desc']) expect(url).toContain(p);
    expect(url).not.toContain('auditoria=');
    expect(screen.getByLabelText('Tomador do serviço')).toHaveValue('REMETENTE');
    expect(screen.getByLabelText('Emissão inicial')).toHaveValue(`${dataIni.slice(8)}/${dataIni.slice(5, 7)}/${dataIni.slice(0, 4)}`);
    const totais = screen.getByRole('status', { name: 'Totais' });
    expect(totais).toHaveTextContent('Registros: 321');
    expect(totais).toHaveTextContent('Valor total: R$ 98.765,43');
  });

  it('enables the audit status only with status AUDITADO, and sends the filters in the query and the URL', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    const auditoria = screen.getByLabelText('Status da auditoria');
    expect(auditoria).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Status'), 'AUDITADO');
    expect(auditoria).toBeEnabled();
    await user.selectOptions(auditoria, 'FALHA');
    await user.selectOptions(screen.getByLabelText('Tomador do serviço'), 'TODOS');
    await user.selectOptions(screen.getByLabelText('Agrupamento'), 'CANDIDATO');
    await user.type(screen.getByLabelText('Nº do CT-e'), '1003');
    await user.type(screen.getByLabelText('Nº da fatura'), 'F-77{Enter}');
    await waitFor(() => expect(listagens(chamadas).some((c) => c.url.includes('numeroCte=1003'))).toBe(true));
    const url = listagens(chamadas).at(-1)!.url;
    for (const p of ['status=AUDITADO', 'auditoria=FALHA', 'tomadorServico=TODOS', 'agrupamento=CANDIDATO', 'numeroFatura=F-77', 'page=0']) expect(url).toContain(p);
    const naUrl = new URLSearchParams(window.location.search);
    expect(window.location.pathname).toBe('/ctes');
    expect(Object.fromEntries(['status', 'auditoria', 'numeroCte', 'numeroFatura', 'tomadorServico'].map((k) => [k, naUrl.get(k)]))).toEqual({
      status: 'AUDITADO',
      auditoria: 'FALHA',
      numeroCte: '1003',
      numeroFatura: 'F-77',
      tomadorServico: 'TODOS',
    });
    // Another status drops the audit status.
    await user.selectOptions(screen.getByLabelText('Status'), 'LIDO');
    expect(auditoria).toBeDisabled();
    expect(auditoria).toHaveValue('');
  });

  it('a shared link fills the form and the query; sorting by a header and the page size go to the URL', async () => {
    const { user, chamadas } = abrir({ caminho: '/ctes?status=AUDITADO&auditoria=ERRO&transportadora=7&transportadoraNome=Expresso%20Andrade%20Ltda&dataIni=2025-03-01&dataFim=2025-03-31' });
    await pronto();
    expect(screen.getByLabelText('Status')).toHaveValue('AUDITADO');
    expect(screen.getByLabelText('Status da auditoria')).toHaveValue('ERRO');
    expect(screen.getByRole('combobox', { name: 'Transportadora' })).toHaveValue('Expresso Andrade Ltda');
    const url = listagens(chamadas)[0].url;
    for (const p of ['auditoria=ERRO', 'transportadora=7', 'dataIni=2025-03-01', 'dataFim=2025-03-31']) expect(url).toContain(p);
    await user.click(within(grade()).getByRole('button', { name: /Cobrado/ }));
    await waitFor(() => expect(listagens(chamadas).at(-1)!.url).toContain('sort=valorTotal,asc'));
    expect(new URLSearchParams(window.location.search).get('sort')).toBe('valorTotal,asc');
    await user.selectOptions(screen.getByLabelText('Registros por página'), '200');
    await waitFor(() => expect(listagens(chamadas).at(-1)!.url).toContain('size=200'));
    expect(new URLSearchParams(window.location.search).get('transportadora')).toBe('7');
  });

  it('offers a checkbox only for selectable statuses; Space, Alt+T and the bulk buttons follow the selection', async () => {
    const { user } = abrir();
    await pronto();
    expect(within(linha(1001)).getByRole('checkbox')).toBeInTheDocument();
    expect(within(linha(1003)).getByRole('checkbox')).toBeInTheDocument();
    expect(within(linha(1002)).queryByRole('checkbox')).not.toBeInTheDocument(); // LIDO
    expect(within(linha(1004)).queryByRole('checkbox')).not.toBeInTheDocument(); // AUDITADO_SUCESSO
    for (const b of ['Auditar Selecionados', 'Aprovar Selecionados', 'Agrupar Selecionados']) expect(screen.getByRole('button', { name: new RegExp(b) })).toBeDisabled();
    await focar(grade());
    await user.keyboard(' ');
    expect(within(linha(1001)).getByRole('checkbox')).toBeChecked();
    for (const b of ['Auditar Selecionados', 'Aprovar Selecionados', 'Agrupar Selecionados']) expect(screen.getByRole('button', { name: new RegExp(b) })).toBeEnabled();
    await user.keyboard('{ArrowDown} ');
    expect(within(linha(1002)).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.keyboard('{Alt>}t{/Alt}');
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(3);
    await user.keyboard('{Alt>}t{/Alt}');
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  });

  it('Auditar Selecionados (Alt+A) sends only the re-auditable CT-es and lists the answer', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await user.click(within(linha(1001)).getByRole('checkbox'));
    await user.click(within(linha(1005)).getByRole('checkbox'));
    await focar(grade());
    await user.keyboard('{Alt>}a{/Alt}');
    expect(await readMessages()).toContain('Auditoria concluída.');
    expect(chamadas.find((c) => c.url === '/api/auditorias-cte/auditar')?.body).toEqual({ ctes: [1, 5] });
    await waitFor(() => expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0));
  });

  it('colours additional charges not grouped, marks the overcharge in red and opens the inconsistencies', async () => {
    const { user } = abrir();
    await pronto();
    expect(linha(1005).className).not.toBe(linha(1001).className);
    expect(within(linha(1003)).getByText('R$ 30,00').className).not.toBe(within(linha(1003)).getByText('R$ 150,00').className);
    await user.click(within(linha(1003)).getByRole('button', { name: `${TOOLTIP_INCONSISTENCIA} (CT-e 1003)` }));
    const d = await screen.findByRole('alertdialog', { name: 'Inconsistências do CT-e 1003' });
    expect([...d.querySelectorAll('li')].map((li) => li.textContent)).toEqual([MENSAGEM_INCONSISTENCIA.PESO_BRUTO_ZERADO, MENSAGEM_INCONSISTENCIA.VALOR_NOTA_FISCAL_ZERADO]);
  });

  it('shows the four admin buttons only to the login admin; Ler Faturas and Enviar DOCCOB are enabled', async () => {
    const ADMIN = ['Criar NF', 'Preencher Tipo', 'Processar Integração', 'Preencher Valor Total dos Produtos'];
    abrir();
    await pronto();
    for (const b of ADMIN) expect(screen.queryByRole('button', { name: b })).not.toBeInTheDocument();
    for (const b of [/Ler XMLs/, /Processar CT-es/, /Auditar CT-es/, /Procurar/]) expect(screen.getByRole('button', { name: b })).toBeEnabled();
    for (const b of [/Ler Faturas/, /Enviar DOCCOB/]) expect(screen.getByRole('button', { name: b })).toBeEnabled();
  });

  it('the login admin runs the admin batches and sees their messages', async () => {
    const { user, chamadas } = abrir({ login: 'admin' });
    await pronto();
    await user.click(screen.getByRole('button', { name: 'Preencher Tipo' }));
    expect(await readMessages()).toEqual(['Concluído.']);
    expect(chamadas.some((c) => c.url === '/api/ctes/preencher-tipo')).toBe(true);
  });
});
