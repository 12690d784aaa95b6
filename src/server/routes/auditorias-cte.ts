import { Hono } from 'hono';
import { podeTransitar, mensagemTransicaoIlegal, type TipoEventoCte } from '../../../machines/cte-audit';
import { INTEIRO_MAXIMO, type Page } from '../../contracts/common';
import {
  aprovarSchema,
  auditarSchema,
  MSG_BUSCA_AUDITORIA,
  MSG_IDS_CTES,
  MSG_IDS_CTES_MAXIMO,
  MSG_TABELA_NAO_ENCONTRADA,
  MSG_TABELA_OUTRA_TRANSPORTADORA,
  mensagemTabelaNaoVigente,
  trocarTabelaSchema,
  type AuditoriaCte,
  type ResultadoLote,
} from '../../contracts/ctes';
import { MSG_REGISTRO_NAO_ENCONTRADO } from '../../contracts/erros';
import { formatDateBr } from '../../domain/format-date-br';
import type { AppEnv } from '../app-env';
import { aprovarCtes } from '../auditoria/aprovar-ctes';
import { encaminharCtes } from '../auditoria/encaminhar-ctes';
import { encaminharSchema } from '../../contracts/alcadas';
import { auditarCtes, type EventoAuditoria } from '../auditoria/auditar-ctes';
import { dataDespachoDe } from '../auditoria/envio-auditoria';
import { lerCteAuditoria } from '../auditoria/linha-cte-auditoria';
import { mensagemSemTransportadora, transportadorasDosEmitentes } from '../ctes/transportadora-do-emitente';
import { lerAuditorias } from '../auditoria/ler-auditorias';
import type { Db } from '../db/database';
import { ApiError, badRequest } from '../http/api-error';
import { validate } from '../http/validate';
import { lerTabelaFrete } from '../tabelas-frete/tabela-frete-do-banco';
import { areaApi } from '../permissoes/area-api';
import { LER_CTE } from '../permissoes/leituras';
import { anyOf } from '../permissoes/regras';

/** The CT-e of a single-CT-e review action, after the machine accepts `evento` from its status (else 409). */
async function cteRevisavel(db: Db, id: number, evento: TipoEventoCte) {
  const linha = await lerCteAuditoria(db, id);
  if (!linha) throw new ApiError(404, [MSG_REGISTRO_NAO_ENCONTRADO]);
  if (!podeTransitar(linha.status, evento)) throw new ApiError(409, [mensagemTransicaoIlegal(linha.status, evento)]);
  return linha;
}

/** A single-CT-e audit (redo, change of table) that the batch skipped answers 409 with the reason. */
function exigirAuditado(r: ResultadoLote): ResultadoLote {
  if (r.ignorados.length) throw new ApiError(409, r.ignorados.map((i) => i.motivo));
  return r;
}

/** "12,13,14": at most 1000 positive integers. */
function idsDoParametro(texto: string): number[] {
  const partes = texto.split(',').map((p) => p.trim());
  if (partes.some((p) => !/^\d{1,10}$/.test(p) || Number(p) < 1 || Number(p) > INTEIRO_MAXIMO)) throw badRequest(MSG_IDS_CTES);
  if (partes.length > 1000) throw badRequest(MSG_IDS_CTES_MAXIMO);
  return partes.map(Number);
}

/**
 * /auditorias-cte (spec 03 §4, §7): audit (Audit Selected, and the review dialog's redo with `refazer`),
 * change of freight table, approval, and the audits by CT-e.
 */
