import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lerCteXml, type CteLido } from '../../src/server/ingest/cte-xml';
import { gerarXmlCte } from '../../src/server/ingest/gerar-xml-cte';

const AMOSTRAS = join(__dirname, '../fixtures/cte');
const ler = (xml: string | Uint8Array): CteLido => {
  const r = lerCteXml(xml);
  if (r.tipo !== 'CTE') throw new Error(JSON.stringify(r));
  return r.cte;
};
const idaEVolta = (c: CteLido) => ler(gerarXmlCte(c));

describe('CT-e XML writer (demo data): what it writes the reader reads back equal', () => {
  it.each(['CTe-3.00-frete-valor-icms00-sped-cte.xml', 'cteProc-3.00-homologacao-sped-da.xml'])('%s', (nome) => {
    const original = ler(readFileSync(join(AMOSTRAS, nome)));
    expect(idaEVolta(original)).toEqual(original);
  });

  it('layout 4.00, toma4, ICMS60, escaped names, a cancelled protocol', () => {
    const base = ler(readFileSync(join(AMOSTRAS, 'cteProc-3.00-homologacao-sped-da.xml')));
    const variante: CteLido = {
      ...base,
      versaoLayout: '4.00',
      identificacao: { ...base.identificacao, tomador: 'OUTROS' },
      tomador: { cnpj: '11222333000181', cpf: null, inscricaoEstadual: null, nome: 'Pagador & Filhos <Ltda>', nomeFantasia: null, telefone: null, endereco: null },
      icms: { grupo: 'ICMS60', cst: '60', simplesNacional: false, baseCalculo: null, aliquota: null, valor: null, substituicao: { baseCalculo: '100.00', aliquota: '12.00', valor: '12.00' } },
      prestacao: { valorTotal: '100.00', valorReceber: '88.00', componentes: [{ nome: 'FRETE PESO', valor: '70.00' }, { nome: 'GRIS', valor: '30.00' }] },
      protocolo: { numero: '141180000090673', status: 101, motivo: 'Cancelamento de CT-e homologado', recebidoEm: '2018-11-01T10:00:00-03:00' },
      cancelado: true,
    };
    expect(idaEVolta(variante)).toEqual(variante);
  });
});
