import type { Alcadas } from '../../../src/contracts/alcadas';
import type { FaturaLinha } from '../../../src/contracts/faturas';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../../src/contracts/common';
import { MSG_REGRAS_SALVAS, REGRAS_PAGAMENTO_PADRAO, type DesempenhoTransportadora, type RegrasPagamento, type ResultadoExportacao, type TotalPagamentos } from '../../../src/contracts/pagamentos';
import type { ComparacaoPreFaturaLinha, PreFatura } from '../../../src/contracts/pre-faturas';
import { faturaLinha } from '../faturas/fake-faturas-server';
import { json, rota, type Chamada } from '../helpers/fetch-stub';
import { pagina } from '../helpers/fixtures';

// An in-memory /pagamentos, /regras-pagamento and /alcadas for the Pagamentos screen and Configuração's tabs:
// every call is recorded by the fetch stub; the answers are the contract's shapes.

export const linhaPagamento = (id: number, over: Partial<FaturaLinha> = {}) => faturaLinha(id, over);

export const total = (over: Partial<TotalPagamentos> = {}): TotalPagamentos => ({
  transportadoraCnpj: '11222333000181',
  transportadora: 'Expresso Andrade Ltda',
  dataVencimento: '2025-04-10',
  aPagar: '1234.56',
  bloqueado: '800.00',
  contestado: '150.00',
  faturas: 2,
  ...over,
});

export const desempenho = (over: Partial<DesempenhoTransportadora> = {}): DesempenhoTransportadora => ({
  transportadoraCnpj: '11222333000181',
  transportadora: 'Expresso Andrade Ltda',
  mes: '2025-03',
  ctesCobrados: 120,
  percentualDivergente: '12.5',
  valorCobradoAMais: '3456.78',
  valorRecuperado: '1200.00',
  diasMediosResposta: '4.5',
  ...over,
});

export const exportacao = (over: Partial<ResultadoExportacao> = {}): ResultadoExportacao => ({
  exportacao: { id: 31, feitaEm: '2025-04-01T10:00:00-03:00', faturas: 2, valorTotal: '2469.12', mensagens: [] },
  mensagens: ['2 fatura(s) exportada(s) para o contas a pagar, total R$ 2.469,12.'],
  ...over,
});

export const alcadas = (over: Partial<Alcadas> = {}): Alcadas => ({
  niveis: [
    { nivel: 'ADMIN', limiteCte: null, limiteFatura: null },
    { nivel: 'DIRETOR', limiteCte: null, limiteFatura: null },
    { nivel: 'GERENTE', limiteCte: '500.00', limiteFatura: '5000.00' },
    { nivel: 'SUPERVISOR', limiteCte: '50.00', limiteFatura: '500.00' },
    { nivel: 'REPRESENTANTE', limiteCte: '0.00', limiteFatura: '0.00' },
  ],
  usuarios: [{ usuario: 9, login: 'carla', nome: 'Carla Souza', nivel: 'SUPERVISOR', limiteCte: '80.00', limiteFatura: '800.00' }],
  versao: 4,
  ...over,
});

export const preFatura = (id: number, over: Partial<PreFatura> = {}): PreFatura => ({
  id,
  transportadora: { id: 7, cnpj: '11222333000181', razaoSocial: 'Expresso Andrade Ltda' },
  inicio: '2026-02-01',
  fim: '2026-02-28',
  criadaEm: '2026-03-02T10:00:00-03:00',
  quantidade: 12,
  valorTotal: '15432.10',
  ...over,
});

export const linhaComparacao = (cteId: number, over: Partial<ComparacaoPreFaturaLinha> = {}): ComparacaoPreFaturaLinha => ({
  cteId,
  serie: '1',
  numero: 9000 + cteId,
  valorAceito: '100.00',
  valorFaturado: '100.00',
  faturas: ['5001'],
  situacao: 'IGUAL',
  ...over,
});

