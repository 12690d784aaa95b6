import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataSaoPaulo, somarDias } from '../../src/domain/sao-paulo-date';
import { relogio } from '../../src/domain/relogio';
import { consoleDaJornada } from './harness';
import { CAPTURAS } from './legibilidade';
import { esperarFoco, loginAsAdmin, palette, substituir, tabTo } from './keyboard';

// The /indicadores charts in Chromium at 1366×768 with the demo's data: the label boxes the browser draws
// (axis names, ticks, unit) never overlap, each axis has one unit and starts at 0; a screenshot to look at:
// test-results/1366/indicadores-graficos.png.

interface Rotulo {
  texto: string;
  x: number;
  y: number;
  largura: number;
  altura: number;
}
interface Medida {
  titulo: string;
  unidades: string[];
  marcas: string[];
  rotulos: Rotulo[];
  svg: { x: number; largura: number };
}

const ddmmaaaa = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
const disjuntos = (a: Rotulo, b: Rotulo) => a.x + a.largura <= b.x + 0.5 || b.x + b.largura <= a.x + 0.5 || a.y + a.altura <= b.y + 0.5 || b.y + b.altura <= a.y + 0.5;

describe('Gráficos de /indicadores legíveis a 1366×768, no Chromium', () => {
  const app = consoleDaJornada();

  it('rótulos sem sobreposição, uma unidade por eixo, eixo a partir de zero', async () => {
    const { page, url } = app();
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAsAdmin(page, url);
    const hoje = dataSaoPaulo(relogio.agora())!;
    await palette(page, 'indicadores', 'Indicadores de Frete');
    await esperarFoco(page, 'Período inicial');
    await substituir(page, ddmmaaaa(somarDias(hoje, -60)));
    await tabTo(page, 'Data de emissão da NF');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Alt+p');
    const graficos = page.getByRole('group', { name: /^Frete (peso|valor) por / });
    await expect.poll(() => graficos.locator('svg [data-rotulo]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => graficos.count()).toBe(4);

    const medidas: Medida[] = await graficos.evaluateAll((figuras) =>
      figuras.map((f) => {
        const caixa = (e: Element) => {
          const r = e.getBoundingClientRect();
          return { texto: e.getAttribute('data-rotulo') ?? e.textContent ?? '', x: r.x, y: r.y, largura: r.width, altura: r.height };
        };
        const svg = f.querySelector('svg')!.getBoundingClientRect();
        return {
          titulo: f.getAttribute('aria-label') ?? '',
          unidades: [...f.querySelectorAll('[data-unidade]')].map((e) => e.textContent ?? ''),
          marcas: [...f.querySelectorAll('[data-marca]')].map((e) => e.textContent ?? ''),
          rotulos: [...f.querySelectorAll('[data-rotulo], [data-marca], [data-unidade]')].map(caixa),
          svg: { x: svg.x, largura: svg.width },
        };
      }),
    );
    await page.screenshot({ path: join(CAPTURAS, 'indicadores-graficos.png'), fullPage: true });

    expect(medidas.map((m) => [m.titulo, m.unidades])).toEqual([
      ['Frete peso por UF de destino', ['R$/kg']],
      ['Frete valor por UF de destino', ['%']],
      ['Frete peso por transportadora', ['R$/kg']],
      ['Frete valor por transportadora', ['%']],
    ]);
    for (const m of medidas) {
      expect(m.marcas[0], m.titulo).toBe('0');
      expect(m.marcas.every((t) => /^[\d.,]+$/.test(t)), m.titulo).toBe(true);
      for (const r of m.rotulos) {
        expect(r.x, `${m.titulo}: ${r.texto}`).toBeGreaterThanOrEqual(m.svg.x - 0.5);
        expect(r.x + r.largura, `${m.titulo}: ${r.texto}`).toBeLessThanOrEqual(m.svg.x + m.svg.largura + 0.5);
      }
      for (let i = 0; i < m.rotulos.length; i++)
        for (let j = i + 1; j < m.rotulos.length; j++)
          expect(disjuntos(m.rotulos[i], m.rotulos[j]), `${m.titulo}: "${m.rotulos[i].texto}" × "${m.rotulos[j].texto}"`).toBe(true);
    }
  });
});
