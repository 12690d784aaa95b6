import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lerCteXml, TAMANHO_MAXIMO_XML, type CteLido } from '../../src/server/ingest/cte-xml';

const AMOSTRAS = join(__dirname, '../fixtures/cte');
const amostra = (nome: string) => readFileSync(join(AMOSTRAS, nome));
const cte = (conteudo: Uint8Array | string): CteLido => {
  const r = lerCteXml(conteudo);
  if (r.tipo !== 'CTE') throw new Error(`esperado um CT-e: ${JSON.stringify(r)}`);
  return r.cte;
};
const motivo = (conteudo: Uint8Array | string): string => {
  const r = lerCteXml(conteudo);
  if (r.tipo !== 'ERRO') throw new Error(`esperado um erro: ${r.tipo}`);
  return r.motivo;
};

describe('CT-e XML reader: the real samples (tests/fixtures/cte, origin in ORIGIN.md)', () => {
  it('bare CTe 3.00, ICMS00: route, values, components, ICMS, cargo and the NF-e key as the XML holds them', () => {
    const c = cte(amostra('CTe-3.00-frete-valor-icms00-sped-cte.xml'));
    expect(c.chave).toBe('41171099999999999999570020000024631000000108');
    expect(c.versaoLayout).toBe('3.00');
    expect(c.ambiente).toBe('HOMOLOGACAO');
    expect(c.identificacao).toEqual({
      numeroCte: 2463,
      modelo: '57',
      serie: '2',
      cfop: '6352',
      dataEmissao: '2017-10-07T16:28:10-03:00',
      tipoCte: 0,
      tipoServico: 0,
      naturezaOperacao: 'PRESTACAO DE SERVICO DE TRANSPORTE A ESTABELECIMEN',
      tomador: 'DESTINATARIO',
      codigoMunicipioOrigem: 4108304,
      nomeMunicipioOrigem: 'FOZ DO IGUACU',
      ufOrigem: 'PR',
      codigoMunicipioDestino: 3523909,
      nomeMunicipioDestino: 'ITU',
      ufDestino: 'SP',
    });
    expect(c.prestacao).toEqual({ valorTotal: '3334.32', valorReceber: '3334.32', componentes: [{ nome: 'FRETE VALOR', valor: '3334.32' }] });
    expect(c.icms).toEqual({ grupo: 'ICMS00', cst: '00', simplesNacional: false, baseCalculo: '3334.32', aliquota: '12', valor: '400.12', substituicao: null });
    expect(c.carga).toEqual({ valorTotal: '130333.31', produtoPredominante: 'TUBOS PLASTICOS', itens: [{ unidade: '01', tipoMedida: 'ESTRADO', quantidade: '18145' }] });
    expect(c.notas).toEqual([{ chave: '43160472202112000136550000000010571048440722' }]);
    expect(c.emitente).toMatchObject({ cnpj: '99999999999999', nome: 'SUA RAZAO SOCIAL LTDA', nomeFantasia: 'Nome Fantasia', telefone: '4535221216' });
    expect(c.remetente).toMatchObject({ cnpj: '06539526000392', nomeFantasia: 'INPET', endereco: expect.objectContaining({ codigoMunicipio: 4108304, complemento: 'SALA 04', cep: '85863070' }) });
    // toma3 = 3: the receiver of the invoice (destinatário) pays.
    expect(c.tomador).toEqual(c.destinatario);
    expect(c.tomador).toMatchObject({ cnpj: '06539526000120', endereco: expect.objectContaining({ municipio: 'ITU', uf: 'SP' }) });
    expect(c.protocolo).toBeNull();
    expect(c.cancelado).toBe(false);
  });

  it('cteProc with protocol, Simples Nacional, no components, abroad destination, CPF sender, repeated NF-e keys once', () => {
    const c = cte(amostra('cteProc-3.00-homologacao-sped-da.xml'));
    expect(c.chave).toBe('41181028796029000140570260000000081486169211');
    expect(c.identificacao).toMatchObject({ numeroCte: 8, serie: '26', tomador: 'REMETENTE', codigoMunicipioOrigem: 4108403, ufOrigem: 'PR', codigoMunicipioDestino: 9999999, nomeMunicipioDestino: 'Exterior', ufDestino: 'EX' });
    expect(c.prestacao).toEqual({ valorTotal: '100.00', valorReceber: '100.00', componentes: [] });
    expect(c.icms).toEqual({ grupo: 'ICMSSN', cst: '90', simplesNacional: true, baseCalculo: null, aliquota: null, valor: null, substituicao: null, indicadorSimplesNacional: true });
    expect(c.remetente).toMatchObject({ cpf: '01234567890', cnpj: null, inscricaoEstadual: 'ISENTO', telefone: '46352421326' });
    expect(c.tomador).toEqual(c.remetente);
    expect(c.destinatario?.endereco).toMatchObject({ codigoMunicipio: 9999999, uf: 'EX', pais: 'ANDORRA' });
    expect(c.carga.itens).toEqual([{ unidade: '03', tipoMedida: 'PESO BRUTO', quantidade: '10.0000' }]);
    expect(c.notas).toEqual([{ chave: '41181022545265000108550270000004041610511676' }]);
    expect(c.protocolo).toEqual({ numero: '141180000090673', status: 100, motivo: 'Autorizado o uso do CT-e', recebidoEm: '2018-10-31T17:47:28-03:00' });
    expect(c.cancelado).toBe(false);
  });

  it('reads the same file given as text or bytes, with or without a BOM', () => {
    const bytes = amostra('CTe-3.00-frete-valor-icms00-sped-cte.xml');
    const comBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
    expect(cte(comBom)).toEqual(cte(bytes.toString('utf8')));
  });
});

