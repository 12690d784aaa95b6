import { desc, eq, sql } from 'drizzle-orm';
import type { ErroPlanilha } from '../../../contracts/planilha-tabela';
import type { ElementoCusto, Origem, TabelaFrete, TabelaFreteCadastro } from '../../../contracts/tabela-frete-modelo';
import { formatDateBr } from '../../../domain/format-date-br';
import { ABAS_PLANILHA, PRIMEIRA_LINHA_DADOS, rotuloDe } from '../../../domain/planilha-tabela/layout';
import { relogio } from '../../../domain/relogio';
import { somarDias } from '../../../domain/sao-paulo-date';
import type { Db } from '../../db/database';
import { tabelaFrete } from '../../db/schema/tabela-frete';
import { ApiError } from '../../http/api-error';
import { salvarTabelaFrete } from '../salvar-tabela-frete';
import { lerTabelaFrete } from '../tabela-frete-do-banco';

// Issue 32: a workbook exported from table T and imported back is a NEW VERSION of T: a new row linked to T
// (tabela_anterior_id), T kept as it was (the CT-es audited with it keep it), T's vigência closed the day before the
// new one starts. Only the version in force may get a successor, and only from a workbook of its current `versao`.

export const mensagemTabelaDaPlanilhaNaoEncontrada = (id: number) =>
  `A tabela de frete desta planilha (nº ${id}) não existe nesta empresa; para criar uma tabela nova, use o modelo.`;
export const mensagemVersaoMaisNova = (inicio: string) =>
  `Esta tabela já tem uma versão mais nova (início ${formatDateBr(inicio)}); exporte a versão atual.`;
export const mensagemPlanilhaObsoleta = (exportada: number, atual: number) =>
  `A tabela foi alterada depois que esta planilha foi exportada (versão ${exportada}; atual: ${atual}). Exporte a tabela de novo e refaça as alterações.`;
export const mensagemInicioNaoPosterior = (inicioAtual: string) =>
  `O início da vigência da nova versão deve ser posterior ao início da versão atual (${formatDateBr(inicioAtual)}).`;
export const mensagemOutraTransportadora = (razaoSocial: string) =>
  `A planilha é de uma tabela de ${razaoSocial}; uma nova versão não pode mudar a transportadora (para outra transportadora, use o modelo).`;

export interface VersaoPlanejada {
  acao: 'NOVA' | 'NOVA_VERSAO';
  /** The version the import replaces (NOVA_VERSAO). */
  anterior: (TabelaFrete & { id: number; versao: number; inicio: string }) | null;
  /** The replaced version's new end, when it changes (it was open or ended on/after the new start). */
  fimNovo: string | null;
  erros: ErroPlanilha[];
  /** The workbook came from an older `versao` of the table: a stale save (409 when confirmed). */
  obsoleta: boolean;
}

/** On the "Tabela" sheet: at a column of its one data row, or the sheet as a whole. */
const erroTabela = (mensagem: string, chave?: 'INICIO' | 'TRANSPORTADORA_CNPJ'): ErroPlanilha => ({
  aba: ABAS_PLANILHA.tabela.nome,
  linha: chave ? PRIMEIRA_LINHA_DADOS : null,
  coluna: chave ? rotuloDe('tabela', chave) : null,
  mensagem,
});

/** The start of a version that replaces `id`, if one does (the newest). */
async function versaoSeguinte(db: Db, id: number): Promise<{ id: number; inicio: string } | undefined> {
  const [seguinte] = await db
    .select({ id: tabelaFrete.id, inicio: tabelaFrete.inicio })
    .from(tabelaFrete)
    .where(eq(tabelaFrete.tabelaAnteriorId, id))
    .orderBy(desc(tabelaFrete.inicio))
    .limit(1);
  return seguinte;
}

/** The end the replaced version gets: the day before the new start, when it was open or ran past it. */
export const fimAjustado = (fimAtual: string | null, inicioNovo: string | null): string | null =>
  inicioNovo && (fimAtual === null || fimAtual >= inicioNovo) ? somarDias(inicioNovo, -1) : null;

/**
 * NOVA for a workbook that names no table (the template, a CSV); NOVA_VERSAO of the table it names, with the
 * refusals listed as workbook errors on the "Tabela" sheet. A table id this company does not have answers 404.
 */
