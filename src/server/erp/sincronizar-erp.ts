import { formatCnpj, formatCpf } from '@brazilian-utils/brazilian-utils';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Sincronizacao } from '../../contracts/transportadoras';
import type { Db } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { municipio } from '../db/schema/municipio';
import { transportadora } from '../db/schema/transportadora';
import type { ErpCliente, ErpSource, ErpTransportadora } from './erp-source';

const LOTE = 1000;

export const formatarCpfCnpj = (digitos: string | null): string | null =>
  !digitos ? null : digitos.length === 11 ? formatCpf(digitos) : digitos.length === 14 ? formatCnpj(digitos) : digitos;

/** "(a, b) is distinct from (excluded.a, excluded.b)" over the columns the ERP owns. */
const mudou = (tabela: string, colunas: Record<string, string>) => {
  const nomes = Object.values(colunas);
  return sql.raw(`(${nomes.map((c) => `${tabela}."${c}"`).join(', ')}) is distinct from (${nomes.map((c) => `excluded."${c}"`).join(', ')})`);
};
/** SET key (drizzle property) = excluded.column. */
const deExcluded = (colunas: Record<string, string>): Record<string, SQL> =>
  Object.fromEntries(Object.entries(colunas).map(([chave, c]) => [chave, sql.raw(`excluded."${c}"`)]));

/**
 * The rows of a batch that are new or differ from ours in the ERP-owned columns: read ours by key in one
 * query and compare in memory, so an unchanged register costs one read per batch and no write (no row
 * locks either). The upsert's WHERE repeats the check, so a concurrent change is still handled.
 */
function alterados<T extends Record<string, unknown>>(lote: T[], existentes: Record<string, unknown>[], chave: keyof T & string, colunas: string[], extra?: (novo: T, atual: Record<string, unknown>) => boolean): T[] {
  const porChave = new Map(existentes.map((e) => [e[chave] as string, e]));
  return lote.filter((novo) => {
    const atual = porChave.get(novo[chave] as string);
    return !atual || colunas.some((c) => (novo[c] ?? null) !== (atual[c] ?? null)) || (extra?.(novo, atual) ?? false);
  });
}

function contar(linhas: { inserido: boolean }[], total: Sincronizacao) {
  for (const l of linhas) l.inserido ? total.adicionados++ : total.atualizados++;
}

const COLUNAS_TRANSPORTADORA = {
  razaoSocial: 'razao_social', nomeFantasia: 'nome_fantasia', cnpj: 'cnpj', cnpjFormatado: 'cnpj_formatado',
  inscricaoEstadual: 'inscricao_estadual', logradouro: 'logradouro', complemento: 'complemento', cep: 'cep', bairro: 'bairro',
  localidade: 'localidade', estado: 'estado', contato: 'contato', telefone1: 'telefone1', telefone2: 'telefone2', telefone3: 'telefone3',
} as const;

/**
 * Upserts the ERP's carriers by fornecedorId, a batch per statement. Only rows whose ERP columns changed
 * are written (and get versao + 1), so a second run reports 0 added, 0 updated. The IBGE municipality is
 * ours once set (tab IBGE): the ERP's code only fills it when empty. ativado is never touched.
 */