describe('CT-e XML reader: variants built from the samples', () => {
  const base = amostra('cteProc-3.00-homologacao-sped-da.xml').toString('utf8');
  const bare = amostra('CTe-3.00-frete-valor-icms00-sped-cte.xml').toString('utf8');

  it('layout 4.00 is read; another layout is refused', () => {
    expect(cte(bare.replace('versao="3.00"', 'versao="4.00"')).versaoLayout).toBe('4.00');
    expect(motivo(bare.replace('versao="3.00"', 'versao="2.00"'))).toBe('Versão de layout não suportada: "2.00" (aceitas: 3.00 e 4.00).');
  });

  it('a protocol with cStat 101 (cancellation homologated) marks the CT-e cancelled', () => {
    const c = cte(base.replace('<cStat>100</cStat>', '<cStat>101</cStat>'));
    expect(c.cancelado).toBe(true);
  });

  it('every ICMS group: 20/90 with base, rate, value; 60 with the retained substitution; OutraUF', () => {
    const com = (grupo: string) => cte(bare.replace(/<ICMS00>.*<\/ICMS00>/, grupo)).icms;
    expect(com('<ICMS20><CST>20</CST><pRedBC>10</pRedBC><vBC>3000.89</vBC><pICMS>12</pICMS><vICMS>360.11</vICMS></ICMS20>')).toMatchObject({ grupo: 'ICMS20', cst: '20', baseCalculo: '3000.89', valor: '360.11' });
    expect(com('<ICMS45><CST>40</CST></ICMS45>')).toMatchObject({ grupo: 'ICMS45', cst: '40', baseCalculo: null, valor: null });
    expect(com('<ICMS60><CST>60</CST><vBCSTRet>3334.32</vBCSTRet><vICMSSTRet>400.12</vICMSSTRet><pICMSSTRet>12.00</pICMSSTRet></ICMS60>')).toMatchObject({
      grupo: 'ICMS60',
      cst: '60',
      substituicao: { baseCalculo: '3334.32', aliquota: '12.00', valor: '400.12' },
    });
    expect(com('<ICMSOutraUF><CST>90</CST><vBCOutraUF>100.00</vBCOutraUF><pICMSOutraUF>7</pICMSOutraUF><vICMSOutraUF>7.00</vICMSOutraUF></ICMSOutraUF>')).toMatchObject({
      grupo: 'ICMSOutraUF',
      baseCalculo: '100.00',
      aliquota: '7',
      valor: '7.00',
    });
  });

  it('toma4: the payer is the party it names', () => {
    const c = cte(bare.replace('<toma3><toma>3</toma></toma3>', '<toma4><toma>4</toma><CNPJ>11222333000181</CNPJ><xNome>PAGADOR LTDA</xNome></toma4>'));
    expect(c.identificacao.tomador).toBe('OUTROS');
    expect(c.tomador).toMatchObject({ cnpj: '11222333000181', nome: 'PAGADOR LTDA' });
  });

  it('the cancellation event gives the key, date and reason', () => {
    const evento = `<?xml version="1.0" encoding="UTF-8"?><procEventoCTe versao="3.00" xmlns="http://www.portalfiscal.inf.br/cte"><eventoCTe versao="3.00"><infEvento Id="ID1101114118102879602900014057026000000008148616921101"><cOrgao>41</cOrgao><tpAmb>2</tpAmb><CNPJ>28796029000140</CNPJ><chCTe>41181028796029000140570260000000081486169211</chCTe><dhEvento>2018-11-01T10:00:00-03:00</dhEvento><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><detEvento versaoEvento="3.00"><evCancCTe><descEvento>Cancelamento</descEvento><nProt>141180000090673</nProt><xJust>Valor do frete informado errado</xJust></evCancCTe></detEvento></infEvento></eventoCTe><retEventoCTe versao="3.00"><infEvento><tpAmb>2</tpAmb><cStat>135</cStat><chCTe>41181028796029000140570260000000081486169211</chCTe></infEvento></retEventoCTe></procEventoCTe>`;
    expect(lerCteXml(evento)).toEqual({
      tipo: 'CANCELAMENTO',
      cancelamento: { chave: '41181028796029000140570260000000081486169211', dataCancelamento: '2018-11-01T10:00:00-03:00', motivoCancelamento: 'Valor do frete informado errado' },
    });
    expect(motivo(evento.replace('<cStat>135</cStat>', '<cStat>573</cStat>'))).toBe('O cancelamento não foi homologado pela SEFAZ (cStat 573).');
    expect(motivo(evento.replace('<tpEvento>110111</tpEvento>', '<tpEvento>110110</tpEvento>'))).toBe(
      'Evento de CT-e não tratado: tipo 110110 (são lidos o cancelamento, 110111, e os eventos de entrega, 110180, 110181, 110190 e 110191).',
    );
  });
});

