import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lerCteXml, type CteLido } from '../../src/server/ingest/cte-xml';
import { gerarXmlCte } from '../../src/server/ingest/gerar-xml-cte';
import { avisoSemReferencia, avisoVariosComplementados } from '../../src/server/ingest/referencia-xml';

// Issue 31: the CT-e a complemento (infCteComp/chCTe), anulação (infCteAnu/chCte) or substituto (infCTeNorm/infCteSub/chCte)
// refers to, read from XML derived from the real sample (its ide/tpCTe edited and the group added as the schemas place it).

const AMOSTRA = readFileSync(join(__dirname, '../fixtures/cte/CTe-3.00-frete-valor-icms00-sped-cte.xml'), 'utf8');
const ORIGINAL = '41171099999999999999570020000024621000000105';
const OUTRO = '41171099999999999999570020000024611000000102';

const comTipo = (tpCTe: number, xml = AMOSTRA) => xml.replace('<tpCTe>0</tpCTe>', `<tpCTe>${tpCTe}</tpCTe>`);
/** A group right after infCTeNorm (complemento and anulação, as in the 3.00 schema's choice; 4.00 places infCteComp there too). */
const depoisDoNorm = (xml: string, grupo: string) => xml.replace('</infCTeNorm>', `</infCTeNorm>${grupo}`);
/** infCteSub, the last child of infCTeNorm. */
const dentroDoNorm = (xml: string, grupo: string) => xml.replace('</infCTeNorm>', `${grupo}</infCTeNorm>`);
const comoVersao4 = (xml: string) => xml.replace('versao="3.00"', 'versao="4.00"');

const ler = (xml: string): CteLido => {
  const r = lerCteXml(xml);
  if (r.tipo !== 'CTE') throw new Error(JSON.stringify(r));
  return r.cte;
};
const motivo = (xml: string) => {
  const r = lerCteXml(xml);
  if (r.tipo !== 'ERRO') throw new Error(`esperado um erro: ${r.tipo}`);
  return r.motivo;
};

describe('a CT-e that refers to another', () => {
  it('a normal CT-e has no reference (absent, as documents read before), even if a stray group is there', () => {
    expect(ler(AMOSTRA)).not.toHaveProperty('referencia');
    expect(ler(depoisDoNorm(AMOSTRA, `<infCteComp><chCTe>${ORIGINAL}</chCTe></infCteComp>`))).not.toHaveProperty('referencia');
  });

  it('complemento 3.00: infCteComp/chCTe', () => {
    const c = ler(depoisDoNorm(comTipo(1), `<infCteComp><chCTe>${ORIGINAL}</chCTe></infCteComp>`));
    expect(c.identificacao.tipoCte).toBe(1);
    expect(c.referencia).toEqual({ tipo: 'COMPLEMENTO', chave: ORIGINAL });
    expect(c.avisos).toBeUndefined();
  });

  it('complemento 4.00 with several infCteComp: the first is linked, the others are told', () => {
    const grupos = `<infCteComp><chCTe>${ORIGINAL}</chCTe></infCteComp><infCteComp><chCTe>${OUTRO}</chCTe></infCteComp>`;
    const c = ler(comoVersao4(depoisDoNorm(comTipo(1), grupos)));
    expect(c.versaoLayout).toBe('4.00');
    expect(c.referencia).toEqual({ tipo: 'COMPLEMENTO', chave: ORIGINAL });
    expect(c.avisos).toEqual([avisoVariosComplementados(2, ORIGINAL)]);
  });

  it('anulação 3.00: infCteAnu/chCte with its dEmi', () => {
    const c = ler(depoisDoNorm(comTipo(2), `<infCteAnu><chCte>${ORIGINAL}</chCte><dEmi>2017-10-07</dEmi></infCteAnu>`));
    expect(c.referencia).toEqual({ tipo: 'ANULACAO', chave: ORIGINAL });
  });

  it('substituto 3.00 and 4.00: infCTeNorm/infCteSub/chCte', () => {
    const xml = dentroDoNorm(comTipo(3), `<infCteSub><chCte>${ORIGINAL}</chCte><indAlteraToma>1</indAlteraToma></infCteSub>`);
    expect(ler(xml).referencia).toEqual({ tipo: 'SUBSTITUICAO', chave: ORIGINAL });
    expect(ler(comoVersao4(xml)).referencia).toEqual({ tipo: 'SUBSTITUICAO', chave: ORIGINAL });
  });

  it('a complemento without its group is read, without reference, and told; an invalid key is refused', () => {
    const c = ler(comTipo(1));
    expect(c).not.toHaveProperty('referencia');
    expect(c.avisos).toEqual([avisoSemReferencia('infCteComp/chCTe', 'complemento')]);
    expect(motivo(depoisDoNorm(comTipo(1), '<infCteComp><chCTe>123</chCTe></infCteComp>'))).toBe('Chave de acesso inválida em infCteComp/chCTe: "123".');
  });

  it('the project writer writes each reference where the schema has it, and reads back the same document', () => {
    const base = ler(AMOSTRA);
    for (const [tipoCte, tipo] of [[1, 'COMPLEMENTO'], [2, 'ANULACAO'], [3, 'SUBSTITUICAO']] as const) {
      const doc: CteLido = { ...base, identificacao: { ...base.identificacao, tipoCte }, referencia: { tipo, chave: ORIGINAL } };
      const xml = gerarXmlCte(doc);
      expect(xml).toContain({ 1: `<infCteComp><chCTe>${ORIGINAL}</chCTe></infCteComp>`, 2: `<infCteAnu><chCte>${ORIGINAL}</chCte>`, 3: `<infCteSub><chCte>${ORIGINAL}</chCte></infCteSub></infCTeNorm>` }[tipoCte]);
      expect(ler(xml)).toEqual(doc);
    }
  });
});
