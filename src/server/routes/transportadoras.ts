import { Hono } from 'hono';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { MENSAGEM_VERSAO_OBSOLETA, idParamSchema } from '../../contracts/common';
import { MSG_REGISTRO_NAO_ENCONTRADO } from '../../contracts/erros';
import {
  MSG_MUNICIPIO_NAO_ENCONTRADO,
  transportadoraAutoCompletarQuerySchema,
  transportadoraCadastroSchema,
  transportadoraListaQuerySchema,
  type Sincronizacao,
  type Transportadora,
} from '../../contracts/transportadoras';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/database';
import { ordemTexto } from '../db/ordem-texto';
import { municipio } from '../db/schema/municipio';
import { transportadora } from '../db/schema/transportadora';
import { contemLike } from '../db/texto-busca';
import { COLUNAS_TRANSPORTADORA } from '../exportacao/cadastros/colunas-cadastros';
import { exportarCadastro } from '../exportacao/cadastros/exportar-cadastro';
import { termosOrdem } from '../exportacao/cadastros/ordem-keyset';
import { erpSourceDe } from '../erp/erp-source';
import { sincronizarTransportadoras } from '../erp/sincronizar-erp';
import { ApiError, badRequest } from '../http/api-error';
import { validate } from '../http/validate';
import { listOffset } from '../list/list-offset';
import { pageOf } from '../list/page-of';
import type { SearchFields } from '../list/search-fields';
import { searchToSql } from '../list/search-to-sql';
import { sortToSql } from '../list/sort-to-sql';
import { areaApi } from '../permissoes/area-api';
import { LER_TRANSPORTADORAS } from '../permissoes/leituras';
import { ADMIN, anyOf } from '../permissoes/regras';

export const TRANSPORTADORA_CAMPOS: SearchFields = {
  id: { column: transportadora.id, type: 'integer' },
  razaoSocial: { column: transportadora.razaoSocial, type: 'text' },
  nomeFantasia: { column: transportadora.nomeFantasia, type: 'text' },
  cnpj: { column: transportadora.cnpj, type: 'text', code: true },
  fornecedorId: { column: transportadora.fornecedorId, type: 'text', code: true },
  uf: { column: transportadora.estado, type: 'text', code: true },
  codigoIbge: { column: municipio.codigo, type: 'integer' },
  municipio: { column: municipio.nome, type: 'text' },
  ativado: { column: transportadora.ativado, type: 'boolean' },
};

const colunas = {
  id: transportadora.id,
  fornecedorId: transportadora.fornecedorId,
  razaoSocial: transportadora.razaoSocial,
  nomeFantasia: transportadora.nomeFantasia,
  cnpjFormatado: transportadora.cnpjFormatado,
  inscricaoEstadual: transportadora.inscricaoEstadual,
  logradouro: transportadora.logradouro,
  complemento: transportadora.complemento,
  cep: transportadora.cep,
  bairro: transportadora.bairro,
  localidade: transportadora.localidade,
  estado: transportadora.estado,
  contato: transportadora.contato,
  telefone1: transportadora.telefone1,
  telefone2: transportadora.telefone2,
  telefone3: transportadora.telefone3,
  ativado: transportadora.ativado,
  versao: transportadora.versao,
  municipioId: municipio.id,
  municipioCodigo: municipio.codigo,
  municipioNome: municipio.nome,
  municipioUf: municipio.siglaUf,
};
type Linha = { [K in keyof typeof colunas]: (typeof colunas)[K]['_']['data'] | null };

export function paraTransportadora(l: Linha): Transportadora {
  return {
    id: l.id!,
    razaoSocial: l.razaoSocial!,
    nomeFantasia: l.nomeFantasia,
    cnpjFormatado: l.cnpjFormatado,
    cpfCnpjFormatado: l.cnpjFormatado,
    municipio: l.municipioId ? { id: l.municipioId, codigo: l.municipioCodigo!, nome: l.municipioNome!, siglaUf: l.municipioUf! } : null,
    codigoIbge: l.municipioCodigo,
    uf: l.municipioUf ?? l.estado,
    ativado: l.ativado!,
    vwTransportadora: {
      pk: { fornecedorId: l.fornecedorId! },
      inscricaoEstadual: l.inscricaoEstadual,
      logradouro: l.logradouro,
      complemento: l.complemento,
      cep: l.cep,
      bairro: l.bairro,
      localidade: l.localidade,
      estado: l.estado,
      contato: l.contato,
      telefone1: l.telefone1,
      telefone2: l.telefone2,
      telefone3: l.telefone3,
    },
    versao: l.versao!,
  };
}

/** The list's SELECT; the export adds its keyset keys to the columns. */
const consulta = <K extends Record<string, SQL> = Record<never, never>>(db: Db, chaves?: K) =>
  db.select({ ...colunas, ...(chaves as K) }).from(transportadora).leftJoin(municipio, eq(municipio.id, transportadora.municipioId));

async function uma(db: Db, onde: SQL): Promise<Transportadora> {
  const [linha] = await consulta(db).where(onde);
  if (!linha) throw new ApiError(404, [MSG_REGISTRO_NAO_ENCONTRADO]);
  return paraTransportadora(linha);
}

/** razão social, nome fantasia, CNPJ (digits or formatted) or code: one folded column with a trigram index. */
export const textoTransportadora = (texto: string | undefined): SQL | undefined =>
  texto?.trim() ? sql`${transportadora.busca} like ${contemLike(texto)}` : undefined;

