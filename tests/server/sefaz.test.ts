import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import { MSG_CHAVE_SEGREDOS_AUSENTE, MSG_PFX_ILEGIVEL, MSG_PFX_VENCIDO, type ExecucaoRecebimento } from '../../src/contracts/recebimento';
import type { CompanyDatabase } from '../../src/server/db/database';
import { openPostgresDatabase } from '../../src/server/db/open-postgres';
import { cte } from '../../src/server/db/schema/cte';
import { recebimentoFonte, recebimentoItem } from '../../src/server/db/schema/recebimento';
import { openCompanyDatabases } from '../../src/server/abrir-bancos-empresas';
import { abrirExecucao } from '../../src/server/recebimento/execucao';
import { chaveDeSegredos } from '../../src/server/recebimento/segredos';
import { lerCertificado } from '../../src/server/recebimento/sefaz/certificado';
import { lerConfigSefaz, MSG_SEFAZ_SEM_CERTIFICADO, salvarCertificado, salvarConfigSefaz } from '../../src/server/recebimento/sefaz/config-sefaz';
import { consultarDistribuicao, UMA_HORA_MS, type OpcoesDistribuicao } from '../../src/server/recebimento/sefaz/distribuicao';
import { montarEnvelope, TIPO_CONTEUDO } from '../../src/server/recebimento/sefaz/envelope';
import { lerResposta, TAMANHO_MAXIMO_DOCUMENTO } from '../../src/server/recebimento/sefaz/resposta';
import { copiarModelo } from './pg-global-setup';
import { openTestDatabases, TEST_DB } from './harness';
import { envelopeResposta, gerarCertificados, iniciarDuble, type Acao, type Certificados, type DocumentoDistribuido, type Duble } from './sefaz-duble';
import { validarPedido } from './sefaz-esquema';

// Issue 30, SEFAZ's CT-e distribution against a local double (sefaz-duble.ts): mutual TLS with certificates made here,
// every request checked against distDFeInt's schema, the service's rules (138 in batches, 137, 656, an NSU that does
// not move), docZip of 3.00 and 4.00 CT-es and of a cancellation, the failures, the NSU state kept in the database.

const AMOSTRA = readFileSync(join(__dirname, '../fixtures/cte/cteProc-3.00-homologacao-sped-da.xml'), 'utf8');
const CHAVE_AMOSTRA = '41181028796029000140570260000000081486169211';
const chave = (n: number) => `${CHAVE_AMOSTRA.slice(0, 25)}${String(n).padStart(9, '0')}${CHAVE_AMOSTRA.slice(34)}`;
const cteProc = (n: number, versao = '3.00') =>
  AMOSTRA.replaceAll(CHAVE_AMOSTRA, chave(n)).replace('<nCT>8</nCT>', `<nCT>${n}</nCT>`).replaceAll('versao="3.00"', `versao="${versao}"`);
const procEvento = (ch: string, tpEvento: string) =>
  `<procEventoCTe xmlns="http://www.portalfiscal.inf.br/cte" versao="4.00"><eventoCTe versao="4.00"><infEvento Id="ID${tpEvento}${ch}01"><cOrgao>41</cOrgao><tpAmb>2</tpAmb>` +
  `<CNPJ>28796029000140</CNPJ><chCTe>${ch}</chCTe><dhEvento>2018-11-01T10:00:00-03:00</dhEvento><tpEvento>${tpEvento}</tpEvento><nSeqEvento>1</nSeqEvento>` +
  `<detEvento versaoEvento="4.00"><evCancCTe><descEvento>Cancelamento</descEvento><nProt>141180000090673</nProt><xJust>Frete emitido em duplicidade</xJust></evCancCTe></detEvento></infEvento></eventoCTe>` +
  `<retEventoCTe versao="4.00"><infEvento><tpAmb>2</tpAmb><verAplic>RS</verAplic><cOrgao>41</cOrgao><cStat>135</cStat><xMotivo>Evento registrado e vinculado a CT-e</xMotivo>` +
  `<chCTe>${ch}</chCTe><tpEvento>${tpEvento}</tpEvento><nSeqEvento>1</nSeqEvento><dhRegEvento>2018-11-01T10:00:05-03:00</dhRegEvento><nProt>141180000090700</nProt></infEvento></retEventoCTe></procEventoCTe>`;

