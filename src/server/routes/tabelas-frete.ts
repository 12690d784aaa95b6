import { Hono } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { idParamSchema } from '../../contracts/common';
import { MSG_REGISTRO_NAO_ENCONTRADO } from '../../contracts/erros';
import { tabelaFreteCadastroSchema, tabelaFreteCteQuerySchema, tabelaFreteDtosQuerySchema, tabelaFreteListaQuerySchema, type TabelaFrete, type TabelaFreteLinha } from '../../contracts/tabela-frete-modelo';
import { impressaoCotacaoSchema, pedidoCalculoSchema, type ResultadoCalculo } from '../../contracts/calculo-frete';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/database';
import { tabelaFrete } from '../db/schema/tabela-frete';
import { transportadora } from '../db/schema/transportadora';
import { ApiError } from '../http/api-error';
import { validate } from '../http/validate';
import { listOffset } from '../list/list-offset';
import { pageOf } from '../list/page-of';
import { dadosCalculoCte } from '../auditoria/dados-calculo-cte';
import { gerarCalculoCtePdf } from '../documentos/calculo-cte-pdf';
import { gerarCotacaoPdf } from '../documentos/cotacao-pdf';
import { calcularPedido } from '../tabelas-frete/calcular-pedido';
import { vigenteEm } from '../tabelas-frete/carregar-tabelas-vigentes';
import { salvarTabelaFrete } from '../tabelas-frete/salvar-tabela-frete';
import { baixarModeloPlanilha, baixarPlanilhaTabela } from '../tabelas-frete/baixar-planilha';
import { comVinculos, exportarTabelas, listarTabelas, tabelaFreteExportarQuerySchema, vinculosDaTabela } from '../tabelas-frete/lista-tabelas';
import { importarPlanilha } from '../tabelas-frete/planilha/importar-planilha';
import { colunasLinha, lerTabelaFrete, paraLinha } from '../tabelas-frete/tabela-frete-do-banco';
import { textoTransportadora } from './transportadoras';
import { relogio } from '../../domain/relogio';
import { areaApi } from '../permissoes/area-api';
import { LER_CTE, LER_TABELAS_FRETE } from '../permissoes/leituras';
import { anyOf, save } from '../permissoes/regras';

/** ?simular=true: the dry run (nothing written). */
const importarPlanilhaQuerySchema = z.object({
  simular: z.enum(['true', 'false'], { error: 'simular deve ser true ou false.' }).default('false').transform((v) => v === 'true'),
});

const naoEncontrado = () => new ApiError(404, [MSG_REGISTRO_NAO_ENCONTRADO]);

const resumos = (db: Db) => db.select(colunasLinha).from(tabelaFrete).innerJoin(transportadora, eq(transportadora.id, tabelaFrete.transportadoraId));

/** "cotacao-frete-20261123.pdf": the emission day in Brasília. */
const nomeArquivo = (d: Date) => `cotacao-frete-${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d).replaceAll('-', '')}.pdf`;