describe('CT-e XML reader: bad and hostile input ends in a reason, never an exception', () => {
  const bare = amostra('CTe-3.00-frete-valor-icms00-sped-cte.xml').toString('utf8');

  it('empty, not UTF-8, not XML, truncated, another document', () => {
    expect(motivo('')).toBe('O arquivo está vazio.');
    expect(motivo(Buffer.from([0x3c, 0x61, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x61, 0x3e]))).toBe('O arquivo não está em UTF-8 (o CT-e é sempre UTF-8).');
    expect(motivo('isto não é XML')).toMatch(/^XML malformado \(linha 1, coluna \d+\): /);
    expect(motivo(bare.slice(0, Math.floor(bare.length / 2)))).toMatch(/^XML malformado \(linha \d+, coluna \d+\): /);
    expect(motivo('<?xml version="1.0"?><nfeProc><NFe/></nfeProc>')).toBe('O arquivo não é um CT-e: o elemento raiz é <nfeProc> (esperado cteProc, CTe ou procEventoCTe).');
  });

  it('missing or broken fields name the field', () => {
    expect(motivo(bare.replace('<vTPrest>3334.32</vTPrest>', ''))).toBe('Campo obrigatório ausente: vPrest/vTPrest.');
    expect(motivo(bare.replace('<vTPrest>3334.32</vTPrest>', '<vTPrest>3.334,32</vTPrest>'))).toBe('Valor inválido em vPrest/vTPrest: "3.334,32".');
    expect(motivo(bare.replace('Id="CTe41171099999999999999570020000024631000000108"', 'Id="CTe123"'))).toBe('Chave de acesso inválida no atributo Id: "CTe123".');
    expect(motivo(bare.replace(/<toma3>.*<\/toma3>/, ''))).toBe('O CT-e não informa o tomador (toma3/toma4).');
    expect(motivo(bare.replace('<chave>43160472202112000136550000000010571048440722</chave>', '<chave>4316</chave>'))).toBe('Chave de NF-e inválida: "4316".');
  });

  it('entity expansion (billion laughs) and external entities are refused before parsing', () => {
    const risos = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><CTe>&lol3;</CTe>`;
    expect(motivo(risos)).toBe('O arquivo declara DOCTYPE/ENTITY, o que um CT-e não tem: recusado por segurança.');
    expect(motivo(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><CTe>&xxe;</CTe>`)).toBe('O arquivo declara DOCTYPE/ENTITY, o que um CT-e não tem: recusado por segurança.');
  });

  it('a 10 MB file is refused unread', () => {
    const grande = Buffer.alloc(10 * 1024 * 1024, 0x20);
    expect(grande.byteLength).toBeGreaterThan(TAMANHO_MAXIMO_XML);
    expect(motivo(grande)).toBe('O arquivo tem 10.0 MB; o máximo aceito para um CT-e é 5 MB.');
  });

  it('deep nesting does not blow the stack', () => {
    const fundo = `<?xml version="1.0"?><CTe>${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}</CTe>`;
    expect(lerCteXml(fundo).tipo).toBe('ERRO');
  });
});
