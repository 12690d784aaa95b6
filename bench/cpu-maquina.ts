// Where the machine's CPU goes during a measured run (Linux /proc): the whole machine's busy share of its cores, the
// CPU of named process trees (a server with its cluster workers, the proxy) and of this process (the load generator),
// in cores, and the rest (PostgreSQL, everything else). It tells whether a run had a core left for one more process.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Clock ticks a second of /proc (USER_HZ, 100 on Linux). */
const TICKS = 100;

function maquina(): { total: number; ocioso: number } {
  const campos = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { total: campos.reduce((a, b) => a + b, 0), ocioso: campos[3] + (campos[4] ?? 0) };
}

/** [pid, parent pid, user + system ticks] of every process still there. */
function processos(): [number, number, number][] {
  const lidos: [number, number, number][] = [];
  for (const nome of readdirSync('/proc')) {
    if (!/^\d+$/.test(nome)) continue;
    try {
      const stat = readFileSync(`/proc/${nome}/stat`, 'utf8');
      const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      lidos.push([Number(nome), Number(campos[1]), Number(campos[11]) + Number(campos[12])]);
    } catch {
      // gone meanwhile
    }
  }
  return lidos;
}

/** Ticks of each group's process trees (the pids and all their descendants). */
function porGrupo(grupos: Record<string, number[]>): Record<string, number> {
  const todos = processos();
  const soma: Record<string, number> = {};
  for (const [nome, raizes] of Object.entries(grupos)) {
    const arvore = new Set(raizes);
    for (let cresceu = true; cresceu; ) {
      cresceu = false;
      for (const [pid, pai] of todos)
        if (arvore.has(pai) && !arvore.has(pid)) {
          arvore.add(pid);
          cresceu = true;
        }
    }
    soma[nome] = todos.filter(([pid]) => arvore.has(pid)).reduce((a, [, , t]) => a + t, 0);
  }
  return soma;
}

const nucleos = (ticks: number, segundos: number) => (ticks / TICKS / segundos).toFixed(2).replace('.', ',');

/** Starts counting; the answer, called after the run, describes it in one line. */
export function medirCpu(grupos: Record<string, number[]>): () => string {
  const [m0, g0, e0, t0] = [maquina(), porGrupo(grupos), process.cpuUsage(), performance.now()];
  return () => {
    const [m1, g1, e1] = [maquina(), porGrupo(grupos), process.cpuUsage(e0)];
    const segundos = (performance.now() - t0) / 1000;
    const ocupado = m1.total - m1.ocioso - (m0.total - m0.ocioso);
    const gerador = ((e1.user + e1.system) / 1e6) * TICKS;
    const partes = Object.keys(grupos).map((nome) => `${nome} ${nucleos(g1[nome] - g0[nome], segundos)}`);
    const resto = ocupado - gerador - Object.keys(grupos).reduce((a, nome) => a + g1[nome] - g0[nome], 0);
    const fracao = ocupado / (m1.total - m0.total);
    return (
      `CPU: a máquina ${Math.round(fracao * 100)}% ocupada de ${cpus().length} núcleos; em núcleos: ${partes.join(', ')}, ` +
      `gerador de carga ${nucleos(gerador, segundos)}, o resto (PostgreSQL e outros) ${nucleos(Math.max(0, resto), segundos)}`
    );
  };
}
