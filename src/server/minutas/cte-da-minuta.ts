import Decimal from 'decimal.js';
import type { CteLido, ParteCte, Tomador } from '../../contracts/cte-documento';
import { formatarCnpjCpf } from '../../domain/cte/formatar-cte';
import { dataSaoPaulo, deslocamentoSaoPaulo } from '../../domain/sao-paulo-date';
import type { cte } from '../db/schema/cte';

// The CT-e a confirmed minuta becomes ("Converter CT-es", docs/decisoes.md §13) when its XML has not come: the columns
// the Fretes list, the detail dialog and the audit read, and a synthetic document (versaoLayout MINUTA, no
// protocol, no NF-e keys) in the shape the XML reader gives. No cte_xml row: there is no XML. When the XML
// comes later, ingest/substituir-cte-minuta.ts lets it take this CT-e over.

interface MunicipioDaMinuta {
  codigo: number;
  nome: string;
  siglaUf: string;
}
interface TransportadoraDaMinuta {
  cnpj: string | null;
  razaoSocial: string;
  nomeFantasia: string | null;
  inscricaoEstadual: string | null;
  logradouro: string | null;
  complemento: string | null;
  bairro: string | null;
  localidade: string | null;
  estado: string | null;
  cep: string | null;
  telefone1: string | null;
}
export interface MinutaParaCte {
  id: number;
  numero: string;
  serie: string | null;
  chave: string | null;
  /** The issue date, or the day it was typed when a person left it blank. */
  dataEmissao: string;
  fatura: string | null;
  peso: string | null;
  percentualIcms: string | null;
  valorTotalFrete: string;
  cnpjTomador: string | null;
  cnpjRemetente: string | null;
  transportadoraId: number;
  transportadora: TransportadoraDaMinuta;
  clienteId: number | null;
  cliente: { cpfCnpj: string | null; razaoSocial: string; nomeFantasia: string | null } | null;
  origem: MunicipioDaMinuta;
  destino: MunicipioDaMinuta;
  elementos: { nome: string; valor: string }[];
}

/**
 * The key of a CT-e made from a minuta without one: "MINUTA" and the minuta id in 10 digits (16 characters).
 * Never a real key (44 digits), unique as the minuta id is, and outside every digit-prefix search of keys.
 */
export const chaveSinteticaMinuta = (minutaId: number) => `MINUTA${String(minutaId).padStart(10, '0')}`;

/** A série without leading zeros ("001" → "1"); a minuta without one is série 0. */
export const serieDaMinuta = (serie: string | null) => (serie?.trim() ? serie.trim().replace(/^0+(?=.)/, '') : '0');

const offsets = new Map<string, string>();

/** 12:00 in São Paulo of a calendar date: the instant, and as the XML writes it (2023-10-11T12:00:00-03:00). */
function meioDiaSaoPaulo(data: string): { instante: Date; iso: string } {
  let offset = offsets.get(data);
  if (offset === undefined) {
    // -03:00 today; -02:00 on the summer days before 2019.
    offset = deslocamentoSaoPaulo(new Date(`${data}T15:00:00Z`));
    if (offsets.size < 10_000) offsets.set(data, offset);
  }
  const iso = `${data}T12:00:00${offset}`;
  return { instante: new Date(iso), iso };
}

/** The date a minuta without an issue date is converted with: the São Paulo day it was typed. */
export const dataDeCriacao = (criadaEm: Date) => dataSaoPaulo(criadaEm)!;

/** A party known only by its document (and the name a register gives it; else the document formatted). */
function parte(documento: string | null, nome: string | null, extra: Partial<ParteCte> = {}): ParteCte | null {
  if (!documento && !nome) return null;
  const cpf = documento && /^\d{11}$/.test(documento) ? documento : null;
  const cnpj = documento && !cpf ? documento : null;
  return {
    cnpj,
    cpf,
    inscricaoEstadual: null,
    nome: nome ?? formatarCnpjCpf(cnpj, cpf) ?? '',
    nomeFantasia: null,
    telefone: null,
    endereco: null,
    ...extra,
  };
}

function emitente(t: TransportadoraDaMinuta): ParteCte {
  return {
    ...parte(t.cnpj, t.razaoSocial)!,
    inscricaoEstadual: t.inscricaoEstadual,
    nomeFantasia: t.nomeFantasia,
    telefone: t.telefone1,
    endereco: {
      logradouro: t.logradouro,
      numero: null,
      complemento: t.complemento,
      bairro: t.bairro,
      codigoMunicipio: null,
      municipio: t.localidade,
      cep: t.cep,
      uf: t.estado,
      codigoPais: null,
      pais: null,
    },
  };
}

