import type { Contestacao, StatusContestacao } from '../../../src/contracts/contestacoes';
import { json, rota, type Chamada } from '../helpers/fetch-stub';

// An in-memory /contestacoes: POST opens one (ABERTA) from the body; enviar, responder and encerrar move its status
// as machines/contestacao.ts does (the server's refusals are the server tests' business); carta and e-mail answer.

export function contestacao(id: number, over: Partial<Contestacao> = {}): Contestacao {
  return {
    id,
    numero: 100 + id,
    status: 'ABERTA',
    motivo: 'VALOR_ACIMA_TABELA',
    descricao: null,
    transportadoraCnpj: '11222333000181',
    transportadora: 'Expresso Andrade Ltda',
    faturaId: 1,
    faturaNumero: '5001',
    valorContestado: '30.00',
    valorAceito: null,
    documentoCredito: null,
    prazo: '2025-03-21',
    abertaEm: '2025-03-11T09:00:00-03:00',
    abertaPor: 'Ana Souza',
    enviadaEm: null,
    respondidaEm: null,
    encerradaEm: null,
    linhas: [{ id: 1, faturaCteId: 916, cteId: 16, cte: '2016/1', valorCobrado: '130.00', valorCorreto: '100.00', valorContestado: '30.00', valorAceito: null }],
    versao: 0,
    ...over,
  };
}

export function fakeContestacoesServer(iniciais: Contestacao[] = []) {
  const estado = { contestacoes: [...iniciais] };
  const idDe = (c: Chamada) => Number(/\/api\/contestacoes\/(\d+)/.exec(c.url)?.[1]);
  const mover = (c: Chamada, status: StatusContestacao, extra: Partial<Contestacao> = {}) => {
    const atual = estado.contestacoes.find((x) => x.id === idDe(c));
    if (!atual) return json({ mensagens: ['Contestação não encontrada.'] }, 404);
    Object.assign(atual, { status, versao: atual.versao + 1, ...extra });
    return json(atual);
  };
  const rotas = [
    rota('POST', '/api/contestacoes', (c) => {
      const nova = contestacao(estado.contestacoes.length + 1, { motivo: (c.body as Contestacao).motivo });
      estado.contestacoes.push(nova);
      return json(nova);
    }),
    rota('POST', /^\/api\/contestacoes\/\d+\/enviar$/, (c) => mover(c, 'ENVIADA', { enviadaEm: '2025-03-12T10:00:00-03:00' })),
    rota('POST', /^\/api\/contestacoes\/\d+\/encerrar$/, (c) => mover(c, 'ENCERRADA', { encerradaEm: '2025-03-20T10:00:00-03:00' })),
    rota('POST', /^\/api\/contestacoes\/\d+\/responder$/, (c) => {
      const b = c.body as { resultado: StatusContestacao; valorAceito?: string; documentoCredito?: string };
      return mover(c, b.resultado, { valorAceito: b.valorAceito ?? null, documentoCredito: b.documentoCredito ?? null, respondidaEm: '2025-03-15T10:00:00-03:00' });
    }),
    rota('GET', /^\/api\/contestacoes\/\d+\/email$/, () => json({ assunto: 'Contestação 101 — fatura 5001', corpo: 'Prezados, contestamos o CT-e 2016/1.' })),
    rota('GET', /^\/api\/contestacoes\/\d+\/carta$/, () => new Response(new Blob(['%PDF-1.4']), { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="contestacao-101.pdf"' } })),
    rota('GET', /^\/api\/contestacoes\/\d+$/, (c) => {
      const atual = estado.contestacoes.find((x) => x.id === idDe(c));
      return atual ? json(atual) : json({ mensagens: ['Contestação não encontrada.'] }, 404);
    }),
  ];
  return { rotas, estado };
}
