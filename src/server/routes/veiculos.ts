import { Hono } from 'hono';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { MENSAGEM_VERSAO_OBSOLETA, idParamSchema, listQuerySchema } from '../../contracts/common';
import { MSG_REGISTRO_NAO_ENCONTRADO } from '../../contracts/erros';
import {
  MSG_TIPO_VEICULO_DESCONHECIDO,
  MSG_VEICULO_PLACA_DUPLICADA,
  mensagemTipoVeiculoEmUso,
  tipoVeiculoCadastroSchema,
  veiculoCadastroSchema,
  type TipoVeiculo,
  type Veiculo,
} from '../../contracts/veiculos';
import { paisDaPlaca } from '../../domain/placa';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/database';
import { tipoVeiculo, veiculo } from '../db/schema/veiculo';
import { violouUnico } from '../db/violou-unico';
import { COLUNAS_TIPO_VEICULO, COLUNAS_VEICULO } from '../exportacao/cadastros/colunas-cadastros';
import { exportarCadastro } from '../exportacao/cadastros/exportar-cadastro';
import { termosOrdem } from '../exportacao/cadastros/ordem-keyset';
import { ApiError, badRequest } from '../http/api-error';
import { validate } from '../http/validate';
import { listOffset } from '../list/list-offset';
import { pageOf } from '../list/page-of';
import type { SearchFields } from '../list/search-fields';
import { searchToSql } from '../list/search-to-sql';
import { sortToSql } from '../list/sort-to-sql';
import { areaApi } from '../permissoes/area-api';
import { LER_TIPOS_VEICULO, LER_VEICULOS } from '../permissoes/leituras';
import { anyOf, save } from '../permissoes/regras';

const naoEncontrado = () => new ApiError(404, [MSG_REGISTRO_NAO_ENCONTRADO]);

export const TIPO_VEICULO_CAMPOS: SearchFields = {
  id: { column: tipoVeiculo.id, type: 'integer' },
  descricao: { column: tipoVeiculo.descricao, type: 'text' },
  codigo: { column: tipoVeiculo.codigo, type: 'text', code: true },
  capacidade: { column: tipoVeiculo.capacidade, type: 'decimal' },
};
const colunasTipo = { id: tipoVeiculo.id, descricao: tipoVeiculo.descricao, codigo: tipoVeiculo.codigo, capacidade: tipoVeiculo.capacidade, versao: tipoVeiculo.versao };

/** /tipos-veiculo (spec 01 §2 Vehicle types). */
export const tiposVeiculoRoutes = () =>
  new Hono<AppEnv>()
    .get('/', validate('query', listQuerySchema), async (c) => {
      const { search, sort, page, size } = c.req.valid('query');
      const { where } = searchToSql(search, TIPO_VEICULO_CAMPOS);
      const { db } = c.get('banco');
      const [linhas, [{ total }]] = await Promise.all([
        db.select(colunasTipo).from(tipoVeiculo).where(where).orderBy(...sortToSql(sort, TIPO_VEICULO_CAMPOS, 'descricao', tipoVeiculo.id)).limit(size).offset(listOffset(page, size)),
        db.select({ total: count() }).from(tipoVeiculo).where(where),
      ]);
      return c.json(pageOf<TipoVeiculo>(linhas, total, page, size), 200);
    })
    .get('/exportar', validate('query', listQuerySchema), async (c) => {
      const { search, sort } = c.req.valid('query');
      const { where } = searchToSql(search, TIPO_VEICULO_CAMPOS);
      const { db } = c.get('banco');
      return exportarCadastro(c, {
        lista: 'tipos-veiculo',
        aba: 'Tipos de veículo',
        colunas: COLUNAS_TIPO_VEICULO,
        contar: async () => (await db.select({ total: count() }).from(tipoVeiculo).where(where))[0].total,
        termos: termosOrdem(sort, TIPO_VEICULO_CAMPOS, 'descricao', tipoVeiculo.id),
        buscar: (chaves, depois, ordem, limite) => db.select({ ...colunasTipo, ...chaves }).from(tipoVeiculo).where(and(where, depois)).orderBy(...ordem).limit(limite),
        paraLinha: (l): TipoVeiculo => l,
      });
    })
    .get('/:id', validate('param', idParamSchema), async (c) => {
      const [linha] = await c.get('banco').db.select(colunasTipo).from(tipoVeiculo).where(eq(tipoVeiculo.id, c.req.valid('param').id));
      if (!linha) throw naoEncontrado();
      return c.json<TipoVeiculo>(linha, 200);
    })
    .post('/', validate('json', tipoVeiculoCadastroSchema), async (c) => {
      const { id, descricao, codigo, capacidade, versao } = c.req.valid('json');
      const valores = { descricao, codigo: codigo || null, capacidade: capacidade ?? null };
      const { db } = c.get('banco');
      if (id === undefined) {
        const [criado] = await db.insert(tipoVeiculo).values(valores).returning(colunasTipo);
        return c.json<TipoVeiculo>(criado, 201);
      }
      const [salvo] =
        versao === undefined
          ? []
          : await db
              .update(tipoVeiculo)
              .set({ ...valores, versao: sql`${tipoVeiculo.versao} + 1` })
              .where(and(eq(tipoVeiculo.id, id), eq(tipoVeiculo.versao, versao)))
              .returning(colunasTipo);
      if (salvo) return c.json<TipoVeiculo>(salvo, 200);
      const [existe] = await db.select({ id: tipoVeiculo.id }).from(tipoVeiculo).where(eq(tipoVeiculo.id, id));
      if (!existe) throw naoEncontrado();
      throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
    })
    .delete('/:id', validate('param', idParamSchema), async (c) => {
      const id = c.req.valid('param').id;
      const { db } = c.get('banco');
      const apagado = await db.transaction(async (tx) => {
        const [{ n }] = await tx.select({ n: count() }).from(veiculo).where(eq(veiculo.tipoVeiculoId, id));
        if (n > 0) throw new ApiError(409, [mensagemTipoVeiculoEmUso(n)]);
        return tx.delete(tipoVeiculo).where(eq(tipoVeiculo.id, id)).returning(colunasTipo);
      });
      if (!apagado.length) throw naoEncontrado();
      return c.json<TipoVeiculo>(apagado[0], 200);
    });

