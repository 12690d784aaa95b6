import { asc, eq, inArray } from 'drizzle-orm';
import type { Empresa } from '../../../contracts/common';
import type { MunicipioCalculo } from '../../../domain/frete/calcular-frete';
import type { Db } from '../../db/database';
import { cliente } from '../../db/schema/cliente';
import { configuracao } from '../../db/schema/configuracao';
import { municipio } from '../../db/schema/municipio';
import { tabelaFrete } from '../../db/schema/tabela-frete';
import { transportadora } from '../../db/schema/transportadora';
import { uf } from '../../db/schema/uf';
import { usuario } from '../../db/schema/usuario';
import { tipoVeiculo } from '../../db/schema/veiculo';
import { EMPRESAS_DEMO } from './constantes-demo';
import type { Cliente, DadosDemo, Municipio, Transportadora } from './tipos-demo';
import { emSequencia } from '../../db/em-sequencia';

/**
 * What the demo CT-es are built on: the plants, the carriers (with and without a table), the customers, the
 * tolerance, the reviewer and the truck type. Null when there is nothing to build on (no carrier with a
 * table in force, no customer, no configuration). No draws.
 */
export async function carregarDadosDemo(db: Db, empresa: Empresa): Promise<DadosDemo | null> {
  const l = await consultar(db);
  const cUf = new Map(l.ufs.map((u) => [u.sigla, u.codigo]));
  const comCodigo = (m: MunicipioCalculo): Municipio => ({ ...m, cUf: cUf.get(m.siglaUf) ?? '35' });
  const municipios = {
    porCodigo: new Map(l.municipios.map((m) => [m.codigo, comCodigo(m)])),
    porId: new Map(l.municipios.map((m) => [m.id, m.codigo])),
    porNome: new Map(l.municipios.map((m) => [`${m.nome}|${m.siglaUf}`, m.codigo])),
  };
  const plantas = EMPRESAS_DEMO[empresa].plantas.map((p) => {
    const m = municipios.porCodigo.get(p.codigo);
    if (!m) throw new Error(`Município ${p.codigo} ausente na carga inicial`);
    return m;
  });
  const idsTabela = new Set(l.comTabela.map((t) => t.id));
  const transportadoras = comMunicipio(l.transportadoras, municipios, cUf, idsTabela);
  const tabeladas = transportadoras.filter((t) => t.comTabela);
  const clientes = clientesAtivos(l.clientes, municipios);
  if (!tabeladas.length || !clientes.length || !l.config.length) return null;
  return {
    plantas,
    tabeladas,
    semTabela: transportadoras.filter((t) => !t.comTabela),
    clientes,
    tolerancia: { valor: l.config[0].valor, percentual: l.config[0].percentual },
    responsavel: (['supervisor', 'gerente', 'admin'].map((login) => l.usuarios.find((u) => u.login === login)).find(Boolean) ?? null)?.id ?? null,
    truck: l.tipos.find((t) => t.codigo === 'TRUCK')?.id ?? l.tipos[0]?.id ?? null,
  };
}

/** In sequence: the transaction's one client would queue them anyway (pg warns on concurrent queries). */
async function consultar(db: Db) {
  const [ufs, municipios, transportadoras, clientes, comTabela, config, usuarios, tipos] = await emSequencia([
    () => db.select({ sigla: uf.sigla, codigo: uf.codigo }).from(uf),
    () => db
      .select({ id: municipio.id, codigo: municipio.codigo, nome: municipio.nome, siglaUf: municipio.siglaUf, ufId: municipio.ufId, latitude: municipio.latitude, longitude: municipio.longitude })
      .from(municipio),
    () => db
      .select({
        id: transportadora.id,
        razaoSocial: transportadora.razaoSocial,
        nomeFantasia: transportadora.nomeFantasia,
        cnpj: transportadora.cnpj,
        ie: transportadora.inscricaoEstadual,
        telefone: transportadora.telefone1,
        logradouro: transportadora.logradouro,
        cep: transportadora.cep,
        bairro: transportadora.bairro,
        estado: transportadora.estado,
        localidade: transportadora.localidade,
        municipioId: transportadora.municipioId,
      })
      .from(transportadora)
      .where(eq(transportadora.ativado, true))
      .orderBy(asc(transportadora.razaoSocial), asc(transportadora.id)),
    () => db
      .select({ id: cliente.id, erpId: cliente.clienteId, razaoSocial: cliente.razaoSocial, nomeFantasia: cliente.nomeFantasia, documento: cliente.cpfCnpj, cidade: cliente.cidade, estado: cliente.estado, ativado: cliente.ativado })
      .from(cliente)
      .orderBy(asc(cliente.id)),
    () => db.selectDistinct({ id: tabelaFrete.transportadoraId }).from(tabelaFrete),
    () => db.select({ valor: configuracao.toleranciaValor, percentual: configuracao.toleranciaPercentual }).from(configuracao).where(eq(configuracao.id, 1)),
    () => db.select({ id: usuario.id, login: usuario.login }).from(usuario).where(inArray(usuario.login, ['supervisor', 'gerente', 'admin'])),
    () => db.select({ id: tipoVeiculo.id, codigo: tipoVeiculo.codigo }).from(tipoVeiculo),
  ] as const);
  return { ufs, municipios, transportadoras, clientes, comTabela, config, usuarios, tipos };
}

type Linhas = Awaited<ReturnType<typeof consultar>>;
interface Municipios {
  porCodigo: Map<number, Municipio>;
  porId: Map<number, number>;
  porNome: Map<string, number>;
}

const soDigitosFone = (t: string | null) => (t ? t.replace(/\D/g, '').slice(0, 14) || null : null);

/** Carriers with a valid CNPJ, placed by their municipality id or, failing that, by city and UF. */
function comMunicipio(linhas: Linhas['transportadoras'], m: Municipios, cUf: Map<string, string>, idsTabela: Set<number>): Transportadora[] {
  return linhas
    .filter((t) => t.cnpj && /^\d{14}$/.test(t.cnpj))
    .map((t) => {
      const codigo = (t.municipioId !== null ? m.porId.get(t.municipioId) : undefined) ?? m.porNome.get(`${t.localidade}|${t.estado}`);
      const municipioDela = codigo !== undefined ? m.porCodigo.get(codigo)! : null;
      return {
        id: t.id,
        razaoSocial: t.razaoSocial,
        nomeFantasia: t.nomeFantasia,
        cnpj: t.cnpj!,
        ie: t.ie,
        telefone: soDigitosFone(t.telefone),
        logradouro: t.logradouro,
        cep: t.cep,
        bairro: t.bairro,
        municipio: municipioDela,
        cUf: (t.estado && cUf.get(t.estado)) || municipioDela?.cUf || '35',
        comTabela: idsTabela.has(t.id),
      };
    });
}

/** Active customers with a document and a known city; each knows every register with its CPF/CNPJ. */
function clientesAtivos(linhas: Linhas['clientes'], m: Municipios): Cliente[] {
  const idsPorDocumento = new Map<string, number[]>();
  for (const c of linhas) if (c.documento) idsPorDocumento.set(c.documento, [...(idsPorDocumento.get(c.documento) ?? []), c.id]);
  return linhas.flatMap((c) => {
    const codigo = m.porNome.get(`${c.cidade}|${c.estado}`);
    if (!c.ativado || !c.documento || codigo === undefined) return [];
    return [{ id: c.id, erpId: c.erpId, razaoSocial: c.razaoSocial, nomeFantasia: c.nomeFantasia, documento: c.documento, municipio: m.porCodigo.get(codigo)!, ids: idsPorDocumento.get(c.documento)! }];
  });
}
