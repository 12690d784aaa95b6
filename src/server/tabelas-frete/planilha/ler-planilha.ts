import { LIMITES_PLANILHA, MSG_PLANILHA_GRANDE, MSG_PLANILHA_ILEGIVEL, msgPlanilhaLinhas, type ErroPlanilha } from '../../../contracts/planilha-tabela';
import type { ClienteRef, MunicipioRef, TabelaFrete, TransportadoraRef, UfRef } from '../../../contracts/tabela-frete-modelo';
import { lerAbas, referenciasPedidas, type AbaBruta } from '../../../domain/planilha-tabela/ler-abas';
import { ABAS_PLANILHA, IDS_ABAS, type IdAba } from '../../../domain/planilha-tabela/layout';
import { montarTabela } from '../../../domain/planilha-tabela/montar-tabela';
import { validarLugares } from '../../../domain/planilha-tabela/validar-lugares';
import { abasCsv } from './abas-csv';
import { abasXlsx } from './abas-xlsx';
import { excedeLimitesXlsx, type LimitesPlanilha } from './limites-zip';
import { abaComLinhasDemais } from './linhas-xlsx';

// Issue 32, import: an uploaded workbook (or the same columns as CSV) → the table it describes, or every problem
// by sheet, row and column. Order: the limits (nothing is decompressed past them), the layout sheet, the cells
// (types), the links between rows and the references (one batch lookup each), then the spec-02 rules placed on
// their rows. The rules run only over a workbook whose cells and references are all right: a table built from
// cells already refused would repeat those errors in other words.

type TipoVeiculoRef = { id: number; descricao: string };

export interface ReferenciasPlanilha {
  transportadora(cnpj: string): Promise<TransportadoraRef | null>;
  ufs(siglas: string[]): Promise<Map<string, UfRef>>;
  municipios(codigosIbge: number[]): Promise<Map<number, MunicipioRef>>;
  clientes(cpfCnpj: string[]): Promise<Map<string, ClienteRef>>;
  /** Keyed by the description as typed; the reader also matches a key equal apart from case, accents and spaces. */
  tiposVeiculo(descricoes: string[]): Promise<Map<string, TipoVeiculoRef>>;
}

export interface PlanilhaLida {
  /** From the very hidden layout sheet; null for a CSV or a template (no table id). */
  origem: { tabelaId: number | null; tabelaVersao: number | null } | null;
  /** The table read, refs resolved (TabelaFrete shape, ids of the database); null when erros is not empty. */
  tabela: TabelaFrete | null;
  erros: ErroPlanilha[];
  avisos: string[];
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const falha = (mensagem: string): PlanilhaLida => ({ origem: null, tabela: null, erros: [{ aba: null, linha: null, coluna: null, mensagem }], avisos: [] });

async function abasDoArquivo(
  bytes: Uint8Array,
  limites: LimitesPlanilha,
): Promise<{ abas: Partial<Record<IdAba, AbaBruta>>; origem: PlanilhaLida['origem']; erros: ErroPlanilha[] } | PlanilhaLida> {
  if (bytes.length > limites.bytes) return falha(MSG_PLANILHA_GRANDE);
  if (ZIP.every((b, i) => bytes[i] === b)) {
    const excede = excedeLimitesXlsx(bytes, limites);
    if (excede) return falha(excede);
    const grande = await abaComLinhasDemais(bytes, limites.linhasPorAba).catch(() => undefined);
    if (grande === undefined) return falha(MSG_PLANILHA_ILEGIVEL);
    if (grande !== null) return falha(msgPlanilhaLinhas(grande, limites.linhasPorAba));
    const x = await abasXlsx(bytes, limites);
    if (!x.ok) return falha(x.mensagem);
    // A template has no table id: nothing links it to an existing table.
    return { abas: x.abas, origem: x.origem.tabelaId === null ? null : x.origem, erros: [] };
  }
  const c = abasCsv(bytes, limites);
  if (!c.ok) return falha(c.mensagem);
  return { abas: c.abas, origem: null, erros: c.erros };
}

/** The table of an uploaded workbook. `limites`: LIMITES_PLANILHA (tests pass smaller ones). */
export async function lerPlanilhaTabela(bytes: Uint8Array, nomeArquivo: string, refs: ReferenciasPlanilha, limites: LimitesPlanilha = LIMITES_PLANILHA): Promise<PlanilhaLida> {
  // An old binary .xls (OLE2) is neither: say so before trying it as text.
  if (/\.xls$/i.test(nomeArquivo) && bytes[0] === 0xd0 && bytes[1] === 0xcf) return falha(MSG_PLANILHA_ILEGIVEL);
  const arquivo = await abasDoArquivo(bytes, limites);
  if ('tabela' in arquivo) return arquivo;
  const lidas = lerAbas(arquivo.abas);
  const avisos = [...new Set(lidas.avisos)];
  const erros = [...arquivo.erros, ...lidas.erros];
  const pedidas = referenciasPedidas(lidas.linhas);
  const [transportadora, ufs, municipios, clientes, tiposVeiculo] = await Promise.all([
    pedidas.transportadoraCnpj ? refs.transportadora(pedidas.transportadoraCnpj) : Promise.resolve(null),
    pedidas.ufs.length ? refs.ufs(pedidas.ufs) : Promise.resolve(new Map<string, UfRef>()),
    pedidas.municipios.length ? refs.municipios(pedidas.municipios) : Promise.resolve(new Map<number, MunicipioRef>()),
    pedidas.clientes.length ? refs.clientes(pedidas.clientes) : Promise.resolve(new Map<string, ClienteRef>()),
    pedidas.tiposVeiculo.length ? refs.tiposVeiculo(pedidas.tiposVeiculo) : Promise.resolve(new Map<string, TipoVeiculoRef>()),
  ]);
  const montada = montarTabela(lidas.linhas, { transportadora, ufs, municipios, clientes, tiposVeiculo });
  erros.push(...montada.erros);
  if (erros.length === 0) erros.push(...validarLugares(montada.tabela, montada.lugares, montada.linhaTabela));
  return { origem: arquivo.origem, tabela: erros.length ? null : montada.tabela, erros: ordenar(erros), avisos };
}

const ORDEM_ABAS = new Map<string, number>(IDS_ABAS.map((id, i) => [ABAS_PLANILHA[id].nome, i + 1]));
/** Whole-file problems first, then by sheet (layout order) and row; the order found otherwise. */
function ordenar(erros: ErroPlanilha[]): ErroPlanilha[] {
  const chave = (e: ErroPlanilha) => [e.aba === null ? 0 : (ORDEM_ABAS.get(e.aba) ?? 99), e.linha ?? 0];
  return erros
    .map((e, i) => ({ e, i, k: chave(e) }))
    .sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.i - b.i)
    .map((x) => x.e);
}
