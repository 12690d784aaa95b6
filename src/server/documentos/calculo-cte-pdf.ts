import type { StatusCte } from '../../contracts/cte-status';
import type { Empresa } from '../../contracts/common';
import type { AuditoriaCte, StatusAuditoria } from '../../contracts/ctes';
import { formatarPesoKg } from '../../domain/cte/formatar-cte';
import { ROTULO_STATUS_CTE } from '../../domain/cte/rotulos-cte';
import { formatarDinheiro as dinheiro } from '../../domain/format-number-br';
import { formatDateBr } from '../../domain/format-date-br';
import { gerarPdf } from './pdf-documento';

export interface DadosCalculoCte {
  empresa: Empresa;
  emitidoEm: Date;
  cte: {
    numero: number;
    serie: string;
    chave: string;
    dataEmissao: Date;
    status: StatusCte;
    /** The registered carrier's name, else the issuer's as read. */
    transportadora: string;
    origem: string;
    destino: string;
    pesoBruto: string | null;
    valorCarga: string | null;
  };
  auditoria: AuditoriaCte;
}

const AZUL = '#1e3a8a';
const CINZA = '#4b5563';
const VERMELHO = '#b91c1c';

/** The verdict as the audit result dialog names it. */
export const ROTULO_STATUS_AUDITORIA: Record<StatusAuditoria, string> = {
  SUCESSO: 'Sucesso',
  OBSERVACOES: 'Observações (cobrado abaixo da tabela)',
  FALHA: 'Falha (cobrado acima da tabela)',
  ERRO: 'Erro (não foi possível calcular)',
  REVISADO: 'Revisado (frete aprovado)',
};

const dataHora = (d: Date | string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }).format(new Date(d));

const campo = (rotulo: string, valor: string) => ({ text: [{ text: `${rotulo}: `, bold: true }, valor], margin: [0, 1, 0, 1] });

/** The CT-e's identification and cargo, in two columns. */
function dadosDoCte({ cte, auditoria: a }: DadosCalculoCte) {
  const vigencia = a.tabelaFrete
    ? `nº ${a.tabelaFrete.id}, de ${formatDateBr(a.tabelaFrete.inicio)} a ${a.tabelaFrete.fim ? formatDateBr(a.tabelaFrete.fim) : 'indeterminado'}${a.tabelaEscolhida ? ' (escolhida na revisão)' : ''}`
    : '—';
  return {
    columns: [
      [
        campo('CT-e', `${cte.numero} (série ${cte.serie})`),
        campo('Chave', cte.chave),
        campo('Emissão', dataHora(cte.dataEmissao)),
        campo('Transportadora', cte.transportadora),
        // The status by its name, as the detail dialog shows it (labels shared in src/domain/cte).
        campo('Status do CT-e', ROTULO_STATUS_CTE[cte.status] ?? cte.status),
      ],
      [
        campo('Origem', cte.origem),
        campo('Destino', cte.destino),
        campo('Peso bruto', formatarPesoKg(cte.pesoBruto) ?? '—'),
        campo('Valor da carga', dinheiro(cte.valorCarga)),
        campo('Tabela de frete', vigencia),
      ],
    ],
    columnGap: 16,
    margin: [0, 8, 0, 10],
  };
}

