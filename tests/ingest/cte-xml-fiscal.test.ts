import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { notaDaChave } from '../../src/domain/cte/chave-nfe';
import { lerCteXml, type CteLido } from '../../src/server/ingest/cte-xml';
import { gerarXmlCte } from '../../src/server/ingest/gerar-xml-cte';

// docs/decisoes.md §9: the tax group (pRedBC, vCred, indSN, vTotTrib, infAdFisco), natOp, RNTRC, xObs, the protocol
// and the notes' series and number, read from the real samples (tests/fixtures/cte) and variants of them.

const AMOSTRAS = join(__dirname, '../fixtures/cte');
const bare = readFileSync(join(AMOSTRAS, 'CTe-3.00-frete-valor-icms00-sped-cte.xml'), 'utf8');
const proc = readFileSync(join(AMOSTRAS, 'cteProc-3.00-homologacao-sped-da.xml'), 'utf8');
const cte = (xml: string): CteLido => {
  const r = lerCteXml(xml);
  if (r.tipo !== 'CTE') throw new Error(`esperado um CT-e: ${JSON.stringify(r)}`);
  return r.cte;
};
const motivo = (xml: string) => {
  const r = lerCteXml(xml);
  if (r.tipo !== 'ERRO') throw new Error(`esperado um erro: ${r.tipo}`);
  return r.motivo;
};
const comIcms = (grupo: string) => cte(bare.replace(/<ICMS00>.*<\/ICMS00>/, grupo));

describe('ICMS: base reduction, credit, Simples Nacional indicator', () => {
  it('ICMS20 with pRedBC 50 %: the reduction is kept beside base, rate and value', () => {
    const icms = comIcms('<ICMS20><CST>20</CST><pRedBC>50.00</pRedBC><vBC>1667.16</vBC><pICMS>12.00</pICMS><vICMS>200.06</vICMS></ICMS20>').icms;
    expect(icms).toEqual({ grupo: 'ICMS20', cst: '20', simplesNacional: false, baseCalculo: '1667.16', aliquota: '12.00', valor: '200.06', substituicao: null, reducaoBaseCalculo: '50.00' });
  });

  it('ICMS90 with pRedBC and vCred; ICMSOutraUF with pRedBCOutraUF', () => {
    expect(comIcms('<ICMS90><CST>90</CST><pRedBC>20</pRedBC><vBC>2667.46</vBC><pICMS>12</pICMS><vICMS>320.10</vICMS><vCred>10.00</vCred></ICMS90>').icms).toMatchObject({
      grupo: 'ICMS90',
      reducaoBaseCalculo: '20',
      valorCredito: '10.00',
    });
    expect(comIcms('<ICMSOutraUF><CST>90</CST><pRedBCOutraUF>33.33</pRedBCOutraUF><vBCOutraUF>100.00</vBCOutraUF><pICMSOutraUF>7</pICMSOutraUF><vICMSOutraUF>7.00</vICMSOutraUF></ICMSOutraUF>').icms).toMatchObject({
      grupo: 'ICMSOutraUF',
      reducaoBaseCalculo: '33.33',
      baseCalculo: '100.00',
    });
  });

  it('ICMS60 with vCred: the credit beside the retained substitution', () => {
    const icms = comIcms('<ICMS60><CST>60</CST><vBCSTRet>3334.32</vBCSTRet><vICMSSTRet>400.12</vICMSSTRet><pICMSSTRet>12.00</pICMSSTRet><vCred>40.01</vCred></ICMS60>').icms;
    expect(icms).toMatchObject({ grupo: 'ICMS60', valorCredito: '40.01', substituicao: { baseCalculo: '3334.32', aliquota: '12.00', valor: '400.12' } });
  });

  it('groups without them leave the fields out; a reduction above 100 % or unreadable is refused naming the field', () => {
    expect(cte(bare).icms).not.toHaveProperty('reducaoBaseCalculo');
    expect(cte(bare).icms).not.toHaveProperty('valorCredito');
    expect(motivo(bare.replace(/<ICMS00>.*<\/ICMS00>/, '<ICMS20><CST>20</CST><pRedBC>150</pRedBC></ICMS20>'))).toBe('Valor inválido em imp/ICMS/ICMS20/pRedBC: "150" (o percentual vai de 0 a 100).');
    expect(motivo(bare.replace(/<ICMS00>.*<\/ICMS00>/, '<ICMS20><CST>20</CST><pRedBC>50%</pRedBC></ICMS20>'))).toBe('Valor inválido em imp/ICMS/ICMS20/pRedBC: "50%".');
  });

  it('indSN: true in the Simples Nacional sample; absent when the group has none', () => {
    expect(cte(proc).icms).toMatchObject({ grupo: 'ICMSSN', simplesNacional: true, indicadorSimplesNacional: true });
    expect(cte(proc.replace('<indSN>1</indSN>', '')).icms).not.toHaveProperty('indicadorSimplesNacional');
  });
});

