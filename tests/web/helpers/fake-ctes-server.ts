import type { AuditoriaCte, CteCompleto, CteLinha, CtePage, StatusCte } from '../../../src/contracts/ctes';
import type { CteLido } from '../../../src/contracts/cte-documento';
import { json, rota, type Chamada } from './fetch-stub';
import { pagina } from './fixtures';

// An in-memory /ctes and /auditorias-cte for the Fretes screen: the list answers the rows given (every
// query is recorded in `chamadas`), the detail is built from the row, batch calls answer ResultadoLote.

export function cteLinha(id: number, over: Partial<CteLinha> = {}): CteLinha {
  return {
    id,
    chave: `3525010000000000000057001000000000${String(id).padStart(10, '0')}`,
    numero: 1000 + id,
    numeroFatura: null,
    dataEmissao: '2025-03-10T10:00:00-03:00',
    remetente: 'Colacril Ind. Ltda',
    destinatario: `Cliente ${id}`,
    transportadora: { id: 7, nome: 'Expresso Andrade Ltda' },
    emitente: 'Expresso Andrade Ltda',
    origem: { codigo: 3509502, nome: 'Campinas', uf: 'SP' },
    destino: { codigo: 3304557, nome: 'Rio de Janeiro', uf: 'RJ' },
    status: 'PROCESSADO',
    tipo: 'SAIDA',
    tipoCte: 0,
    valorTotal: over.valorTotal ?? '150.00',
    valorPrestacao: over.valorTotal ?? '150.00',
    valorReceber: over.valorTotal ?? '150.00',
    valorAuditoria: null,
    valorCorreto: null,
    inconsistencias: [],
    cobrancasAgrupadas: 0,
    codigoCobrancaAdicional: null,
    cobrancaRoteirizada: null,
    origemDocumento: 'XML',
    versao: 0,
    aguardandoAprovacao: null,
    ...over,
  };
}

export function auditoria(cteId: number, over: Partial<AuditoriaCte> = {}): AuditoriaCte {
  return {
    id: cteId * 10,
    cteId,
    status: 'FALHA',
    valorCobrado: '150.00',
    valorTotal: '120.00',
    diferenca: '30.00',
    tolerancia: '5.00',
    valorCorreto: null,
    tabelaFrete: { id: 3, inicio: '2025-01-01', fim: null },
    tabelaEscolhida: false,
    elementosCusto: [
      { descricao: 'Frete peso', valor: '100.00', tipo: 'ELEMENTO', nivel: 'TABELA' },
      { descricao: 'ICMS', valor: '20.00', tipo: 'IMPOSTO', nivel: null },
    ],
    mensagens: ['Valor cobrado acima da tolerância.'],
    traco: ['Frete peso: 1000 kg × 0,10 = 100,00'],
    responsavel: null,
    observacoes: null,
    auditadoEm: '2025-03-11T09:00:00-03:00',
    revisadoEm: null,
    ...over,
  };
}

const parte = (nome: string) => ({ cnpj: '11222333000181', cpf: null, inscricaoEstadual: null, nome, nomeFantasia: null, telefone: null, endereco: null });

/** The document's ide block for a row: its number, date and cities. */
export function identificacao(l: CteLinha, over: Partial<CteLido['identificacao']> = {}): CteLido['identificacao'] {
  return {
    numeroCte: l.numero,
    modelo: '57',
    serie: '1',
    cfop: '5353',
    dataEmissao: l.dataEmissao,
    tipoCte: 0,
    tipoServico: 0,
    tomador: 'REMETENTE',
    codigoMunicipioOrigem: l.origem.codigo,
    nomeMunicipioOrigem: l.origem.nome,
    ufOrigem: l.origem.uf,
    codigoMunicipioDestino: l.destino.codigo,
    nomeMunicipioDestino: l.destino.nome,
    ufDestino: l.destino.uf,
    ...over,
  };
}

export function cteCompleto(l: CteLinha, over: Partial<CteCompleto> = {}): CteCompleto {
  const documento: CteLido = {
    chave: l.chave,
    versaoLayout: '4.00',
    ambiente: 'PRODUCAO',
    identificacao: identificacao(l),
    emitente: parte('Expresso Andrade Ltda'),
    remetente: parte('Colacril Ind. Ltda'),
    destinatario: parte(`Cliente ${l.id}`),
    expedidor: null,
    recebedor: null,
    tomador: parte('Colacril Ind. Ltda'),
    carga: { valorTotal: '5000.00', produtoPredominante: 'Etiquetas', itens: [{ unidade: 'KG', tipoMedida: 'PESO BRUTO', quantidade: '1000.000' }] },
    prestacao: { valorTotal: l.valorTotal, valorReceber: l.valorTotal, componentes: [{ nome: 'FRETE PESO', valor: l.valorTotal }] },
    icms: { grupo: 'ICMS00', cst: '00', simplesNacional: false, baseCalculo: l.valorTotal, aliquota: '12.00', valor: '18.00', substituicao: null },
    notas: [{ chave: '35250111222333000181550010000012341000012345' }],
    protocolo: null,
    cancelado: false,
  };
  const { remetente: _r, destinatario: _d, ...resto } = l;
  const atual = l.status.startsWith('AUDITADO_') ? auditoria(l.id, { status: l.status === 'AUDITADO_REVISADO' ? 'REVISADO' : (l.status.replace('AUDITADO_', '') as AuditoriaCte['status']) }) : null;
  return {
    ...resto,
    documento,
    cliente: null,
    tipoVeiculo: null,
    pesoBruto: '1000.000',
    pesoOrigem: 'notas fiscais',
    valorNotas: '5000.00',
    dataCancelamento: null,
    motivoCancelamento: null,
    notas: [
      { id: l.id * 100 + 1, chave: '35250111222333000181550010000012341000012345', numero: 1234, pesoLiquido: '900.000', pesoBruto: '1000.000', valorTotalProdutos: '5000.00', valor: '5000.00', pedidoId: 'P-1', notaFiscalId: 'NF-1' },
      { id: l.id * 100 + 2, chave: '35250111222333000181550010000012351000012351', numero: 1235, pesoLiquido: null, pesoBruto: null, valorTotalProdutos: null, valor: null, pedidoId: null, notaFiscalId: null },
    ],
    auditoria: atual,
    auditorias: atual ? [atual] : [],
    faturas: [],
    aprovacoes: [],
    ...over,
  };
}