export async function sincronizarTransportadoras(db: Db, erp: ErpSource): Promise<Sincronizacao> {
  const municipios = new Map((await db.select({ id: municipio.id, codigo: municipio.codigo }).from(municipio)).map((m) => [m.codigo, m.id]));
  const total: Sincronizacao = { adicionados: 0, atualizados: 0, total: 0 };
  for await (const lote of erp.transportadoras(LOTE)) {
    total.total += lote.length;
    const valores = lote.map((t: ErpTransportadora) => ({
      fornecedorId: t.fornecedorId,
      razaoSocial: t.razaoSocial,
      nomeFantasia: t.nomeFantasia,
      cnpj: t.cnpj,
      cnpjFormatado: formatarCpfCnpj(t.cnpj),
      inscricaoEstadual: t.inscricaoEstadual,
      logradouro: t.logradouro,
      complemento: t.complemento,
      cep: t.cep,
      bairro: t.bairro,
      localidade: t.localidade,
      estado: t.estado,
      contato: t.contato,
      telefone1: t.telefone1,
      telefone2: t.telefone2,
      telefone3: t.telefone3,
      municipioId: (t.codigoMunicipio !== null && municipios.get(t.codigoMunicipio)) || null,
    }));
    const existentes = await db
      .select({ fornecedorId: transportadora.fornecedorId, municipioId: transportadora.municipioId, ...Object.fromEntries(Object.keys(COLUNAS_TRANSPORTADORA).map((k) => [k, transportadora[k as keyof typeof COLUNAS_TRANSPORTADORA]])) })
      .from(transportadora)
      .where(inArray(transportadora.fornecedorId, valores.map((v) => v.fornecedorId)));
    const mudaram = alterados(valores, existentes, 'fornecedorId', Object.keys(COLUNAS_TRANSPORTADORA), (novo, atual) => atual.municipioId === null && novo.municipioId !== null);
    if (!mudaram.length) continue;
    const linhas = await db
      .insert(transportadora)
      .values(mudaram)
      .onConflictDoUpdate({
        target: transportadora.fornecedorId,
        set: {
          ...deExcluded(COLUNAS_TRANSPORTADORA),
          municipioId: sql.raw('coalesce(transportadora.municipio_id, excluded.municipio_id)'),
          versao: sql.raw('transportadora.versao + 1'),
        } as never,
        setWhere: sql`${mudou('transportadora', COLUNAS_TRANSPORTADORA)} or (transportadora.municipio_id is null and excluded.municipio_id is not null)`,
      })
      .returning({ inserido: sql<boolean>`(xmax = 0)` });
    contar(linhas, total);
  }
  return total;
}

const COLUNAS_CLIENTE = {
  razaoSocial: 'razao_social', nomeFantasia: 'nome_fantasia', cpfCnpj: 'cpf_cnpj', cpfCnpjFormatado: 'cpf_cnpj_formatado', tipo: 'tipo',
  posicao: 'posicao', cidade: 'cidade', estado: 'estado', grupoId: 'grupo_id', grupoRazaoSocial: 'grupo_razao_social',
  grupoNomeFantasia: 'grupo_nome_fantasia', grupoCpfCnpjFormatado: 'grupo_cpf_cnpj_formatado',
} as const;

/** Upserts the ERP's customers by clienteId, like the carriers; descricaoAmigavel and ativado are ours. */
export async function sincronizarClientes(db: Db, erp: ErpSource): Promise<Sincronizacao> {
  const total: Sincronizacao = { adicionados: 0, atualizados: 0, total: 0 };
  for await (const lote of erp.clientes(LOTE)) {
    total.total += lote.length;
    const valores = lote.map((c: ErpCliente) => ({
      clienteId: c.clienteId,
      razaoSocial: c.razaoSocial,
      nomeFantasia: c.nomeFantasia,
      cpfCnpj: c.cpfCnpj,
      cpfCnpjFormatado: formatarCpfCnpj(c.cpfCnpj),
      tipo: c.tipo,
      posicao: c.posicao,
      cidade: c.cidade,
      estado: c.estado,
      grupoId: c.grupoId,
      grupoRazaoSocial: c.grupoRazaoSocial,
      grupoNomeFantasia: c.grupoNomeFantasia,
      grupoCpfCnpjFormatado: formatarCpfCnpj(c.grupoCpfCnpj),
    }));
    const existentes = await db
      .select({ clienteId: cliente.clienteId, ...Object.fromEntries(Object.keys(COLUNAS_CLIENTE).map((k) => [k, cliente[k as keyof typeof COLUNAS_CLIENTE]])) })
      .from(cliente)
      .where(inArray(cliente.clienteId, valores.map((v) => v.clienteId)));
    const mudaram = alterados(valores, existentes, 'clienteId', Object.keys(COLUNAS_CLIENTE));
    if (!mudaram.length) continue;
    const linhas = await db
      .insert(cliente)
      .values(mudaram)
      .onConflictDoUpdate({
        target: cliente.clienteId,
        set: { ...deExcluded(COLUNAS_CLIENTE), versao: sql.raw('cliente.versao + 1') } as never,
        setWhere: mudou('cliente', COLUNAS_CLIENTE),
      })
      .returning({ inserido: sql<boolean>`(xmax = 0)` });
    contar(linhas, total);
  }
  return total;
}
