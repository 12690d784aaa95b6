import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cte, cteNota, cteXml } from '../../src/server/db/schema/cte';
import { LOG_ERROS, lerArquivosCte, type PastasCte } from '../../src/server/ingest/ler-arquivos-cte';
import { MSG_PASTAS_XML_NAO_CONFIGURADAS, mensagemPastaInacessivel, resumoLeitura, resumoReleitura } from '../../src/contracts/ctes';
import { configuracao } from '../../src/server/db/schema/configuracao';
import { createHarness, json, type Harness } from './harness';

// GET /ctes/ler-arquivos's reading, on the real samples and on bad and hostile files.
const AMOSTRAS = join(__dirname, '../fixtures/cte');
const SIMPLES = 'CTe-3.00-frete-valor-icms00-sped-cte.xml';
const PROC = 'cteProc-3.00-homologacao-sped-da.xml';
const CHAVE_SIMPLES = '41171099999999999999570020000024631000000108';
const CHAVE_PROC = '41181028796029000140570260000000081486169211';
const cancelamento = (chave: string, motivo = 'Valor do frete informado errado') =>
  `<?xml version="1.0" encoding="UTF-8"?><procEventoCTe versao="3.00" xmlns="http://www.portalfiscal.inf.br/cte"><eventoCTe versao="3.00"><infEvento Id="ID110111${chave}01"><tpAmb>2</tpAmb><chCTe>${chave}</chCTe><dhEvento>2018-11-01T10:00:00-03:00</dhEvento><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><detEvento versaoEvento="3.00"><evCancCTe><descEvento>Cancelamento</descEvento><nProt>141180000090673</nProt><xJust>${motivo}</xJust></evCancCTe></detEvento></infEvento></eventoCTe><retEventoCTe versao="3.00"><infEvento><cStat>135</cStat></infEvento></retEventoCTe></procEventoCTe>`;

let h: Harness;
let raiz: string;
let pastas: PastasCte;
const db = () => h.bancos.COLACRIL.db;
const arquivos = (pasta: string) => readdirSync(pasta).sort();
const logErros = () => readFileSync(join(pastas.erro, LOG_ERROS), 'utf8').trim().split('\n');

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  raiz = mkdtempSync(join(tmpdir(), 'frete-ctes-'));
  pastas = { entrada: join(raiz, 'entrada'), saida: join(raiz, 'saida'), erro: join(raiz, 'erro') };
  for (const p of Object.values(pastas)) rmSync(p, { recursive: true, force: true });
  await import('node:fs/promises').then((fs) => fs.mkdir(pastas.entrada, { recursive: true }));
});
afterAll(async () => {
  await db().delete(cte).where(inArray(cte.chave, [CHAVE_SIMPLES, CHAVE_PROC]));
  await h.close();
  rmSync(raiz, { recursive: true, force: true });
});