/** The cost elements with their total, or why there are none. */
function elementosDaAuditoria(a: AuditoriaCte): unknown[] {
  if (a.elementosCusto.length === 0) return [{ text: 'Sem elementos de custo: o frete não pôde ser calculado.', color: VERMELHO, margin: [0, 2, 0, 10] }];
  return [
    {
      table: {
        headerRows: 1,
        widths: ['*', 'auto'],
        body: [
          [{ text: 'Elemento de custo', style: 'th' }, { text: 'Valor', style: 'th', alignment: 'right' }],
          ...a.elementosCusto.map((l) => [l.descricao, { text: dinheiro(l.valor), alignment: 'right' }]),
          [{ text: 'Total', bold: true }, { text: dinheiro(a.valorTotal), bold: true, alignment: 'right' }],
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 2, 0, 10],
    },
  ];
}

/** Calculated against charged, the tolerance and the verdict. */
function resultadoDaAuditoria(a: AuditoriaCte) {
  const diferencaCor = a.diferenca !== null && Number(a.diferenca) > 0 ? VERMELHO : undefined;
  return {
    table: {
      widths: ['*', 'auto'],
      body: [
        ['Valor calculado pela tabela', { text: dinheiro(a.valorTotal), alignment: 'right' }],
        ['Valor cobrado pela transportadora', { text: dinheiro(a.valorCobrado), alignment: 'right' }],
        ['Diferença (cobrado − calculado)', { text: dinheiro(a.diferenca), alignment: 'right', color: diferencaCor }],
        ['Tolerância', { text: dinheiro(a.tolerancia), alignment: 'right' }],
        [{ text: 'Resultado da auditoria', bold: true }, { text: ROTULO_STATUS_AUDITORIA[a.status], bold: true, alignment: 'right' }],
        ['Auditado em', { text: dataHora(a.auditadoEm), alignment: 'right' }],
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 8],
  };
}

/** The approval of a reviewed audit (nothing for the others). */
function revisaoDaAuditoria(a: AuditoriaCte): unknown[] {
  if (a.status !== 'REVISADO') return [];
  return [
    { text: 'Revisão', style: 'h2' },
    campo('Valor correto', dinheiro(a.valorCorreto)),
    campo('Responsável', a.responsavel ? `${a.responsavel.nome}${a.responsavel.email ? ` (${a.responsavel.email})` : ''}` : '—'),
    campo('Revisado em', a.revisadoEm ? dataHora(a.revisadoEm) : '—'),
    campo('Observações', a.observacoes ?? '—'),
  ];
}

/** GET /tabelas-frete/imprimir/cte/{id}: the audit calculation of one CT-e (the result dialog's "print calculation"). */
export function gerarCalculoCtePdf(d: DadosCalculoCte): Promise<Buffer> {
  const { cte, auditoria: a } = d;
  return gerarPdf({
    info: { title: `Cálculo do CT-e ${cte.numero}`, author: `Frete Console · ${d.empresa}`, subject: cte.chave },
    pageSize: 'A4',
    pageMargins: [40, 48, 40, 48],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: {
      h1: { fontSize: 16, bold: true, color: AZUL },
      h2: { fontSize: 11, bold: true, color: AZUL, margin: [0, 6, 0, 2] },
      th: { bold: true, color: CINZA },
    },
    content: [
      {
        columns: [
          { text: `Cálculo de frete do CT-e ${cte.numero}`, style: 'h1' },
          { text: [{ text: d.empresa, bold: true }, `\nEmitido em ${dataHora(d.emitidoEm)}`], alignment: 'right' },
        ],
      },
      dadosDoCte(d),
      { text: 'Elementos de custo', style: 'h2' },
      ...elementosDaAuditoria(a),
      resultadoDaAuditoria(a),
      ...(a.mensagens.length ? [{ text: 'Mensagens', style: 'h2' }, { ul: a.mensagens, margin: [0, 0, 0, 8] }] : []),
      ...revisaoDaAuditoria(a),
      ...(a.traco.length ? [{ text: 'Detalhes do cálculo', style: 'h2' }, { ol: a.traco, fontSize: 7.5, color: CINZA }] : []),
    ],
    footer: (pagina: number, paginas: number) => ({
      columns: [
        { text: 'Valores calculados pela tabela de frete vigente na data de emissão do CT-e.', color: CINZA, fontSize: 7 },
        { text: `Página ${pagina} de ${paginas}`, alignment: 'right', color: CINZA, fontSize: 7 },
      ],
      margin: [40, 16, 40, 0],
    }),
  });
}
