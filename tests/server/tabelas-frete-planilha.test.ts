import { asc, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultadoImportacao } from '../../src/contracts/planilha-tabela';
import { tabelaFretePageSchema, tabelaFreteSchema, type TabelaFrete } from '../../src/contracts/tabela-frete-modelo';
import { somarDias } from '../../src/domain/sao-paulo-date';
import { cte, cteAuditoria } from '../../src/server/db/schema/cte';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';
import { criarDadosTabelas, type DadosTabelas } from './tabelas-frete-dados';
import { baixarPlanilha, celula, comInicio, conteudoSemIds, editarPlanilha, importar, linhasDaAba, simular } from './tabelas-frete-planilha-dados';

// Issue 32: a freight table exported as a workbook and imported back is a new version of it: the dry run first
// (what would change), then a new row linked to the old one, the old one kept as it was with its vigência closed,
// and the CT-es audited before still pointing at it. On both databases.

let h: Harness;
let token: string;
let d: DadosTabelas;

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.login('admin', SENHA_ADMIN_TESTE);
  d = await criarDadosTabelas(h);
});
afterAll(() => h?.close());

const db = () => h.bancos.COLACRIL.db;
const ler = async (id: number): Promise<TabelaFrete> => {
  const r = await h.request('GET', `/api/tabelas-frete/${id}`, { token });
  expect(r.status).toBe(200);
  return tabelaFreteSchema.parse(await json(r));
};

async function criar(body: unknown): Promise<TabelaFrete & { id: number }> {
  const r = await h.request('POST', '/api/tabelas-frete', { token, body });
  expect(r.status, await r.clone().text()).toBe(201);
  return json(r);
}

/** Which table each CT-e and each audit points at. */
const referenciasAuditadas = async (ids: number[]) => ({
  auditorias: await db()
    .select({ id: cteAuditoria.id, tabela: cteAuditoria.tabelaFreteId })
    .from(cteAuditoria)
    .where(inArray(cteAuditoria.tabelaFreteId, ids))
    .orderBy(asc(cteAuditoria.id)),
  ctes: await db().select({ id: cte.id, tabela: cte.tabelaFreteId }).from(cte).where(isNotNull(cte.tabelaFreteId)).orderBy(asc(cte.id)),
});

describe('export → edit → import of every demo table', () => {
  it('each becomes a new version equal to the old one; the old row keeps its content, its audits and a closed vigência', async () => {
    const pagina = tabelaFretePageSchema.parse(await json(await h.request('GET', '/api/tabelas-frete?size=300', { token })));
    const demo = pagina.content.filter((t) => !t.transportadora.razaoSocial.includes('Tabelateste'));
    expect(demo.length).toBeGreaterThan(1);
    const auditadasAntes = await referenciasAuditadas(demo.map((t) => t.id));
    expect(auditadasAntes.auditorias.length, 'the demo has CT-es audited with its tables').toBeGreaterThan(0);

    for (const linha of demo) {
      const antiga = await ler(linha.id);
      const inicio = somarDias(antiga.inicio!, 40);
      const bytes = await comInicio(await baixarPlanilha(h, token, linha.id), inicio);

      const seco = await simular(h, token, bytes);
      const fimNovo = antiga.fim === null || antiga.fim >= inicio ? somarDias(inicio, -1) : null;
      expect(seco.erros, linha.transportadora.razaoSocial).toEqual([]);
      expect(seco.tabela).toBeNull();
      expect(seco.resumo).toMatchObject({
        acao: 'NOVA_VERSAO',
        transportadora: antiga.transportadora,
        inicio,
        fim: antiga.fim,
        tabelaAnterior: {
          id: antiga.id,
          versao: antiga.versao,
          inicio: antiga.inicio,
          fim: antiga.fim,
          fimNovo,
        },
        alteracoes: [],
        totalAlteracoes: 0,
      });
      expect(seco.resumo!.contagens.percursos).toBe(antiga.percursos.length);
      expect(await ler(linha.id)).toEqual(antiga);

      const feito = await importar(h, token, bytes);
      expect(feito.tabela.versao).toBe(0);
      const nova = await ler(feito.tabela.id);
      expect(conteudoSemIds(nova)).toEqual(conteudoSemIds(antiga));
      expect(nova.inicio).toBe(inicio);
      expect(nova.tabelaAnterior).toEqual({
        id: antiga.id,
        inicio: antiga.inicio,
      });

      const velha = await ler(linha.id);
      expect(velha.percursos).toEqual(antiga.percursos);
      expect(velha.elementosCusto).toEqual(antiga.elementosCusto);
      expect(velha.fim).toBe(fimNovo ?? antiga.fim);
      expect(velha.versao).toBe(antiga.versao! + 1);
      expect(velha.versaoSeguinte).toEqual({ id: nova.id, inicio });
    }
    expect(await referenciasAuditadas(demo.map((t) => t.id))).toEqual(auditadasAntes);
  });
});

