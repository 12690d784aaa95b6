import type { Empresa } from '../../../contracts/common';
import type { ParteCte } from '../../../contracts/cte-documento';
import { BAIRROS, EMPRESAS_DEMO, VIAS } from './constantes-demo';
import type { Cliente, Municipio, Transportadora } from './tipos-demo';

// The parties of a demo CT-e, as the XML reader returns them. No draws: addresses derive from the ids.

export function parteCliente(c: Cliente): ParteCte {
  const cpf = c.documento.length === 11;
  return {
    cnpj: cpf ? null : c.documento,
    cpf: cpf ? c.documento : null,
    inscricaoEstadual: cpf ? null : String(100_000_000 + ((c.id * 7919) % 899_999_999)),
    nome: c.razaoSocial,
    nomeFantasia: null,
    telefone: null,
    endereco: {
      logradouro: VIAS[c.id % VIAS.length],
      numero: String(10 + ((c.id * 37) % 2900)),
      complemento: null,
      bairro: BAIRROS[c.id % BAIRROS.length],
      codigoMunicipio: c.municipio.codigo,
      municipio: c.municipio.nome,
      cep: String(10_000_000 + ((c.id * 104_729) % 89_999_999)).padStart(8, '0'),
      uf: c.municipio.siglaUf,
      codigoPais: '1058',
      pais: 'BRASIL',
    },
  };
}

export function parteEmpresa(empresa: Empresa, planta: (typeof EMPRESAS_DEMO)[Empresa]['plantas'][number], m: Municipio): ParteCte {
  const e = EMPRESAS_DEMO[empresa];
  return {
    cnpj: planta.cnpj,
    cpf: null,
    inscricaoEstadual: e.ie,
    nome: e.nome,
    nomeFantasia: null,
    telefone: null,
    endereco: { logradouro: planta.logradouro, numero: '1500', complemento: null, bairro: 'Distrito Industrial', codigoMunicipio: m.codigo, municipio: m.nome, cep: planta.cep, uf: m.siglaUf, codigoPais: '1058', pais: 'BRASIL' },
  };
}

export const parteTransportadora = (t: Transportadora): ParteCte => ({
  cnpj: t.cnpj,
  cpf: null,
  inscricaoEstadual: t.ie && /^\d+$/.test(t.ie) ? t.ie : null,
  nome: t.razaoSocial,
  nomeFantasia: t.nomeFantasia,
  telefone: t.telefone,
  endereco: {
    logradouro: t.logradouro,
    numero: null,
    complemento: null,
    bairro: t.bairro,
    codigoMunicipio: t.municipio?.codigo ?? null,
    municipio: t.municipio?.nome ?? null,
    cep: t.cep ? t.cep.replace(/\D/g, '') || null : null,
    uf: t.municipio?.siglaUf ?? null,
    codigoPais: null,
    pais: null,
  },
});