/** What SEFAZ has for the company: a 3.00 CT-e, a 4.00 CT-e, a summary the console does not read, its cancellation, a CC-e. */
const DOCUMENTOS: DocumentoDistribuido[] = [
  { nsu: 1, schema: 'procCTe_v3.00.xsd', xml: cteProc(101) },
  { nsu: 2, schema: 'procCTe_v4.00.xsd', xml: cteProc(102, '4.00') },
  { nsu: 3, schema: 'resCTe_v1.00.xsd', xml: '<resCTe><chCTe>x</chCTe></resCTe>' },
  { nsu: 4, schema: 'procEventoCTe_v4.00.xsd', xml: procEvento(chave(101), '110111') },
  { nsu: 5, schema: 'procEventoCTe_v4.00.xsd', xml: procEvento(chave(102), '110110') },
];
const MAX = DOCUMENTOS.length;

/** The service as it behaves: two documents a batch after ultNSU, 137 when there is nothing after it. */
const servico = (ult: bigint): Acao => {
  const docs = DOCUMENTOS.filter((d) => BigInt(d.nsu) > ult).slice(0, 2);
  if (!docs.length) return { resposta: { cStat: '137', xMotivo: 'Nenhum documento localizado', ultNSU: MAX, maxNSU: MAX } };
  return { resposta: { cStat: '138', xMotivo: 'Documento localizado', ultNSU: docs.at(-1)!.nsu, maxNSU: MAX, docs } };
};

let bancos: Record<'COLACRIL' | 'RRE', CompanyDatabase>;
let urlPg: string | null = null;
let cert: Certificados;
let duble: Duble;
const chaveSegredos = chaveDeSegredos('chave de teste do sefaz');
let agora = Date.now();

beforeAll(async () => {
  cert = gerarCertificados();
  duble = await iniciarDuble(cert, servico);
  if (TEST_DB === 'pg') {
    urlPg = await copiarModelo(inject('pgUrl'), inject('pgModelos').semCtes);
    bancos = await openCompanyDatabases({ databaseUrl: urlPg });
  } else bancos = await openTestDatabases();
  for (const b of Object.values(bancos)) {
    await salvarCertificado(b.db, chaveSegredos, cert.cliente.pfx, cert.cliente.senha);
    const { versao } = await lerConfigSefaz(b.db);
    await salvarConfigSefaz(b.db, { ativa: true, cnpj: '12.345.678/0001-95'.replace(/\D/g, ''), uf: 'SP', ambiente: 'HOMOLOGACAO', versao });
  }
});
afterAll(async () => {
  await duble?.fechar();
  await Promise.all(Object.values(bancos ?? {}).map((b) => b.close()));
  cert?.remover();
});

interface Rodada {
  fim: ExecucaoRecebimento;
  proximaEm: Date | null | undefined;
  erro: string | null;
}

/** One run as the agendador does it: a real execution record, the job, then concluir or falhar. */
async function rodar(banco: CompanyDatabase, opcoes: OpcoesDistribuicao = {}): Promise<Rodada> {
  const execucao = await abrirExecucao(banco.db, 'SEFAZ');
  const ctx = { banco, execucao, agora: () => agora, chaveSegredos, sinal: new AbortController().signal, log: () => {} };
  try {
    const r = await consultarDistribuicao(ctx, { url: duble.url, ca: cert.ca, ...opcoes });
    return { fim: await execucao.concluir(), proximaEm: r.proximaEm, erro: null };
  } catch (e) {
    return { fim: await execucao.falhar((e as Error).message), proximaEm: undefined, erro: (e as Error).message };
  }
}

const estado = async (b: CompanyDatabase) => (await b.db.select().from(recebimentoFonte).where(eq(recebimentoFonte.fonte, 'SEFAZ')))[0];
const chamadas = () => duble.chamadas.length;

