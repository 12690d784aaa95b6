import { eq } from 'drizzle-orm';
import type { TabelaFrete, TabelaFreteLinha } from '../../contracts/tabela-frete-modelo';
import type { Db } from '../db/database';
import { tabelaFrete, type ConteudoTabelaFrete } from '../db/schema/tabela-frete';
import { transportadora } from '../db/schema/transportadora';

/** Columns of a list row / summary (spec 02 §3: transportadora_razaoSocial, inicio, fim). */
export const colunasLinha = {
  id: tabelaFrete.id,
  transportadoraId: transportadora.id,
  razaoSocial: transportadora.razaoSocial,
  inicio: tabelaFrete.inicio,
  fim: tabelaFrete.fim,
  versao: tabelaFrete.versao,
};
export type LinhaResumo = { id: number; transportadoraId: number; razaoSocial: string; inicio: string; fim: string | null; versao: number };

export const paraLinha = (l: LinhaResumo): TabelaFreteLinha => ({
  id: l.id,
  transportadora: { id: l.transportadoraId, razaoSocial: l.razaoSocial },
  inicio: l.inicio,
  fim: l.fim,
  versao: l.versao,
});

/** Every column but the document (the engine's loaders read it apart, or take the parsed table from their cache). */
export const colunasCabeca = {
  ...colunasLinha,
  flags: tabelaFrete.flags,
  descricaoIcms: tabelaFrete.descricaoIcms,
  descricaoPesoTaxado: tabelaFrete.descricaoPesoTaxado,
};
export const colunasTabela = { ...colunasCabeca, conteudo: tabelaFrete.conteudo };
export type LinhaCabeca = LinhaResumo & Pick<TabelaFrete, 'flags' | 'descricaoIcms' | 'descricaoPesoTaxado'>;
export type LinhaTabela = LinhaCabeca & { conteudo: ConteudoTabelaFrete };

/** A stored row in the contract's read shape (GET /tabelas-frete/{id}). */
export function tabelaFreteDoBanco(l: LinhaTabela): TabelaFrete {
  return {
    id: l.id,
    transportadora: { id: l.transportadoraId, razaoSocial: l.razaoSocial },
    inicio: l.inicio,
    fim: l.fim,
    flags: l.flags,
    descricaoIcms: l.descricaoIcms,
    descricaoPesoTaxado: l.descricaoPesoTaxado,
    percursos: l.conteudo.percursos,
    elementosCusto: l.conteudo.elementosCusto,
    versao: l.versao,
  };
}

/** One table by id, or undefined. */
export async function lerTabelaFrete(db: Db, id: number): Promise<TabelaFrete | undefined> {
  const [linha] = await db
    .select(colunasTabela)
    .from(tabelaFrete)
    .innerJoin(transportadora, eq(transportadora.id, tabelaFrete.transportadoraId))
    .where(eq(tabelaFrete.id, id));
  return linha && tabelaFreteDoBanco(linha);
}
