import type { Context } from 'hono';
import { MSG_SEM_PERMISSAO } from '../../../contracts/erros';
import {
  LIMITES_PLANILHA,
  MSG_PLANILHA_AUSENTE,
  MSG_PLANILHA_GRANDE,
  MSG_PLANILHA_ILEGIVEL,
  textoErroPlanilha,
  type ResultadoImportacao,
  type ResumoImportacao,
} from '../../../contracts/planilha-tabela';
import type { CodigoPermissao } from '../../../contracts/permissoes';
import type { TabelaFrete } from '../../../contracts/tabela-frete-modelo';
import type { Db } from '../../db/database';
import { ApiError, badRequest } from '../../http/api-error';
import { diferencasTabela } from './diferencas-planilha';
import { lerPlanilhaTabela } from './ler-planilha';
import { referenciasPlanilha } from './resolver-planilha';
import { gravarVersao, planejarVersao, type VersaoPlanejada } from './versao-tabela';

// Issue 32: POST /tabelas-frete/planilha (multipart, field `arquivo`). The dry run (?simular=true) reads the workbook,
// resolves its references in the company's database, decides NOVA or NOVA_VERSAO and lists every problem and what
// would change, always 200 and nothing written. Confirmed, the same reading must come out clean: then the table (or
// the new version, linked, the old one closed) is saved in one transaction; otherwise 400 (409 for a workbook of a
// table changed since its export) with the same answer and the problems as `mensagens`, nothing written.

const MULTIPART = /^multipart\/form-data\s*(;|$)/i;

/** The uploaded file (400 without one, 413 past LIMITES_PLANILHA.bytes). */
async function arquivoDoEnvio(c: Context): Promise<{ nome: string; bytes: Uint8Array }> {
  if (!MULTIPART.test(c.req.header('Content-Type') ?? '')) throw badRequest(MSG_PLANILHA_AUSENTE);
  let corpo: Record<string, unknown>;
  try {
    corpo = await c.req.parseBody({ all: true });
  } catch {
    throw badRequest(MSG_PLANILHA_ILEGIVEL);
  }
  const valor = corpo.arquivo;
  const arquivo = (Array.isArray(valor) ? valor : [valor]).find((v): v is File => v instanceof File);
  if (!arquivo) throw badRequest(MSG_PLANILHA_AUSENTE);
  // The body limit (limite-corpo.ts) allows the form's own bytes on top: the file itself is measured here.
  if (arquivo.size > LIMITES_PLANILHA.bytes) throw new ApiError(413, [MSG_PLANILHA_GRANDE]);
  return { nome: arquivo.name || 'planilha.xlsx', bytes: new Uint8Array(await arquivo.arrayBuffer()) };
}

const contagens = (t: TabelaFrete): ResumoImportacao['contagens'] => {
  const c = { percursos: t.percursos.length, origens: 0, destinos: 0, incidencias: 0, elementos: t.elementosCusto.length, faixas: 0 };
  const elementos = (es: TabelaFrete['elementosCusto']) => es.forEach((e) => (c.faixas += e.faixas.length));
  elementos(t.elementosCusto);
  for (const p of t.percursos) {
    c.origens += p.origens.length;
    c.destinos += p.destinos.length;
    c.elementos += p.elementosCusto.length;
    elementos(p.elementosCusto);
    for (const d of p.destinos) {
      c.incidencias += d.incidencias.length;
      for (const i of d.incidencias) {
        c.elementos += i.elementosCusto.length;
        elementos(i.elementosCusto);
      }
    }
  }
  return c;
};

/** What the import does with a table that was read (null when the workbook gave none). */
function resumoDe(tabela: TabelaFrete | null, plano: VersaoPlanejada): ResumoImportacao | null {
  if (!tabela?.transportadora || !tabela.inicio) return null;
  const a = plano.anterior;
  return {
    acao: plano.acao,
    transportadora: tabela.transportadora,
    inicio: tabela.inicio,
    fim: tabela.fim,
    tabelaAnterior: a && { id: a.id, versao: a.versao, inicio: a.inicio, fim: a.fim, fimNovo: plano.fimNovo },
    contagens: contagens(tabela),
    ...diferencasTabela(a, tabela),
  };
}

/** A new table needs FRETE_TABFR_C, a new version FRETE_TABFR_E (the route lets either in; ADMIN always). */
function exigirPermissao({ nivel, roles }: Usuario, acao: VersaoPlanejada['acao']) {
  const codigo: CodigoPermissao = acao === 'NOVA' ? 'FRETE_TABFR_C' : 'FRETE_TABFR_E';
  if (nivel !== 'ADMIN' && !roles.includes(codigo)) throw new ApiError(403, [MSG_SEM_PERMISSAO]);
}

/** Who imports (the guard's user). */
interface Usuario {
  id: number;
  nivel: string;
  roles: readonly string[];
}

/** The answer of POST /tabelas-frete/planilha: status and body. */
export async function importarPlanilha(
  c: Context,
  db: Db,
  usuario: Usuario,
  simular: boolean,
): Promise<{ status: 200 | 400 | 409; corpo: ResultadoImportacao & { mensagens?: string[] } }> {
  const { nome, bytes } = await arquivoDoEnvio(c);
  const lida = await lerPlanilhaTabela(bytes, nome, referenciasPlanilha(db));
  const plano = await planejarVersao(db, lida.origem, lida.tabela);
  const erros = [...lida.erros, ...plano.erros];
  const resultado: ResultadoImportacao = { erros, avisos: lida.avisos, resumo: resumoDe(lida.tabela, plano), tabela: null };
  // The dry run only reads: whoever may create or edit tables may ask what a workbook would do.
  if (simular) return { status: 200, corpo: resultado };
  exigirPermissao(usuario, plano.acao);
  if (erros.length || !lida.tabela) {
    const mensagens = erros.length ? erros.map(textoErroPlanilha) : [MSG_PLANILHA_ILEGIVEL];
    return { status: plano.obsoleta ? 409 : 400, corpo: { mensagens, ...resultado } };
  }
  const tabela = await gravarVersao(db, plano, lida.tabela, usuario.id);
  return { status: 200, corpo: { ...resultado, tabela } };
}
