import { eq } from "drizzle-orm";
import type { ResultadoLeituraXml } from "../../contracts/ctes";
import type { ResultadoLeituraFaturas } from "../../contracts/faturas";
import type { ResultadoLeituraConemb } from "../../contracts/minutas-lotes";
import type { ResultadoLeituraOcoren } from "../../contracts/ocorrencias";
import type {
  ContagemRecebimento,
  FonteRecebimento,
  TipoDocumento,
} from "../../contracts/recebimento";
import type { Db } from "../db/database";
import { configuracao } from "../db/schema/configuracao";
import { lerPastaDoccob } from "../faturas/ler-pasta-doccob";
import {
  lerArquivosCte,
  type ResultadoLeituraArquivos,
} from "../ingest/ler-arquivos-cte";
import { pastasEdi } from "../ingest/ler-pasta-edi";
import { lerPastaConemb } from "../minutas/ler-pasta-conemb";
import { lerPastaOcoren } from "../ocorrencias/ler-pasta-ocoren";
import type { ContextoTrabalho } from "./agendador";
import { abrirExecucao, type Execucao } from "./execucao";

// The folder readings on the intake screen (issue 30): the manual ones ("Ler arquivos" of Fretes, Faturas, Minutas,
// and the DOCCOB upload) are recorded as runs of PASTA or ENVIO, and the PASTA source reads all three folders by
// itself on its interval, CT-es first so the DOCCOBs find them.

export type LeituraDePasta =
  | {
      tipo: "CTE";
      resultado: Pick<
        ResultadoLeituraArquivos,
        "lidos" | "duplicados" | "cancelados" | "erros" | "avisos"
      >;
    }
  | { tipo: "DOCCOB"; resultado: ResultadoLeituraFaturas }
  | { tipo: "CONEMB"; resultado: ResultadoLeituraConemb }
  | { tipo: "OCOREN"; resultado: ResultadoLeituraOcoren };

function contagemDe(l: LeituraDePasta): Partial<ContagemRecebimento> {
  if (l.tipo === "CTE")
    return {
      ctes: l.resultado.lidos,
      repetidos: l.resultado.duplicados,
      cancelamentos: l.resultado.cancelados,
    };
  if (l.tipo === "DOCCOB")
    return {
      faturas: l.resultado.lidas,
      repetidos: l.resultado.jaLidas,
      cancelamentos: l.resultado.canceladas,
    };
  if (l.tipo === "OCOREN")
    return { ocorrencias: l.resultado.lidas, repetidos: l.resultado.repetidas };
  return {
    minutas: l.resultado.conhecimentos,
    repetidos: l.resultado.jaLidos + l.resultado.repetidos,
    cancelamentos: l.resultado.excluidos,
  };
}

/** Adds a folder reading's totals, one item per refused file and its summary lines to the run. */
export async function registrarNaExecucao(
  execucao: Execucao,
  leitura: LeituraDePasta,
  origem: string,
): Promise<void> {
  execucao.somar(contagemDe(leitura));
  const tipo: TipoDocumento = leitura.tipo;
  const recusados =
    leitura.tipo === "OCOREN" ? leitura.resultado.recusados : leitura.resultado.erros;
  await execucao.registrar(
    recusados.map((e) => ({
      origem,
      arquivo: e.arquivo,
      tipo,
      resultado: "RECUSADO" as const,
      motivo: e.motivo,
      referencia: null,
      hash: null,
    })),
  );
  if (leitura.tipo === "CTE")
    for (const a of leitura.resultado.avisos ?? [])
      execucao.mensagem(`${a.arquivo}: ${a.motivo}`);
  else
    for (const m of leitura.resultado.mensagens.slice(0, 20))
      execucao.mensagem(m);
}

/** Records a manual reading (a route's answer) as one run; never fails the reading it records. */
export async function registrarLeitura(
  db: Db,
  fonte: Extract<FonteRecebimento, "PASTA" | "ENVIO">,
  usuarioId: number | null,
  leitura: LeituraDePasta,
  origem: string,
): Promise<void> {
  try {
    const execucao = await abrirExecucao(db, fonte, usuarioId);
    await registrarNaExecucao(execucao, leitura, origem);
    await execucao.concluir();
  } catch {
    // The reading itself happened; its log line is lost, nothing else.
  }
}

export const ORIGEM_PASTA: Record<LeituraDePasta["tipo"], string> = {
  CTE: "Pasta de XMLs",
  DOCCOB: "Pasta de DOCCOB",
  CONEMB: "Pasta de CONEMB",
  OCOREN: "Pasta de OCOREN",
};

/** The CT-e XML folders of the settings, when the three are set. */
export async function pastasXml(db: Db) {
  const [cfg] = await db
    .select({
      entrada: configuracao.enderecoEntrada,
      saida: configuracao.enderecoSaida,
      erro: configuracao.enderecoErro,
    })
    .from(configuracao)
    .where(eq(configuracao.id, 1));
  return cfg?.entrada?.trim() && cfg.saida?.trim() && cfg.erro?.trim()
    ? { entrada: cfg.entrada, saida: cfg.saida, erro: cfg.erro }
    : null;
}

/** The PASTA job: the XML folder, then CONEMB, DOCCOB and OCOREN; a folder that cannot be read is said and the others go on. */
export async function lerPastas(
  ctx: ContextoTrabalho,
  ediDir: string | undefined,
): Promise<void> {
  const { db, empresa } = ctx.banco;
  const passos: [string, () => Promise<LeituraDePasta | null>][] = [
    [
      ORIGEM_PASTA.CTE,
      async () => {
        const p = await pastasXml(db);
        return p
          ? { tipo: "CTE", resultado: await lerArquivosCte(db, p) }
          : null;
      },
    ],
    [
      ORIGEM_PASTA.CONEMB,
      async () =>
        ediDir
          ? {
              tipo: "CONEMB",
              resultado: await lerPastaConemb(
                db,
                pastasEdi(ediDir, empresa, "conemb"),
              ),
            }
          : null,
    ],
    [
      ORIGEM_PASTA.DOCCOB,
      async () =>
        ediDir
          ? {
              tipo: "DOCCOB",
              resultado: await lerPastaDoccob(
                db,
                pastasEdi(ediDir, empresa, "doccob"),
              ),
            }
          : null,
    ],
    [
      ORIGEM_PASTA.OCOREN,
      async () =>
        ediDir
          ? {
              tipo: "OCOREN",
              resultado: await lerPastaOcoren(
                db,
                pastasEdi(ediDir, empresa, "ocoren"),
              ),
            }
          : null,
    ],
  ];
  let tentadas = 0;
  let falhas = 0;
  for (const [i, [origem, ler]] of passos.entries()) {
    if (ctx.sinal.aborted) break;
    await ctx.execucao.progresso(i, passos.length);
    try {
      const leitura = await ler();
      if (leitura) tentadas++;
      if (leitura) await registrarNaExecucao(ctx.execucao, leitura, origem);
    } catch (e) {
      tentadas++;
      falhas++;
      ctx.execucao.mensagem(`${origem}: ${(e as Error).message}`);
    }
  }
  await ctx.execucao.progresso(passos.length, passos.length);
  if (falhas === passos.length)
    throw new Error("Nenhuma das pastas pôde ser lida.");
}

