import { eq, inArray } from 'drizzle-orm';
import type { Empresa } from '../../src/contracts/common';
import { cliente } from '../../src/server/db/schema/cliente';
import { municipio } from '../../src/server/db/schema/municipio';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { uf } from '../../src/server/db/schema/uf';
import type { Harness } from './harness';

// Registers of the freight-table tests: carriers and customers of their own (names with "Tabelateste", so a
// text filter isolates them from the demo data), and ids of a few IBGE municipalities and UFs. Razões
// sociais start unaccented: PGlite sorts in the C locale, a PostgreSQL server maybe not.

export const CODIGOS = { saoPaulo: 3550308, campinas: 3509502, rio: 3304557, curitiba: 4106902, niteroi: 3303302 } as const;

export interface DadosTabelas {
  transportadoras: { avila: number; borba: number; cunha: number };
  municipios: Record<keyof typeof CODIGOS, number>;
  ufs: { SP: number; RJ: number; PR: number };
  clientes: { amigavel: number; semAmigavel: number; mesmoCnpj: number };
  /** CNPJ (digits) of the "amigavel" customer, shared by "mesmoCnpj" (a branch registered twice). */
  cnpjCliente: string;
}

let sequencia = 0;

export async function criarDadosTabelas(h: Harness, empresa: Empresa = 'COLACRIL'): Promise<DadosTabelas> {
  const { db } = h.bancos[empresa];
  const n = ++sequencia;
  const carriers = await db
    .insert(transportadora)
    .values([
      { fornecedorId: `TT${n}A`, razaoSocial: 'Alvorada Tabelateste Transportes Ltda', nomeFantasia: 'Expresso Ávila', cnpj: '11222333000181', cnpjFormatado: '11.222.333/0001-81' },
      { fornecedorId: `TT${n}B`, razaoSocial: 'Borba Tabelateste Cargas S.A.', nomeFantasia: 'Borba Cargas', cnpj: '45997418000153', cnpjFormatado: '45.997.418/0001-53' },
      { fornecedorId: `TT${n}C`, razaoSocial: 'Cunha Tabelateste Logística Eireli', nomeFantasia: 'Cunha Log', cnpj: '60701190000104', cnpjFormatado: '60.701.190/0001-04' },
    ])
    .returning({ id: transportadora.id });
  const clientes = await db
    .insert(cliente)
    .values([
      { clienteId: `TC${n}A`, razaoSocial: 'Indústria Tabelateste Ltda', descricaoAmigavel: 'Tabelateste Matriz', cpfCnpj: '27865757000102', cpfCnpjFormatado: '27.865.757/0001-02', tipo: 'MATRIZ', posicao: 'ATIVO' },
      { clienteId: `TC${n}B`, razaoSocial: 'Comércio Tabelateste ME', cpfCnpj: '34028316000103', cpfCnpjFormatado: '34.028.316/0001-03', tipo: 'MATRIZ', posicao: 'ATIVO' },
      { clienteId: `TC${n}C`, razaoSocial: 'Indústria Tabelateste Ltda (cadastro 2)', cpfCnpj: '27865757000102', cpfCnpjFormatado: '27.865.757/0001-02', tipo: 'MATRIZ', posicao: 'ATIVO' },
    ])
    .returning({ id: cliente.id });
  const municipios = await db.select({ id: municipio.id, codigo: municipio.codigo }).from(municipio).where(inArray(municipio.codigo, Object.values(CODIGOS)));
  const porCodigo = new Map(municipios.map((m) => [m.codigo, m.id]));
  const ufs = await db.select({ id: uf.id, sigla: uf.sigla }).from(uf).where(inArray(uf.sigla, ['SP', 'RJ', 'PR']));
  const porSigla = new Map(ufs.map((u) => [u.sigla, u.id]));
  return {
    transportadoras: { avila: carriers[0].id, borba: carriers[1].id, cunha: carriers[2].id },
    municipios: Object.fromEntries(Object.entries(CODIGOS).map(([nome, codigo]) => [nome, porCodigo.get(codigo)!])) as DadosTabelas['municipios'],
    ufs: { SP: porSigla.get('SP')!, RJ: porSigla.get('RJ')!, PR: porSigla.get('PR')! },
    clientes: { amigavel: clientes[0].id, semAmigavel: clientes[1].id, mesmoCnpj: clientes[2].id },
    cnpjCliente: '27865757000102',
  };
}

/** Deactivates a carrier (the all-carrier quotation skips it). */
export const desativarTransportadora = (h: Harness, id: number) =>
  h.bancos.COLACRIL.db.update(transportadora).set({ ativado: false }).where(eq(transportadora.id, id));
