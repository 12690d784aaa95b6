import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FaturaCompleta, FaturaLinha, ResultadoLeituraFaturas } from '../../src/contracts/faturas';
import { formatDateBr } from '../../src/domain/format-date-br';
import { relogio } from '../../src/domain/relogio';
import { dataSaoPaulo } from '../../src/domain/sao-paulo-date';
import { ctesParaFaturar, doccob, irParaLinha, linhaCom, linhasDa } from './faturas-e2e';
import { apiDaSessao, consoleDaJornada } from './harness';
import { loginAsAdmin, palette } from './keyboard';

// docs/decisoes.md §17 journey, keyboard only: a first fatura bills two audited CT-es (sent by upload); a second DOCCOB,
// dropped in the input folder, bills one of them again and a third one. "Ler faturas" reads it and says one
// CT-e was already billed; /faturas from the palette shows the second fatura with "1 divergência"; the palette
// jumps to the divergent line, which reads "já cobrado na fatura {n} de {dd/mm/aaaa}".

const PRIMEIRA = '880611';
const SEGUNDA = '880612';

describe('Cobrança repetida, só pelo teclado, no Chromium', () => {
  const app = consoleDaJornada();

  it('lê a segunda fatura, abre /faturas pela paleta, vê 1 divergência, vai até ela e lê "já cobrado na fatura …"', async () => {
    const { page, url, dataDir } = app();
    const authorization = await loginAsAdmin(page, url);
    const api = apiDaSessao(url, authorization);
    const [a, b, c] = await ctesParaFaturar(api);
    const cnpj = a.chave.slice(6, 20);

    // The first fatura (a, b), sent as an upload: conferida.
    const form = new FormData();
    form.append('arquivos', new Blob([doccob([a, b], cnpj, PRIMEIRA, null)]), `DOCCOB-${PRIMEIRA}.txt`);
    const envio = await fetch(`${url}/api/faturas/enviar`, { method: 'POST', headers: { authorization }, body: form });
    expect(envio.status).toBe(200);
    expect(((await envio.json()) as ResultadoLeituraFaturas).lidas).toBe(1);

    // The second (b again, c), dropped in the input folder and read from the palette.
    const entrada = join(dataDir, 'edi', 'colacril', 'doccob', 'entrada');
    writeFileSync(join(entrada, `DOCCOB-${SEGUNDA}.txt`), doccob([b, c], cnpj, SEGUNDA, null));
    await page.getByRole('search', { name: 'Filtros de fretes' }).waitFor();
    await palette(page, 'ler faturas', /^Ler faturas/);
    const resumo = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: /fatura\(s\) lida\(s\)/ }).first();
    await resumo.waitFor();
    expect(await resumo.innerText()).toContain('1 CT-e(s) já cobrado(s) em outra fatura');
    await page.keyboard.press('Escape');
    await resumo.waitFor({ state: 'detached' });

    // /faturas: the second fatura with one divergence, the first conferida.
    await palette(page, 'faturas', 'Faturas');
    await page.getByRole('heading', { name: 'Faturas' }).waitFor();
    const lista = page.getByRole('grid', { name: 'Faturas' });
    const indice = await linhaCom(lista, SEGUNDA);
    expect((await linhasDa(lista))[indice]).toMatch(/1 divergência/);
    expect((await linhasDa(lista))[await linhaCom(lista, PRIMEIRA)]).not.toMatch(/divergência/);
    await irParaLinha(page, lista, indice);
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Fatura' });
    await modal.waitFor();

    // The palette over the modal: the first divergent CT-e, b, focused in the Fretes grid.
    await palette(page, 'divergente', /^Ir para o primeiro CT-e divergente/);
    const fretes = modal.getByRole('grid', { name: 'Fretes da fatura' });
    await fretes.waitFor();
    const linhaEmFoco = () =>
      page.evaluate(() => {
        const g = document.activeElement?.closest('[role=grid]');
        const id = g?.getAttribute('aria-activedescendant');
        return g?.getAttribute('aria-label') === 'Fretes da fatura' && id ? (document.getElementById(id)?.textContent ?? '') : '';
      });
    const hoje = formatDateBr(dataSaoPaulo(relogio.agora())!);
    await expect.poll(linhaEmFoco, { timeout: 10_000 }).toMatch(new RegExp(`já cobrado na fatura ${PRIMEIRA} de ${hoje}`, 'i'));
    expect(await linhaEmFoco()).toContain(String(b.numero));
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: '/tmp/e2e-cobranca-dupla.png' });

    const [segunda] = (await api<{ content: FaturaLinha[] }>(`/faturas?numeroDocumento=${SEGUNDA}`)).content;
    const fatura = await api<FaturaCompleta>(`/faturas/${segunda.id}`);
    expect(fatura.conferencia).toMatchObject({ ctes: 2, divergencias: 1, jaCobrados: 1 });
  });
});