describe('reading the CT-e input folder', () => {
  it('reads the real samples, refuses bad and hostile files into the error folder with a log line, ignores non-XML', async () => {
    copyFileSync(join(AMOSTRAS, SIMPLES), join(pastas.entrada, SIMPLES));
    copyFileSync(join(AMOSTRAS, PROC), join(pastas.entrada, PROC));
    const amostra = readFileSync(join(AMOSTRAS, SIMPLES), 'utf8');
    writeFileSync(join(pastas.entrada, 'a-malformado.xml'), '<CTe><infCte></CTe>');
    writeFileSync(join(pastas.entrada, 'b-truncado.xml'), amostra.slice(0, 3000));
    writeFileSync(join(pastas.entrada, 'c-entidades.XML'), '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><CTe>&b;</CTe>');
    writeFileSync(join(pastas.entrada, 'd-grande.xml'), Buffer.alloc(10 * 1024 * 1024, 0x20));
    writeFileSync(join(pastas.entrada, 'leia-me.txt'), 'não é XML');

    const r = await lerArquivosCte(db(), pastas);
    expect(r).toMatchObject({ lidos: 2, duplicados: 0, cancelados: 0, periodo: { dataIni: '2017-10-07', dataFim: '2018-10-31' } });
    expect(r.erros.map((e) => e.arquivo)).toEqual(['a-malformado.xml', 'b-truncado.xml', 'c-entidades.XML', 'd-grande.xml']);
    expect(r.erros[2].motivo).toBe('O arquivo declara DOCTYPE/ENTITY, o que um CT-e não tem: recusado por segurança.');
    expect(r.erros[3].motivo).toBe('O arquivo tem 10.0 MB; o máximo aceito para um CT-e é 5 MB.');
    expect(arquivos(pastas.entrada)).toEqual(['leia-me.txt']);
    expect(arquivos(pastas.saida)).toEqual([SIMPLES, PROC].sort());
    expect(arquivos(pastas.erro)).toEqual(['a-malformado.xml', 'b-truncado.xml', 'c-entidades.XML', 'd-grande.xml', LOG_ERROS].sort());
    const log = logErros();
    expect(log).toHaveLength(4);
    expect(log[0]).toMatch(/^\d{4}-\d\d-\d\dT[^\t]+\ta-malformado\.xml\tXML malformado \(linha 1, coluna \d+\): /);

    const lidos = await db().select().from(cte).where(inArray(cte.chave, [CHAVE_SIMPLES, CHAVE_PROC])).orderBy(asc(cte.chave));
    expect(lidos.map((c) => [c.chave, c.status, c.numero, c.valorTotal, c.codigoMunicipioOrigem, c.codigoMunicipioDestino, c.tomador, c.tomadorDocumento])).toEqual([
      [CHAVE_SIMPLES, 'LIDO', 2463, '3334.32', 4108304, 3523909, 'DESTINATARIO', '06539526000120'],
      [CHAVE_PROC, 'LIDO', 8, '100.00', 4108403, 9999999, 'REMETENTE', '01234567890'],
    ]);
    expect(lidos[0].documento.icms).toMatchObject({ grupo: 'ICMS00', valor: '400.12', aliquota: '12' });
    expect(lidos[0].dataEmissao.toISOString()).toBe('2017-10-07T19:28:10.000Z');
    const notas = await db().select({ cteId: cteNota.cteId, chave: cteNota.chave }).from(cteNota).where(inArray(cteNota.cteId, lidos.map((c) => c.id)));
    expect(notas).toHaveLength(2);
    const [xml] = await db().select().from(cteXml).where(eq(cteXml.cteId, lidos[0].id));
    expect(xml.nomeArquivo).toBe(SIMPLES);
    expect(xml.xml).toBe(readFileSync(join(AMOSTRAS, SIMPLES), 'utf8'));
  });

  it('a file already read (same chave) duplicates nothing and still leaves the input folder', async () => {
    copyFileSync(join(AMOSTRAS, SIMPLES), join(pastas.entrada, SIMPLES));
    const r = await lerArquivosCte(db(), pastas);
    expect(r).toEqual({ lidos: 0, duplicados: 1, cancelados: 0, erros: [], periodo: null });
    expect((await db().select({ id: cte.id }).from(cte).where(eq(cte.chave, CHAVE_SIMPLES))).length).toBe(1);
    expect(arquivos(pastas.saida)).toContain(SIMPLES.replace('.xml', '-1.xml'));
  });

  it('the period of what was read is in São Paulo dates: a CT-e issued 09/10/2017 22:40 -03:00 (the 10th in UTC) is of the 9th', async () => {
    const chave = CHAVE_SIMPLES.replace('000002463', '000002464');
    const noite = readFileSync(join(AMOSTRAS, SIMPLES), 'utf8')
      .replaceAll(CHAVE_SIMPLES, chave)
      .replace('<nCT>2463<', '<nCT>2464<')
      .replace('2017-10-07T16:28:10-03:00', '2017-10-09T22:40:00-03:00');
    writeFileSync(join(pastas.entrada, 'noite.xml'), noite);
    const r = await lerArquivosCte(db(), pastas);
    expect(r).toEqual({ lidos: 1, duplicados: 0, cancelados: 0, erros: [], periodo: { dataIni: '2017-10-09', dataFim: '2017-10-09' } });
  });

  it('a cancellation event cancels the CT-e it names; an unknown or already cancelled one goes to the error folder', async () => {
    writeFileSync(join(pastas.entrada, 'e-cancelamento.xml'), cancelamento(CHAVE_PROC));
    writeFileSync(join(pastas.entrada, 'f-cancelamento-desconhecido.xml'), cancelamento('4'.repeat(44)));
    const r = await lerArquivosCte(db(), pastas);
    expect(r.cancelados).toBe(1);
    expect(r.erros).toEqual([
      { arquivo: 'f-cancelamento-desconhecido.xml', motivo: `O CT-e ${'4'.repeat(44)} deste cancelamento ainda não foi lido: leia o CT-e e depois o cancelamento.` },
    ]);
    const [cancelado] = await db().select().from(cte).where(eq(cte.chave, CHAVE_PROC));
    expect([cancelado.status, cancelado.motivoCancelamento, cancelado.versao]).toEqual(['CANCELADO', 'Valor do frete informado errado', 1]);

    writeFileSync(join(pastas.entrada, 'g-cancelamento-repetido.xml'), cancelamento(CHAVE_PROC, 'outro'));
    const de_novo = await lerArquivosCte(db(), pastas);
    expect(de_novo.erros.map((e) => e.motivo)).toEqual(['Não é possível cancelar um CT-e com status CANCELADO.']);
    const [igual] = await db().select().from(cte).where(eq(cte.chave, CHAVE_PROC));
    expect([igual.motivoCancelamento, igual.versao]).toEqual(['Valor do frete informado errado', 1]);
  });
});

