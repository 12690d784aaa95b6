import type { Destino, ElementoCusto, Faixa, Incidencia, MunicipioRef, Origem, Percurso, TabelaFrete, UfRef } from '../../../src/contracts/tabela-frete-modelo';
import type { EntradaCalculo, MunicipioCalculo } from '../../../src/domain/frete/calcular-frete';
import { novoElementoCusto } from '../../../src/domain/frete/validar-tabela-frete';

// Small hand-made tables for the engine and adjustment tests. Real IBGE codes and coordinates.

export const SP: UfRef = { id: 35, sigla: 'SP', nome: 'São Paulo' };
export const RJ: UfRef = { id: 33, sigla: 'RJ', nome: 'Rio de Janeiro' };
export const MG: UfRef = { id: 31, sigla: 'MG', nome: 'Minas Gerais' };

export const CAMPINAS: MunicipioCalculo = { id: 1, codigo: 3509502, nome: 'Campinas', siglaUf: 'SP', ufId: 35, latitude: -22.9053, longitude: -47.0659 };
export const SAO_PAULO: MunicipioCalculo = { id: 2, codigo: 3550308, nome: 'São Paulo', siglaUf: 'SP', ufId: 35, latitude: -23.5329, longitude: -46.6395 };
export const RIO: MunicipioCalculo = { id: 3, codigo: 3304557, nome: 'Rio de Janeiro', siglaUf: 'RJ', ufId: 33, latitude: -22.9129, longitude: -43.2003 };
export const NITEROI: MunicipioCalculo = { id: 4, codigo: 3303302, nome: 'Niterói', siglaUf: 'RJ', ufId: 33, latitude: null, longitude: null };
export const BH: MunicipioCalculo = { id: 5, codigo: 3106200, nome: 'Belo Horizonte', siglaUf: 'MG', ufId: 31, latitude: -19.9167, longitude: -43.9345 };

export const ref = (m: MunicipioCalculo): MunicipioRef => ({ id: m.id, codigo: m.codigo, nome: m.nome, siglaUf: m.siglaUf });
type Local = MunicipioCalculo | UfRef;
const ehUf = (l: Local): l is UfRef => 'sigla' in l;
export const origem = (l: Local): Origem => (ehUf(l) ? { municipio: null, uf: l } : { municipio: ref(l), uf: null });
export const destino = (l: Local, incidencias: Incidencia[] = []): Destino => ({ ...origem(l), incidencias });

/** Bands as [faixaLimite, valor] pairs. */
export const faixas = (...pares: Array<[string, string]>): Faixa[] => pares.map(([faixaLimite, valor]) => ({ faixaLimite, valor }));

/** A cost element: the spec's defaults (FIXO, INCIDE_IMPOSTO, HALF_UP...) plus what the test sets. */
export const elemento = (descricao: string, campos: Partial<ElementoCusto> = {}): ElementoCusto => ({ ...novoElementoCusto(), descricao, ...campos });

export const incidencia = (clienteIds: number[], elementosCusto: ElementoCusto[]): Incidencia => ({
  clientes: clienteIds.map((id) => ({ id, nome: `Cliente ${id}`, cpfCnpjFormatado: null })),
  elementosCusto,
});

export const percurso = (descricao: string, campos: Partial<Percurso> & Pick<Percurso, 'origens' | 'destinos'>): Percurso => ({
  id: undefined,
  descricao,
  valorMinimo: '0',
  valorMaximo: '0',
  elementosCusto: [],
  ...campos,
});

export const TRANSPORTADORA = { id: 7, razaoSocial: 'Rápido Paulista Ltda' };

export const tabela = (campos: Partial<TabelaFrete> = {}): TabelaFrete => ({
  id: 1,
  transportadora: TRANSPORTADORA,
  inicio: '2024-01-01',
  fim: null,
  flags: [],
  descricaoIcms: null,
  descricaoPesoTaxado: null,
  percursos: [percurso('Campinas → Rio', { id: 10, origens: [origem(CAMPINAS)], destinos: [destino(RIO)] })],
  elementosCusto: [],
  versao: 1,
  ...campos,
});

/** Campinas/SP → Rio de Janeiro/RJ, 1 000 kg, R$ 10 000,00, no ICMS, 430 km given, customer 100. */
export const entrada = (campos: Partial<EntradaCalculo> = {}): EntradaCalculo => ({
  dataDespacho: '2024-06-10',
  clienteIds: [100],
  valor: '10000.00',
  peso: '1000',
  origem: CAMPINAS,
  destino: RIO,
  tipoVeiculo: null,
  icms: '0',
  distancia: '430',
  entregas: 1,
  ...campos,
});
