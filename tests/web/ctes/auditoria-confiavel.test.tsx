import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_APROVADO_MANTIDO, MSG_CONFIRMAR_REPROCESSAR_AUDITADO, mensagemReauditarAprovados, type CteCompleto, type CteLinha } from '../../../src/contracts/ctes';
import { auditoria, cteLinha, fakeCtesServer, leituraXml } from '../helpers/fake-ctes-server';
import { usuario } from '../helpers/fixtures';
import { dialogoPronto, focar } from '../helpers/focar';
import { readMessages } from '../helpers/read-messages';
import { renderApp } from '../helpers/render-app';

// docs/decisoes.md §10 and §11 on the Fretes screen: the CT-es just read are one Enter away, approvals are not lost without a
// yes, the charged amount shows the service total beside it, and the audits stay as history.

type Opcoes = { linhas?: CteLinha[]; completos?: Record<number, Partial<CteCompleto>>; leitura?: ReturnType<typeof leituraXml> };
const abrir = ({ linhas = [cteLinha(1)], completos, leitura }: Opcoes = {}) => {
  const servidor = fakeCtesServer({ linhas, completos, leitura });
  return { ...renderApp({ caminho: '/ctes', usuario: usuario({ roles: ['FRETE_CTE_M', 'FRETE_CTE_E'] }), rotas: servidor.rotas }), servidor };
};
const grade = () => screen.getByRole('grid', { name: 'Fretes' });
const linha = (numero: number) => within(grade()).getAllByRole('row').find((r) => within(r).queryAllByRole('gridcell')[2]?.textContent?.startsWith(String(numero)))!;
const pronto = (numero = 1001) => screen.findByText(String(numero), {}, { timeout: 15_000 });
const listagens = (chamadas: { url: string }[]) => chamadas.filter((c) => c.url.startsWith('/api/ctes/listar-simples'));

