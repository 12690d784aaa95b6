import { Hono } from 'hono';
import { NOMES_ARQUIVOS, periodoRelatorioSchema } from '../../contracts/relatorios';
import { formatDateBr } from '../../domain/format-date-br';
import { formatCnpj } from '@brazilian-utils/brazilian-utils';
import type { AppEnv } from '../app-env';
import { csvStream, decimalCsv, type ColunaCsv } from '../csv/csv-stream';
import { validate } from '../http/validate';
import { dadosInadimplencia, dataPosicao, titulosVencidos, type TituloVencido } from '../relatorios/inadimplencia';
import { respostaArquivo } from '../relatorios/resposta-arquivo';
import { inadimplenciaPdf } from '../documentos/inadimplencia-pdf';
import { areaApi } from '../permissoes/area-api';
import { anyOf } from '../permissoes/regras';
import { CODIGOS_RELATORIOS } from '../../contracts/relatorios';

// /inadimplencias (spec 03 §7): the receivables due in the period and still open at its position
// date (its end, or today), as a PDF (/impressao) and as a CSV streamed in batches (/csv). ?inicio&fim.

const COLUNAS: ColunaCsv<TituloVencido>[] = [
  { titulo: 'Cliente', valor: (t) => t.clienteId },
  { titulo: 'Razão social', valor: (t) => t.razaoSocial },
  { titulo: 'CNPJ/CPF', valor: (t) => (t.cpfCnpj?.length === 14 ? formatCnpj(t.cpfCnpj) : t.cpfCnpj) },
  { titulo: 'Documento', valor: (t) => t.documento },
  { titulo: 'Parcela', valor: (t) => t.parcela },
  { titulo: 'Emissão', valor: (t) => formatDateBr(t.dataEmissao) },
  { titulo: 'Vencimento', valor: (t) => formatDateBr(t.dataVencimento) },
  { titulo: 'Dias em atraso', valor: (t) => t.diasAtraso },
  { titulo: 'Valor', valor: (t) => decimalCsv(t.valor) },
];

export const inadimplenciasRoutes = () =>
  new Hono<AppEnv>()
    .get('/impressao', validate('query', periodoRelatorioSchema), async (c) => {
      const p = c.req.valid('query');
      return respostaArquivo(await inadimplenciaPdf(await dadosInadimplencia(c.get('banco'), p)), 'pdf', NOMES_ARQUIVOS.inadimplenciaPdf(p));
    })
    .get('/csv', validate('query', periodoRelatorioSchema), (c) => {
      const p = c.req.valid('query');
      return respostaArquivo(csvStream(COLUNAS, titulosVencidos(c.get('banco'), p, dataPosicao(p))), 'csv', NOMES_ARQUIVOS.inadimplenciaCsv(p));
    });

export const inadimplenciasApi = areaApi('/api/inadimplencias', () => inadimplenciasRoutes(), {
  'GET /impressao': anyOf(...CODIGOS_RELATORIOS),
  'GET /csv': anyOf(...CODIGOS_RELATORIOS),
});