describe('distribuição de CT-e da SEFAZ (duble local)', () => {
  it('138 em lotes até o maxNSU: CT-e 3.00 e 4.00, cancelamento, outros documentos; depois 137 e nenhuma chamada antes da hora', async () => {
    const b = bancos.COLACRIL;
    const antes = chamadas();
    const r = await rodar(b, { maxLotes: 10 });
    expect(r.erro).toBeNull();
    expect(duble.chamadas.slice(antes).map((c) => c.ultNSU)).toEqual(['000000000000000', '000000000000002', '000000000000004']);
    const itens = await b.db.select().from(recebimentoItem).where(eq(recebimentoItem.execucaoId, r.fim.id)).orderBy(recebimentoItem.id);
    expect(itens.map((i) => [i.origem, i.chaveOrigem, i.tipo, i.resultado])).toEqual([
      ['NSU 1', '1', 'CTE', 'NOVO'],
      ['NSU 2', '2', 'CTE', 'NOVO'],
      ['NSU 3', '3', 'DESCONHECIDO', 'IGNORADO'],
      ['NSU 4', '4', 'EVENTO_CTE', 'CANCELOU'],
      ['NSU 5', '5', 'EVENTO_CTE', 'RECUSADO'],
    ]);
    expect(itens[4].motivo).toMatch(/110110/);
    const ctes = await b.db.select({ chave: cte.chave, status: cte.status }).from(cte).where(inArray(cte.chave, [chave(101), chave(102)])).orderBy(cte.chave);
    expect(ctes).toEqual([{ chave: chave(101), status: 'CANCELADO' }, { chave: chave(102), status: expect.not.stringMatching('CANCELADO') }]);
    expect(r.fim.contagem).toMatchObject({ ctes: 2, cancelamentos: 1, ignorados: 1, recusados: 1 });
    expect(r.proximaEm?.getTime()).toBe(agora + UMA_HORA_MS);
    const s = await estado(b);
    expect([s.ultNsu, s.maxNsu, s.bloqueadaAte?.getTime()]).toEqual([5n, 5n, agora + UMA_HORA_MS]);

    // Within the hour: nothing is asked; after it, 137 and another hour.
    agora += 30 * 60_000;
    const cedo = await rodar(b);
    expect(chamadas()).toBe(antes + 3);
    expect(cedo.fim.mensagens.join(' ')).toMatch(/só aceita nova consulta a partir de/);
    agora += 31 * 60_000;
    const r137 = await rodar(b);
    expect(chamadas()).toBe(antes + 4);
    expect(r137.fim.mensagens.join(' ')).toMatch(/nenhum documento novo \(137\)/);
    expect((await estado(b)).bloqueadaAte?.getTime()).toBe(agora + UMA_HORA_MS);
    agora += 59 * 60_000;
    await rodar(b);
    expect(chamadas()).toBe(antes + 4);
    expect(duble.pedidosInvalidos).toEqual([]);
  });

  it('o estado do NSU fica no banco: outro processo (outra conexão) continua do NSU 5; NSUs já gravados não são lidos de novo', async () => {
    agora += 2 * UMA_HORA_MS;
    // PostgreSQL: a second CompanyDatabase on the same database, as another process would open it.
    const outro = urlPg ? await openPostgresDatabase('COLACRIL', urlPg, 'colacril') : bancos.COLACRIL;
    try {
      const s = await estado(outro);
      expect([s.ultNsu, s.maxNsu]).toEqual([5n, 5n]);
      const antes = chamadas();
      await rodar(outro);
      expect(duble.chamadas[antes].ultNSU).toBe('000000000000005');
      // The row rewound (a crash before ult_nsu was kept): the same NSUs come again and nothing is stored twice;
      // the refused CC-e event is read again and refused again (said again, as the mailbox does).
      await outro.db.update(recebimentoFonte).set({ ultNsu: 0n, bloqueadaAte: null }).where(eq(recebimentoFonte.fonte, 'SEFAZ'));
      const r = await rodar(outro);
      expect(r.fim.contagem).toMatchObject({ ctes: 0, cancelamentos: 0, ignorados: 0, recusados: 1 });
      expect((await estado(outro)).ultNsu).toBe(5n);
    } finally {
      if (outro !== bancos.COLACRIL) await outro.close();
    }
  });

  it('656: bloqueada por uma hora, dito na leitura, que falha; nenhuma chamada antes da hora', async () => {
    const b = bancos.RRE;
    duble.responder = () => ({ resposta: { cStat: '656', xMotivo: 'Rejeicao: Consumo Indevido' } });
    const antes = chamadas();
    const r = await rodar(b);
    expect(r.fim.situacao).toBe('FALHA');
    expect(r.fim.mensagens.join(' ')).toMatch(/bloqueou as consultas desta empresa por consumo indevido \(656\)/);
    expect((await estado(b)).bloqueadaAte?.getTime()).toBe(agora + UMA_HORA_MS);
    duble.responder = servico;
    agora += 59 * 60_000;
    await rodar(b);
    expect(chamadas()).toBe(antes + 1);
    agora += 2 * 60_000;
    const depois = await rodar(b, { maxLotes: 1 });
    expect(chamadas()).toBe(antes + 2);
    // One batch only (maxLotes): the rest comes next time, from NSU 2.
    expect(depois.fim.mensagens.join(' ')).toMatch(/1 lotes lidos nesta vez \(NSU 2 de 5\)/);
    expect(depois.proximaEm?.getTime()).toBe(agora);
    expect((await estado(b)).ultNsu).toBe(2n);
  });

  it('um NSU que não anda encerra a consulta, com a mensagem', async () => {
    const b = bancos.RRE;
    duble.responder = (ult) => ({ resposta: { cStat: '138', xMotivo: 'Documento localizado', ultNSU: Number(ult), maxNSU: 9, docs: [] } });
    const antes = chamadas();
    const r = await rodar(b);
    duble.responder = servico;
    expect(chamadas()).toBe(antes + 1);
    expect(r.fim.mensagens.join(' ')).toMatch(/sem avançar o NSU \(2\)/);
    expect(r.proximaEm?.getTime()).toBe(agora + UMA_HORA_MS);
  });

  it('falhas: HTTP 500, tempo esgotado, resposta ilegível, TLS recusado dos dois lados; nada muda no NSU', async () => {
    const b = bancos.RRE;
    const casos: [Acao | null, RegExp, OpcoesDistribuicao?][] = [
      [{ http: 500, corpo: '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault><soap:Reason><soap:Text>Server Error</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>' }, /respondeu HTTP 500: Server Error/],
      ['PENDURAR', /não respondeu em 0,3 s/, { timeoutMs: 300 }],
      [{ http: 200, corpo: 'isto não é XML' }, /resposta da SEFAZ não pôde ser lida/],
      // The client does not trust the double's server certificate (no test CA given).
      [null, /conexão segura com a SEFAZ foi recusada/, { ca: undefined }],
    ];
    for (const [acao, motivo, opcoes] of casos) {
      if (acao) duble.responder = () => acao;
      const r = await rodar(b, opcoes);
      expect(r.fim.situacao).toBe('FALHA');
      expect(r.erro).toMatch(motivo);
    }
    duble.responder = servico;
    // The double refuses a client certificate of another CA.
    await salvarCertificado(b.db, chaveSegredos, cert.estranho.pfx, cert.estranho.senha);
    const [antes, recusas] = [chamadas(), duble.recusasTls];
    const r = await rodar(b);
    expect(r.erro).toMatch(/conexão segura com a SEFAZ foi recusada/);
    expect(chamadas()).toBe(antes);
    expect(duble.recusasTls).toBeGreaterThan(recusas);
    expect((await estado(b)).ultNsu).toBe(2n);
    expect(duble.pedidosInvalidos).toEqual([]);
  });
});

