import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import { sql } from 'drizzle-orm';
import type { Empresa } from '../../contracts/common';
import { erpTabelas } from '../erp/erp-tabelas';
import type { CompanyDatabase, Db } from '../db/database';
import { municipio } from '../db/schema/municipio';
import { aleatorio } from './ctes-demo/aleatorio';
import { seedOrdensServicoDemo } from './semear-ordens-servico-demo';

export const ERP_DEMO_TRANSPORTADORAS = 80;
export const ERP_DEMO_CLIENTES = 400;
const LOTE = 1000;

/** ERP_DEMO_TAMANHO=50000 seeds that many carriers AND customers (benchmarks); default 80 and 400. */
export function tamanhoErpDemo(env = process.env.ERP_DEMO_TAMANHO): { transportadoras: number; clientes: number } {
  const n = env && /^\d{1,7}$/.test(env) ? Number(env) : undefined;
  return { transportadoras: n ?? ERP_DEMO_TRANSPORTADORAS, clientes: n ?? ERP_DEMO_CLIENTES };
}

const SOBRENOMES = [
  'Silva', 'Souza', 'Oliveira', 'Santos', 'Pereira', 'Lima', 'Carvalho', 'Ferreira', 'Rodrigues', 'Almeida', 'Costa', 'Gomes', 'Martins',
  'Araújo', 'Melo', 'Barbosa', 'Ribeiro', 'Rocha', 'Dias', 'Teixeira', 'Fernandes', 'Moreira', 'Cardoso', 'Nunes', 'Mendes', 'Freitas',
  'Vieira', 'Monteiro', 'Correia', 'Pinto', 'Batista', 'Castro', 'Campos', 'Azevedo', 'Moura', 'Lopes', 'Guimarães', 'Conceição', 'Fonseca',
  'Brandão', 'Zanetti', 'Bortolini', 'Schmidt', 'Müller', 'Tavares', 'Macedo', 'Sampaio', 'Prado', 'Andrade', 'Peixoto',
];
const TRANSPORTE = ['Transportes', 'Transportadora', 'Expresso', 'Rodoviário', 'Logística', 'Cargas', 'Translog', 'Rodocargas'];
const RAMOS = ['Indústria e Comércio', 'Comércio de Embalagens', 'Distribuidora', 'Papelaria', 'Atacadista', 'Gráfica', 'Materiais de Escritório', 'Supermercados'];
const SUFIXOS = ['Ltda', 'S.A.', 'EIRELI', 'ME', 'Ltda EPP'];
const LOGRADOUROS = ['Rua', 'Avenida', 'Rodovia', 'Travessa', 'Alameda'];
const VIAS = ['das Indústrias', 'Brasil', 'Sete de Setembro', 'XV de Novembro', 'dos Bandeirantes', 'Santos Dumont', 'Getúlio Vargas', 'das Palmeiras', 'Presidente Kennedy', 'BR-116'];
const BAIRROS = ['Centro', 'Distrito Industrial', 'Jardim América', 'Vila Nova', 'São José', 'Boa Vista', 'Santa Cruz', 'Industrial'];
const CONTATOS = ['Ana', 'Bruno', 'Carla', 'Diego', 'Eduarda', 'Fábio', 'Gustavo', 'Juliana', 'Letícia', 'Marcelo', 'Renata', 'Sérgio'];
const POSICOES = ['ATIVO', 'ATIVO', 'ATIVO', 'ATIVO', 'ATIVO', 'ATIVO', 'BLOQUEADO', 'INATIVO', 'SUSPENSO'];

const telefone = (r: ReturnType<typeof aleatorio>, ddd: string) => `(${ddd}) ${3000 + r.inteiro(6000)}-${String(r.inteiro(10000)).padStart(4, '0')}`;

/** Valid, distinct CNPJs (generateCnpj from @brazilian-utils). */
function cnpjsUnicos(n: number): string[] {
  const vistos = new Set<string>();
  while (vistos.size < n) vistos.add(generateCnpj());
  return [...vistos];
}

async function inserirEmLotes<T>(db: Db, tabela: Parameters<Db['insert']>[0], linhas: T[]) {
  for (let i = 0; i < linhas.length; i += LOTE) await db.insert(tabela).values(linhas.slice(i, i + LOTE) as never);
}

/**
 * Demo data of the ERP views: carriers and customers (seeded once while the ERP schema is empty), then the
 * service orders and invoices of the manifest pickers (semear-ordens-servico-demo.ts, once while it has none).
 */
export async function seedErpDemo(banco: CompanyDatabase, tamanho = tamanhoErpDemo()): Promise<void> {
  await seedCadastrosErpDemo(banco, tamanho);
  await seedOrdensServicoDemo(banco);
}

