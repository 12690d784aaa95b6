import { asc, eq } from 'drizzle-orm';
import { MSG_MINUTA_NAO_ENCONTRADA, type Minuta, type MunicipioMinuta } from '../../contracts/minutas';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';
import type { Db } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { minuta, minutaElementoCusto, minutaNotaFiscal } from '../db/schema/minuta';
import { transportadora } from '../db/schema/transportadora';
import { ApiError } from '../http/api-error';
import { destino, origem } from './minuta-linha';
import { relogio } from '../../domain/relogio';

// GET /minutas/{id} (the modal: spec 03 §3 "Minuta") and GET /minutas/new (the blank one). The minuta with
// its references is one query; its notes and cost elements one query each.

export const minutaNaoEncontrada = () => new ApiError(404, [MSG_MINUTA_NAO_ENCONTRADA]);

/** GET /minutas/new: not saved yet, PENDENTE, issued today (São Paulo), typed by hand. */
export const minutaNova = (agora = relogio.agora()): Minuta => ({
  id: null,
  status: 'PENDENTE',
  fatura: null,
  numero: null,
  serie: null,
  chave: null,
  dataEmissao: dataSaoPaulo(agora),
  transportadora: null,
  origem: null,
  destino: null,
  cliente: null,
  peso: null,
  percentualIcms: null,
  valorTotalFrete: null,
  cnpjTomador: null,
  cnpjRemetente: null,
  notasFiscais: [],
  elementosCusto: [],
  origemMinuta: 'MANUAL',
  cteId: null,
  versao: 0,
});

const colunasMunicipio = (m: typeof origem | typeof destino) => ({ id: m.id, codigo: m.codigo, nome: m.nome, siglaUf: m.siglaUf });
type MunicipioBanco = { id: number | null; codigo: number | null; nome: string | null; siglaUf: string | null } | null;
const paraMunicipio = (m: MunicipioBanco): MunicipioMinuta | null => (m?.id == null ? null : { id: m.id, codigo: m.codigo!, nome: m.nome!, siglaUf: m.siglaUf! });

function cabecalho(db: Db, id: number) {
  return db
    .select({
      m: minuta,
      transportadora: { id: transportadora.id, razaoSocial: transportadora.razaoSocial, cnpjFormatado: transportadora.cnpjFormatado },
      cliente: { id: cliente.id, razaoSocial: cliente.razaoSocial, cpfCnpjFormatado: cliente.cpfCnpjFormatado },
      origem: colunasMunicipio(origem),
      destino: colunasMunicipio(destino),
    })
    .from(minuta)
    .leftJoin(transportadora, eq(transportadora.id, minuta.transportadoraId))
    .leftJoin(cliente, eq(cliente.id, minuta.clienteId))
    .leftJoin(origem, eq(origem.id, minuta.origemId))
    .leftJoin(destino, eq(destino.id, minuta.destinoId))
    .where(eq(minuta.id, id));
}

/** The whole minuta, or 404 MSG_MINUTA_NAO_ENCONTRADA. */
export async function lerMinuta(db: Db, id: number): Promise<Minuta> {
  const [[linha], notas, elementos] = await Promise.all([
    cabecalho(db, id),
    db.select({ serie: minutaNotaFiscal.serie, numero: minutaNotaFiscal.numero }).from(minutaNotaFiscal).where(eq(minutaNotaFiscal.minutaId, id)).orderBy(asc(minutaNotaFiscal.id)),
    db.select({ nome: minutaElementoCusto.nome, valor: minutaElementoCusto.valor }).from(minutaElementoCusto).where(eq(minutaElementoCusto.minutaId, id)).orderBy(asc(minutaElementoCusto.id)),
  ]);
  if (!linha) throw minutaNaoEncontrada();
  const { m, transportadora: t, cliente: c } = linha;
  return {
    id: m.id,
    status: m.status,
    fatura: m.fatura,
    numero: m.numero,
    serie: m.serie,
    chave: m.chave,
    dataEmissao: m.dataEmissao,
    transportadora: t ? { id: t.id, razaoSocial: t.razaoSocial, cnpjFormatado: t.cnpjFormatado } : null,
    origem: paraMunicipio(linha.origem),
    destino: paraMunicipio(linha.destino),
    cliente: c ? { id: c.id, vwCliente: { razaoSocial: c.razaoSocial, cpfCnpjFormatado: c.cpfCnpjFormatado } } : null,
    peso: m.peso,
    percentualIcms: m.percentualIcms,
    valorTotalFrete: m.valorTotalFrete,
    cnpjTomador: m.cnpjTomador,
    cnpjRemetente: m.cnpjRemetente,
    notasFiscais: notas,
    elementosCusto: elementos,
    origemMinuta: m.origemMinuta,
    cteId: m.cteId,
    versao: m.versao,
  };
}
