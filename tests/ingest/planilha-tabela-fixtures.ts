import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import type { ClienteRef, ElementoCusto, MunicipioRef, TabelaFrete, UfRef } from '../../src/contracts/tabela-frete-modelo';
import { SIGLAS_UF } from '../../src/domain/planilha-tabela/layout';
import type { ReferenciasPlanilha } from '../../src/server/tabelas-frete/planilha/ler-planilha';

// Fixtures of the workbook tests (issue 32): a fake ReferenciasPlanilha over a few carriers, UFs, municipalities,
// customers and vehicle types, a hand-made valid table, and the comparison of tables (ids of nested parts aside).

export const CNPJ_TRANSPORTADORA = '12345678000190';
export const TRANSPORTADORA = { id: 4242, razaoSocial: 'Rápido Exemplo Ltda' };
export const UFS: UfRef[] = SIGLAS_UF.map((sigla, i) => ({ id: i + 1, sigla, nome: `Estado ${sigla}` }));
export const uf = (sigla: string): UfRef => UFS.find((u) => u.sigla === sigla)!;
export const MUNICIPIOS: MunicipioRef[] = [
  { id: 5100, codigo: 3550308, nome: 'São Paulo', siglaUf: 'SP' },
  { id: 5101, codigo: 3304557, nome: 'Rio de Janeiro', siglaUf: 'RJ' },
  { id: 5102, codigo: 3509502, nome: 'Campinas', siglaUf: 'SP' },
  { id: 5103, codigo: 4106902, nome: 'Curitiba', siglaUf: 'PR' },
  { id: 5104, codigo: 4314902, nome: 'Porto Alegre', siglaUf: 'RS' },
];
export const CLIENTES: ClienteRef[] = [
  { id: 5200, nome: 'Cliente Um S.A.', cpfCnpjFormatado: '98.765.432/0001-10' },
  { id: 5201, nome: 'Cliente Dois Ltda', cpfCnpjFormatado: '01.234.567/0001-89' },
  { id: 5202, nome: 'Maria Pessoa', cpfCnpjFormatado: '012.345.678-90' },
];
export const TIPOS_VEICULO = [
  { id: 5300, descricao: 'Carreta' },
  { id: 5301, descricao: 'Truck' },
  { id: 5302, descricao: 'Van de entrega' },
];

const digitos = (s: string | null) => (s ?? '').replace(/\D/g, '');

/** The fake lookups, counting calls (each must be one batch). */
export function refsFalsas(extra: { transportadoras?: Record<string, { id: number; razaoSocial: string }> } = {}) {
  const chamadas: Record<string, number> = {};
  const conta = (k: string) => (chamadas[k] = (chamadas[k] ?? 0) + 1);
  const transportadoras: Record<string, { id: number; razaoSocial: string }> = { [CNPJ_TRANSPORTADORA]: TRANSPORTADORA, ...extra.transportadoras };
  const refs: ReferenciasPlanilha = {
    transportadora: async (cnpj) => (conta('transportadora'), transportadoras[cnpj] ?? null),
    ufs: async (siglas) => (conta('ufs'), new Map(UFS.filter((u) => siglas.includes(u.sigla)).map((u) => [u.sigla, u]))),
    municipios: async (codigos) => (conta('municipios'), new Map(MUNICIPIOS.filter((m) => codigos.includes(m.codigo)).map((m) => [m.codigo, m]))),
    clientes: async (docs) => (conta('clientes'), new Map(CLIENTES.filter((c) => docs.includes(digitos(c.cpfCnpjFormatado))).map((c) => [digitos(c.cpfCnpjFormatado), c]))),
    tiposVeiculo: async (descricoes) => (conta('tiposVeiculo'), new Map(TIPOS_VEICULO.filter((t) => descricoes.includes(t.descricao)).map((t) => [t.descricao, t]))),
  };
  return { refs, chamadas };
}

export function elemento(descricao: string, extra: Partial<ElementoCusto> = {}): ElementoCusto {
  return {
    descricao,
    modalidade: 'CALCULADO_KG',
    arredondamento: 'NENHUM',
    valorArredondamento: null,
    roundingMode: 'HALF_UP',
    valorMinimo: '0',
    valorLimite: '0',
    acoesLimite: 'LIMITAR',
    tiposVeiculo: [],
    faixas: [
      { faixaLimite: '500', valor: '1.2' },
      { faixaLimite: '1000', valor: '0.98765' },
    ],
    faixaComponente: 'NORMAL',
    flags: ['INCIDE_IMPOSTO'],
    elementosIndexados: [],
    desdeEntrega: 1,
    rateioAgrupamento: 'NENHUM',
    evento: null,
    percentualFrete: null,
    ...extra,
  };
}

