import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mensagemConhecimentoOutrosValores,
  mensagemConhecimentoRepetidoNoArquivo,
  mensagemExclusaoConemb,
  type ConhecimentoConemb,
  type ExclusaoConemb,
} from '../../src/contracts/conemb';
import { linhasLeituraConemb, resumoLeituraConemb, type ResultadoConversaoMinutas, type ResultadoLeituraConemb } from '../../src/contracts/minutas-lotes';
import { conembArquivo, conembConhecimento, minuta } from '../../src/server/db/schema/minuta';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { LOG_ERROS_EDI } from '../../src/server/ingest/ler-pasta-edi';
import { createHarness, criarEdiDirTeste, json, type Harness } from './harness';
import { AMOSTRA, arquivoConemb, cadastrarDlb, CNPJ_DLB, conhecimento, criarPastasConemb, minutasDosNumeros } from './minutas-lotes-dados';

// docs/decisoes.md §22, "EDI changes are told" (CONEMB): the reading summary names every minuta an ação E deleted (número,
// carrier) and every ação E it did not apply, with why; a conhecimento re-sent with other values refuses the
// file naming the fields; after the PENDENTE minuta is deleted the changed file reads; "arquivo repetido" is
// only a byte-identical file. Each case failed on the code before that decision (the summary said nothing, the
// changed value was "já lido", a file with other line endings was "repetido").

const edi = criarEdiDirTeste();
const pastas = criarPastasConemb(edi.ediDir);
let h: Harness;
let admin: string;
let nomeDlb: string;
const db = () => h.bancos.COLACRIL.db;
const chamar = async <T>(path: string) => {
  const r = await h.request('GET', `/api/public${path}`, { token: admin });
  expect(r.status, await r.clone().text()).toBe(200);
  return json<T>(r);
};
const ler = () => chamar<ResultadoLeituraConemb>('/txts/conhecimentos');
const converter = () => chamar<ResultadoConversaoMinutas>('/conhecimentos/minutas');
const escrever = (nome: string, conteudo: string) => writeFileSync(join(pastas().entrada, nome), conteudo, 'latin1');
const contagem = async () => (await Promise.all([conembArquivo, conembConhecimento, minuta].map((t) => db().$count(t)))).join('/');
const armazenado = async (numero: string) =>
  (await db().select().from(conembConhecimento).where(and(eq(conembConhecimento.cnpjEmissor, CNPJ_DLB), eq(conembConhecimento.numero, numero))))[0];

/** A conhecimento of R$ 366,18 (frete peso 348,18 + frete valor 18,00), or of the values given. */
const valores = (total: string, fretePeso: string): Partial<ConhecimentoConemb> => ({
  valorTotalFrete: total,
  componentes: { ...AMOSTRA.conhecimentos[0].componentes, fretePeso, freteValor: '18.00' },
});
const k = (numero: string, c: Partial<ConhecimentoConemb> = {}) => conhecimento(numero, { ...valores('366.18', '348.18'), ...c });
const e = (numero: string) => conhecimento(numero, { acao: 'E' });

/** What the summary says of an ação E record of a file. */
function exclusao(arquivo: string, x: Omit<ExclusaoConemb, 'mensagem' | 'serie'>): ExclusaoConemb & { arquivo: string } {
  const semMensagem = { ...x, serie: '0' };
  return { arquivo, ...semMensagem, mensagem: mensagemExclusaoConemb(semMensagem) };
}

beforeAll(async () => {
  h = await createHarness({ ediDir: edi.ediDir });
  admin = await h.adminToken();
  const dlb = await cadastrarDlb(db());
  [{ nomeDlb }] = await db().select({ nomeDlb: transportadora.razaoSocial }).from(transportadora).where(eq(transportadora.id, dlb));
  // 81001…81005 become PENDENTE minutas, 81003's is confirmed; 81006 is read after the conversion (no minuta).
  escrever('a-inicial.txt', arquivoConemb(['81001', '81002', '81003', '81004', '81005'].map((n) => k(n))));
  expect(await ler()).toMatchObject({ arquivos: 1, conhecimentos: 5, erros: [] });
  expect(await converter()).toMatchObject({ minutas: 5 });
  const [{ minuta: m3 }] = await minutasDosNumeros(db(), ['81003']);
  await db().update(minuta).set({ status: 'PREENCHIDO' }).where(eq(minuta.id, m3.id));
  escrever('a-sem-minuta.txt', arquivoConemb([k('81006')], 'CONHE999000002'));
  expect(await ler()).toMatchObject({ arquivos: 1, conhecimentos: 1, erros: [] });
});
afterAll(async () => {
  await h?.close();
  edi.remover();
});