/** Valid CNPJs, real IBGE municipalities, MATRIZ/FILIAL/UNICO customers with groups, some posicao other than ATIVO. */
async function seedCadastrosErpDemo(banco: CompanyDatabase, tamanho: { transportadoras: number; clientes: number }): Promise<void> {
  const { db, empresa, erpSchema } = banco;
  const { vwTransportadora, vwCliente } = erpTabelas(erpSchema);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(vwTransportadora);
  const [{ m }] = await db.select({ m: sql<number>`count(*)::int` }).from(vwCliente);
  if (n > 0 || m > 0) return;
  const r = aleatorio(empresa === ('RRE' satisfies Empresa) ? 7 : 3);
  const municipios = await db.select({ codigo: municipio.codigo, nome: municipio.nome, uf: municipio.siglaUf }).from(municipio);
  const ddd = () => String(11 + r.inteiro(88));
  const endereco = () => {
    const m = r.de(municipios);
    return {
      logradouro: `${r.de(LOGRADOUROS)} ${r.de(VIAS)}, ${1 + r.inteiro(3000)}`,
      cep: String(10_000_000 + r.inteiro(89_999_999)).padStart(8, '0'),
      bairro: r.de(BAIRROS),
      m,
    };
  };

  const cnpjsT = cnpjsUnicos(tamanho.transportadoras);
  const transportadoras = cnpjsT.map((cnpj, i) => {
    const sobrenome = r.de(SOBRENOMES);
    const e = endereco();
    const d = ddd();
    return {
      fornecedorId: `F${String(i + 1).padStart(6, '0')}`,
      razaoSocial: `${r.de(TRANSPORTE)} ${sobrenome} ${r.de(SOBRENOMES)} ${r.de(SUFIXOS)}`,
      nomeFantasia: r.proximo() < 0.85 ? `${r.de(TRANSPORTE)} ${sobrenome}` : null,
      cnpj,
      inscricaoEstadual: r.proximo() < 0.9 ? String(100_000_000 + r.inteiro(899_999_999)) : 'ISENTO',
      logradouro: e.logradouro,
      complemento: r.proximo() < 0.3 ? `Galpão ${1 + r.inteiro(20)}` : null,
      cep: e.cep,
      bairro: e.bairro,
      localidade: e.m.nome,
      estado: e.m.uf,
      // Some carriers come without the IBGE code: the IBGE tab exists to fill it in.
      codigoMunicipio: r.proximo() < 0.9 ? e.m.codigo : null,
      contato: r.de(CONTATOS),
      telefone1: telefone(r, d),
      telefone2: r.proximo() < 0.5 ? telefone(r, d) : null,
      telefone3: r.proximo() < 0.2 ? telefone(r, d) : null,
    };
  });
  await inserirEmLotes(db, vwTransportadora, transportadoras);

  const cnpjsC = cnpjsUnicos(tamanho.clientes);
  let grupoAtual: { id: string; raiz: string; filiais: number } | undefined;
  const clientes = cnpjsC.map((cnpj, i) => {
    const clienteId = `C${String(i + 1).padStart(6, '0')}`;
    const e = endereco();
    const sobrenome = r.de(SOBRENOMES);
    let tipo: 'MATRIZ' | 'FILIAL' | 'UNICO';
    let grupoId: string | null = null;
    let documento = cnpj;
    if (grupoAtual && grupoAtual.filiais > 0) {
      // A branch shares the head office's CNPJ root (8 digits) and group.
      tipo = 'FILIAL';
      grupoId = grupoAtual.id;
      grupoAtual.filiais--;
      documento = `${grupoAtual.raiz}${cnpj.slice(8)}`;
    } else if (r.proximo() < 0.2) {
      tipo = 'MATRIZ';
      grupoId = clienteId;
      grupoAtual = { id: clienteId, raiz: cnpj.slice(0, 8), filiais: 1 + r.inteiro(4) };
    } else {
      tipo = 'UNICO';
      grupoAtual = undefined;
      // A few single customers are people (CPF).
      if (r.proximo() < 0.05) documento = generateCpf();
    }
    if (tipo === 'FILIAL') documento = ajustarDv(documento);
    return {
      clienteId,
      razaoSocial: `${sobrenome} ${r.de(RAMOS)} ${r.de(SUFIXOS)}`,
      nomeFantasia: r.proximo() < 0.8 ? `${sobrenome} ${e.m.nome}` : null,
      cpfCnpj: documento,
      tipo,
      posicao: r.de(POSICOES),
      cidade: e.m.nome,
      estado: e.m.uf,
      grupoId,
    };
  });
  await inserirEmLotes(db, vwCliente, clientes);
}

/** Recomputes the two check digits of a CNPJ (a branch built from its head office's root). */
function ajustarDv(cnpj: string): string {
  const base = cnpj.slice(0, 12);
  const dv = (s: string) => {
    const pesos = s.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const soma = [...s].reduce((t, c, i) => t + Number(c) * pesos[i], 0);
    const resto = soma % 11;
    return resto < 2 ? 0 : 11 - resto;
  };
  const d1 = dv(base);
  const d2 = dv(`${base}${d1}`);
  return `${base}${d1}${d2}`;
}