export async function planejarVersao(
  db: Db,
  origem: { tabelaId: number | null; tabelaVersao: number | null } | null,
  tabela: TabelaFrete | null,
): Promise<VersaoPlanejada> {
  if (origem?.tabelaId == null) return { acao: 'NOVA', anterior: null, fimNovo: null, erros: [], obsoleta: false };
  const anterior = await lerTabelaFrete(db, origem.tabelaId);
  if (!anterior) throw new ApiError(404, [mensagemTabelaDaPlanilhaNaoEncontrada(origem.tabelaId)]);
  const atual = anterior as VersaoPlanejada['anterior'] & object;
  const erros: ErroPlanilha[] = [];
  const seguinte = await versaoSeguinte(db, atual.id);
  if (seguinte) erros.push(erroTabela(mensagemVersaoMaisNova(seguinte.inicio)));
  // A table superseded by an import had its versao bumped by that import: the same workbook sent again is told it
  // has a newer version (above), not that someone changed it.
  const obsoleta = !seguinte && origem.tabelaVersao !== null && origem.tabelaVersao < atual.versao;
  if (obsoleta) erros.push(erroTabela(mensagemPlanilhaObsoleta(origem.tabelaVersao!, atual.versao)));
  if (tabela?.transportadora && tabela.transportadora.id !== atual.transportadora!.id) erros.push(erroTabela(mensagemOutraTransportadora(atual.transportadora!.razaoSocial), 'TRANSPORTADORA_CNPJ'));
  if (tabela?.inicio && tabela.inicio <= atual.inicio) erros.push(erroTabela(mensagemInicioNaoPosterior(atual.inicio), 'INICIO'));
  return { acao: 'NOVA_VERSAO', anterior: atual, fimNovo: fimAjustado(atual.fim, tabela?.inicio ?? null), erros, obsoleta };
}

type ElementoCadastro = TabelaFreteCadastro['elementosCusto'][number];

const elementoCadastro = (e: ElementoCusto): ElementoCadastro => ({
  id: e.id,
  descricao: e.descricao,
  modalidade: e.modalidade,
  arredondamento: e.arredondamento,
  valorArredondamento: e.valorArredondamento,
  roundingMode: e.roundingMode,
  valorMinimo: e.valorMinimo,
  valorLimite: e.valorLimite,
  acoesLimite: e.acoesLimite,
  tiposVeiculo: e.tiposVeiculo.map((t) => ({ id: t.id })),
  faixas: e.faixas.map((f) => ({ valor: f.valor, faixaLimite: f.faixaLimite })),
  faixaComponente: e.faixaComponente,
  flags: e.flags,
  elementosIndexados: e.elementosIndexados,
  desdeEntrega: e.desdeEntrega,
  rateioAgrupamento: e.rateioAgrupamento,
  evento: e.evento ?? null,
  percentualFrete: e.percentualFrete ?? null,
});
const localCadastro = (l: Origem) => ({ id: l.id, municipio: l.municipio && { id: l.municipio.id }, uf: l.uf && { id: l.uf.id } });

/** A table read from a workbook (references resolved) as the save body, for the one save path. */
export function paraCadastro(t: TabelaFrete): TabelaFreteCadastro {
  return {
    transportadora: t.transportadora && { id: t.transportadora.id },
    inicio: t.inicio,
    fim: t.fim,
    flags: t.flags,
    descricaoIcms: t.descricaoIcms,
    descricaoPesoTaxado: t.descricaoPesoTaxado,
    elementosCusto: t.elementosCusto.map(elementoCadastro),
    percursos: t.percursos.map((p) => ({
      id: p.id,
      descricao: p.descricao,
      valorMinimo: p.valorMinimo,
      valorMaximo: p.valorMaximo,
      origens: p.origens.map(localCadastro),
      destinos: p.destinos.map((d) => ({
        ...localCadastro(d),
        incidencias: d.incidencias.map((i) => ({ id: i.id, clientes: i.clientes.map((c) => ({ id: c.id })), elementosCusto: i.elementosCusto.map(elementoCadastro) })),
      })),
      elementosCusto: p.elementosCusto.map(elementoCadastro),
    })),
    versao: undefined,
  };
}

/**
 * Saves the imported table (one transaction): a new row through salvarTabelaFrete, and for a new version the link
 * to the replaced row and that row's end of vigência (its content untouched; its versao moves on, so a dialog
 * still open on it gets the usual 409). The replaced row is locked and checked again: another import or edit
 * that got there first answers 409 and nothing is written.
 */
export async function gravarVersao(db: Db, plano: VersaoPlanejada, tabela: TabelaFrete, usuarioId: number): Promise<{ id: number; versao: number }> {
  return db.transaction(async (tx) => {
    const anterior = plano.anterior;
    if (anterior) {
      const [travada] = await tx.select({ versao: tabelaFrete.versao }).from(tabelaFrete).where(eq(tabelaFrete.id, anterior.id)).for('update');
      const seguinte = travada && (await versaoSeguinte(tx, anterior.id));
      if (!travada) throw new ApiError(404, [mensagemTabelaDaPlanilhaNaoEncontrada(anterior.id)]);
      if (seguinte) throw new ApiError(409, [mensagemVersaoMaisNova(seguinte.inicio)]);
      if (travada.versao !== anterior.versao) throw new ApiError(409, [mensagemPlanilhaObsoleta(anterior.versao, travada.versao)]);
    }
    const salva = await salvarTabelaFrete(tx, paraCadastro(tabela), usuarioId);
    if (anterior) {
      await tx.update(tabelaFrete).set({ tabelaAnteriorId: anterior.id }).where(eq(tabelaFrete.id, salva.id!));
      await tx
        .update(tabelaFrete)
        .set({ ...(plano.fimNovo ? { fim: plano.fimNovo } : {}), versao: sql`${tabelaFrete.versao} + 1`, alteradoEm: relogio.agora(), alteradoPor: usuarioId })
        .where(eq(tabelaFrete.id, anterior.id));
    }
    return { id: salva.id!, versao: salva.versao! };
  });
}