describe('ação E: every deletion is told', () => {
  it('names the PENDENTE minuta deleted (número, carrier), the confirmed one kept, the conhecimento cancelled before its minuta, the unknown one', async () => {
    escrever('b-exclui.txt', arquivoConemb([e('81002'), e('81003'), e('81006'), e('99001')], 'CONHE999000003'));
    const r = await ler();
    const esperadas = [
      exclusao('b-exclui.txt', { linha: 4, numero: '81002', efeito: 'MINUTA_EXCLUIDA', minuta: { numero: '81002', transportadora: nomeDlb, status: 'PENDENTE' } }),
      exclusao('b-exclui.txt', { linha: 5, numero: '81003', efeito: 'MINUTA_MANTIDA', minuta: { numero: '81003', transportadora: nomeDlb, status: 'PREENCHIDO' } }),
      exclusao('b-exclui.txt', { linha: 6, numero: '81006', efeito: 'CONHECIMENTO_EXCLUIDO', minuta: null }),
      exclusao('b-exclui.txt', { linha: 7, numero: '99001', efeito: 'NAO_ENCONTRADO', minuta: null }),
    ];
    expect(r).toMatchObject({ arquivos: 1, jaLidos: 0, conhecimentos: 0, excluidos: 3, exclusoes: esperadas, erros: [] });
    expect(r.exclusoes[0].mensagem).toBe(`Linha 4: a minuta 81002 (${nomeDlb}) foi excluída: o arquivo cancela (ação E) o conhecimento série 0 nº 81002.`);
    expect(r.exclusoes[1].mensagem).toContain('foi mantida: está Confirmado');
    expect(r.exclusoes[3].mensagem).toBe('Linha 7: exclusão não aplicada: o conhecimento série 0 nº 99001 (ação E) nunca foi lido nesta empresa.');
    // The summary the screen shows: the counts, then one line per record.
    expect(r.mensagens).toEqual(linhasLeituraConemb(r));
    expect(r.mensagens[0]).toBe(resumoLeituraConemb(r));
    expect(r.mensagens[0]).toContain('Ação E: 3 conhecimento(s) cancelado(s), 1 minuta(s) excluída(s), 1 minuta(s) mantida(s), 1 exclusão(ões) não aplicada(s).');
    expect(r.mensagens.slice(1)).toEqual(esperadas.map((x) => `b-exclui.txt: ${x.mensagem}`));
    expect((await minutasDosNumeros(db(), ['81002', '81003'])).map((t) => t.minuta.numero)).toEqual(['81003']);
  });

  it('an ação E naming a conhecimento already cancelled or never read is told why, and changes nothing', async () => {
    const antes = await contagem();
    escrever('c-exclui-de-novo.txt', arquivoConemb([e('81002'), e('99002')], 'CONHE999000004'));
    const r = await ler();
    expect(r).toMatchObject({
      arquivos: 1,
      excluidos: 0,
      exclusoes: [
        exclusao('c-exclui-de-novo.txt', { linha: 4, numero: '81002', efeito: 'JA_EXCLUIDO', minuta: null }),
        exclusao('c-exclui-de-novo.txt', { linha: 5, numero: '99002', efeito: 'NAO_ENCONTRADO', minuta: null }),
      ],
    });
    expect(r.mensagens).toContain('c-exclui-de-novo.txt: Linha 4: exclusão não aplicada: o conhecimento série 0 nº 81002 (ação E) já estava excluído.');
    // Only the file's record was added.
    const [arquivos, ...resto] = antes.split('/');
    expect(await contagem()).toBe([Number(arquivos) + 1, ...resto].join('/'));
  });
});

