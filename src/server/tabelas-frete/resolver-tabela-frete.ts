import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Modalidade } from '../../contracts/tabela-frete-tipos';
import type { ClienteRef, ElementoCusto, MunicipioRef, TabelaFrete, TabelaFreteCadastro, UfRef, elementoCustoCadastroSchema, origemCadastroSchema } from '../../contracts/tabela-frete-modelo';
import type { Db } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { municipio } from '../db/schema/municipio';
import { transportadora } from '../db/schema/transportadora';
import { uf } from '../db/schema/uf';
import { tipoVeiculo } from '../db/schema/veiculo';
import { badRequest } from '../http/api-error';
import { emSequencia } from '../db/em-sequencia';

export const mensagemTransportadoraDesconhecida = (id: number) => `Transportadora não encontrada (id ${id}).`;
export const mensagemMunicipioDesconhecido = (id: number) => `Município não encontrado (id ${id}).`;
export const mensagemUfDesconhecida = (id: number) => `UF não encontrada (id ${id}).`;
export const mensagemClienteDesconhecido = (id: number) => `Cliente não encontrado (id ${id}).`;
export const mensagemTipoVeiculoDesconhecido = (id: number) => `Tipo de veículo não encontrado (id ${id}).`;

type ElementoCadastro = z.infer<typeof elementoCustoCadastroSchema>;
type LocalCadastro = z.infer<typeof origemCadastroSchema>;

/** One array parameter instead of one per id: a table may name thousands of municipalities. */
export const naLista = (coluna: PgColumn, ids: Iterable<number>): SQL => sql`${coluna} = any(${`{${[...ids].join(',')}}`}::int[])`;

/** A list without repeated ids (a customer or vehicle type picked twice counts once). */
const unicos = <T extends { id: number }>(lista: T[]) => [...new Map(lista.map((x) => [x.id, x])).values()];

async function buscar<T extends { id: number }>(ids: Set<number>, consulta: (onde: SQL) => Promise<T[]>, coluna: PgColumn): Promise<Map<number, T>> {
  if (ids.size === 0) return new Map();
  return new Map((await consulta(naLista(coluna, ids))).map((r) => [r.id, r]));
}

/**
 * The save body in the read shape: every reference (carrier, municipality, UF, customer, vehicle type)
 * resolved with one query per kind, never one per row. Unknown ids answer 400 naming them. Nested ids
 * are kept as sent; a modalidade may still be null (validarTabelaFrete reports it).
 */
