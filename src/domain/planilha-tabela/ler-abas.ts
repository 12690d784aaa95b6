import type { ErroPlanilha } from '../../contracts/planilha-tabela';
import { celulaVazia, lerCelula, textoCelula, type Celula, type ValorLido } from './celulas';
import { ABAS_PLANILHA, IDS_ABAS, LINHA_CHAVES, SEPARADOR_LISTA, type ColunaPlanilha, type IdAba } from './layout';

// The sheets as the server hands them over (cells of row 2 and of the data rows) → typed rows, found by the
// machine keys of row 2: columns in any order, "#" keys ignored, an unknown key a warning, a missing column an
// error naming the sheet. Empty rows are skipped. Every bad cell is one error at its sheet, row and column.

export interface AbaBruta {
  nome: string;
  /** Row 2, one cell per column. */
  chaves: Celula[];
  /** Data rows (from row 3; a CSV's own line numbers), cells aligned with `chaves`. */
  linhas: { linha: number; valores: Celula[] }[];
}

/** A data row read: for each column of the layout present in the sheet, its value (null: empty cell). */
export interface LinhaTipada {
  linha: number;
  v: Record<string, ValorLido | undefined>;
}

export type LinhasTipadas = Record<IdAba, LinhaTipada[]>;

export interface AbasLidas {
  linhas: LinhasTipadas;
  erros: ErroPlanilha[];
  avisos: string[];
}

const colunasDe = (aba: IdAba): readonly ColunaPlanilha[] => ABAS_PLANILHA[aba].colunas;

function cabecalho(aba: IdAba, bruta: AbaBruta, erros: ErroPlanilha[], avisos: string[]): Map<string, number> {
  const nome = ABAS_PLANILHA[aba].nome;
  const indices = new Map<string, number>();
  const conhecidas = new Map(colunasDe(aba).filter((c) => !c.chave.startsWith('#')).map((c) => [c.chave, c]));
  bruta.chaves.forEach((celula, i) => {
    const chave = textoCelula(celula).toUpperCase();
    if (!chave || chave.startsWith('#')) return;
    if (!conhecidas.has(chave)) avisos.push(`Aba ${nome}: a coluna "${chave}" não faz parte do layout e foi ignorada.`);
    else if (indices.has(chave))
      erros.push({ aba: nome, linha: LINHA_CHAVES, coluna: conhecidas.get(chave)!.rotulo, mensagem: `a chave ${chave} aparece em mais de uma coluna.` });
    else indices.set(chave, i);
  });
  for (const c of conhecidas.values())
    if (c.obrigatoria && !indices.has(c.chave))
      erros.push({ aba: nome, linha: LINHA_CHAVES, coluna: null, mensagem: `falta a coluna ${c.rotulo} (chave ${c.chave} na linha ${LINHA_CHAVES}).` });
  return indices;
}

function linhaTipada(aba: IdAba, indices: Map<string, number>, linha: number, valores: Celula[], erros: ErroPlanilha[]): LinhaTipada | null {
  const presentes = colunasDe(aba).filter((c) => indices.has(c.chave));
  if (presentes.every((c) => celulaVazia(valores[indices.get(c.chave)!] ?? null))) return null;
  const v: LinhaTipada['v'] = {};
  for (const c of presentes) {
    const celula = valores[indices.get(c.chave)!] ?? null;
    if (celulaVazia(celula)) {
      v[c.chave] = null;
      if (c.celulaObrigatoria) erros.push({ aba: ABAS_PLANILHA[aba].nome, linha, coluna: c.rotulo, mensagem: 'é obrigatório.' });
      continue;
    }
    const r = lerCelula(celula, c.t);
    if (r.ok) v[c.chave] = r.valor;
    else {
      v[c.chave] = null;
      erros.push({ aba: ABAS_PLANILHA[aba].nome, linha, coluna: c.rotulo, mensagem: r.mensagem });
    }
  }
  return { linha, v };
}

/** Every sheet of the layout, typed; a sheet missing from `abas` is an error. */
export function lerAbas(abas: Partial<Record<IdAba, AbaBruta>>): AbasLidas {
  const erros: ErroPlanilha[] = [];
  const avisos: string[] = [];
  const linhas = Object.fromEntries(IDS_ABAS.map((id) => [id, [] as LinhaTipada[]])) as LinhasTipadas;
  for (const id of IDS_ABAS) {
    const bruta = abas[id];
    if (!bruta) {
      erros.push({ aba: ABAS_PLANILHA[id].nome, linha: null, coluna: null, mensagem: `A aba "${ABAS_PLANILHA[id].nome}" não foi encontrada.` });
      continue;
    }
    const indices = cabecalho(id, bruta, erros, avisos);
    for (const l of bruta.linhas) {
      const t = linhaTipada(id, indices, l.linha, l.valores, erros);
      if (t) linhas[id].push(t);
    }
  }
  return { linhas, erros, avisos };
}

/** "a; b ;; c" → ["a", "b", "c"]. */
export const itensLista = (v: ValorLido | undefined): string[] =>
  typeof v === 'string' ? v.split(SEPARADOR_LISTA).map((x) => x.trim()).filter(Boolean) : [];

/** What the rows refer to, for one batch lookup each (ReferenciasPlanilha on the server). */
export interface ReferenciasPedidas {
  transportadoraCnpj: string | null;
  ufs: string[];
  municipios: number[];
  clientes: string[];
  tiposVeiculo: string[];
}

export function referenciasPedidas(l: LinhasTipadas): ReferenciasPedidas {
  const locais = [...l.origens, ...l.destinos];
  const unicos = <T>(xs: (T | null | undefined)[]) => [...new Set(xs.filter((x): x is T => x !== null && x !== undefined))];
  return {
    transportadoraCnpj: (l.tabela[0]?.v.TRANSPORTADORA_CNPJ as string | null | undefined) ?? null,
    ufs: unicos(locais.map((x) => x.v.UF as string | null | undefined)),
    municipios: unicos(locais.map((x) => x.v.MUNICIPIO_IBGE as number | null | undefined)),
    clientes: unicos(l.incidencias.map((x) => x.v.CLIENTE_CPF_CNPJ as string | null | undefined)),
    tiposVeiculo: unicos(l.elementos.flatMap((x) => itensLista(x.v.TIPOS_VEICULO))),
  };
}