describe('a conhecimento re-sent with other values', () => {
  it('refuses the whole file naming the fields that differ (R$ 466,18 against R$ 366,18 stored); nothing of it is stored', async () => {
    const antes = await contagem();
    escrever('d-reenvio.txt', arquivoConemb([k('81001', valores('466.18', '448.18')), k('81007')], 'CONHE999000005'));
    const r = await ler();
    const motivo = mensagemConhecimentoOutrosValores(
      { linha: 4, serie: '0', numero: '81001' },
      [
        { campo: 'valor total do frete', antes: 'R$ 366,18', agora: 'R$ 466,18' },
        { campo: 'frete peso', antes: 'R$ 348,18', agora: 'R$ 448,18' },
      ],
      { minuta: 'PENDENTE', numero: '81001' },
      0,
    );
    expect(r).toMatchObject({ arquivos: 0, jaLidos: 0, conhecimentos: 0, repetidos: 0, erros: [{ arquivo: 'd-reenvio.txt', motivo }] });
    expect(motivo).toContain('valor total do frete: R$ 366,18 antes, R$ 466,18 neste arquivo; frete peso: R$ 348,18 antes, R$ 448,18 neste arquivo');
    expect(motivo).toContain('exclua a minuta pendente 81001 e leia o arquivo de novo');
    expect(r.mensagens).toContain(`d-reenvio.txt: ${motivo}`);
    expect(await contagem()).toBe(antes);
    expect((await armazenado('81001')).valorTotalFrete).toBe('366.18');
    expect(readdirSync(pastas().erro)).toContain('d-reenvio.txt');
    expect(readFileSync(join(pastas().erro, LOG_ERROS_EDI.conemb), 'utf8')).toContain(`d-reenvio.txt\t${motivo}`);
  });

  it('after the PENDENTE minuta is deleted, the same file reads: the conhecimento takes the new values and converts again', async () => {
    const [{ minuta: m }] = await minutasDosNumeros(db(), ['81001']);
    const excluir = await h.request('DELETE', '/api/minutas', { token: admin, body: { id: m.id, versao: m.versao } });
    expect(excluir.status, await excluir.clone().text()).toBe(200);
    renameSync(join(pastas().erro, 'd-reenvio.txt'), join(pastas().entrada, 'd-reenvio.txt'));
    expect(await ler()).toMatchObject({ arquivos: 1, conhecimentos: 2, repetidos: 0, erros: [] });
    expect(await armazenado('81001')).toMatchObject({ valorTotalFrete: '466.18', excluidoEm: null });
    expect(await converter()).toMatchObject({ minutas: 2 });
    const [{ minuta: nova }] = await minutasDosNumeros(db(), ['81001']);
    expect(nova).toMatchObject({ status: 'PENDENTE', valorTotalFrete: '466.18' });
  });

  it('the same values again stay "já lido"; other values of a confirmed minuta or of one not converted refuse the file with the way out', async () => {
    escrever('e-mesmos.txt', arquivoConemb([k('81004'), k('81005')], 'CONHE999000006'));
    expect(await ler()).toMatchObject({ arquivos: 1, conhecimentos: 0, repetidos: 2, erros: [] });
    escrever('e-sem-minuta.txt', arquivoConemb([k('81008')], 'CONHE999000007'));
    expect(await ler()).toMatchObject({ arquivos: 1, conhecimentos: 1 });
    const antes = await contagem();
    escrever('f-confirmada.txt', arquivoConemb([k('81003', { dataEmissao: '2023-10-12' }), k('81008', { peso: '31.50' })], 'CONHE999000008'));
    const r = await ler();
    expect(r.erros).toEqual([
      {
        arquivo: 'f-confirmada.txt',
        motivo: mensagemConhecimentoOutrosValores(
          { linha: 4, serie: '0', numero: '81003' },
          [{ campo: 'data de emissão', antes: '11/10/2023', agora: '12/10/2023' }],
          { minuta: 'TRAVADA', numero: '81003', status: 'PREENCHIDO' },
          1,
        ),
      },
    ]);
    expect(r.erros[0].motivo).toContain('a minuta 81003 dele já está Confirmado e não pode mais ser trocada');
    expect(r.erros[0].motivo).toContain('e mais 1 conhecimento(s) do arquivo também');
    escrever('g-sem-minuta.txt', arquivoConemb([k('81008', { peso: '31.50' })], 'CONHE999000009'));
    const [erro] = (await ler()).erros;
    expect(erro.motivo).toBe(
      mensagemConhecimentoOutrosValores({ linha: 4, serie: '0', numero: '81008' }, [{ campo: 'peso', antes: '30,000 kg', agora: '31,500 kg' }], { minuta: null }, 0),
    );
    expect(await contagem()).toBe(antes);
  });

  it('the same conhecimento twice in one file with other values refuses it; an ação E before the new values replaces the PENDENTE one', async () => {
    escrever('h-duas-vezes.txt', arquivoConemb([k('81009'), k('81009', valores('400.00', '382.00'))], 'CONHE999000010'));
    const [erro] = (await ler()).erros;
    expect(erro.motivo).toBe(
      mensagemConhecimentoRepetidoNoArquivo({ linha: 5, serie: '0', numero: '81009' }, 4, [
        { campo: 'valor total do frete', antes: 'R$ 366,18', agora: 'R$ 400,00' },
        { campo: 'frete peso', antes: 'R$ 348,18', agora: 'R$ 382,00' },
      ]),
    );
    expect(await armazenado('81009')).toBeUndefined();
    escrever('i-substitui.txt', arquivoConemb([e('81004'), k('81004', valores('400.00', '382.00'))], 'CONHE999000011'));
    const r = await ler();
    expect(r).toMatchObject({ arquivos: 1, conhecimentos: 1, excluidos: 1, erros: [] });
    expect(r.exclusoes.map((x) => x.efeito)).toEqual(['MINUTA_EXCLUIDA']);
    expect(await armazenado('81004')).toMatchObject({ valorTotalFrete: '400.00', excluidoEm: null });
  });
});

describe('"arquivo repetido" is a byte-identical file', () => {
  it('a file that differs only in line endings is read (its conhecimentos "já lidos"); the identical copy is the repeated one', async () => {
    const crlf = arquivoConemb([k('81010')], 'CONHE999000012');
    escrever('j-crlf.txt', crlf);
    expect(await ler()).toMatchObject({ arquivos: 1, conhecimentos: 1 });
    escrever('j-lf.txt', crlf.replace(/\r\n/g, '\n'));
    const r = await ler();
    expect(r).toMatchObject({ arquivos: 1, jaLidos: 0, conhecimentos: 0, repetidos: 1, erros: [] });
    expect(r.mensagens[0]).toContain('0 arquivo(s) repetido(s)');
    escrever('j-crlf-copia.txt', crlf);
    const copia = await ler();
    expect(copia).toMatchObject({ arquivos: 0, jaLidos: 1, conhecimentos: 0, repetidos: 0 });
    expect(copia.mensagens[0]).toContain('1 arquivo(s) repetido(s) (idêntico(s) a um já lido)');
  });
});
