import { Hono, type Context } from 'hono';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../contracts/common';
import {
  MSG_CLIENTE_DESCONHECIDO,
  configuracaoCadastroSchema,
  type Configuracao,
} from '../../contracts/configuracoes';
import { OCORRENCIA_AUSENTE_PADRAO } from '../../contracts/ocorrencias';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/database';
import { ordemTexto } from '../db/ordem-texto';
import { cliente } from '../db/schema/cliente';
import { configuracao, configuracaoCliente } from '../db/schema/configuracao';
import { ApiError, badRequest } from '../http/api-error';
import { validate } from '../http/validate';
import { pastasEdi } from '../ingest/ler-pasta-edi';
import type { ServerContext } from '../server-context';
import { areaApi } from '../permissoes/area-api';
import { recalcularSituacaoPagamento } from '../pagamentos/recalcular-situacao';
import { anyOf } from '../permissoes/regras';

const ID = 1;

async function ler(db: Db, pastas: Configuracao['pastasDoccob']): Promise<Configuracao> {
  const [[cfg], clientes] = await Promise.all([
    db.select().from(configuracao).where(eq(configuracao.id, ID)),
    db
      .select({ lista: configuracaoCliente.lista, id: cliente.id, razaoSocial: cliente.razaoSocial, cpfCnpjFormatado: cliente.cpfCnpjFormatado, clienteId: cliente.clienteId })
      .from(configuracaoCliente)
      .innerJoin(cliente, eq(cliente.id, configuracaoCliente.clienteId))
      .orderBy(...ordemTexto(cliente.razaoSocial), asc(cliente.id)),
  ]);
  const da = (lista: string) => clientes.filter((c) => c.lista === lista).map(({ lista: _, ...resto }) => resto);
  return {
    enderecoEntrada: cfg?.enderecoEntrada ?? null,
    enderecoSaida: cfg?.enderecoSaida ?? null,
    enderecoErro: cfg?.enderecoErro ?? null,
    // The date of the last CT-e read: there are no CT-es until the CT-e module arrives.
    dataEmissaoCte: null,
    integrarFaturamento: cfg?.integrarFaturamento ?? false,
    entradas: da('ENTRADA'),
    tomadores: da('TOMADOR'),
    toleranciaValor: cfg?.toleranciaValor ?? '0.10',
    toleranciaPercentual: cfg?.toleranciaPercentual ?? '0',
    versao: cfg?.versao ?? 0,
    // docs/decisoes.md §18: the DOCCOB folders of the company (EDI_DIR), read-only like the XML ones.
    pastasDoccob: pastas,
    razaoSocial: cfg?.razaoSocial ?? null,
    cnpj: cfg?.cnpj ?? null,
    endereco: cfg?.endereco ?? null,
    ocorrenciaAusente: cfg?.ocorrenciaAusente ?? OCORRENCIA_AUSENTE_PADRAO,
  };
}

/** /configuracoes: the company settings (spec 01 §2 Settings screen) and the audit tolerance (freight-calculation.md). */
export function configuracoesRoutes(ctx: Pick<ServerContext, 'ediDir'>) {
  const pastas = (c: Context<AppEnv>) => (ctx.ediDir ? pastasEdi(ctx.ediDir, c.get('empresa'), 'doccob') : null);
  return new Hono<AppEnv>()
    .get('/completar', async (c) => c.json<Configuracao>(await ler(c.get('banco').db, pastas(c)), 200))
    .post('/', validate('json', configuracaoCadastroSchema), async (c) => {
      const dados = c.req.valid('json');
      const { db } = c.get('banco');
      const entradas = [...new Set(dados.entradas.map((e) => e.id))];
      const tomadores = [...new Set(dados.tomadores.map((e) => e.id))];
      const todos = [...new Set([...entradas, ...tomadores])];
      if (todos.length) {
        const achados = await db.select({ id: cliente.id }).from(cliente).where(inArray(cliente.id, todos));
        if (achados.length !== todos.length) throw badRequest(MSG_CLIENTE_DESCONHECIDO);
      }
      const salvo = await db.transaction(async (tx) => {
        const [linha] =
          dados.versao === undefined
            ? []
            : await tx
                .update(configuracao)
                .set({
                  integrarFaturamento: dados.integrarFaturamento,
                  toleranciaValor: dados.toleranciaValor,
                  toleranciaPercentual: dados.toleranciaPercentual,
                  // Undefined (not sent) leaves the company's data as stored.
                  razaoSocial: dados.razaoSocial,
                  cnpj: dados.cnpj,
                  endereco: dados.endereco,
                  // Issue 31: a charged accessorial without occurrence (read by the next audits).
                  ocorrenciaAusente: dados.ocorrenciaAusente,
                  versao: sql`${configuracao.versao} + 1`,
                })
                .where(and(eq(configuracao.id, ID), eq(configuracao.versao, dados.versao)))
                .returning({ id: configuracao.id });
        if (!linha) return false;
        // The tolerances are VALOR_ACIMA_AUDITADO's (issue 29): every fatura not exported is reconferred.
        await recalcularSituacaoPagamento(tx, { todas: true });
        await tx.delete(configuracaoCliente);
        const vinculos = [
          ...entradas.map((clienteId) => ({ lista: 'ENTRADA', clienteId })),
          ...tomadores.map((clienteId) => ({ lista: 'TOMADOR', clienteId })),
        ];
        if (vinculos.length) await tx.insert(configuracaoCliente).values(vinculos);
        return true;
      });
      if (!salvo) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
      return c.json<Configuracao>(await ler(db, pastas(c)), 200);
    });
}

export const configuracoesApi = areaApi('/api/configuracoes', configuracoesRoutes, {
  'GET /completar': anyOf('____CLIE_M'),
  'POST /': anyOf('____CLIE_E'),
});