/** A valid table touching every part: global, route and incidence elements, municipalities and UFs. */
export function tabelaExemplo(): TabelaFrete {
  return {
    id: 41,
    versao: 3,
    transportadora: TRANSPORTADORA,
    inicio: '2026-01-01',
    fim: '2026-12-31',
    flags: ['ICMS_INCLUSO'],
    descricaoIcms: 'ICMS',
    descricaoPesoTaxado: null,
    elementosCusto: [elemento('Despacho', { modalidade: 'FIXO', faixas: [{ faixaLimite: '9999999', valor: '35.5' }], flags: [] })],
    percursos: [
      {
        descricao: 'SP → RJ',
        valorMinimo: '50',
        valorMaximo: '0',
        origens: [{ municipio: null, uf: uf('SP') }],
        destinos: [
          {
            municipio: MUNICIPIOS[1],
            uf: null,
            incidencias: [{ clientes: [CLIENTES[0], CLIENTES[2]], elementosCusto: [elemento('TDE', { modalidade: 'FIXO', evento: 'TDE', percentualFrete: '20', faixas: [] })] }],
          },
          { municipio: null, uf: uf('ES'), incidencias: [] },
        ],
        elementosCusto: [
          elemento('Frete peso', { tiposVeiculo: [TIPOS_VEICULO[0], TIPOS_VEICULO[2]], valorMinimo: '1234.56' }),
          elemento('Ad valorem', { modalidade: 'CALCULADO_VALOR_INTEGRAL', faixas: [{ faixaLimite: '9999999', valor: '0.3' }] }),
          elemento('Pedágio', { modalidade: 'CALCULADO_KG', arredondamento: 'PARA_CIMA', valorArredondamento: '100', faixas: [{ faixaLimite: '9999999', valor: '0.05' }] }),
        ],
      },
      {
        descricao: 'Campinas → Sul',
        valorMinimo: '0',
        valorMaximo: '999.99',
        origens: [{ municipio: MUNICIPIOS[2], uf: null }],
        destinos: [{ municipio: null, uf: uf('PR'), incidencias: [] }, { municipio: MUNICIPIOS[4], uf: null, incidencias: [] }],
        elementosCusto: [elemento('Frete peso'), elemento('GRIS', { modalidade: 'CALCULADO_INDICE', elementosIndexados: ['Frete peso', 'Ad valorem'], faixas: [{ faixaLimite: '9999999', valor: '0.15' }] })],
      },
    ],
  };
}

/** A table as compared after a round trip: without ids (the reader assigns none) or version links. */
export function normalizar(t: TabelaFrete): unknown {
  const dec = (v: string | null | undefined) => (v === null || v === undefined ? null : new Decimal(v).toFixed());
  const el = (e: ElementoCusto) => ({
    ...e,
    id: undefined,
    valorArredondamento: dec(e.valorArredondamento),
    valorMinimo: dec(e.valorMinimo),
    valorLimite: dec(e.valorLimite),
    percentualFrete: dec(e.percentualFrete),
    evento: e.evento ?? null,
    faixas: e.faixas.map((f) => ({ valor: dec(f.valor), faixaLimite: dec(f.faixaLimite) })),
  });
  const local = <T extends { id?: number }>(l: T) => ({ ...l, id: undefined });
  return {
    transportadora: t.transportadora,
    inicio: t.inicio,
    fim: t.fim,
    flags: t.flags,
    descricaoIcms: t.descricaoIcms,
    descricaoPesoTaxado: t.descricaoPesoTaxado,
    elementosCusto: t.elementosCusto.map(el),
    percursos: t.percursos.map((p) => ({
      ...p,
      id: undefined,
      valorMinimo: dec(p.valorMinimo),
      valorMaximo: dec(p.valorMaximo),
      origens: p.origens.map(local),
      destinos: p.destinos.map((d) => ({ ...local(d), incidencias: d.incidencias.map((i) => ({ ...i, id: undefined, elementosCusto: i.elementosCusto.map(el) })) })),
      elementosCusto: p.elementosCusto.map(el),
    })),
  };
}

export async function abrir(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const livro = new ExcelJS.Workbook();
  await livro.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return livro;
}

export async function salvar(livro: ExcelJS.Workbook): Promise<Uint8Array> {
  return new Uint8Array(await livro.xlsx.writeBuffer());
}

/** The column (1-based) of `chave` in row 2 of `folha`. */
export function colunaDaChave(folha: ExcelJS.Worksheet, chave: string): number {
  const valores = folha.getRow(2).values as unknown[];
  const i = valores.indexOf(chave);
  if (i < 1) throw new Error(`chave ${chave} ausente em ${folha.name}`);
  return i;
}