describe('certificado A1 e configuração', () => {
  it('lerCertificado: titular e validade; senha errada, arquivo ilegível e vencido são 400', () => {
    const lido = lerCertificado(cert.cliente.pfx, cert.cliente.senha);
    expect(lido.titular).toBe('TRANSPORTES TESTE LTDA:12345678000195');
    expect(Date.parse(lido.validoAte)).toBeGreaterThan(Date.now());
    const erro = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return [(e as { status: number }).status, (e as { mensagens: string[] }).mensagens];
      }
      return null;
    };
    expect(erro(() => lerCertificado(cert.cliente.pfx, 'errada'))).toEqual([400, [MSG_PFX_ILEGIVEL]]);
    expect(erro(() => lerCertificado(Buffer.from('não é pfx'), 'x'))).toEqual([400, [MSG_PFX_ILEGIVEL]]);
    expect(erro(() => lerCertificado(cert.cliente.pfx, cert.cliente.senha, Date.parse(lido.validoAte) + 1))).toEqual([400, [MSG_PFX_VENCIDO]]);
  });

  it('configuração: versão obsoleta e ativar sem certificado são 409; sem CHAVE_SEGREDOS 409; o certificado nunca volta', async () => {
    const b = bancos.COLACRIL;
    const c = await lerConfigSefaz(b.db);
    expect(c).toMatchObject({ ativa: true, cnpj: '12345678000195', uf: 'SP', ambiente: 'HOMOLOGACAO', certificado: { titular: 'TRANSPORTES TESTE LTDA:12345678000195' } });
    expect(JSON.stringify(c)).not.toMatch(/senha-do-a1|MII/);
    const dados = { ativa: true, cnpj: c.cnpj, uf: 'SP', ambiente: 'HOMOLOGACAO' as const, versao: c.versao - 1 };
    await expect(salvarConfigSefaz(b.db, dados)).rejects.toMatchObject({ status: 409, mensagens: [MENSAGEM_VERSAO_OBSOLETA] });
    await expect(salvarCertificado(b.db, null, cert.cliente.pfx, cert.cliente.senha)).rejects.toMatchObject({ status: 409, mensagens: [MSG_CHAVE_SEGREDOS_AUSENTE] });
    // Another CNPJ starts the NSU again.
    const outro = await salvarConfigSefaz(b.db, { ...dados, cnpj: '11222333000181', versao: c.versao });
    expect([outro.ultNSU, outro.versao]).toEqual(['0', c.versao + 1]);
    await b.db.update(recebimentoFonte).set({ segredo: null }).where(eq(recebimentoFonte.fonte, 'SEFAZ'));
    await expect(salvarConfigSefaz(b.db, { ...dados, versao: outro.versao })).rejects.toMatchObject({ status: 409, mensagens: [MSG_SEFAZ_SEM_CERTIFICADO] });
  });

  it('docZip ilegível ou grande demais vira um motivo, sem derrubar o lote', () => {
    const grande = gzipSync(Buffer.alloc(TAMANHO_MAXIMO_DOCUMENTO + 1, 32)).toString('base64');
    const corpo = envelopeResposta({ cStat: '138', xMotivo: 'Documento localizado', ultNSU: 2, maxNSU: 2, docs: [] }).replace(
      '</retDistDFeInt>',
      `<loteDistDFeInt><docZip NSU="000000000000001" schema="procCTe_v4.00.xsd">bm8gZ3ppcA==</docZip><docZip NSU="000000000000002" schema="procCTe_v4.00.xsd">${grande}</docZip></loteDistDFeInt></retDistDFeInt>`,
    );
    const r = lerResposta(corpo);
    expect([r.cStat, r.ultNsu, r.maxNsu]).toEqual(['138', 2n, 2n]);
    expect(r.documentos.map((d) => [d.nsu, d.xml, d.erro])).toEqual([
      [1n, null, expect.stringMatching(/NSU 1 não pôde ser aberto: o conteúdo \(docZip\) não é um gzip válido/)],
      [2n, null, expect.stringMatching(/passa de 5 MB/)],
    ]);
    expect(() => lerResposta('<a>sem retorno</a>')).toThrow(/não contém retDistDFeInt/);
  });

  it('o validador do pedido aceita o envelope do console e recusa o que foge do esquema', () => {
    const bom = montarEnvelope({ ambiente: 'PRODUCAO', uf: 'PR', cnpj: '12345678000195', ultNsu: 42n });
    expect(validarPedido(TIPO_CONTEUDO, bom)).toEqual([]);
    expect(bom).toContain('<ultNSU>000000000000042</ultNSU>');
    const ruins: [string | undefined, string][] = [
      ['text/xml; charset=utf-8', bom],
      [TIPO_CONTEUDO, bom.replace('<tpAmb>1</tpAmb><cUFAutor>41</cUFAutor>', '<cUFAutor>41</cUFAutor><tpAmb>1</tpAmb>')],
      [TIPO_CONTEUDO, bom.replace('000000000000042', '42')],
      [TIPO_CONTEUDO, bom.replace('versao="1.00"', 'versao="1.01"')],
      [TIPO_CONTEUDO, bom.replace('<distDFeInt xmlns="http://www.portalfiscal.inf.br/cte"', '<distDFeInt xmlns="http://www.portalfiscal.inf.br/nfe"')],
      [TIPO_CONTEUDO, bom.replace('http://www.w3.org/2003/05/soap-envelope', 'http://schemas.xmlsoap.org/soap/envelope/')],
      [TIPO_CONTEUDO, bom.replace('<cUFAutor>41</cUFAutor>', '<cUFAutor>99</cUFAutor>')],
      [TIPO_CONTEUDO, bom.replace('12345678000195', '1234567800019')],
    ];
    for (const [tipo, corpo] of ruins) expect(validarPedido(tipo, corpo), corpo.slice(0, 400)).not.toEqual([]);
  });
});