export const lote = (processados: number, mensagens: string[] = [], ignorados: { id: number; numero: number | null; motivo: string }[] = []) => ({ processados, ignorados, mensagens });

/** GET /ctes/ler-arquivos's answer: nothing new by default. */
export const leituraXml = (periodo: { dataIni: string; dataFim: string } | null = null, mensagens = ['Concluído.']) => ({ lidos: periodo ? 1 : 0, duplicados: 0, cancelados: 0, erros: [], periodo, mensagens });

export function fakeCtesServer({
  linhas = [] as CteLinha[],
  completos = {} as Record<number, Partial<CteCompleto>>,
  totais = undefined as CtePage['totais'] | undefined,
  leitura = leituraXml(),
} = {}) {
  const estado = { linhas: [...linhas] };
  const pagina_ = (c: Chamada): CtePage => {
    const q = new URL(c.url, 'http://x').searchParams;
    const size = Number(q.get('size') ?? 50);
    const p = pagina(estado.linhas, Number(q.get('page') ?? 0), size);
    return { ...p, size, totais: totais ?? { quantidade: estado.linhas.length, valorTotal: '0.00', valorAuditoria: '0.00' } };
  };
  const porId = (id: number) => estado.linhas.find((l) => l.id === id);
  const rotas = [
    rota('GET', '/api/ctes/listar-simples', (c) => json(pagina_(c))),
    rota('GET', '/api/ctes', () => json(estado.linhas.slice(0, 3))),
    rota('GET', '/api/ctes/ler-arquivos', () => json(leitura)),
    rota('GET', /^\/api\/ctes\/(processar|criar-nf|preencher-tipo|processar-integracao|preencher-valor)(\?|$)/, () => json(lote(0, ['Concluído.']))),
    rota('GET', /^\/api\/ctes\/processar-cte\/\d+/, () => json(lote(1, ['Dados fiscais reprocessados.']))),
    rota('GET', /^\/api\/ctes\/\d+(\?|$)/, (c) => {
      const id = Number(c.url.split('?')[0].split('/').pop());
      const l = porId(id);
      return l ? json(cteCompleto(l, completos[id])) : json({ mensagens: ['CT-e não encontrado.'] }, 404);
    }),
    rota('POST', '/api/ctes', (c) => json(c.body)),
    rota('POST', '/api/ctes/desconsiderar', () => json(lote(1))),
    rota('POST', '/api/ctes/confirmar-agrupamento', () => json(lote(2, ['Entregas agrupadas.']))),
    rota('POST', '/api/auditorias-cte/auditar', (c) => json(lote((c.body as { ctes: number[] }).ctes.length, ['Auditoria concluída.']))),
    rota('POST', '/api/auditorias-cte/aprovar', (c) => json(lote((c.body as { ctes: number[] }).ctes.length, ['Fretes aprovados.']))),
    rota('POST', '/api/auditorias-cte/trocar-tabela', () => json(lote(1, ['Auditado com a tabela escolhida.']))),
    rota('GET', '/api/tabelas-frete/cte', () =>
      json([
        { id: 3, transportadora: { id: 7, razaoSocial: 'Expresso Andrade Ltda' }, inicio: '2025-01-01', fim: null, versao: 0 },
        { id: 4, transportadora: { id: 7, razaoSocial: 'Expresso Andrade Ltda' }, inicio: '2024-06-01', fim: '2025-12-31', versao: 0 },
      ]),
    ),
    rota('GET', '/api/transportadoras/listar-simples', () => json(pagina([]))),
    rota('GET', '/api/tipos-veiculo', () => json(pagina([{ id: 5, descricao: 'Truck', codigo: null, capacidade: '14000', versao: 0 }, { id: 6, descricao: 'Carreta', codigo: null, capacidade: '27000', versao: 0 }]))),
  ];
  return { rotas, estado, status: (id: number, status: StatusCte) => Object.assign(porId(id) ?? {}, { status }) };
}
