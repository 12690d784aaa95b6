import Papa from 'papaparse';
import { MSG_PLANILHA_GRANDE, MSG_PLANILHA_ILEGIVEL, msgPlanilhaLinhas, type ErroPlanilha } from '../../../contracts/planilha-tabela';
import { chaveDescricao } from '../../../domain/frete/chave-descricao';
import type { AbaBruta } from '../../../domain/planilha-tabela/ler-abas';
import { ABAS_PLANILHA, IDS_ABAS, type IdAba } from '../../../domain/planilha-tabela/layout';
import type { LimitesPlanilha } from './limites-zip';

// The same columns as CSV: the whole table in one file, every sheet's rows together, told apart by a first
// column ABA (the sheet's name, "Faixas", "Elementos de custo", accents and case aside). The header line is the
// first whose first cell is ABA: its other cells are the machine keys of every sheet (the union); lines before it
// (the pt-BR labels, if any) are skipped. Each row is read with its own sheet's columns. ';' or ',' between
// fields (papaparse detects), UTF-8 (with or without BOM) or, failing that, Windows-1252 (Excel's "CSV" in Brazil).

export const CHAVE_ABA_CSV = 'ABA';

export type AbasCsv = { ok: true; abas: Partial<Record<IdAba, AbaBruta>>; erros: ErroPlanilha[] } | { ok: false; mensagem: string };

function texto(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const TODAS_AS_CHAVES = new Set(IDS_ABAS.flatMap((id) => ABAS_PLANILHA[id].colunas.map((c) => c.chave)));
const idDaAba = new Map<string, IdAba>(IDS_ABAS.flatMap((id) => [[chaveDescricao(ABAS_PLANILHA[id].nome), id] as const, [chaveDescricao(id), id] as const]));

export function abasCsv(bytes: Uint8Array, limites: LimitesPlanilha): AbasCsv {
  if (bytes.length > limites.bytes) return { ok: false, mensagem: MSG_PLANILHA_GRANDE };
  const conteudo = texto(bytes);
  if (conteudo === null) return { ok: false, mensagem: MSG_PLANILHA_ILEGIVEL };
  const lido = Papa.parse<string[]>(conteudo.replace(/^\uFEFF/, ''), { skipEmptyLines: false, delimitersToGuess: [';', ',', '\t'] });
  const linhas = lido.data;
  // The key line: ABA first and at least one key of the layout (a labels line "Aba;Nº do percurso;…" has none).
  const inicio = linhas.findIndex((l) => (l[0] ?? '').trim().toUpperCase() === CHAVE_ABA_CSV && l.some((k) => TODAS_AS_CHAVES.has(k.trim().toUpperCase())));
  if (inicio < 0) return { ok: false, mensagem: MSG_PLANILHA_ILEGIVEL };
  const chaves = linhas[inicio].slice(1).map((k) => k.trim().toUpperCase());
  const abas = Object.fromEntries(
    IDS_ABAS.map((id) => {
      // Keys of the other sheets are left out here (they are not unknown: the next sheet's warning would be noise).
      const proprias = new Set<string>(ABAS_PLANILHA[id].colunas.map((c) => c.chave));
      const deOutras = (k: string) => !proprias.has(k) && TODAS_AS_CHAVES.has(k);
      const aba: AbaBruta = { nome: ABAS_PLANILHA[id].nome, chaves: chaves.map((k) => (deOutras(k) ? null : k)), linhas: [] };
      return [id, aba];
    }),
  ) as Record<IdAba, AbaBruta>;
  const erros: ErroPlanilha[] = [];
  for (let i = inicio + 1; i < linhas.length; i++) {
    const [aba, ...valores] = linhas[i];
    if (!linhas[i].some((c) => c.trim() !== '')) continue;
    const id = idDaAba.get(chaveDescricao(aba ?? ''));
    if (!id) {
      erros.push({ aba: null, linha: i + 1, coluna: CHAVE_ABA_CSV, mensagem: `a aba "${aba}" não existe; use ${IDS_ABAS.map((x) => ABAS_PLANILHA[x].nome).join(', ')}.` });
      continue;
    }
    abas[id].linhas.push({ linha: i + 1, valores });
    if (abas[id].linhas.length > limites.linhasPorAba) return { ok: false, mensagem: msgPlanilhaLinhas(abas[id].nome, limites.linhasPorAba) };
  }
  return { ok: true, abas, erros };
}
