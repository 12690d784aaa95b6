import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Empresa } from '../../contracts/common';
import { FUSO_SAO_PAULO } from '../../domain/sao-paulo-date';
import type { Db } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { configuracao } from '../db/schema/configuracao';
import { motorista } from '../db/schema/motorista';
import { romaneio } from '../db/schema/romaneio';
import { transportadora } from '../db/schema/transportadora';
import { badRequest } from '../http/api-error';
import type { DadosDespesas, DadosRomaneioFrete, DetalheRomaneioFrete } from '../documentos/romaneio-dados';
import { lerPartesRomaneio } from './ler-romaneio';

// The data of the freight-cost manifest's documents (src/server/documentos/romaneio-dados.ts: names, not ids):
// the manifest PDF and the transport contract DOCX read the manifest (three queries, ler-romaneio.ts) and
// the names of its items' customers and carriers by CNPJ (one more); the expenses PDF reads the period's
// manifests in one query. The documents recompute the shares with the same ratearFrete the save used.

const fuso = sql.raw(`'${FUSO_SAO_PAULO}'`);

/** The expenses PDF lists at most this many manifests: a longer period is refused (400), not rendered for minutes. */
export const MAXIMO_ROMANEIOS_DESPESAS = 5000;
export const MSG_DESPESAS_PERIODO_LONGO = `O período tem mais de ${MAXIMO_ROMANEIOS_DESPESAS} romaneios: informe um período menor.`;

/** Names of the registered customers and carriers of these CNPJs (the first registered, when several share one). */
async function nomesPorCnpj(db: Db, clientes: string[], transportadoras: string[]) {
  const [c, t] = await Promise.all([
    clientes.length
      ? db.selectDistinctOn([cliente.cpfCnpj], { cnpj: cliente.cpfCnpj, nome: cliente.razaoSocial }).from(cliente).where(inArray(cliente.cpfCnpj, clientes)).orderBy(cliente.cpfCnpj, asc(cliente.id))
      : [],
    transportadoras.length
      ? db
          .selectDistinctOn([transportadora.cnpj], { cnpj: transportadora.cnpj, nome: transportadora.razaoSocial })
          .from(transportadora)
          .where(inArray(transportadora.cnpj, transportadoras))
          .orderBy(transportadora.cnpj, asc(transportadora.id))
      : [],
  ]);
  const mapa = (linhas: { cnpj: string | null; nome: string }[]) => new Map(linhas.map((l) => [l.cnpj, l.nome]));
  return { cliente: mapa(c), transportadora: mapa(t) };
}

const unicos = (valores: (string | null)[]) => [...new Set(valores.filter((v): v is string => !!v))];

/** The detail line as the documents take it: its number (the invoice item's id, digits in the ERP). */
const linhaDocumento = (linha: string) => (/^\d{1,15}$/.test(linha) ? Number(linha) : (linha as unknown as number));

/** DadosRomaneioFrete of a manifest, or 404 'Romaneio não encontrado.'. */
export async function dadosRomaneioFrete(db: Db, empresa: Empresa, id: number): Promise<DadosRomaneioFrete> {
  const { linha, itens, detalhesDoItem } = await lerPartesRomaneio(db, id);
  const { r, motorista: m, veiculo: v, tipoVeiculo: t } = linha;
  const [nomes, [contratante]] = await Promise.all([
    nomesPorCnpj(db, unicos(itens.map((it) => it.cliente)), unicos(itens.map((it) => it.transportadora))),
    db.select({ razaoSocial: configuracao.razaoSocial, cnpj: configuracao.cnpj, endereco: configuracao.endereco }).from(configuracao).where(eq(configuracao.id, 1)),
  ]);
  return {
    empresa,
    contratante: contratante ?? null,
    numero: r.numero,
    status: r.status,
    dataEmissao: r.dataEmissao,
    motorista: { nome: m.nome, cpf: m.cpf, cnh: m.cnh ?? '', rntnc: m.rntnc },
    veiculo: { placa: v?.placa ?? null, tipo: t?.descricao ?? null, capacidade: v?.capacidade ?? t?.capacidade ?? null },
    transportadora: null,
    valores: { coleta: r.valorColeta ?? '0', frete: r.valorFrete ?? '0', pedagio: r.valorPedagio ?? '0', descarga: r.valorDescarga ?? '0', outros: r.valorOutros ?? '0' },
    observacao: r.observacao,
    itens: itens.map((it) => ({
      item: it.item,
      notaFiscalId: it.notaFiscalId,
      pedidoId: it.pedidoId,
      volumes: it.volumes ?? 0,
      peso: it.peso,
      valorNotaFiscal: it.valorNotaFiscal,
      cliente: (it.cliente && nomes.cliente.get(it.cliente)) ?? it.cliente ?? '—',
      transportadora: (it.transportadora && nomes.transportadora.get(it.transportadora)) ?? it.transportadora ?? '—',
      detalhes: detalhesDoItem(it.id).map((d): DetalheRomaneioFrete => ({
        linha: linhaDocumento(d.linha),
        descricao: d.descricao,
        quantidade: d.quantidade,
        unidade: d.unidade,
        valorTotalItem: d.valorTotalItem,
      })),
    })),
  };
}

/**
 * DadosDespesas of a period (São Paulo dates of issue, both days included), by issue date and number.
 * Cancelled manifests are left out: their expenses did not happen.
 */
export async function dadosDespesas(db: Db, empresa: Empresa, inicio: string, fim: string): Promise<DadosDespesas> {
  const linhas = await db
    .select({
      numero: romaneio.numero,
      dataEmissao: romaneio.dataEmissao,
      motorista: motorista.nome,
      coleta: sql<string>`coalesce(${romaneio.valorColeta}, 0)::text`,
      frete: sql<string>`coalesce(${romaneio.valorFrete}, 0)::text`,
      pedagio: sql<string>`coalesce(${romaneio.valorPedagio}, 0)::text`,
      descarga: sql<string>`coalesce(${romaneio.valorDescarga}, 0)::text`,
      outros: sql<string>`coalesce(${romaneio.valorOutros}, 0)::text`,
    })
    .from(romaneio)
    .innerJoin(motorista, eq(motorista.id, romaneio.motoristaId))
    .where(
      and(
        sql`${romaneio.dataEmissao} >= ((${inicio}::date)::timestamp at time zone ${fuso})`,
        sql`${romaneio.dataEmissao} < (((${fim}::date) + 1)::timestamp at time zone ${fuso})`,
        ne(romaneio.status, 'CANCELADO'),
      ),
    )
    .orderBy(asc(romaneio.dataEmissao), asc(romaneio.numero))
    .limit(MAXIMO_ROMANEIOS_DESPESAS + 1);
  if (linhas.length > MAXIMO_ROMANEIOS_DESPESAS) throw badRequest(MSG_DESPESAS_PERIODO_LONGO);
  return { empresa, inicio, fim, romaneios: linhas };
}
