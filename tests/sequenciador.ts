import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The journeys (project e2e: a server and a Chromium each) share the pool with the other files, spread evenly
 * through its queue: while one runs, the other core keeps running the rest, and two journeys seldom meet. (A
 * project of one worker would run after all the others, one file at a time, with a core idle: 4 to 5 minutes
 * of a 2-core CI run.) Within each part the base order holds: the longest files first.
 */
export class SequenciadorJornadasEspalhadas extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordenados = await super.sort(files);
    const jornadas = ordenados.filter((f) => f.project.name === 'e2e');
    const resto = ordenados.filter((f) => f.project.name !== 'e2e');
    if (!jornadas.length || !resto.length) return ordenados;
    const passo = Math.max(1, Math.floor(resto.length / jornadas.length));
    const fila: TestSpecification[] = [];
    resto.forEach((f, i) => {
      if (i % passo === 0 && jornadas.length) fila.push(jornadas.shift()!);
      fila.push(f);
    });
    return [...fila, ...jornadas];
  }
}
