import type { Command, CommandGroup } from './command-registry';

const normalizar = (t: string) =>
  t
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
const palavras = (t: string) => normalizar(t).split(/[\s/()·,.-]+/).filter(Boolean);

/**
 * A typed word read as a word of the title with a letter skipped here and there ("ta" and "tansp" are
 * "transportadoras"): the same first letter, then the typed letters in order, at most one skipped between.
 */
function quase(palavra: string, digitada: string): boolean {
  if (palavra[0] !== digitada[0]) return false;
  let j = 1;
  for (let i = 1; i < digitada.length; i++) {
    const achou = palavra.indexOf(digitada[i], j);
    if (achou < 0 || achou - j > 1) return false;
    j = achou + 1;
  }
  return true;
}

/**
 * How well a title answers what was typed, lower is better; null when it does not. 0: the title itself;
 * 1: the title starts with it; 2: every typed word starts a word of the title ("sim fr" → "Simular frete");
 * 3: every typed word is a word of the title with letters skipped ("ta" → "Transportadoras"); 4: every
 * typed word of 3+ letters is inside the title. Two letters never match inside a word: "ve" finds Veículos
 * and Tipos de Veículo, not every title that has a "ve" somewhere.
 */
export function nivelDoTitulo(titulo: string, consulta: string): number | null {
  const q = normalizar(consulta);
  if (!q) return 4;
  const t = normalizar(titulo);
  if (t === q) return 0;
  if (t.startsWith(q)) return 1;
  const digitadas = palavras(q);
  const doTitulo = palavras(t);
  if (digitadas.every((d) => doTitulo.some((p) => p.startsWith(d)))) return 2;
  if (digitadas.every((d) => doTitulo.some((p) => quase(p, d)))) return 3;
  if (digitadas.every((d) => d.length >= 3 && t.includes(d))) return 4;
  return null;
}

const ORDEM_GRUPOS: Record<CommandGroup, number> = { Navegação: 0, Ações: 1, Geral: 2, Relatórios: 3 };
const colacao = new Intl.Collator('pt-BR');

/**
 * The palette's order for a typed text: exact and prefix title matches first, then word matches, then the
 * rest; inside a level, recent commands first, then by group and title.
 */
export function rankCommands(comandos: readonly Command[], consulta: string, recentes: readonly string[]): Command[] {
  const recencia = (c: Command) => {
    const i = recentes.indexOf(c.id);
    return i < 0 ? recentes.length : i;
  };
  return comandos
    .map((c) => ({ c, nivel: nivelDoTitulo(c.title, consulta) }))
    .filter((x): x is { c: Command; nivel: number } => x.nivel !== null)
    .sort(
      (a, b) =>
        a.nivel - b.nivel || recencia(a.c) - recencia(b.c) || ORDEM_GRUPOS[a.c.group] - ORDEM_GRUPOS[b.c.group] || colacao.compare(a.c.title, b.c.title),
    )
    .map((x) => x.c);
}
