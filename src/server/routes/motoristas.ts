import { Hono } from 'hono';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { MENSAGEM_VERSAO_OBSOLETA, idParamSchema, listQuerySchema } from '../../contracts/common';
import { MSG_REGISTRO_NAO_ENCONTRADO } from '../../contracts/erros';
import { MSG_MOTORISTA_CPF_DUPLICADO, motoristaCadastroSchema, type Motorista } from '../../contracts/motoristas';
import { formatarCpf } from '../../domain/cpf';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/database';
import { motorista } from '../db/schema/motorista';
import { violouUnico } from '../db/violou-unico';
import { COLUNAS_MOTORISTA } from '../exportacao/cadastros/colunas-cadastros';
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
import { LER_MOTORISTAS } from '../permissoes/leituras';
import { anyOf, save } from '../permissoes/regras';

export const MOTORISTA_CAMPOS: SearchFields = {
  id: { column: motorista.id, type: 'integer' },
  nome: { column: motorista.nome, type: 'text' },
  cpf: { column: motorista.cpf, type: 'text', code: true },
  rg: { column: motorista.rg, type: 'text', code: true },
  cnh: { column: motorista.cnh, type: 'text', code: true },
  cidade: { column: motorista.cidade, type: 'text' },
  uf: { column: motorista.uf, type: 'text', code: true },
  status: { column: motorista.status, type: 'text', code: true },
};
const colunas = {
  id: motorista.id,
  nome: motorista.nome,
  cpf: motorista.cpf,
  rg: motorista.rg,
  cnh: motorista.cnh,
  rntnc: motorista.rntnc,
  logradouro: motorista.logradouro,
  complemento: motorista.complemento,
  endereco: motorista.endereco,
  cep: motorista.cep,
  bairro: motorista.bairro,
  cidade: motorista.cidade,
  uf: motorista.uf,
  status: motorista.status,
  versao: motorista.versao,
};
type Linha = Omit<Motorista, 'cpfFormatado' | 'status'> & { status: string };
const paraMotorista = (l: Linha): Motorista => ({ ...l, cpfFormatado: formatarCpf(l.cpf), status: l.status as Motorista['status'] });

/** The list's filter: INATIVO drivers hidden unless the search names status (the list and its export). */
function filtroMotoristas(search: string | undefined) {
  const { where, campos } = searchToSql(search, MOTORISTA_CAMPOS);
  return campos.has('status') ? where : and(where, eq(motorista.status, 'ATIVO'));
}
const contarMotoristas = async (db: Db, filtro: SQL | undefined) => (await db.select({ total: count() }).from(motorista).where(filtro))[0].total;

async function um(db: Db, id: number): Promise<Motorista> {
  const [linha] = await db.select(colunas).from(motorista).where(eq(motorista.id, id));
  if (!linha) throw new ApiError(404, [MSG_REGISTRO_NAO_ENCONTRADO]);
  return paraMotorista(linha);
}

/**
 * /motoristas (spec 01 §2 Drivers, §5 Driver save). Like ativado elsewhere, INATIVO drivers stay hidden
 * unless the search names status; DELETE sets status INATIVO.
 */
export const motoristasRoutes = () =>
  new Hono<AppEnv>()
    .get('/', validate('query', listQuerySchema), async (c) => {
      const { search, sort, page, size } = c.req.valid('query');
      const filtro = filtroMotoristas(search);
      const { db } = c.get('banco');
      const [linhas, total] = await Promise.all([
        db.select(colunas).from(motorista).where(filtro).orderBy(...sortToSql(sort, MOTORISTA_CAMPOS, 'nome', motorista.id)).limit(size).offset(listOffset(page, size)),
        contarMotoristas(db, filtro),
      ]);
      return c.json(pageOf(linhas.map(paraMotorista), total, page, size), 200);
    })
    .get('/exportar', validate('query', listQuerySchema), async (c) => {
      const { search, sort } = c.req.valid('query');
      const filtro = filtroMotoristas(search);
      const { db } = c.get('banco');
      return exportarCadastro(c, {
        lista: 'motoristas',
        aba: 'Motoristas',
        colunas: COLUNAS_MOTORISTA,
        contar: () => contarMotoristas(db, filtro),
        termos: termosOrdem(sort, MOTORISTA_CAMPOS, 'nome', motorista.id),
        buscar: (chaves, depois, ordem, limite) => db.select({ ...colunas, ...chaves }).from(motorista).where(and(filtro, depois)).orderBy(...ordem).limit(limite),
        paraLinha: paraMotorista,
      });
    })
    .get('/:id', validate('param', idParamSchema), async (c) => c.json<Motorista>(await um(c.get('banco').db, c.req.valid('param').id), 200))
    .post('/', validate('json', motoristaCadastroSchema), async (c) => {
      const { id, versao, ...dados } = c.req.valid('json');
      const valores = {
        ...dados,
        cnh: dados.cnh || null,
        complemento: dados.complemento || null,
        endereco: dados.endereco || null,
        bairro: dados.bairro || null,
      };
      const { db } = c.get('banco');
      const [duplicado] = await db.select({ id: motorista.id }).from(motorista).where(eq(motorista.cpf, valores.cpf));
      if (duplicado && duplicado.id !== id) throw new ApiError(409, [MSG_MOTORISTA_CPF_DUPLICADO]);
      try {
        if (id === undefined) {
          const [criado] = await db.insert(motorista).values(valores).returning(colunas);
          return c.json<Motorista>(paraMotorista(criado), 201);
        }
        const [salvo] =
          versao === undefined
            ? []
            : await db
                .update(motorista)
                .set({ ...valores, versao: sql`${motorista.versao} + 1` })
                .where(and(eq(motorista.id, id), eq(motorista.versao, versao)))
                .returning(colunas);
        if (salvo) return c.json<Motorista>(paraMotorista(salvo), 200);
      } catch (erro) {
        if (violouUnico(erro)) throw new ApiError(409, [MSG_MOTORISTA_CPF_DUPLICADO]);
        throw erro;
      }
      await um(c.get('banco').db, id);
      throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
    })
    .delete('/:id', validate('param', idParamSchema), async (c) => {
      const [linha] = await c
        .get('banco')
        .db.update(motorista)
        .set({ status: 'INATIVO', versao: sql`${motorista.versao} + 1` })
        .where(eq(motorista.id, c.req.valid('param').id))
        .returning(colunas);
      if (!linha) throw new ApiError(404, [MSG_REGISTRO_NAO_ENCONTRADO]);
      return c.json<Motorista>(paraMotorista(linha), 200);
    });

export const motoristasApi = areaApi('/api/motoristas', () => motoristasRoutes(), {
  'GET /': LER_MOTORISTAS,
  'GET /exportar': LER_MOTORISTAS,
  'GET /:id': LER_MOTORISTAS,
  'POST /': save(['FRETE_MOTO_C'], ['FRETE_MOTO_E']),
  'DELETE /:id': anyOf('FRETE_MOTO_D'),
});