/** /tabelas-frete (spec 02 §7). */
export const tabelasFreteRoutes = () =>
  new Hono<AppEnv>()
    .get('/', validate('query', tabelaFreteListaQuerySchema), async (c) => {
      const { transportadora: texto, sort, page, size } = c.req.valid('query');
      const { linhas, total } = await listarTabelas(c.get('banco').db, { filtro: textoTransportadora(texto), sort }, { page, size, offset: listOffset(page, size) });
      return c.json(pageOf<TabelaFreteLinha>(linhas, total, page, size), 200);
    })
    // Static paths before /:id: the first matching route answers (and names the permission rule).
    .get('/dtos', validate('query', tabelaFreteDtosQuerySchema), async (c) => {
      const linhas = await resumos(c.get('banco').db)
        .where(eq(tabelaFrete.transportadoraId, c.req.valid('query').transportadora))
        .orderBy(desc(tabelaFrete.inicio), desc(tabelaFrete.id));
      return c.json<TabelaFreteLinha[]>(linhas.map(paraLinha), 200);
    })
    .get('/cte', validate('query', tabelaFreteCteQuerySchema), async (c) => {
      const { transportadora: id, dataDespacho } = c.req.valid('query');
      const linhas = await resumos(c.get('banco').db)
        .where(and(eq(tabelaFrete.transportadoraId, id), vigenteEm(dataDespacho)))
        .orderBy(desc(tabelaFrete.inicio), desc(tabelaFrete.id));
      return c.json<TabelaFreteLinha[]>(linhas.map(paraLinha), 200);
    })
    .get('/exportar', validate('query', tabelaFreteExportarQuerySchema), async (c) => {
      const { transportadora: texto, sort, formato } = c.req.valid('query');
      return exportarTabelas(c, c.get('banco').db, { filtro: textoTransportadora(texto), sort, formato });
    })
    // Issue 32: a table as a workbook, the empty template and the import (dry run with ?simular=true).
    .get('/planilha/modelo', (c) => baixarModeloPlanilha(c))
    .post('/planilha', validate('query', importarPlanilhaQuerySchema), async (c) => {
      const { status, corpo } = await importarPlanilha(c, c.get('banco').db, c.get('usuario'), c.req.valid('query').simular);
      return c.json(corpo, status);
    })
    .get('/:id/planilha', validate('param', idParamSchema), (c) => baixarPlanilhaTabela(c, c.get('banco').db, c.req.valid('param').id))
    .post('/calcular', validate('json', pedidoCalculoSchema), async (c) => {
      const { resultados } = await calcularPedido(c.get('banco').db, c.req.valid('json'));
      return c.json<ResultadoCalculo[]>(resultados, 200);
    })
    .post('/imprimir', validate('json', impressaoCotacaoSchema), async (c) => {
      const { pedido, transportadoras } = c.req.valid('json');
      // The quotation is calculated again here: it always matches the tables, whatever the browser holds.
      const calculo = await calcularPedido(c.get('banco').db, pedido);
      const escolhidas = transportadoras && new Set(transportadoras);
      const emitidoEm = relogio.agora();
      const [cliente] = calculo.clientes;
      const pdf = await gerarCotacaoPdf({
        empresa: c.get('empresa'),
        emitidoEm,
        pedido,
        origem: { id: calculo.origem.id, codigo: calculo.origem.codigo, nome: calculo.origem.nome, siglaUf: calculo.origem.siglaUf },
        destino: { id: calculo.destino.id, codigo: calculo.destino.codigo, nome: calculo.destino.nome, siglaUf: calculo.destino.siglaUf },
        tipoVeiculo: calculo.tipoVeiculo?.descricao ?? 'Qualquer',
        cliente: cliente ? (cliente.cpfCnpjFormatado ? `${cliente.nome} (${cliente.cpfCnpjFormatado})` : cliente.nome) : null,
        resultados: escolhidas ? calculo.resultados.filter((r) => escolhidas.has(r.transportadora.id)) : calculo.resultados,
      });
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${nomeArquivo(emitidoEm)}"`,
      });
    })
    .get('/imprimir/cte/:id', validate('param', idParamSchema), async (c) => {
      // The audit calculation of a CT-e (spec 03 §2.3, result dialog "print calculation").
      const dados = await dadosCalculoCte(c.get('banco').db, c.req.valid('param').id, c.get('empresa'));
      const pdf = await gerarCalculoCtePdf(dados);
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="calculo-cte-${dados.cte.numero}.pdf"`,
      });
    })
    .get('/:id', validate('param', idParamSchema), async (c) => {
      const { db } = c.get('banco');
      const { id } = c.req.valid('param');
      const [tabela, vinculos] = await Promise.all([lerTabelaFrete(db, id), vinculosDaTabela(db, id)]);
      if (!tabela) throw naoEncontrado();
      return c.json<TabelaFrete>(comVinculos(tabela, vinculos), 200);
    })
    .post('/', validate('json', tabelaFreteCadastroSchema), async (c) => {
      const cadastro = c.req.valid('json');
      const salva = await salvarTabelaFrete(c.get('banco').db, cadastro, c.get('usuario').id);
      return c.json<TabelaFrete>(salva, cadastro.id === undefined ? 201 : 200);
    })
    .delete('/:id', validate('param', idParamSchema), async (c) => {
      const { db } = c.get('banco');
      const [apagada] = await db
        .delete(tabelaFrete)
        .where(eq(tabelaFrete.id, c.req.valid('param').id))
        .returning({ id: tabelaFrete.id, transportadoraId: tabelaFrete.transportadoraId, inicio: tabelaFrete.inicio, fim: tabelaFrete.fim, versao: tabelaFrete.versao });
      if (!apagada) throw naoEncontrado();
      const [dona] = await db.select({ razaoSocial: transportadora.razaoSocial }).from(transportadora).where(eq(transportadora.id, apagada.transportadoraId));
      return c.json<TabelaFreteLinha>(paraLinha({ ...apagada, razaoSocial: dona.razaoSocial }), 200);
    });

export const tabelasFreteApi = areaApi('/api/tabelas-frete', () => tabelasFreteRoutes(), {
  'GET /': LER_TABELAS_FRETE,
  'GET /dtos': LER_TABELAS_FRETE,
  'GET /cte': LER_TABELAS_FRETE,
  'GET /exportar': LER_TABELAS_FRETE,
  'GET /planilha/modelo': LER_TABELAS_FRETE,
  // Either lets the dry run in; confirmed, a new table needs _C and a new version _E (importar-planilha.ts).
  'POST /planilha': anyOf('FRETE_TABFR_C', 'FRETE_TABFR_E'),
  'GET /:id/planilha': LER_TABELAS_FRETE,
  'POST /calcular': LER_TABELAS_FRETE,
  'POST /imprimir': LER_TABELAS_FRETE,
  'GET /imprimir/cte/:id': LER_CTE,
  'GET /:id': LER_TABELAS_FRETE,
  'POST /': save(['FRETE_TABFR_C'], ['FRETE_TABFR_E']),
  'DELETE /:id': anyOf('FRETE_TABFR_D'),
});
