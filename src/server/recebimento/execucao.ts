import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  contagemVazia,
  FONTES_AGENDADAS,
  type ContagemRecebimento,
  type ExecucaoRecebimento,
  type FonteAgendada,
  type FonteRecebimento,
  type SituacaoExecucao,
} from '../../contracts/recebimento';
import { relogio } from '../../domain/relogio';
import type { Db } from '../db/database';
import { recebimentoExecucao, recebimentoFonte, recebimentoItem } from '../db/schema/recebimento';
import type { DocumentoTratado } from './receber-documento';
import { execucaoDaLinha } from './consultar-recebimento';

// A run of a source (issue 30): the row is written when it starts (the screen shows it "em andamento" with its
// progress), each document it saw is logged as it goes, and the end sets the outcome and the source's count of
// failures in a row (three or more: a warning in the shell).

export type ItemParaRegistrar = Omit<DocumentoTratado, 'hash'> & { hash: string | null; origem: string; chaveOrigem?: string | null };

export interface Execucao {
  id: number;
  fonte: FonteRecebimento;
  registrar(itens: ItemParaRegistrar[]): Promise<void>;
  /**
   * What this source logged before under these origin keys (a run cut short between storing and moving on), as
   * `chaveRecebida(chaveOrigem, hash)`; one query for a batch. Refused documents are left out: read again, they are
   * refused again and said again.
   */
  jaRecebidos(chavesOrigem: string[]): Promise<Set<string>>;
  /** Progress in the source's own unit (messages, files, NSU batches). */
  progresso(feitos: number, total: number | null): Promise<void>;
  mensagem(texto: string): void;
  /** Adds counts that no item stands for (a folder reading's totals). */
  somar(parcial: Partial<ContagemRecebimento>): void;
  /** Ends the run: by default PARCIAL when a document was refused, else SUCESSO. */
  concluir(situacao?: Exclude<SituacaoExecucao, 'EM_ANDAMENTO'>): Promise<ExecucaoRecebimento>;
  falhar(motivo: string): Promise<ExecucaoRecebimento>;
}

/** The key of a logged document in the set Execucao.jaRecebidos answers. */
export const chaveRecebida = (chaveOrigem: string, hash: string) => `${chaveOrigem.slice(0, 500)}\n${hash}`;

/** What a document adds to the run's counts. */
export function somarContagem(c: ContagemRecebimento, d: Pick<DocumentoTratado, 'tipo' | 'resultado' | 'quantidade'>): void {
  if (d.resultado === 'RECUSADO') c.recusados++;
  else if (d.resultado === 'IGNORADO') c.ignorados++;
  else if (d.resultado === 'REPETIDO') c.repetidos++;
  else if (d.resultado === 'CANCELOU') c.cancelamentos += d.quantidade ?? 1;
  else if (d.tipo === 'CTE') c.ctes++;
  else if (d.tipo === 'DOCCOB') c.faturas += d.quantidade ?? 1;
  else if (d.tipo === 'CONEMB') c.minutas += d.quantidade ?? 1;
  else if (d.tipo === 'OCOREN') c.ocorrencias += d.quantidade ?? 1;
}

const ehAgendada = (fonte: FonteRecebimento): fonte is FonteAgendada => (FONTES_AGENDADAS as readonly string[]).includes(fonte);

/** Keeps the source's failures in a row (scheduled sources only: the upload has no row). */
async function contarFalha(db: Db, fonte: FonteRecebimento, falhou: boolean): Promise<void> {
  if (!ehAgendada(fonte)) return;
  await db
    .insert(recebimentoFonte)
    .values({ fonte, falhasSeguidas: falhou ? 1 : 0 })
    .onConflictDoUpdate({ target: recebimentoFonte.fonte, set: { falhasSeguidas: falhou ? sql`${recebimentoFonte.falhasSeguidas} + 1` : 0 } });
}

export async function abrirExecucao(db: Db, fonte: FonteRecebimento, usuarioId: number | null = null): Promise<Execucao> {
  const [linha] = await db.insert(recebimentoExecucao).values({ fonte, contagem: contagemVazia(), usuarioId }).returning({ id: recebimentoExecucao.id });
  const id = linha.id;
  const contagem = contagemVazia();
  const mensagens: string[] = [];
  let feitos = 0;
  let encerrada: Promise<ExecucaoRecebimento> | null = null;
  const encerrar = (situacao: Exclude<SituacaoExecucao, 'EM_ANDAMENTO'>) =>
    (encerrada ??= (async () => {
      await db
        .update(recebimentoExecucao)
        .set({ situacao, fim: relogio.agora(), contagem, mensagens, feitos })
        .where(eq(recebimentoExecucao.id, id));
      await contarFalha(db, fonte, situacao === 'FALHA');
      return execucaoDaLinha(db, id);
    })());
  return {
    id,
    fonte,
    async registrar(itens) {
      if (!itens.length) return;
      for (const d of itens) somarContagem(contagem, d);
      for (let i = 0; i < itens.length; i += 500)
        await db.insert(recebimentoItem).values(
          itens.slice(i, i + 500).map((d) => ({
            execucaoId: id,
            fonte,
            chaveOrigem: d.chaveOrigem?.slice(0, 500) ?? null,
            hash: d.hash,
            origem: d.origem.slice(0, 500),
            arquivo: d.arquivo.slice(0, 255),
            tipo: d.tipo,
            resultado: d.resultado,
            motivo: d.motivo,
            referencia: d.referencia?.slice(0, 60) ?? null,
          })),
        );
      await db.update(recebimentoExecucao).set({ contagem }).where(eq(recebimentoExecucao.id, id));
    },
    async jaRecebidos(chavesOrigem) {
      const chaves = [...new Set(chavesOrigem.map((c) => c.slice(0, 500)))];
      if (!chaves.length) return new Set();
      const linhas = await db
        .selectDistinct({ chaveOrigem: recebimentoItem.chaveOrigem, hash: recebimentoItem.hash })
        .from(recebimentoItem)
        .where(and(eq(recebimentoItem.fonte, fonte), inArray(recebimentoItem.chaveOrigem, chaves), ne(recebimentoItem.resultado, 'RECUSADO')));
      return new Set(linhas.map((l) => chaveRecebida(l.chaveOrigem ?? '', l.hash ?? '')));
    },
    async progresso(f, total) {
      feitos = f;
      await db.update(recebimentoExecucao).set({ feitos: f, total }).where(eq(recebimentoExecucao.id, id));
    },
    mensagem(texto) {
      mensagens.push(texto);
    },
    somar(parcial) {
      for (const [campo, n] of Object.entries(parcial) as [keyof ContagemRecebimento, number][]) contagem[campo] += n;
    },
    concluir(situacao) {
      return encerrar(situacao ?? (contagem.recusados ? 'PARCIAL' : 'SUCESSO'));
    },
    falhar(motivo) {
      mensagens.push(motivo);
      return encerrar('FALHA');
    },
  };
}
