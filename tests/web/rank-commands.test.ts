import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/web/commands/command-registry';
import { nivelDoTitulo, rankCommands } from '../../src/web/commands/rank-commands';

const comando = (id: string, title: string, group: Command['group'] = 'Navegação'): Command => ({ id, title, group, keys: [], run: () => {} });
const TODOS = [
  comando('motoristas', 'Motoristas'),
  comando('transportadoras', 'Transportadoras'),
  comando('tabelas', 'Tabelas de Frete'),
  comando('veiculos', 'Veículos'),
  comando('tipos', 'Tipos de Veículo'),
  comando('mover', 'Mover a seleção', 'Ações'),
  comando('simular', 'Simular frete', 'Geral'),
  comando('ajustar', 'Ajustar valor', 'Ações'),
];
const titulos = (q: string, recentes: string[] = []) => rankCommands(TODOS, q, recentes).map((c) => c.title);

describe('palette ranking', () => {
  it('levels: the title, its start, word starts, words with skipped letters, 3+ letters inside', () => {
    expect(nivelDoTitulo('Motoristas', 'motoristas')).toBe(0);
    expect(nivelDoTitulo('Tabelas de Frete', 'tab')).toBe(1);
    expect(nivelDoTitulo('Simular frete', 'fre sim')).toBe(2);
    expect(nivelDoTitulo('Transportadoras', 'ta')).toBe(3);
    expect(nivelDoTitulo('Motoristas', 'rist')).toBe(4);
    expect(nivelDoTitulo('Motoristas', 'ta')).toBeNull();
    expect(nivelDoTitulo('Mover a seleção', 've')).toBeNull();
    expect(nivelDoTitulo('Veículos', 'veiculo')).toBe(1);
  });

  it('"ta" puts Tabelas de Frete and Transportadoras first and leaves Motoristas out', () => {
    expect(titulos('ta')).toEqual(['Tabelas de Frete', 'Transportadoras']);
  });

  it('"ve" finds the titles with a word starting so, not every "ve" inside a word', () => {
    expect(titulos('ve')).toEqual(['Veículos', 'Tipos de Veículo']);
  });

  it('among equals a recent command comes first; a better match still beats a recent one', () => {
    expect(titulos('t', ['transportadoras'])).toEqual(['Transportadoras', 'Tabelas de Frete', 'Tipos de Veículo']);
    expect(titulos('tab', ['transportadoras'])).toEqual(['Tabelas de Frete']);
    expect(titulos('fr', ['simular'])[0]).toBe('Simular frete');
  });
});