describe('Ler XMLs: "Ver os CT-es lidos"', () => {
  it('Alt+L, then Enter on the focused "Ver os CT-es lidos" lists the period read with tomador Todos', async () => {
    const { user, chamadas } = abrir({ leitura: leituraXml({ dataIni: '2024-10-14', dataFim: '2024-10-16' }, ['Leitura concluída: 3 CT-e(s) lido(s).']) });
    await pronto();
    await focar(grade());
    await user.keyboard('{Alt>}l{/Alt}');
    expect(await readMessages(/Advertência|Atenção/)).toEqual(['Leitura concluída: 3 CT-e(s) lido(s).']);
    expect(screen.getByRole('button', { name: 'Ver os CT-es lidos' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('tomadorServico')).toBe('TODOS'));
    const url = new URLSearchParams(window.location.search);
    expect([url.get('dataIni'), url.get('dataFim')]).toEqual(['2024-10-14', '2024-10-16']);
    await waitFor(() => expect(listagens(chamadas).at(-1)!.url).toContain('dataIni=2024-10-14'));
    for (const p of ['dataFim=2024-10-16', 'tomadorServico=TODOS', 'page=0']) expect(listagens(chamadas).at(-1)!.url).toContain(p);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Tomador do serviço')).toHaveValue('TODOS'));
  });

  it('nothing new read: only OK, which keeps the filters', async () => {
    const { user } = abrir();
    await pronto();
    await focar(grade());
    const antes = window.location.search;
    await user.keyboard('{Alt>}l{/Alt}');
    expect(await readMessages(/Advertência|Atenção/)).toEqual(['Concluído.']);
    expect(screen.queryByRole('button', { name: 'Ver os CT-es lidos' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(window.location.search).toBe(antes);
  });
});

describe('approved CT-es are audited again only after a yes', () => {
  const LINHAS = [cteLinha(1, { status: 'PROCESSADO' }), cteLinha(6, { status: 'AUDITADO_REVISADO', valorAuditoria: '150.00', valorCorreto: '150.00' })];
  const pedir = async () => {
    const r = abrir({ linhas: LINHAS });
    await pronto();
    await focar(grade());
    await r.user.keyboard('{Alt>}t{/Alt}{Alt>}a{/Alt}');
    const pergunta = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(pergunta).toHaveTextContent(mensagemReauditarAprovados(1));
    await waitFor(() => expect(within(pergunta).getByRole('button', { name: 'Não' })).toHaveFocus());
    return r;
  };

  it('N: only the others are audited; the approved one is reported as kept', async () => {
    const { user, chamadas } = await pedir();
    await user.keyboard('n');
    const mensagens = await readMessages(/Advertência|Atenção/);
    expect(chamadas.find((c) => c.url === '/api/auditorias-cte/auditar')?.body).toEqual({ ctes: [1] });
    expect(mensagens).toContain(`CT-e 1006: ${MSG_APROVADO_MANTIDO}`);
  });

  it('S: all are sent with reauditarAprovados', async () => {
    const { user, chamadas } = await pedir();
    await user.keyboard('s');
    expect(await readMessages(/Advertência|Atenção/)).toContain('Auditoria concluída.');
    expect(chamadas.find((c) => c.url === '/api/auditorias-cte/auditar')?.body).toEqual({ ctes: [1, 6], reauditarAprovados: true });
  });
});

describe('what was charged', () => {
  it('under ICMS60 the Cobrado cell shows vRec and, beside it, the service total', async () => {
    abrir({ linhas: [cteLinha(1, { valorTotal: '120.00', valorPrestacao: '136.36', valorReceber: '120.00' }), cteLinha(2, { valorTotal: '150.00' })] });
    await pronto();
    expect(linha(1001)).toHaveTextContent('R$ 120,00prestação R$ 136,36');
    expect(linha(1002)).toHaveTextContent('R$ 150,00');
    expect(linha(1002)).not.toHaveTextContent('prestação');
  });
});

describe('the CT-e detail dialog', () => {
  const verFrete = async (user: ReturnType<typeof abrir>['user'], numero: number) => {
    await pronto(numero);
    await user.click(screen.getByRole('button', { name: `Visualizar frete ${numero}` }));
    return dialogoPronto(`Frete ${numero}`, 15_000);
  };

  it('lists every audit, newest first, the current one marked, an approval with its value and observation', async () => {
    const atual = auditoria(3, { id: 32, status: 'FALHA', valorTotal: '120.00', auditadoEm: '2025-03-12T22:30:00-03:00' });
    const aprovada = auditoria(3, {
      id: 31,
      status: 'REVISADO',
      valorTotal: '140.00',
      valorCorreto: '140.00',
      observacoes: 'Acordo comercial',
      responsavel: { nome: 'Marta Supervisora', email: null },
      auditadoEm: '2025-03-11T09:00:00-03:00',
      revisadoEm: '2025-03-11T10:15:00-03:00',
    });
    const { user } = abrir({ linhas: [cteLinha(3, { status: 'AUDITADO_FALHA', valorAuditoria: '120.00' })], completos: { 3: { auditoria: atual, auditorias: [atual, aprovada] } } });
    const d = await verFrete(user, 1003);
    await user.keyboard('{Alt>}4{/Alt}');
    const historico = await within(d).findByRole('table', { name: 'Auditorias do CT-e' });
    const linhas = within(historico).getAllByRole('row').slice(1);
    expect(linhas).toHaveLength(2);
    // 22:30 in São Paulo stays the 12th.
    expect(linhas[0]).toHaveTextContent('12/03/2025 22:30 (atual)');
    expect(linhas[0]).toHaveTextContent('Falha');
    expect(linhas[1]).toHaveTextContent('Marta Supervisora');
    expect(linhas[1]).toHaveTextContent('Revisado em 11/03/2025 10:15');
    expect(linhas[1]).toHaveTextContent('R$ 140,00');
    expect(linhas[1]).toHaveTextContent('Acordo comercial');
  });

  it('reprocessing an audited CT-e asks first: N changes nothing, S reprocesses', async () => {
    const { user, chamadas } = abrir({ linhas: [cteLinha(3, { status: 'AUDITADO_FALHA', valorAuditoria: '120.00' })] });
    const d = await verFrete(user, 1003);
    const reprocessados = () => chamadas.filter((c) => c.url.startsWith('/api/ctes/processar-cte/'));
    await user.click(within(d).getByRole('button', { name: 'Reprocessar dados fiscais' }));
    const pergunta = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(pergunta).toHaveTextContent(MSG_CONFIRMAR_REPROCESSAR_AUDITADO);
    await waitFor(() => expect(within(pergunta).getByRole('button', { name: 'Não' })).toHaveFocus());
    await user.keyboard('n');
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Confirmação' })).not.toBeInTheDocument());
    expect(reprocessados()).toEqual([]);
    await user.click(within(d).getByRole('button', { name: 'Reprocessar dados fiscais' }));
    const outra = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    await waitFor(() => expect(within(outra).getByRole('button', { name: 'Não' })).toHaveFocus());
    await user.keyboard('s');
    expect(await readMessages(/Advertência|Atenção/)).toEqual(['Dados fiscais reprocessados.']);
    expect(reprocessados().map((c) => c.url)).toEqual(['/api/ctes/processar-cte/3']);
  });

  it('a CT-e not audited yet is reprocessed without a question', async () => {
    const { user, chamadas } = abrir({ linhas: [cteLinha(1, { status: 'PROCESSADO' })] });
    const d = await verFrete(user, 1001);
    await user.click(within(d).getByRole('button', { name: 'Reprocessar dados fiscais' }));
    expect(await readMessages(/Advertência|Atenção/)).toEqual(['Dados fiscais reprocessados.']);
    expect(chamadas.some((c) => c.url === '/api/ctes/processar-cte/1')).toBe(true);
  });
});
