import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mensagemAguardandoAprovacao, mensagemAlcadaInsuficiente, type AprovacaoRegistrada } from '../../../src/contracts/alcadas';
import type { CteCompleto, CteLinha } from '../../../src/contracts/ctes';
import { json, rota } from '../helpers/fetch-stub';
import { cteLinha, fakeCtesServer, lote } from '../helpers/fake-ctes-server';
import { usuario } from '../helpers/fixtures';
import { dialogoPronto, focar } from '../helpers/focar';
import { readMessages } from '../helpers/read-messages';
import { renderApp } from '../helpers/render-app';
import { fakeContestacoesServer } from '../contestacoes/fake-contestacoes-server';

// Issue 29 in the Fretes screen: approvals above one's limit (alçadas), forwarding them, and disputing a CT-e.

const ALCADA = mensagemAlcadaInsuficiente('50,00');
const APROVACOES: AprovacaoRegistrada[] = [
  { id: 2, tipo: 'ENCAMINHAMENTO', cteId: 1, faturaId: null, usuario: 'Sérgio Lima', nivel: 'SUPERVISOR', diferenca: '30.00', motivo: 'Acima da minha alçada', em: '2025-03-12T14:30:00-03:00' },
  { id: 1, tipo: 'RECUSA', cteId: 1, faturaId: null, usuario: 'Sérgio Lima', nivel: 'SUPERVISOR', diferenca: '30.00', motivo: null, em: '2025-03-12T14:00:00-03:00' },
];

const abrir = (linhas: CteLinha[], { roles = ['FRETE_CTE_M', 'FRETE_CTE_E'], completos = {} as Record<number, Partial<CteCompleto>>, aprovar = 'ok' as 'ok' | '409' | 'lote' } = {}) => {
  const servidor = fakeCtesServer({ linhas, completos });
  const contestacoes = fakeContestacoesServer();
  const rotas = [
    rota('POST', '/api/auditorias-cte/aprovar', (c) => {
      const ids = (c.body as { ctes: number[] }).ctes;
      if (aprovar === '409') return json({ mensagens: [ALCADA] }, 409);
      if (aprovar === 'lote') return json(lote(ids.length - 1, ['1 CT-e(s) aprovado(s).'], [{ id: ids[1], numero: 1002, motivo: ALCADA }]));
      return json(lote(ids.length, ['Fretes aprovados.']));
    }),
    rota('POST', '/api/auditorias-cte/encaminhar', (c) => json(lote((c.body as { ctes: number[] }).ctes.length, ['CT-e(s) encaminhado(s) para aprovação de Gerente.']))),
    ...contestacoes.rotas,
    ...servidor.rotas,
  ];
  return renderApp({ usuario: usuario({ roles }), rotas });
};
const revisar = async (user: ReturnType<typeof abrir>['user'], numero: number) => {
  await screen.findByText(String(numero), {}, { timeout: 15_000 });
  await user.click(screen.getByRole('button', { name: `Revisar auditoria do frete ${numero}` }));
  return dialogoPronto(`Revisar auditoria do frete ${numero}`, 15_000);
};

