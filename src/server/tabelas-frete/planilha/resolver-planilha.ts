import { asc, desc, sql } from 'drizzle-orm';
import type { ClienteRef, MunicipioRef, TransportadoraRef, UfRef } from '../../../contracts/tabela-frete-modelo';
import type { Db } from '../../db/database';
import { chaveOrdem } from '../../db/ordem-texto';
import { cliente } from '../../db/schema/cliente';
import { municipio } from '../../db/schema/municipio';
import { transportadora } from '../../db/schema/transportadora';
import { uf } from '../../db/schema/uf';
import { tipoVeiculo } from '../../db/schema/veiculo';
import { dobrarTexto } from '../../db/texto-busca';
import type { ReferenciasPlanilha } from './ler-planilha';

// Issue 32: the references a workbook names by their business keys (carrier CNPJ, UF sigla, IBGE code, customer
// CPF/CNPJ, vehicle type description) looked up in the company's own database, one query per kind for the whole
// workbook (never one per row), each served by an index (transportadora_cnpj_idx, uf's sigla, municipio's codigo,
// cliente_cpf_cnpj_idx, tipo_veiculo_descricao_ordem_idx).

const textos = (valores: Iterable<string>) => `{${[...new Set(valores)].map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
const inteiros = (valores: Iterable<number>) => `{${[...new Set(valores)].filter(Number.isSafeInteger).join(',')}}`;
const digitos = (s: string) => s.replace(/\D/g, '');

/** The first of each key: the rows come ordered by preference. */
function primeiroDe<T>(linhas: T[], chave: (l: T) => string | number): Map<string | number, T> {
  const mapa = new Map<string | number, T>();
  for (const l of linhas) if (!mapa.has(chave(l))) mapa.set(chave(l), l);
  return mapa;
}

/** The carrier of a CNPJ: an active register first, then the oldest (an ERP may list a CNPJ twice). */
async function transportadoraPorCnpj(db: Db, cnpj: string): Promise<TransportadoraRef | null> {
  const chave = digitos(cnpj);
  if (!chave) return null;
  const [t] = await db
    .select({ id: transportadora.id, razaoSocial: transportadora.razaoSocial })
    .from(transportadora)
    .where(sql`${transportadora.cnpj} = ${chave}`)
    .orderBy(desc(transportadora.ativado), asc(transportadora.id))
    .limit(1);
  return t ?? null;
}

async function ufsPorSigla(db: Db, siglas: string[]): Promise<Map<string, UfRef>> {
  if (!siglas.length) return new Map();
  const linhas = await db
    .select({ id: uf.id, sigla: uf.sigla, nome: uf.nome })
    .from(uf)
    .where(sql`${uf.sigla} = any(${textos(siglas.map((s) => s.trim().toUpperCase()))}::text[])`);
  const porSigla = primeiroDe(linhas, (l) => l.sigla);
  // Keyed by the text asked (the reader looks its cells up as written).
  return new Map(siglas.flatMap((s) => (porSigla.has(s.trim().toUpperCase()) ? [[s, porSigla.get(s.trim().toUpperCase())!] as const] : [])));
}

async function municipiosPorCodigo(db: Db, codigos: number[]): Promise<Map<number, MunicipioRef>> {
  if (!codigos.length) return new Map();
  const linhas = await db
    .select({ id: municipio.id, codigo: municipio.codigo, nome: municipio.nome, siglaUf: municipio.siglaUf })
    .from(municipio)
    .where(sql`${municipio.codigo} = any(${inteiros(codigos)}::int[])`)
    .orderBy(asc(municipio.id));
  return primeiroDe(linhas, (l) => l.codigo) as Map<number, MunicipioRef>;
}

/**
 * Customers by CPF/CNPJ (digits). A CNPJ registered twice (a branch copied by the ERP) resolves to the active
 * register, then the oldest: the workbook names customers by document, not by register.
 */
async function clientesPorDocumento(db: Db, documentos: string[]): Promise<Map<string, ClienteRef>> {
  const chaves = documentos.map(digitos).filter(Boolean);
  if (!chaves.length) return new Map();
  const linhas = await db
    .select({
      id: cliente.id,
      nome: sql<string>`coalesce(${cliente.descricaoAmigavel}, ${cliente.razaoSocial})`,
      cpfCnpjFormatado: cliente.cpfCnpjFormatado,
      cpfCnpj: cliente.cpfCnpj,
    })
    .from(cliente)
    .where(sql`${cliente.cpfCnpj} = any(${textos(chaves)}::text[])`)
    .orderBy(desc(cliente.ativado), asc(cliente.id));
  const porDocumento = primeiroDe(linhas, (l) => l.cpfCnpj ?? '');
  const mapa = new Map<string, ClienteRef>();
  for (const d of documentos) {
    const l = porDocumento.get(digitos(d));
    if (l) mapa.set(d, { id: l.id, nome: l.nome, cpfCnpjFormatado: l.cpfCnpjFormatado });
  }
  return mapa;
}

/** Vehicle types by description, case- and accent-insensitively; an exact spelling wins over a folded one. */
async function tiposPorDescricao(db: Db, descricoes: string[]): Promise<Map<string, { id: number; descricao: string }>> {
  if (!descricoes.length) return new Map();
  const linhas = await db
    .select({ id: tipoVeiculo.id, descricao: tipoVeiculo.descricao })
    .from(tipoVeiculo)
    .where(sql`${chaveOrdem(tipoVeiculo.descricao)} = any(${textos(descricoes.map(dobrarTexto))}::text[])`)
    .orderBy(asc(tipoVeiculo.id));
  const mapa = new Map<string, { id: number; descricao: string }>();
  for (const d of descricoes) {
    const achado = linhas.find((l) => l.descricao === d.trim()) ?? linhas.find((l) => dobrarTexto(l.descricao) === dobrarTexto(d));
    if (achado) mapa.set(d, achado);
  }
  return mapa;
}

/** The workbook reader's lookups against one company's database. */
export function referenciasPlanilha(db: Db): ReferenciasPlanilha {
  return {
    transportadora: (cnpj) => transportadoraPorCnpj(db, cnpj),
    ufs: (siglas) => ufsPorSigla(db, siglas),
    municipios: (codigos) => municipiosPorCodigo(db, codigos),
    clientes: (documentos) => clientesPorDocumento(db, documentos),
    tiposVeiculo: (descricoes) => tiposPorDescricao(db, descricoes),
  };
}