export const VEICULO_CAMPOS: SearchFields = {
  id: { column: veiculo.id, type: 'integer' },
  placa: { column: veiculo.placa, type: 'text', code: true },
  modelo: { column: veiculo.modelo, type: 'text' },
  fabricante: { column: veiculo.fabricante, type: 'text' },
  tipoVeiculoId: { column: veiculo.tipoVeiculoId, type: 'integer' },
  tipoVeiculo: { column: tipoVeiculo.descricao, type: 'text' },
  'tipoVeiculo.descricao': { column: tipoVeiculo.descricao, type: 'text' },
  capacidade: { column: veiculo.capacidade, type: 'decimal' },
  carga: { column: veiculo.carga, type: 'decimal' },
};
const colunasVeiculo = {
  id: veiculo.id,
  placa: veiculo.placa,
  modelo: veiculo.modelo,
  fabricante: veiculo.fabricante,
  tipoId: tipoVeiculo.id,
  tipoDescricao: tipoVeiculo.descricao,
  capacidade: veiculo.capacidade,
  carga: veiculo.carga,
  versao: veiculo.versao,
};
type LinhaVeiculo = { id: number; placa: string; modelo: string | null; fabricante: string | null; tipoId: number | null; tipoDescricao: string | null; capacidade: string | null; carga: string | null; versao: number };
const paraVeiculo = ({ tipoId, tipoDescricao, ...v }: LinhaVeiculo): Veiculo => ({
  ...v,
  pais: paisDaPlaca(v.placa),
  tipoVeiculo: tipoId === null ? null : { id: tipoId, descricao: tipoDescricao! },
});
/** The list's SELECT; the export adds its keyset keys to the columns. */
const consultaVeiculo = <K extends Record<string, SQL> = Record<never, never>>(db: Db, chaves?: K) =>
  db.select({ ...colunasVeiculo, ...(chaves as K) }).from(veiculo).leftJoin(tipoVeiculo, eq(tipoVeiculo.id, veiculo.tipoVeiculoId));
const contarVeiculos = async (db: Db, where: SQL | undefined) =>
  (await db.select({ total: count() }).from(veiculo).leftJoin(tipoVeiculo, eq(tipoVeiculo.id, veiculo.tipoVeiculoId)).where(where))[0].total;
async function umVeiculo(db: Db, id: number): Promise<Veiculo> {
  const [linha] = await consultaVeiculo(db).where(eq(veiculo.id, id));
  if (!linha) throw naoEncontrado();
  return paraVeiculo(linha);
}