export async function resolverTabelaFrete(db: Db, t: TabelaFreteCadastro): Promise<TabelaFrete> {
  const ids = { municipios: new Set<number>(), ufs: new Set<number>(), clientes: new Set<number>(), tipos: new Set<number>() };
  const elementos = (es: ElementoCadastro[]) => es.forEach((e) => e.tiposVeiculo.forEach((tv) => ids.tipos.add(tv.id)));
  const local = (l: LocalCadastro) => {
    if (l.municipio) ids.municipios.add(l.municipio.id);
    if (l.uf) ids.ufs.add(l.uf.id);
  };
  elementos(t.elementosCusto);
  for (const p of t.percursos) {
    p.origens.forEach(local);
    for (const d of p.destinos) {
      local(d);
      for (const i of d.incidencias) {
        i.clientes.forEach((c) => ids.clientes.add(c.id));
        elementos(i.elementosCusto);
      }
    }
    elementos(p.elementosCusto);
  }

  // In sequence: a save resolves inside its transaction, whose one client would queue them anyway.
  const [transportadoras, municipios, ufs, clientes, tipos] = await emSequencia([
    () => buscar(new Set(t.transportadora ? [t.transportadora.id] : []), (onde) => db.select({ id: transportadora.id, razaoSocial: transportadora.razaoSocial }).from(transportadora).where(onde), transportadora.id),
    () => buscar<MunicipioRef>(ids.municipios, (onde) => db.select({ id: municipio.id, codigo: municipio.codigo, nome: municipio.nome, siglaUf: municipio.siglaUf }).from(municipio).where(onde), municipio.id),
    () => buscar<UfRef>(ids.ufs, (onde) => db.select({ id: uf.id, sigla: uf.sigla, nome: uf.nome }).from(uf).where(onde), uf.id),
    () =>
      buscar<ClienteRef>(
        ids.clientes,
        (onde) =>
          db
            .select({ id: cliente.id, nome: sql<string>`coalesce(${cliente.descricaoAmigavel}, ${cliente.razaoSocial})`, cpfCnpjFormatado: cliente.cpfCnpjFormatado })
            .from(cliente)
            .where(onde),
        cliente.id,
      ),
    () => buscar(ids.tipos, (onde) => db.select({ id: tipoVeiculo.id, descricao: tipoVeiculo.descricao }).from(tipoVeiculo).where(onde), tipoVeiculo.id),
  ] as const);

  const faltando = (pedidos: Set<number>, achados: Map<number, unknown>, mensagem: (id: number) => string) =>
    [...pedidos].filter((id) => !achados.has(id)).sort((a, b) => a - b).map(mensagem);
  const mensagens = [
    ...faltando(new Set(t.transportadora ? [t.transportadora.id] : []), transportadoras, mensagemTransportadoraDesconhecida),
    ...faltando(ids.municipios, municipios, mensagemMunicipioDesconhecido),
    ...faltando(ids.ufs, ufs, mensagemUfDesconhecida),
    ...faltando(ids.clientes, clientes, mensagemClienteDesconhecido),
    ...faltando(ids.tipos, tipos, mensagemTipoVeiculoDesconhecido),
  ];
  if (mensagens.length) throw badRequest(...mensagens);

  const elemento = (e: ElementoCadastro): ElementoCusto => ({
    id: e.id,
    descricao: e.descricao,
    // Still null when absent: validarTabelaFrete answers "A modalidade de cálculo é obrigatória".
    modalidade: e.modalidade as Modalidade,
    arredondamento: e.arredondamento,
    valorArredondamento: e.valorArredondamento,
    roundingMode: e.roundingMode,
    valorMinimo: e.valorMinimo,
    valorLimite: e.valorLimite,
    acoesLimite: e.acoesLimite,
    tiposVeiculo: unicos(e.tiposVeiculo).map((tv) => tipos.get(tv.id)!),
    faixas: e.faixas.map((f) => ({ valor: f.valor, faixaLimite: f.faixaLimite })),
    faixaComponente: e.faixaComponente,
    flags: [...new Set(e.flags)],
    elementosIndexados: e.elementosIndexados,
    desdeEntrega: e.desdeEntrega,
    rateioAgrupamento: e.rateioAgrupamento,
    // Issue 31: stored only when set, so a table without accessorials keeps its document as before.
    ...(e.evento ? { evento: e.evento } : {}),
    ...(e.percentualFrete ? { percentualFrete: e.percentualFrete } : {}),
  });
  const lugar = (l: LocalCadastro) => ({
    id: l.id,
    municipio: l.municipio ? municipios.get(l.municipio.id)! : null,
    uf: l.uf ? ufs.get(l.uf.id)! : null,
  });
  return {
    id: t.id,
    transportadora: t.transportadora ? transportadoras.get(t.transportadora.id)! : null,
    inicio: t.inicio,
    fim: t.fim,
    flags: [...new Set(t.flags)],
    descricaoIcms: t.descricaoIcms,
    descricaoPesoTaxado: t.descricaoPesoTaxado,
    percursos: t.percursos.map((p) => ({
      id: p.id,
      descricao: p.descricao,
      valorMinimo: p.valorMinimo,
      valorMaximo: p.valorMaximo,
      origens: p.origens.map(lugar),
      destinos: p.destinos.map((d) => ({
        ...lugar(d),
        incidencias: d.incidencias.map((i) => ({ id: i.id, clientes: unicos(i.clientes).map((c) => clientes.get(c.id)!), elementosCusto: i.elementosCusto.map(elemento) })),
      })),
      elementosCusto: p.elementosCusto.map(elemento),
    })),
    elementosCusto: t.elementosCusto.map(elemento),
    versao: t.versao,
  };
}