describe('CT-e approvals above the limit and disputes (issue 29)', () => {
  it('the detail says whose approval it waits for and lists the approvals history; "Contestar CT-e" opens the dispute for it', async () => {
    const { user, chamadas } = abrir([cteLinha(1, { status: 'AUDITADO_FALHA' })], {
      roles: ['FRETE_CTE_M', 'FRETE_CTE_E', 'FRETE_PAG_C'],
      completos: { 1: { aguardandoAprovacao: mensagemAguardandoAprovacao('GERENTE'), aprovacoes: APROVACOES } },
    });
    await screen.findByText('1001', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Visualizar frete 1001' }));
    const d = await dialogoPronto('Frete 1001', 15_000);
    expect(within(d).getByRole('status', { name: 'Aprovação pendente' })).toHaveTextContent('aguardando aprovação de Gerente');
    await user.click(within(d).getByRole('tab', { name: 'Resultado da Auditoria' }));
    const tabela = await within(d).findByRole('table', { name: 'Aprovações do CT-e' });
    const linhas = within(tabela).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(linhas).toEqual([
      ['12/03/2025 14:30', 'Sérgio Lima (Supervisor)', 'Encaminhamento', 'R$ 30,00', 'Acima da minha alçada'],
      ['12/03/2025 14:00', 'Sérgio Lima (Supervisor)', 'Recusa', 'R$ 30,00', ''],
    ]);
    await user.keyboard('{Alt>}k{/Alt}');
    const c = await dialogoPronto('Contestação');
    expect(c).toHaveTextContent('CT-e 1001.');
    await user.selectOptions(within(c).getByLabelText('Motivo'), 'Taxa não contratada');
    await user.keyboard('{Control>}s{/Control}');
    await within(c).findByRole('region', { name: 'Dados da contestação' });
    expect(chamadas.find((x) => x.method === 'POST' && x.url === '/api/contestacoes')?.body).toMatchObject({ ctes: [1], motivo: 'TAXA_NAO_CONTRATADA' });
    // Without FRETE_PAG_E the dispute's actions are not offered.
    expect(within(c).queryByRole('button', { name: /Enviar/ })).not.toBeInTheDocument();
  });

  it('without FRETE_PAG_C the CT-e detail has no "Contestar CT-e"', async () => {
    const { user } = abrir([cteLinha(1, { status: 'AUDITADO_FALHA' })]);
    await screen.findByText('1001', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Visualizar frete 1001' }));
    await dialogoPronto('Frete 1001', 15_000);
    await user.keyboard('{Alt>}k{/Alt}');
    await user.keyboard('{Control>}k{/Control}');
    const p = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    await user.keyboard('frete');
    await within(p).findByRole('option', { name: /Desconsiderar frete/ });
    await user.keyboard('{Control>}a{/Control}Contestar');
    await waitFor(() => expect(within(p).queryByRole('option', { name: /Desconsiderar frete/ })).not.toBeInTheDocument());
    expect(within(p).queryByRole('option', { name: /Contestar CT-e/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Contestação' })).not.toBeInTheDocument();
  });

  it('an approval above the limit shows the alçada 409 message; "Encaminhar aprovação" (Alt+E) forwards it with the reason', async () => {
    const { user, chamadas } = abrir([cteLinha(1, { status: 'AUDITADO_FALHA' })], { aprovar: '409', completos: { 1: { aguardandoAprovacao: mensagemAguardandoAprovacao('DIRETOR') } } });
    const d = await revisar(user, 1001);
    expect(within(d).getByRole('status', { name: 'Aprovação pendente' })).toHaveTextContent('aguardando aprovação de Diretor');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages()).toEqual([ALCADA]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(d.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Alt>}e{/Alt}');
    const e = await dialogoPronto('Encaminhar aprovação');
    expect(e).toHaveTextContent('1 CT-e(s) a encaminhar');
    await user.type(within(e).getByLabelText('Motivo'), 'Diferença acima de R$ 50');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/./)).toEqual(['CT-e(s) encaminhado(s) para aprovação de Gerente.']);
    expect(chamadas.find((c) => c.url === '/api/auditorias-cte/encaminhar')?.body).toEqual({ ctes: [1], motivo: 'Diferença acima de R$ 50' });
  });

  it('a batch approval lists the CT-es left out above the limit with the reason', async () => {
    const { user } = abrir([cteLinha(1, { status: 'AUDITADO_FALHA' }), cteLinha(2, { status: 'AUDITADO_FALHA' })], { aprovar: 'lote' });
    await screen.findByText('1001', {}, { timeout: 15_000 });
    await focar(screen.getByRole('grid', { name: 'Fretes' }));
    await user.keyboard('{Alt>}t{/Alt}{Alt>}v{/Alt}');
    await dialogoPronto('Aprovação de fretes');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/./)).toEqual(['1 CT-e(s) aprovado(s).', `CT-e 1002: ${ALCADA}`]);
  });
});
