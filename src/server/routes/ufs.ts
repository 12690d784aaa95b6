import { Hono } from 'hono';
import { and, count, eq, or, sql } from 'drizzle-orm';
import { MENSAGEM_VERSAO_OBSOLETA, listQuerySchema } from '../../contracts/common';
import { MSG_REGISTRO_NAO_ENCONTRADO } from '../../contracts/erros';
import { municipioBuscaQuerySchema, type Municipio } from '../../contracts/municipios';
import { ufLimitesSchema, type Uf } from '../../contracts/ufs';
import type { AppEnv } from '../app-env';
import { ordemTexto } from '../db/ordem-texto';
import { municipio } from '../db/schema/municipio';
import { uf } from '../db/schema/uf';
import { contemLike } from '../db/texto-busca';
import { COLUNAS_UF } from '../exportacao/cadastros/colunas-cadastros';
import { exportarCadastro } from '../exportacao/cadastros/exportar-cadastro';
import { termosOrdem } from '../exportacao/cadastros/ordem-keyset';
import { ApiError } from '../http/api-error';
import { validate } from '../http/validate';
import { listOffset } from '../list/list-offset';
import { pageOf } from '../list/page-of';
import type { SearchFields } from '../list/search-fields';
import { searchToSql } from '../list/search-to-sql';
import { sortToSql } from '../list/sort-to-sql';
import { areaApi } from '../permissoes/area-api';
import { LER_UFS } from '../permissoes/leituras';
import { AUTH, allOf } from '../permissoes/regras';

export const UF_CAMPOS: SearchFields = {
  id: { column: uf.id, type: 'integer' },
  codigo: { column: uf.codigo, type: 'text', code: true },
  nome: { column: uf.nome, type: 'text' },
  sigla: { column: uf.sigla, type: 'text', code: true },
  // 28 rows: no index needed to sort or filter the limits.
  // As answered: EX has no limits and shows 0.
  limiteFretePeso: { column: sql`coalesce(${uf.limiteFretePeso}, 0)`, type: 'decimal' },
  limiteFreteValor: { column: sql`coalesce(${uf.limiteFreteValor}, 0)`, type: 'decimal' },
};
const colunasUf = {
  id: uf.id,
  codigo: uf.codigo,
  nome: uf.nome,
  sigla: uf.sigla,
  limiteFretePeso: sql<string>`coalesce(${uf.limiteFretePeso}, 0)::text`,
  limiteFreteValor: sql<string>`coalesce(${uf.limiteFreteValor}, 0)::text`,
  versao: uf.versao,
};

/** /ufs: UF limits (spec 01 §2 UF limits); 28 rows, page size up to 100. */
export const ufsRoutes = () =>
  new Hono<AppEnv>()
    .get('/', validate('query', listQuerySchema), async (c) => {
      const { search, sort, page, size } = c.req.valid('query');
      const { where } = searchToSql(search, UF_CAMPOS);
      const { db } = c.get('banco');
      const [linhas, [{ total }]] = await Promise.all([
        db.select(colunasUf).from(uf).where(where).orderBy(...sortToSql(sort, UF_CAMPOS, 'nome', uf.id)).limit(size).offset(listOffset(page, size)),
        db.select({ total: count() }).from(uf).where(where),
      ]);
      return c.json(pageOf<Uf>(linhas, total, page, size), 200);
    })
    .get('/exportar', validate('query', listQuerySchema), async (c) => {
      const { search, sort } = c.req.valid('query');
      const { where } = searchToSql(search, UF_CAMPOS);
      const { db } = c.get('banco');
      return exportarCadastro(c, {
        lista: 'limites-uf',
        aba: 'Limites por UF',
        colunas: COLUNAS_UF,
        contar: async () => (await db.select({ total: count() }).from(uf).where(where))[0].total,
        termos: termosOrdem(sort, UF_CAMPOS, 'nome', uf.id),
        buscar: (chaves, depois, ordem, limite) => db.select({ ...colunasUf, ...chaves }).from(uf).where(and(where, depois)).orderBy(...ordem).limit(limite),
        paraLinha: (l): Uf => l,
      });
    })
    .post('/', validate('json', ufLimitesSchema), async (c) => {
      const { id, limiteFretePeso, limiteFreteValor, versao } = c.req.valid('json');
      const { db } = c.get('banco');
      const [salvo] =
        versao === undefined
          ? []
          : await db
              .update(uf)
              .set({ limiteFretePeso, limiteFreteValor, versao: sql`${uf.versao} + 1` })
              .where(and(eq(uf.id, id), eq(uf.versao, versao)))
              .returning({ id: uf.id });
      const [linha] = await db.select(colunasUf).from(uf).where(eq(uf.id, id));
      if (!linha) throw new ApiError(404, [MSG_REGISTRO_NAO_ENCONTRADO]);
      if (!salvo) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
      return c.json<Uf>(linha, 200);
    });

export const MUNICIPIO_CAMPOS: SearchFields = {
  id: { column: municipio.id, type: 'integer' },
  codigo: { column: municipio.codigo, type: 'integer' },
  nome: { column: municipio.nome, type: 'text' },
  siglaUf: { column: municipio.siglaUf, type: 'text', code: true },
};
const colunasMunicipio = { id: municipio.id, codigo: municipio.codigo, nome: municipio.nome, siglaUf: municipio.siglaUf };

/** /municipios: the IBGE municipalities (lookups of the carrier dialog and others). */
export const municipiosRoutes = () =>
  new Hono<AppEnv>()
    .get('/', validate('query', listQuerySchema), async (c) => {
      const { search, sort, page, size } = c.req.valid('query');
      const { where } = searchToSql(search, MUNICIPIO_CAMPOS);
      const { db } = c.get('banco');
      const [linhas, [{ total }]] = await Promise.all([
        db.select(colunasMunicipio).from(municipio).where(where).orderBy(...sortToSql(sort, MUNICIPIO_CAMPOS, 'nome', municipio.id)).limit(size).offset(listOffset(page, size)),
        db.select({ total: count() }).from(municipio).where(where),
      ]);
      return c.json(pageOf<Municipio>(linhas, total, page, size), 200);
    })
    .get('/findByNomeOrCodigo', validate('query', municipioBuscaQuerySchema), async (c) => {
      const { municipio: texto, size } = c.req.valid('query');
      const codigo = /^\d{7}$/.test(texto) ? Number(texto) : undefined;
      const linhas = await c
        .get('banco')
        .db.select(colunasMunicipio)
        .from(municipio)
        .where(or(sql`${municipio.nomeBusca} like ${contemLike(texto)}`, codigo === undefined ? undefined : eq(municipio.codigo, codigo)))
        // Exact code first, then names that start with the text, then the rest alphabetically.
        .orderBy(
          sql`case when ${municipio.codigo} = ${codigo ?? -1} then 0 when ${municipio.nomeBusca} like ${`${contemLike(texto).slice(1)}`} then 1 else 2 end`,
          ...ordemTexto(municipio.nome),
          municipio.id,
        )
        .limit(size);
      return c.json<Municipio[]>(linhas, 200);
    });

export const ufsApi = areaApi('/api/ufs', () => ufsRoutes(), {
  'GET /': LER_UFS,
  'GET /exportar': LER_UFS,
  'POST /': allOf('FRETE_LIMITE_UF_E', 'FRETE_MOTO_E'),
});

export const municipiosApi = areaApi('/api/municipios', () => municipiosRoutes(), {
  'GET /': AUTH,
  'GET /findByNomeOrCodigo': AUTH,
});