/** The filter of the list (and of its export) and its count. */
function listaTransportadoras(db: Db, q: Pick<z.infer<typeof transportadoraListaQuerySchema>, 'transportadora' | 'desativados' | 'search'>) {
  const { where, campos } = searchToSql(q.search, TRANSPORTADORA_CAMPOS);
  const filtro = and(where, textoTransportadora(q.transportadora), q.desativados || campos.has('ativado') ? undefined : eq(transportadora.ativado, true));
  // The count needs the municipality join only when the filter names it.
  const precisaJoin = campos.has('codigoIbge') || campos.has('municipio');
  const contagem = db.select({ total: count() }).from(transportadora);
  const contar = async () => (await (precisaJoin ? contagem.leftJoin(municipio, eq(municipio.id, transportadora.municipioId)) : contagem).where(filtro))[0].total;
  return { filtro, contar };
}

const codigoParam = z.object({ code: z.string().trim().min(1, 'Informe o código.').max(30, 'O código é longo demais.') });
const fornecedorParam = z.object({ fornecedorId: z.string().trim().min(1, 'Informe o código.').max(30, 'O código é longo demais.') });

/** /transportadoras: carriers synchronised from the ERP (spec 01 §2 Carriers, §7). */
export const transportadorasRoutes = () =>
  new Hono<AppEnv>()
    .get('/atualizar', async (c) => {
      const banco = c.get('banco');
      return c.json<Sincronizacao>(await sincronizarTransportadoras(banco.db, erpSourceDe(banco)), 200);
    })
    .get('/listar-simples', validate('query', transportadoraListaQuerySchema), async (c) => {
      const { sort, page, size } = c.req.valid('query');
      const { db } = c.get('banco');
      const lista = listaTransportadoras(db, c.req.valid('query'));
      const [linhas, total] = await Promise.all([
        consulta(db).where(lista.filtro).orderBy(...sortToSql(sort, TRANSPORTADORA_CAMPOS, 'razaoSocial', transportadora.id)).limit(size).offset(listOffset(page, size)),
        lista.contar(),
      ]);
      return c.json(pageOf(linhas.map(paraTransportadora), total, page, size), 200);
    })
    .get('/exportar', validate('query', transportadoraListaQuerySchema), async (c) => {
      const q = c.req.valid('query');
      const { db } = c.get('banco');
      const { filtro, contar } = listaTransportadoras(db, q);
      return exportarCadastro(c, {
        lista: 'transportadoras',
        aba: 'Transportadoras',
        colunas: COLUNAS_TRANSPORTADORA,
        contar,
        termos: termosOrdem(q.sort, TRANSPORTADORA_CAMPOS, 'razaoSocial', transportadora.id),
        buscar: (chaves, depois, ordem, limite) => consulta(db, chaves).where(and(filtro, depois)).orderBy(...ordem).limit(limite),
        paraLinha: paraTransportadora,
      });
    })
    .get('/', validate('query', transportadoraAutoCompletarQuerySchema), async (c) => {
      const { transportadora: texto, size } = c.req.valid('query');
      const linhas = await consulta(c.get('banco').db)
        .where(and(eq(transportadora.ativado, true), textoTransportadora(texto)))
        .orderBy(...ordemTexto(transportadora.razaoSocial), transportadora.id)
        .limit(size);
      return c.json<Transportadora[]>(linhas.map(paraTransportadora), 200);
    })
    .get('/findByCardCode/:code', validate('param', codigoParam), async (c) =>
      c.json<Transportadora>(await uma(c.get('banco').db, eq(transportadora.fornecedorId, c.req.valid('param').code)), 200),
    )
    .get('/completar-pk/:fornecedorId', validate('param', fornecedorParam), async (c) =>
      c.json<Transportadora>(await uma(c.get('banco').db, eq(transportadora.fornecedorId, c.req.valid('param').fornecedorId)), 200),
    )
    .get('/:id', validate('param', idParamSchema), async (c) =>
      c.json<Transportadora>(await uma(c.get('banco').db, eq(transportadora.id, c.req.valid('param').id)), 200),
    )
    .post('/', validate('json', transportadoraCadastroSchema), async (c) => {
      const { id, municipio: ibge, ativado, versao } = c.req.valid('json');
      const { db } = c.get('banco');
      const [mun] = await db.select({ id: municipio.id }).from(municipio).where(eq(municipio.codigo, ibge.codigo));
      if (!mun) throw badRequest(MSG_MUNICIPIO_NAO_ENCONTRADO);
      const [salvo] =
        versao === undefined
          ? []
          : await db
              .update(transportadora)
              .set({ municipioId: mun.id, ...(ativado === undefined ? {} : { ativado }), versao: sql`${transportadora.versao} + 1` })
              .where(and(eq(transportadora.id, id), eq(transportadora.versao, versao)))
              .returning({ id: transportadora.id });
      if (salvo) return c.json<Transportadora>(await uma(db, eq(transportadora.id, id)), 200);
      await uma(db, eq(transportadora.id, id));
      throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
    });

export const transportadorasApi = areaApi('/api/transportadoras', () => transportadorasRoutes(), {
  'GET /atualizar': ADMIN,
  'GET /listar-simples': LER_TRANSPORTADORAS,
  'GET /exportar': LER_TRANSPORTADORAS,
  'GET /': LER_TRANSPORTADORAS,
  'GET /findByCardCode/:code': LER_TRANSPORTADORAS,
  'GET /completar-pk/:fornecedorId': LER_TRANSPORTADORAS,
  'GET /:id': LER_TRANSPORTADORAS,
  'POST /': anyOf('FRETE_TRANS_E'),
});
