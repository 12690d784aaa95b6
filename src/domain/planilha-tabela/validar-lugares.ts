import type { ErroPlanilha } from '../../contracts/planilha-tabela';
import type { ElementoCusto, TabelaFrete } from '../../contracts/tabela-frete-modelo';
import { chaveDescricao } from '../frete/chave-descricao';
import {
  MSG_AO_MENOS_UM_PERCURSO,
  MSG_ELEMENTO_ARREDONDAMENTO,
  MSG_ELEMENTO_DESCRICAO,
  MSG_ELEMENTO_DESCRICAO_REPETIDA,
  MSG_ELEMENTO_INDEXADOS_INDICE,
  MSG_ELEMENTO_INDEXADOS_VAZIO,
  MSG_ELEMENTO_MODALIDADE,
  MSG_ELEMENTO_PERCENTUAL_INVALIDO,
  MSG_ELEMENTO_PERCENTUAL_SEM_EVENTO,
  MSG_FIM_ANTES_INICIO,
  MSG_INICIO_VIGENCIA,
  MSG_PERCURSO_DESCRICAO,
  MSG_PERCURSO_DESCRICAO_EM_USO,
  MSG_PERCURSO_MAXIMO_MENOR,
  MSG_TRANSPORTADORA,
  conflitosPercursos,
  descricoesIndexaveis,
  validarDestino,
  validarElementoCusto,
  validarIncidencia,
  validarOrigem,
  validarPercurso,
} from '../frete/validar-tabela-frete';
import { ABAS_PLANILHA, rotuloDe, type IdAba } from './layout';

// Spec 02 §5 over the table read from the workbook, each rule's message verbatim (the functions of
// validar-tabela-frete.ts, the same the dialogs and the server run) placed on the sheet and row of what it is about,
// and on the column where one column is at fault. The same rules as validarTabelaFrete, part by part.

const COLUNA_ELEMENTO: Record<string, string> = {
  [MSG_ELEMENTO_DESCRICAO]: 'DESCRICAO',
  [MSG_ELEMENTO_MODALIDADE]: 'MODALIDADE',
  [MSG_ELEMENTO_ARREDONDAMENTO]: 'VALOR_ARREDONDAMENTO',
  [MSG_ELEMENTO_PERCENTUAL_SEM_EVENTO]: 'PERCENTUAL_FRETE',
  [MSG_ELEMENTO_PERCENTUAL_INVALIDO]: 'PERCENTUAL_FRETE',
  [MSG_ELEMENTO_INDEXADOS_INDICE]: 'ELEMENTOS_INDEXADOS',
  [MSG_ELEMENTO_INDEXADOS_VAZIO]: 'ELEMENTOS_INDEXADOS',
  [MSG_ELEMENTO_DESCRICAO_REPETIDA]: 'DESCRICAO',
};
const COLUNA_PERCURSO: Record<string, string> = {
  [MSG_PERCURSO_DESCRICAO]: 'DESCRICAO',
  [MSG_PERCURSO_DESCRICAO_EM_USO]: 'DESCRICAO',
  [MSG_PERCURSO_MAXIMO_MENOR]: 'VALOR_MAXIMO',
};

export function validarLugares(t: TabelaFrete, lugares: Map<object, number>, linhaTabela: number | null): ErroPlanilha[] {
  const erros: ErroPlanilha[] = [];
  const em = (aba: IdAba, x: object | null, chave: string | null | undefined, mensagem: string) =>
    erros.push({ aba: ABAS_PLANILHA[aba].nome, linha: x ? (lugares.get(x) ?? null) : null, coluna: chave ? rotuloDe(aba, chave) : null, mensagem });
  const naTabela = (chave: string, mensagem: string) => erros.push({ aba: ABAS_PLANILHA.tabela.nome, linha: linhaTabela, coluna: rotuloDe('tabela', chave), mensagem });

  if (!t.transportadora) naTabela('TRANSPORTADORA_CNPJ', MSG_TRANSPORTADORA);
  if (!t.inicio) naTabela('INICIO', MSG_INICIO_VIGENCIA);
  if (t.inicio && t.fim && t.fim < t.inicio) naTabela('FIM', MSG_FIM_ANTES_INICIO);
  if (t.percursos.length === 0) em('percursos', null, null, MSG_AO_MENOS_UM_PERCURSO);

  const indexaveis = descricoesIndexaveis(t);
  const nivel = (elementos: readonly ElementoCusto[]) => {
    const vistas = new Set<string>();
    for (const e of elementos) {
      for (const msg of validarElementoCusto(e, indexaveis)) em('elementos', e, COLUNA_ELEMENTO[msg], msg);
      const chave = chaveDescricao(e.descricao);
      if (chave && vistas.has(chave)) em('elementos', e, 'DESCRICAO', MSG_ELEMENTO_DESCRICAO_REPETIDA);
      vistas.add(chave);
    }
  };
  nivel(t.elementosCusto);
  // Descriptions in use, once (validarPercurso compares each route with all others: n² on big tables).
  const usos = new Map<string, number>();
  for (const p of t.percursos) usos.set(chaveDescricao(p.descricao), (usos.get(chaveDescricao(p.descricao)) ?? 0) + 1);
  for (const p of t.percursos) {
    const repetida = (usos.get(chaveDescricao(p.descricao)) ?? 0) > 1;
    for (const msg of validarPercurso(p, repetida ? [p] : [])) em('percursos', p, COLUNA_PERCURSO[msg], msg);
    for (const o of p.origens) for (const msg of validarOrigem(o)) em('origens', o, null, msg);
    for (const d of p.destinos) {
      for (const msg of validarDestino(d)) em('destinos', d, null, msg);
      for (const inc of d.incidencias) {
        for (const msg of validarIncidencia(inc)) em('incidencias', inc, null, msg);
        nivel(inc.elementosCusto);
      }
    }
    nivel(p.elementosCusto);
  }
  erros.push(...conflitos(t, lugares));
  return erros;
}

/** Conflicting routes: each pair's message on the later route's row (pairs looked for only when there is one). */
function conflitos(t: TabelaFrete, lugares: Map<object, number>): ErroPlanilha[] {
  if (conflitosPercursos(t.percursos).length === 0) return [];
  const erros: ErroPlanilha[] = [];
  for (let j = 1; j < t.percursos.length; j++)
    for (let i = 0; i < j; i++)
      for (const mensagem of conflitosPercursos([t.percursos[i], t.percursos[j]]))
        erros.push({ aba: ABAS_PLANILHA.percursos.nome, linha: lugares.get(t.percursos[j]) ?? null, coluna: null, mensagem });
  return erros;
}