describe('GET /ctes/ler-arquivos and POST /ctes/carregar-xml-tabela', () => {
  const pastasDaConfiguracao = (p: Partial<Record<'enderecoEntrada' | 'enderecoSaida' | 'enderecoErro', string | null>>) =>
    db().update(configuracao).set(p).where(eq(configuracao.id, 1));

  it('needs the three folders in the settings and a readable input folder, changing nothing otherwise', async () => {
    const token = await h.tokenCom(['FRETE_CTE_M']);
    await pastasDaConfiguracao({ enderecoEntrada: null, enderecoSaida: pastas.saida, enderecoErro: pastas.erro });
    let r = await h.request('GET', '/api/ctes/ler-arquivos', { token });
    expect([r.status, await json(r)]).toEqual([409, { mensagens: [MSG_PASTAS_XML_NAO_CONFIGURADAS] }]);
    const inexistente = join(raiz, 'nao-existe');
    await pastasDaConfiguracao({ enderecoEntrada: inexistente });
    r = await h.request('GET', '/api/ctes/ler-arquivos', { token });
    expect([r.status, await json(r)]).toEqual([409, { mensagens: [mensagemPastaInacessivel(inexistente)] }]);
  });

  it('reads the folder and answers the counts with a summary and a line per refused file', async () => {
    const token = await h.tokenCom(['FRETE_CTE_M']);
    await pastasDaConfiguracao({ enderecoEntrada: pastas.entrada, enderecoSaida: pastas.saida, enderecoErro: pastas.erro });
    copyFileSync(join(AMOSTRAS, PROC), join(pastas.entrada, PROC));
    writeFileSync(join(pastas.entrada, 'z-vazio.xml'), '');
    const r = await h.request('GET', '/api/ctes/ler-arquivos', { token });
    expect(r.status).toBe(200);
    const corpo = { lidos: 0, duplicados: 1, cancelados: 0, erros: [{ arquivo: 'z-vazio.xml', motivo: 'O arquivo está vazio.' }], periodo: null };
    expect(await json(r)).toEqual({ ...corpo, mensagens: [resumoLeitura(corpo), 'z-vazio.xml: O arquivo está vazio.'] });
  });

  it('carregar-xml-tabela reads the stored XMLs again: the columns come back as the XML says, the status stays, the version moves', async () => {
    const [simples] = await db().select({ id: cte.id, versao: cte.versao }).from(cte).where(eq(cte.chave, CHAVE_SIMPLES));
    await db().update(cte).set({ valorTotal: '1.00' }).where(eq(cte.id, simples.id));
    const token = await h.adminToken();
    const r = await h.request('POST', '/api/ctes/carregar-xml-tabela', { token, body: { dias: 1 } });
    expect(r.status).toBe(200);
    const corpo = await json(r);
    expect(corpo.relidos).toBeGreaterThanOrEqual(2);
    expect(corpo.mensagens[0]).toBe(resumoReleitura(corpo.relidos, 1, 0));
    const [depois] = await db().select().from(cte).where(eq(cte.id, simples.id));
    expect([depois.valorTotal, depois.status, depois.versao]).toEqual(['3334.32', 'LIDO', simples.versao + 1]);
  });
});