/** ICMS00 at the minuta's rate over the freight (none when the rate is blank). */
function icms(m: MinutaParaCte): CteLido['icms'] {
  if (m.percentualIcms === null) return null;
  const base = new Decimal(m.valorTotalFrete);
  return {
    grupo: 'ICMS00',
    cst: '00',
    simplesNacional: false,
    baseCalculo: base.toFixed(2),
    aliquota: new Decimal(m.percentualIcms).toFixed(2),
    valor: base.times(m.percentualIcms).div(100).toFixed(2),
    substituicao: null,
  };
}

/** The synthetic document of the CT-e (nomes: registered names by CNPJ, for the sender and the payer). */
function documentoDaMinuta(m: MinutaParaCte, chave: string, tomador: Tomador, iso: string, nomes: Map<string, string>): CteLido {
  const nome = (doc: string | null) => (doc ? (nomes.get(doc) ?? null) : null);
  const remetente = parte(m.cnpjRemetente, nome(m.cnpjRemetente));
  const destino = { codigoMunicipio: m.destino.codigo, municipio: m.destino.nome, uf: m.destino.siglaUf };
  const endereco = { logradouro: null, numero: null, complemento: null, bairro: null, cep: null, codigoPais: null, pais: null, ...destino };
  const destinatario = m.cliente ? parte(m.cliente.cpfCnpj, m.cliente.razaoSocial, { nomeFantasia: m.cliente.nomeFantasia, endereco }) : null;
  return {
    chave,
    versaoLayout: 'MINUTA',
    ambiente: 'PRODUCAO',
    identificacao: {
      numeroCte: Number(m.numero),
      modelo: 'MINUTA',
      serie: serieDaMinuta(m.serie),
      cfop: null,
      dataEmissao: iso,
      tipoCte: 0,
      tipoServico: 0,
      tomador,
      codigoMunicipioOrigem: m.origem.codigo,
      nomeMunicipioOrigem: m.origem.nome,
      ufOrigem: m.origem.siglaUf,
      codigoMunicipioDestino: m.destino.codigo,
      nomeMunicipioDestino: m.destino.nome,
      ufDestino: m.destino.siglaUf,
    },
    emitente: emitente(m.transportadora),
    remetente,
    destinatario,
    expedidor: null,
    recebedor: null,
    tomador: tomador === 'REMETENTE' ? remetente : parte(m.cnpjTomador, nome(m.cnpjTomador)),
    carga: { valorTotal: null, produtoPredominante: null, itens: m.peso ? [{ unidade: '01', tipoMedida: 'PESO BRUTO', quantidade: m.peso }] : [] },
    prestacao: { valorTotal: m.valorTotalFrete, valorReceber: m.valorTotalFrete, componentes: m.elementos },
    icms: icms(m),
    notas: [],
    protocolo: null,
    cancelado: false,
  };
}

/** The cte row of a minuta: PROCESSADO (ready to audit), origem MINUTA, SAIDA, normal (tpCTe 0). */
export function cteDaMinuta(m: MinutaParaCte, nomes: Map<string, string>): typeof cte.$inferInsert {
  const chave = m.chave ?? chaveSinteticaMinuta(m.id);
  const tomador: Tomador = m.cnpjTomador !== null && m.cnpjTomador === m.cnpjRemetente ? 'REMETENTE' : 'OUTROS';
  const { instante, iso } = meioDiaSaoPaulo(m.dataEmissao);
  return {
    chave,
    status: 'PROCESSADO',
    origemDocumento: 'MINUTA',
    tipo: 'SAIDA',
    tipoCte: 0,
    tomador,
    numero: Number(m.numero),
    serie: serieDaMinuta(m.serie),
    dataEmissao: instante,
    codigoMunicipioOrigem: m.origem.codigo,
    codigoMunicipioDestino: m.destino.codigo,
    ufOrigem: m.origem.siglaUf,
    ufDestino: m.destino.siglaUf,
    emitenteDocumento: m.transportadora.cnpj,
    remetenteDocumento: m.cnpjRemetente,
    destinatarioDocumento: m.cliente?.cpfCnpj ?? null,
    tomadorDocumento: m.cnpjTomador,
    transportadoraId: m.transportadoraId,
    clienteId: m.clienteId,
    numeroFatura: m.fatura,
    pesoBruto: m.peso,
    pesoOrigem: 'minuta',
    valorTotal: m.valorTotalFrete,
    valorPrestacao: m.valorTotalFrete,
    valorReceber: m.valorTotalFrete,
    documento: documentoDaMinuta(m, chave, tomador, iso, nomes),
  };
}
