import type { FaturaCompleta, FaturaLinha, FretesFatura, ResultadoLeituraFaturas } from '../../../src/contracts/faturas';
import type { CteFatura } from '../../../src/contracts/conferencia-fatura';
import { json, rota, type Chamada } from '../helpers/fetch-stub';
import { pagina } from '../helpers/fixtures';

// An in-memory /faturas for the Faturas screen and the modal: the list answers the rows given (every call is
// recorded by the fetch stub), the modal is built from the row, the Fretes tab pages the lines given.

export function faturaLinha(id: number, over: Partial<FaturaLinha> = {}): FaturaLinha {
  return {
    id,
    versao: 0,
    nomeArquivo: `DOCCOB_${id}.txt`,
    documento: `DOC${id}`,
    numeroDocumento: String(5000 + id),
    transportadora: { id: 7, cnpj: '11222333000181', razaoSocial: 'Expresso Andrade Ltda' },
    dataEmissao: '2025-03-10',
    dataVencimento: '2025-04-10',
    quantidade: 3,
    valorTotal: '1234.56',
    status: 'PROCESSADO',
    conferencia: { conferida: true, divergencias: 0 },
    situacaoPagamento: 'LIBERADA',
    bloqueios: [],
    valorAPagar: '1234.56',
    valorContestado: '0.00',
    descontoContestacoes: '0.00',
    ...over,
  };
}

export function cteFatura(i: number, over: Partial<CteFatura> = {}): CteFatura {
  return {
    id: 900 + i,
    linha: 4 + i,
    serie: '1',
    numero: String(2000 + i),
    dataEmissao: '2025-03-05',
    nomeRemetente: 'Colacril Ind. Ltda',
    nomeDestinatario: `Cliente ${i}`,
    valorFrete: '100.00',
    chave: null,
    cteId: i,
    statusCte: 'AUDITADO_SUCESSO',
    valorCobrado: '100.00',
    valorAuditoria: '100.00',
    valorCorreto: null,
    situacao: 'AUDITADO',
    valorDivergente: false,
    divergente: false,
    motivos: [],
    jaCobradoEm: null,
    ...over,
  };
}

export function faturaCompleta(l: FaturaLinha, over: Partial<FaturaCompleta> = {}): FaturaCompleta {
  return {
    ...l,
    layout: '3.0A',
    faturaCabecalhoDocumento: { registro: '350', documento: l.documento },
    faturaCabecalhoIntercambio: { registro: '000', intercambio: 'COB10031', data: '2025-03-10', remetente: 'EXPRESSO ANDRADE', destinatario: 'COLACRIL' },
    faturaTransportadora: { registro: '351', cnpj: l.transportadora.cnpj, razaoSocial: l.transportadora.razaoSocial },
    faturaTotalFatura: { registro: '355', quantidade: 1, valorTotal: l.valorTotal },
    documentos: [
      {
        filial: 'MATRIZ',
        tipoDocumento: '0',
        serieDocumento: 'U',
        numero: l.numeroDocumento,
        dataEmissao: l.dataEmissao,
        dataVencimento: l.dataVencimento,
        dataLimitePagamentoDesconto: null,
        tipoCobranca: 'BCO',
        valorDocumento: l.valorTotal,
        valorTotalIcms: '148.15',
        valorJurosDiaAtraso: '0.41',
        valorDescontoAcrescimo: '0.00',
        identificacaoAgenteCobranca: 'BRADESCO',
        numeroAgenciaBancaria: '1234',
        digitoVerificadorAgenciaBancaria: '5',
        contaCorrente: '98765',
        digitoVerificadorContaCorrente: '0',
        acaoDocumento: 'I',
        quantidadeCtes: l.quantidade,
      },
    ],
    avisos: [],
    conferencia: {
      ...l.conferencia,
      ctes: l.quantidade,
      encontrados: l.quantidade,
      naoEncontrados: 0,
      naoAuditados: 0,
      auditados: l.quantidade,
      aprovados: 0,
      falhas: 0,
      erros: 0,
      cancelados: 0,
      jaCobrados: 0,
      valorDivergente: 0,
      valorFaturado: l.valorTotal,
      valorCobrado: l.valorTotal,
      valorAPagar: l.valorTotal,
    },
    lidaEm: '2025-03-11T09:00:00-03:00',
    canceladaEm: null,
    ...over,
  };
}

export const leituraFaturas = (over: Partial<ResultadoLeituraFaturas> = {}): ResultadoLeituraFaturas => ({
  lidas: 1,
  jaLidas: 0,
  canceladas: 0,
  ctesVinculados: 3,
  ctesNaoEncontrados: 0,
  ctesJaCobrados: 0,
  erros: [],
  faturas: [1],
  periodo: { inicio: '2025-03-10', fim: '2025-03-10' },
  mensagens: ['Leitura concluída: 1 fatura(s) lida(s), 0 já lida(s) antes, 0 cancelada(s) pelo arquivo, 0 arquivo(s) com erro.'],
  ...over,
});

const soma = (ls: CteFatura[]) => ls.reduce((t, l) => t + Number(l.valorFrete ?? 0), 0).toFixed(2);

export function fakeFaturasServer({
  linhas = [] as FaturaLinha[],
  completas = {} as Record<number, Partial<FaturaCompleta>>,
  ctes = {} as Record<number, CteFatura[]>,
  leitura = leituraFaturas(),
} = {}) {
  const estado = { linhas: [...linhas] };
  const porId = (id: number) => estado.linhas.find((l) => l.id === id);
  const idDe = (c: Chamada) => Number(/\/api\/faturas\/(\d+)/.exec(c.url)?.[1]);
  const fretes = (c: Chamada): FretesFatura => {
    const q = new URL(c.url, 'http://x').searchParams;
    const size = Number(q.get('size') ?? 12);
    const page = Number(q.get('page') ?? 0);
    const todas = ctes[idDe(c)] ?? [];
    const i = todas.findIndex((l) => l.divergente);
    return {
      content: todas.slice(page * size, (page + 1) * size),
      totalElements: todas.length,
      totalPages: Math.max(1, Math.ceil(todas.length / size)),
      number: page,
      size,
      valorFreteTotal: soma(todas),
      primeiraDivergencia: i < 0 ? null : i,
    };
  };
  const rotas = [
    rota('GET', '/api/faturas', (c) => {
      const q = new URL(c.url, 'http://x').searchParams;
      const size = Number(q.get('size') ?? 50);
      return json({ ...pagina(estado.linhas, Number(q.get('page') ?? 0), size), size });
    }),
    rota('GET', '/api/faturas/listar', () => json(estado.linhas.slice(0, 20))),
    rota('GET', '/api/faturas/ler-arquivos', () => json(leitura)),
    rota('POST', '/api/faturas/enviar', () => json(leitura)),
    rota('POST', '/api/faturas/cancelar', (c) => {
      const l = porId((c.body as { id: number }).id);
      if (!l) return json({ mensagens: ['Fatura não encontrada.'] }, 404);
      Object.assign(l, { status: 'CANCELADO', versao: l.versao + 1 });
      return json({ mensagens: [`Fatura ${l.numeroDocumento} cancelada: os CT-es dela ficaram sem número de fatura.`] });
    }),
    rota('GET', /^\/api\/faturas\/\d+\/ctes(\?|$)/, (c) => json(fretes(c))),
    rota('GET', /^\/api\/faturas\/\d+(\?|$)/, (c) => {
      const l = porId(idDe(c));
      return l ? json(faturaCompleta(l, completas[l.id])) : json({ mensagens: ['Fatura não encontrada.'] }, 404);
    }),
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
  return { rotas, estado };
}