export function fakePagamentosServer({
  linhas = [] as FaturaLinha[],
  totais = [] as TotalPagamentos[],
  regras = { ...REGRAS_PAGAMENTO_PADRAO, versao: 2 } as RegrasPagamento,
  conflitoRegras = false,
  resultadoExportacao = exportacao(),
  cartoes = [] as DesempenhoTransportadora[],
  alcadasAtuais = alcadas(),
  preFaturas = [] as PreFatura[],
  comparacao = [] as ComparacaoPreFaturaLinha[],
  /** The answer of POST /pre-faturas when it refuses (status and messages). */
  recusaPreFatura = null as { status: number; mensagens: string[] } | null,
} = {}) {
  const q = (c: Chamada) => new URL(c.url, 'http://x').searchParams;
  const rotas = [
    rota('GET', '/api/pagamentos', (c) => json({ ...pagina(linhas, Number(q(c).get('page') ?? 0), Number(q(c).get('size') ?? 50)) })),
    rota('GET', '/api/pagamentos/totais', () => json(totais)),
    rota('POST', '/api/pagamentos/exportar', () => json(resultadoExportacao)),
    rota('GET', /^\/api\/pagamentos\/exportacoes\/\d+\/csv/, () => new Response('CNPJ da transportadora;Transportadora\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })),
    rota('POST', '/api/pagamentos/pagar', (c) => json({ mensagens: [`${(c.body as { faturas: unknown[] }).faturas.length} fatura(s) registrada(s) como paga(s).`], faturas: [] })),
    rota('POST', '/api/pagamentos/liberar-incontroverso', () => json({ mensagens: ['1 fatura(s) liberada(s) pelo valor incontroverso.'], faturas: [] })),
    rota('GET', '/api/pagamentos/desempenho', () => json(cartoes)),
    rota('GET', '/api/regras-pagamento', () => json(regras)),
    rota('POST', '/api/regras-pagamento', (c) =>
      conflitoRegras ? json({ mensagens: [MENSAGEM_VERSAO_OBSOLETA] }, 409) : json({ mensagens: [MSG_REGRAS_SALVAS], regras: { ...(c.body as RegrasPagamento), versao: 3 } }),
    ),
    rota('GET', '/api/pre-faturas', () => json(preFaturas)),
    rota('POST', '/api/pre-faturas', () =>
      recusaPreFatura
        ? json({ mensagens: recusaPreFatura.mensagens }, recusaPreFatura.status)
        : json({ mensagens: ['Pré-fatura 40 criada com 3 CT-e(s).'], preFatura: preFatura(40, { quantidade: 3 }) }),
    ),
    rota('GET', /^\/api\/pre-faturas\/\d+\/comparacao/, () => json(comparacao)),
    rota('GET', /^\/api\/pre-faturas\/\d+\/(pdf|csv|doccob)/, () => new Response('x', { status: 200 })),
    rota('GET', '/api/alcadas', () => json(alcadasAtuais)),
    rota('POST', '/api/alcadas', () => json({ ...alcadasAtuais, versao: alcadasAtuais.versao + 1 })),
    rota('GET', '/api/usuarios/auto-completar', () => json([{ id: 12, login: 'bruno', nome: 'Bruno Lima' }])),
    rota('GET', '/api/transportadoras/listar-simples', () =>
      json(
        pagina([
          {
            id: 7,
            razaoSocial: 'Expresso Andrade Ltda',
            nomeFantasia: null,
            cnpjFormatado: '11.222.333/0001-81',
            cpfCnpjFormatado: '11.222.333/0001-81',
            municipio: null,
            codigoIbge: null,
            uf: 'SP',
            ativado: true,
            vwTransportadora: { pk: { fornecedorId: 'F7' }, inscricaoEstadual: null, logradouro: null, complemento: null, cep: null, bairro: null, localidade: null, estado: null, contato: null, telefone1: null, telefone2: null, telefone3: null },
            versao: 0,
          },
        ]),
      ),
    ),
  ];
  return { rotas };
}
