import type { RefObject } from 'react';
import type { Command } from '../commands/command-registry';
import { leituraDoccob } from './leitura-doccob';

/** "Procurar …" on Alt+P (Enter is the filter form's own): back to the first filter, then search. */
export function comandoProcurar(id: string, title: string, t: { campoInicial: RefObject<HTMLInputElement | null>; procurar: () => unknown }): Command {
  return {
    id,
    title,
    group: 'Ações',
    keys: ['Enter', 'Alt+P'],
    unbound: ['Enter'],
    run: () => {
      t.campoInicial.current?.focus();
      t.procurar();
    },
  };
}

/** "Visualizar … selecionado" on F2 (Enter is the grid's own), while a row is selected. */
export function comandoVer<R>(id: string, title: string, atual: R | null, ver: (linha: R) => void): Command {
  return { id, title, group: 'Ações', keys: ['Enter', 'F2'], unbound: ['Enter'], when: () => atual !== null, run: () => atual !== null && ver(atual) };
}

/** Ler faturas and Enviar arquivos DOCCOB on a screen's own keys (the same actions as the DoccobButtons). */
export function comandosDoccob(ids: { ler: string; enviar: string }, teclas: { ler: string; enviar: string }): Command[] {
  return [
    { id: ids.ler, title: 'Ler faturas', group: 'Ações', keys: [teclas.ler], run: leituraDoccob.ler },
    { id: ids.enviar, title: 'Enviar arquivos DOCCOB', group: 'Ações', keys: [teclas.enviar], run: leituraDoccob.escolherArquivos },
  ];
}