describe('the rest of the document', () => {
  it('bare sample: natOp, vTotTrib and the RNTRC of layout 3.00', () => {
    const c = cte(bare);
    expect(c.identificacao.naturezaOperacao).toBe('PRESTACAO DE SERVICO DE TRANSPORTE A ESTABELECIMEN');
    expect(c.valorTotalTributos).toBe('754.38');
    expect(c.rntrc).toBe('00739357');
    expect(c).not.toHaveProperty('observacao');
    expect(c).not.toHaveProperty('observacaoFisco');
  });

  it('cteProc sample: the observation (its line breaks and indentation are layout), RNTRC, a zero vTotTrib, the whole protocol', () => {
    const c = cte(proc);
    expect(c.observacao).toBe('DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL NAO GERA DIREITO A CREDITO FISCAL DE ICMS, ISS E IPI');
    expect(c.identificacao.naturezaOperacao).toBe('Prestacao de servico de transporte');
    expect(c.rntrc).toBe('12345678');
    expect(c.valorTotalTributos).toBe('0.00');
    expect(c.protocolo).toEqual({ numero: '141180000090673', status: 100, motivo: 'Autorizado o uso do CT-e', recebidoEm: '2018-10-31T17:47:28-03:00' });
  });

  it('layout 4.00: the RNTRC in infModal versaoModal 4.00; infAdFisco read from imp', () => {
    const xml = bare
      .replace('versao="3.00"', 'versao="4.00"')
      .replace('<infModal versaoModal="3.00">', '<infModal versaoModal="4.00">')
      .replace('<RNTRC>00739357</RNTRC>', '<RNTRC>44556677</RNTRC>')
      .replace('<vTotTrib>754.38</vTotTrib>', '<vTotTrib>754.38</vTotTrib><infAdFisco>ICMS diferido conforme RICMS/PR, art. 96</infAdFisco>');
    const c = cte(xml);
    expect(c.versaoLayout).toBe('4.00');
    expect(c.rntrc).toBe('44556677');
    expect(c.observacaoFisco).toBe('ICMS diferido conforme RICMS/PR, art. 96');
  });

  it('a protocol of another CT-e is refused', () => {
    const outra = '41181028796029000140570260000000099999999999';
    expect(motivo(proc.replace('<chCTe>41181028796029000140570260000000081486169211</chCTe>', `<chCTe>${outra}</chCTe>`))).toBe(`O protocolo de autorização (protCTe) é de outro CT-e: chave "${outra}".`);
  });

  it('each NF-e key gives its series (digits 23–25) and number (digits 26–34)', () => {
    expect(cte(bare).notas.map((n) => notaDaChave(n.chave))).toEqual([{ serie: '0', numero: 1057, cnpjEmitente: '72202112000136' }]);
    expect(cte(proc).notas.map((n) => notaDaChave(n.chave))).toEqual([{ serie: '27', numero: 404, cnpjEmitente: '22545265000108' }]);
    expect(notaDaChave('35250111222333000181550010000012341000012345')).toEqual({ serie: '1', numero: 1234, cnpjEmitente: '11222333000181' });
    expect(notaDaChave('4316')).toBeNull();
  });

  it('the XML writer carries every new field, and the reader reads them back equal', () => {
    const base = cte(proc);
    const variante: CteLido = {
      ...base,
      versaoLayout: '4.00',
      observacaoFisco: 'Base reduzida conforme convênio',
      icms: { grupo: 'ICMS90', cst: '90', simplesNacional: false, baseCalculo: '80.00', aliquota: '12.00', valor: '9.60', substituicao: null, reducaoBaseCalculo: '20.00', valorCredito: '1.50' },
    };
    expect(cte(gerarXmlCte(variante))).toEqual(variante);
    const st: CteLido = { ...base, icms: { grupo: 'ICMS60', cst: '60', simplesNacional: false, baseCalculo: null, aliquota: null, valor: null, substituicao: { baseCalculo: '100.00', aliquota: '12.00', valor: '12.00' }, valorCredito: '3.00' } };
    expect(cte(gerarXmlCte(st))).toEqual(st);
  });
});
