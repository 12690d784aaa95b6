import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repararCodificacaoDupla, semCodificacaoDupla } from '../../src/domain/cte/codificacao-dupla';
import { lerCteXml, type CteLido } from '../../src/server/ingest/cte-xml';
import { avisoCodificacaoDupla } from '../../src/server/ingest/textos-cte';

// Issue 31: double-encoded UTF-8 ("MossorÃ³") repaired only when the repair is unambiguous.

/** What a system that reads UTF-8 as Latin-1 (or Windows-1252) and writes it out again as UTF-8 makes of a text. */
const comoLatin1 = (t: string) => Buffer.from(t, 'utf8').toString('latin1');
const comoWindows1252 = (t: string) => new TextDecoder('windows-1252').decode(Buffer.from(t, 'utf8'));

describe('repararCodificacaoDupla', () => {
  it.each([
    ['MossorÃ³', 'Mossoró'],
    ['decisÃ£o', 'decisão'],
    ['AVENIDA JOÃƒO PESSOA', 'AVENIDA JOÃO PESSOA'],
    ['SÃ£o JosÃ© dos Campos', 'São José dos Campos'],
    ['FRETE PESO Ã\u0081REA', 'FRETE PESO ÁREA'],
  ])('repairs %j into %j', (mojibake, certo) => {
    expect(repararCodificacaoDupla(mojibake)).toBe(certo);
  });

  it('undoes both Latin-1 and Windows-1252 double encoding, capitals included (their second byte is 0x80-0x9F)', () => {
    for (const certo of ['SÃO PAULO', 'AÇÚCAR E ÁLCOOL', 'ÍNDIO', 'CONCEIÇÃO DO ARAGUAIA', 'Itaú', 'Rua Ãngelo Ô']) {
      expect(repararCodificacaoDupla(comoLatin1(certo))).toBe(certo);
      expect(repararCodificacaoDupla(comoWindows1252(certo))).toBe(certo);
    }
  });

  it.each([
    ['plain ASCII', 'TRANSPORTES RODOVIARIOS LTDA'],
    ['already-correct accents', 'Mossoró'],
    ['"Ã" alone in a legitimate name', 'SÃO PAULO'],
    ['"Ã" at the end', 'MAÃ'],
    ['Latin-1 text that is no UTF-8', 'João e Conceição'],
    ['mojibake mixed with correct accents (ambiguous)', 'São MossorÃ³'],
    ['a character beyond Latin-1 and Windows-1252', 'MossorÃ³ ✓'],
    ['a lead byte followed by no continuation', 'Ã A'],
    ['empty', ''],
  ])('leaves %s unchanged', (_caso, texto) => {
    expect(repararCodificacaoDupla(texto)).toBeNull();
    expect(semCodificacaoDupla(texto)).toBe(texto);
  });

  it('refuses a repair that would give a control character (a Latin-1 C1 byte decoded alone)', () => {
    // "Â\u0085" is C2 85: valid UTF-8 for U+0085 (NEL), no text.
    expect(repararCodificacaoDupla('LINHA Â\u0085')).toBeNull();
  });
});

describe('the XML reader repairs every text of the document and tells each repair', () => {
  const base = readFileSync(join(__dirname, '../fixtures/cte/CTe-3.00-frete-valor-icms00-sped-cte.xml'), 'utf8');
  const ler = (xml: string): CteLido => {
    const r = lerCteXml(xml);
    if (r.tipo !== 'CTE') throw new Error(JSON.stringify(r));
    return r.cte;
  };

  it('names, municipalities, components and observation; a known IBGE code gives the register name', () => {
    const xml = base
      .replace('<xNome>SUA RAZAO SOCIAL LTDA</xNome>', '<xNome>TRANSPORTES SÃƒO JOÃƒO LTDA</xNome>')
      // The issuer's municipality: code 2408003 is Mossoró in the IBGE register.
      .replace('<cMun>4108304</cMun><xMun>FOZ DO IGUACU</xMun>', '<cMun>2408003</cMun><xMun>MOSSORÃ“</xMun>')
      .replace('<xNome>FRETE VALOR</xNome>', '<xNome>PEDÃ¡GIO</xNome>')
      .replace('<xMunFim>ITU</xMunFim>', '<xMunFim>ITÃš</xMunFim>');
    expect(xml).toContain('MOSSORÃ“');
    const c = ler(xml);
    expect(c.emitente.nome).toBe('TRANSPORTES SÃO JOÃO LTDA');
    expect(c.emitente.endereco?.municipio).toBe('Mossoró');
    expect(c.prestacao.componentes[0].nome).toBe('PEDáGIO');
    // 3523909 is Itu: the register's name wins over the repaired "ITÚ".
    expect(c.identificacao.nomeMunicipioDestino).toBe('Itu');
    expect(new Set(c.avisos)).toEqual(
      new Set([
        avisoCodificacaoDupla('MOSSORÃ“', 'Mossoró', ['emitente, município']),
        avisoCodificacaoDupla('ITÃš', 'Itu', ['município de destino']),
        avisoCodificacaoDupla('TRANSPORTES SÃƒO JOÃƒO LTDA', 'TRANSPORTES SÃO JOÃO LTDA', ['emitente, nome']),
        avisoCodificacaoDupla('PEDÃ¡GIO', 'PEDáGIO', ['componente do frete, nome']),
      ]),
    );
    expect(c.avisos).toHaveLength(4);
    expect(c.avisos![0]).toMatch(/^Texto com codificação dupla corrigido: "/);
  });

  it('the same text in several places is told once, naming them all; a clean document has no avisos', () => {
    const xml = base.replaceAll('CT-E EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL', 'decisÃ£o');
    const c = ler(xml);
    expect(c.remetente?.nome).toBe('decisão');
    expect(c.destinatario?.nome).toBe('decisão');
    expect(c.avisos).toEqual([avisoCodificacaoDupla('decisÃ£o', 'decisão', ['remetente, nome', 'destinatário, nome'])]);
    expect(ler(base).avisos).toBeUndefined();
  });
});