/** /veiculos (spec 01 §2 Vehicles, §5 Vehicle): plate upper-cased by the contract, unique; DELETE removes. */
export const veiculosRoutes = () =>
  new Hono<AppEnv>()
    .get('/', validate('query', listQuerySchema), async (c) => {
      const { search, sort, page, size } = c.req.valid('query');
      const { where } = searchToSql(search, VEICULO_CAMPOS);
      const { db } = c.get('banco');
      const [linhas, total] = await Promise.all([
        consultaVeiculo(db).where(where).orderBy(...sortToSql(sort, VEICULO_CAMPOS, 'placa', veiculo.id)).limit(size).offset(listOffset(page, size)),
        contarVeiculos(db, where),
      ]);
      return c.json(pageOf(linhas.map(paraVeiculo), total, page, size), 200);
    })
    .get('/exportar', validate('query', listQuerySchema), async (c) => {
      const { search, sort } = c.req.valid('query');
      const { where } = searchToSql(search, VEICULO_CAMPOS);
      const { db } = c.get('banco');
      return exportarCadastro(c, {
        lista: 'veiculos',
        aba: 'Veículos',
        colunas: COLUNAS_VEICULO,
        contar: () => contarVeiculos(db, where),
        termos: termosOrdem(sort, VEICULO_CAMPOS, 'placa', veiculo.id),
        buscar: (chaves, depois, ordem, limite) => consultaVeiculo(db, chaves).where(and(where, depois)).orderBy(...ordem).limit(limite),
        paraLinha: paraVeiculo,
      });
    })
    .get('/:id', validate('param', idParamSchema), async (c) => c.json<Veiculo>(await umVeiculo(c.get('banco').db, c.req.valid('param').id), 200))
    .post('/', validate('json', veiculoCadastroSchema), async (c) => {
      const { id, placa, modelo, fabricante, tipoVeiculo: tipo, capacidade, carga, versao } = c.req.valid('json');
      const { db } = c.get('banco');
      if (tipo) {
        const [existe] = await db.select({ id: tipoVeiculo.id }).from(tipoVeiculo).where(eq(tipoVeiculo.id, tipo.id));
        if (!existe) throw badRequest(MSG_TIPO_VEICULO_DESCONHECIDO);
      }
      const [duplicada] = await db.select({ id: veiculo.id }).from(veiculo).where(eq(veiculo.placa, placa));
      if (duplicada && duplicada.id !== id) throw new ApiError(409, [MSG_VEICULO_PLACA_DUPLICADA]);
      const valores = { placa, modelo: modelo || null, fabricante: fabricante || null, tipoVeiculoId: tipo?.id ?? null, capacidade: capacidade ?? null, carga: carga ?? null };
      try {
        if (id === undefined) {
          const [criado] = await db.insert(veiculo).values(valores).returning({ id: veiculo.id });
          return c.json<Veiculo>(await umVeiculo(db, criado.id), 201);
        }
        const [salvo] =
          versao === undefined
            ? []
            : await db
                .update(veiculo)
                .set({ ...valores, versao: sql`${veiculo.versao} + 1` })
                .where(and(eq(veiculo.id, id), eq(veiculo.versao, versao)))
                .returning({ id: veiculo.id });
        if (salvo) return c.json<Veiculo>(await umVeiculo(db, id), 200);
      } catch (erro) {
        if (violouUnico(erro)) throw new ApiError(409, [MSG_VEICULO_PLACA_DUPLICADA]);
        throw erro;
      }
      await umVeiculo(db, id);
      throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
    })
    .delete('/:id', validate('param', idParamSchema), async (c) => {
      const { db } = c.get('banco');
      const antes = await umVeiculo(db, c.req.valid('param').id);
      await db.delete(veiculo).where(eq(veiculo.id, antes.id));
      return c.json<Veiculo>(antes, 200);
    });

export const tiposVeiculoApi = areaApi('/api/tipos-veiculo', () => tiposVeiculoRoutes(), {
  'GET /': LER_TIPOS_VEICULO,
  'GET /exportar': LER_TIPOS_VEICULO,
  'GET /:id': LER_TIPOS_VEICULO,
  'POST /': save(['FRETE_TVEIC_C'], ['FRETE_TVEIC_E']),
  'DELETE /:id': anyOf('FRETE_TVEIC_D'),
});

export const veiculosApi = areaApi('/api/veiculos', () => veiculosRoutes(), {
  'GET /': LER_VEICULOS,
  'GET /exportar': LER_VEICULOS,
  'GET /:id': LER_VEICULOS,
  'POST /': save(['FRETE_VEIC_C'], ['FRETE_VEIC_E']),
  'DELETE /:id': anyOf('FRETE_VEIC_D'),
});