describe('a band price edited in the workbook', () => {
  it('the dry run lists that one change; confirmed, the new version has it', async () => {
    const criada = await criar({
      transportadora: { id: d.transportadoras.avila },
      inicio: '2024-01-01',
      percursos: [
        {
          descricao: 'SP → RJ',
          origens: [{ municipio: { id: d.municipios.saoPaulo } }],
          destinos: [{ uf: { id: d.ufs.RJ } }],
          elementosCusto: [
            {
              descricao: 'Frete peso',
              modalidade: 'CALCULADO_KG',
              faixas: [
                { valor: '0.5', faixaLimite: '100' },
                { valor: '1.2', faixaLimite: '9999999' },
              ],
            },
          ],
        },
      ],
    });
    const original = await baixarPlanilha(h, token, criada.id);
    const editada = await editarPlanilha(await comInicio(original, '2025-03-01'), (livro) => {
      const faixas = linhasDaAba(livro, 'faixas');
      const segunda = faixas.findIndex((f) => Number(f.FAIXA_LIMITE) === 9999999);
      expect(segunda).toBeGreaterThanOrEqual(0);
      celula(livro, 'faixas', 'VALOR', segunda).value = 1.32;
    });

    const seco = await simular(h, token, editada);
    expect(seco.erros).toEqual([]);
    expect(seco.resumo).toMatchObject({
      acao: 'NOVA_VERSAO',
      alteracoes: ['Percurso SP → RJ, elemento Frete peso, faixa 2: valor 1,2 → 1,32.'],
      totalAlteracoes: 1,
    });
    expect(seco.resumo!.tabelaAnterior).toEqual({
      id: criada.id,
      versao: 0,
      inicio: '2024-01-01',
      fim: null,
      fimNovo: '2025-02-28',
    });

    const feito = await importar(h, token, editada);
    const nova = await ler(feito.tabela.id);
    expect(nova.percursos[0].elementosCusto[0].faixas).toEqual([
      { valor: '0.5', faixaLimite: '100' },
      { valor: '1.32', faixaLimite: '9999999' },
    ]);
    expect((await ler(criada.id)).percursos[0].elementosCusto[0].faixas[1]).toEqual({ valor: '1.2', faixaLimite: '9999999' });

    // The list shows both rows with their links.
    const lista = tabelaFretePageSchema.parse(await json(await h.request('GET', '/api/tabelas-frete?transportadora=alvorada%20tabelateste', { token })));
    expect(lista.content.find((l) => l.id === nova.id)).toMatchObject({
      inicio: '2025-03-01',
      fim: null,
      tabelaAnterior: { id: criada.id, inicio: '2024-01-01' },
    });
    expect(lista.content.find((l) => l.id === criada.id)).toMatchObject({
      fim: '2025-02-28',
      versaoSeguinte: { id: nova.id, inicio: '2025-03-01' },
    });

    // Deleting the old version leaves the new one standing, without its link.
    expect((await h.request('DELETE', `/api/tabelas-frete/${criada.id}`, { token })).status).toBe(200);
    const sozinha = await ler(nova.id!);
    expect(sozinha.tabelaAnterior).toBeUndefined();
    expect(conteudoSemIds(sozinha)).toEqual(conteudoSemIds(nova));
  });

  it('a resumo tells a table with no change apart from one with many (at most 200 lines, all counted)', async () => {
    const criada = await criar({
      transportadora: { id: d.transportadoras.borba },
      inicio: '2024-01-01',
      percursos: [d.ufs.RJ, d.ufs.PR, d.ufs.SP].map((destino, i) => ({
        descricao: `Rota ${i + 1}`,
        origens: [{ municipio: { id: d.municipios.saoPaulo } }],
        destinos: [{ uf: { id: destino } }],
        elementosCusto: [
          {
            descricao: 'Frete peso',
            modalidade: 'CALCULADO_KG',
            faixas: Array.from({ length: 100 }, (_, j) => ({
              valor: `${j + 1}`,
              faixaLimite: `${(j + 1) * 100}`,
            })),
          },
        ],
      })),
    });
    const editada = await editarPlanilha(await comInicio(await baixarPlanilha(h, token, criada.id), '2024-06-01'), (livro) => {
      linhasDaAba(livro, 'faixas').forEach((f, n) => (celula(livro, 'faixas', 'VALOR', n).value = Number(f.VALOR) + 1));
    });
    const seco: ResultadoImportacao = await simular(h, token, editada);
    expect(seco.erros).toEqual([]);
    expect(seco.resumo!.totalAlteracoes).toBe(300);
    expect(seco.resumo!.alteracoes).toHaveLength(200);
    expect(seco.resumo!.alteracoes[0]).toBe('Percurso Rota 1, elemento Frete peso, faixa 1: valor 1 → 2.');
  });
});