export const auditoriasCteRoutes = () =>
  new Hono<AppEnv>()
    // GET ?search=cte.id=={id}: the only search form (spec 03 §7); a page of 0 or 1 audit.
    .get('/', async (c) => {
      const search = c.req.query('search')?.trim() ?? '';
      const m = /^cte\.id\s*==\s*(\d{1,10})$/.exec(search);
      if (!m || Number(m[1]) < 1 || Number(m[1]) > INTEIRO_MAXIMO) throw badRequest(MSG_BUSCA_AUDITORIA);
      const auditorias = await lerAuditorias(c.get('banco').db, [Number(m[1])]);
      return c.json<Page<AuditoriaCte>>({ content: auditorias, totalElements: auditorias.length, totalPages: auditorias.length, number: 0, size: 1 }, 200);
    })
    .get('/ctes/:ids', async (c) => {
      const ids = idsDoParametro(c.req.param('ids'));
      // Every audit of each CT-e, newest first (its history).
      return c.json<AuditoriaCte[]>(await lerAuditorias(c.get('banco').db, ids, { todas: true }), 200);
    })
    .post('/auditar', validate('json', auditarSchema), async (c) => {
      const { ctes, refazer, reauditarAprovados } = c.req.valid('json');
      const banco = c.get('banco');
      const usuarioId = c.get('usuario').id;
      if (!refazer) return c.json<ResultadoLote>(await auditarCtes(banco, ctes, usuarioId, { reauditarAprovados }), 200);
      const evento: EventoAuditoria = 'REFAZER_AUDITORIA';
      await cteRevisavel(banco.db, ctes[0], evento);
      return c.json<ResultadoLote>(exigirAuditado(await auditarCtes(banco, ctes, usuarioId, { evento })), 200);
    })
    .post('/trocar-tabela', validate('json', trocarTabelaSchema), async (c) => {
      const { cte: id, tabelaFrete: tabelaId } = c.req.valid('json');
      const banco = c.get('banco');
      const linha = await cteRevisavel(banco.db, id, 'TROCAR_TABELA');
      // A carrier registered after the CT-e was read counts (resolved from the issuer's CNPJ now).
      const transportadoraId = linha.transportadoraId ?? (await transportadorasDosEmitentes(banco.db, [linha.emitenteDocumento])).get(linha.emitenteDocumento ?? '')?.id ?? null;
      if (transportadoraId === null) throw badRequest(mensagemSemTransportadora(linha.emitenteDocumento));
      const tabela = await lerTabelaFrete(banco.db, tabelaId);
      if (!tabela) throw badRequest(MSG_TABELA_NAO_ENCONTRADA);
      if (tabela.transportadora?.id !== transportadoraId) throw badRequest(MSG_TABELA_OUTRA_TRANSPORTADORA);
      const dia = dataDespachoDe(linha.dataEmissao);
      if (!tabela.inicio || tabela.inicio > dia || (tabela.fim !== null && tabela.fim < dia)) throw badRequest(mensagemTabelaNaoVigente(formatDateBr(dia)));
      exigirAuditado(await auditarCtes(banco, [id], c.get('usuario').id, { evento: 'TROCAR_TABELA', tabela }));
      const [auditoria] = await lerAuditorias(banco.db, [id]);
      return c.json<AuditoriaCte>(auditoria, 200);
    })
    .post('/aprovar', validate('json', aprovarSchema), async (c) => {
      return c.json<ResultadoLote>(await aprovarCtes(c.get('banco').db, c.req.valid('json'), c.get('usuario').id), 200);
    })
    // Above one's limit (issue 29): the CT-es wait for the lowest level whose limit covers them.
    .post('/encaminhar', validate('json', encaminharSchema), async (c) => {
      return c.json<ResultadoLote>(await encaminharCtes(c.get('banco').db, c.req.valid('json'), c.get('usuario').id), 200);
    });

export const auditoriasCteApi = areaApi('/api/auditorias-cte', () => auditoriasCteRoutes(), {
  'POST /auditar': anyOf('FRETE_CTE_M'),
  'POST /trocar-tabela': anyOf('FRETE_CTE_M'),
  'POST /aprovar': anyOf('FRETE_CTE_E'),
  'POST /encaminhar': anyOf('FRETE_CTE_E'),
  'GET /': anyOf('FRETE_CTE_M'),
  'GET /ctes/:ids': LER_CTE,
});
